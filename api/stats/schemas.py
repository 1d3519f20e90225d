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


class StatsResponseSchema(Schema):
    """One process's counters (each gunicorn worker has its own)."""

    version = fields.String(required=True, metadata={"example": "0.1.0"})
    solves = fields.Integer(required=True, metadata={"description": "Searches run.", "example": 12})
    rejected = fields.Integer(required=True, metadata={"description": "Searches refused with 503.", "example": 0})
    cache = fields.Nested(CacheStatsSchema, required=True)
    table = fields.Dict(keys=fields.String(), values=fields.Float(), required=True, metadata={
        "description": "The transposition table's statistics (bytes, entries, used, ...) and fill_percent.",
        "example": {"bytes": 67108864, "entries": 1048576, "used": 5012, "fill_percent": 0.48}})
