"""/v1/stats: the version, the cache's and the solver's counters out."""

from __future__ import annotations

from marshmallow import Schema, fields


class SharedCacheStatsSchema(Schema):
    """What every process and instance sharing the Redis cache did."""

    hits = fields.Integer(required=True, metadata={"example": 310})
    misses = fields.Integer(required=True, metadata={"example": 120})
    memory_bytes = fields.Integer(required=True, metadata={"description": "Memory Redis uses.", "example": 1048576})


class CacheStatsSchema(Schema):
    """The cache of solved results: this process's own, or the one shared in Redis (EIGHTS_REDIS_URL)."""

    backend = fields.String(required=True, metadata={"description": "process or redis.", "example": "redis"})
    entries = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Results in the cache (the shared cache's: null while Redis does not answer).", "example": 12})
    size = fields.Integer(required=True, metadata={"description": "Largest number of entries.", "example": 4096})
    ttl_s = fields.Integer(required=True, metadata={"example": 3600})
    hits = fields.Integer(required=True, metadata={"description": "This process's lookups that found a result.",
                                                   "example": 30})
    misses = fields.Integer(required=True, metadata={"description": "This process's lookups that did not "
                                                     "(a Redis that fails counts as a miss).", "example": 12})
    errors = fields.Integer(required=True, metadata={
        "description": "This process's Redis calls that failed or were skipped (Redis down or slow): each "
                       "request concerned searched instead.", "example": 0})
    shared = fields.Nested(SharedCacheStatsSchema, required=True, allow_none=True, metadata={
        "description": "Every process's figures in Redis; null without Redis or while it does not answer."})


class LaneStatsSchema(Schema):
    """One lane of solvers."""

    size = fields.Integer(required=True, metadata={"description": "Solvers in the lane.", "example": 1})
    busy = fields.Integer(required=True, metadata={"description": "Solvers searching now.", "example": 1})
    waiting = fields.Integer(required=True, metadata={"description": "Requests waiting for one.", "example": 0})
    rejected = fields.Integer(required=True, metadata={"description": "Requests refused with 503.", "example": 0})


class LanesStatsSchema(Schema):
    """The short lane (hints) and the long lane."""

    short = fields.Nested(LaneStatsSchema, required=True)
    long = fields.Nested(LaneStatsSchema, required=True)


class TableStatsSchema(Schema):
    """The transposition table of the solver that searched last: counters, and how full it is."""

    bytes = fields.Integer(metadata={"description": "The table's size.", "example": 67108864})
    buckets = fields.Integer(metadata={"example": 1048576})
    entries = fields.Integer(metadata={"description": "Entries it holds at most.", "example": 2097152})
    used = fields.Integer(metadata={"description": "Entries in use.", "example": 5012})
    generation = fields.Integer(metadata={"description": "Its age counter, bumped by each search (it wraps at 256).",
                                        "example": 3})
    probes = fields.Integer(metadata={"description": "Lookups.", "example": 18211})
    hits = fields.Integer(metadata={"description": "Lookups that found an entry.", "example": 911})
    fill_percent = fields.Float(metadata={"description": "used / entries, in percent (2 decimals).",
                                          "example": 0.24})


class StatsResponseSchema(Schema):
    """One process's counters (each gunicorn worker has its own)."""

    version = fields.String(required=True, metadata={"example": "0.1.0"})
    worker = fields.Integer(required=True, metadata={
        "description": "The process id of the gunicorn worker that answered: each has its own counters, "
                       "lanes and cache.", "example": 4242})
    solves = fields.Integer(required=True, metadata={"description": "Searches run.", "example": 12})
    rejected = fields.Integer(required=True, metadata={"description": "Searches refused with 503.", "example": 0})
    lanes = fields.Nested(LanesStatsSchema, required=True)
    cache = fields.Nested(CacheStatsSchema, required=True)
    table = fields.Nested(TableStatsSchema, required=True, metadata={
        "description": "The statistics of the table of the solver that searched last: its counters (integers) "
                       "and fill_percent."})
