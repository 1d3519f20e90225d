"""/v1/stats: the version, the cache's and the solver's counters out."""

from __future__ import annotations

from marshmallow import Schema, fields


class CacheStatsSchema(Schema):
    """The cache of solved results."""

    entries = fields.Integer(required=True, metadata={"example": 12})
    size = fields.Integer(required=True, metadata={"description": "Largest number of entries.", "example": 4096})
    ttl_s = fields.Integer(required=True, metadata={"example": 3600})
    hits = fields.Integer(required=True, metadata={"example": 30})
    misses = fields.Integer(required=True, metadata={"example": 12})


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
    table = fields.Dict(keys=fields.String(), values=fields.Float(), required=True, metadata={
        "description": "The statistics of the table of the solver that searched last (bytes, entries, used, ...) and fill_percent.",
        "example": {"bytes": 67108864, "entries": 1048576, "used": 5012, "fill_percent": 0.48}})
