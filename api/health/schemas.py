"""/health: status and version out."""

from __future__ import annotations

from marshmallow import Schema, fields


class HealthResponseSchema(Schema):
    """The process answers."""

    status = fields.String(required=True, metadata={"example": "ok"})
    version = fields.String(required=True, metadata={"example": "0.1.0"})
