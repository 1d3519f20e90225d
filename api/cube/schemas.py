"""/v1/cube: a game context in (a position carrying one, or its keys); the cube hint and the
resignation hints out (eights.play.series.cube)."""

from __future__ import annotations

from marshmallow import Schema, fields

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField

EXAMPLE_CONTEXT = {"deal_number": 13, "lead": 150, "cube": 2, "cube_owner": "NS"}
REQUEST_EXAMPLE = {"position": f"{EXAMPLE_POSITION} deal:12 lead:60 cube:1"}
CONTEXT_EXAMPLE = EXAMPLE_CONTEXT
SIDE = {"type": "string", "enum": ["NS", "EW"], "nullable": True}


class CubeRequestSchema(Schema):
    """A game context: a position carrying one (docs/rules/game.md), or its keys alone."""

    position = PositionField(metadata={"description": "A position with its game context (deal:12 lead:60 cube:2/NS, "
                                                      "or the JSON form's deal_number, lead or totals, cube, "
                                                      "cube_owner): the hints are for the game around it."})
    deal_number = fields.Raw(metadata={"type": "integer", "description": "Without a position: the deal about to "
                                       "be dealt, 1 to 15.", "example": 13})
    lead = fields.Raw(metadata={"type": "integer", "description": "NS's player's lead: EW's total minus NS's "
                                "(default 0).", "example": 150})
    totals = fields.Raw(metadata={"type": "object", "description": "Instead of lead: the totals, {\"NS\": .., "
                                  "\"EW\": ..}.", "example": {"NS": 80, "EW": 230}})
    cube = fields.Raw(metadata={"type": "integer", "description": "The cube's value, 1 to 64 (default 1).",
                                "example": 2})
    cube_owner = fields.Raw(metadata={**SIDE, "description": "The side owning the cube; null: in the middle.",
                                      "example": "NS"})


class CubeEquitiesSchema(Schema):
    """The equities of the cube's options, in points of the series, to the player who may double."""

    no_double = fields.Float(required=True, metadata={"example": 404.79})
    double_take = fields.Float(required=True, metadata={"example": 579.25})
    double_pass = fields.Float(required=True, metadata={"example": 400.0})


class CubeHintSchema(Schema):
    """The cube decision before the deal, in gnubg's words."""

    deal = fields.Integer(required=True, metadata={"example": 13})
    deals_left = fields.Integer(required=True, metadata={"description": "This deal included.", "example": 3})
    lead = fields.Integer(required=True, metadata={"description": "NS's player's lead.", "example": 150})
    cube = fields.Integer(required=True, metadata={"example": 2})
    cube_owner = fields.String(required=True, allow_none=True, metadata={"example": "NS"})
    doubler = fields.String(required=True, allow_none=True, metadata={
        "description": "The side that may double (the leader, with the cube hers or in the middle, before deals "
                       "2 to 15); null: no one may.", "example": "NS"})
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "Why no one may double; null when someone may.", "example": None})
    equities = fields.Nested(CubeEquitiesSchema, required=True, allow_none=True)
    action = fields.String(required=True, metadata={
        "description": "The proper cube action: No double, take; Double, take; Double, pass; Too good to double, "
                       "pass; Too good to double, take (redouble when the cube is the doubler's); or No double "
                       "possible.", "example": "Too good to redouble, pass"})
    double = fields.Boolean(required=True, metadata={"description": "Whether to double.", "example": False})
    take = fields.Boolean(required=True, allow_none=True, metadata={
        "description": "Whether the opponent should take a double; null when no one may double.", "example": False})
    equity = fields.Dict(required=True, metadata={"description": "Each side's equity in points, before the deal.",
                                                  "example": {"NS": 404.79, "EW": -404.79}})
    win_chance = fields.Dict(required=True, metadata={
        "description": "Each side's chance of winning the game (a draw counting 1/2).",
        "example": {"NS": 0.9235, "EW": 0.0765}})


class ResignationHintSchema(Schema):
    """An offer to resign at 200 x the cube: what the player offered it should do."""

    resigner = fields.String(required=True, metadata={"example": "EW"})
    points = fields.Integer(required=True, metadata={"description": "200 x the cube.", "example": 400})
    equity_before = fields.Float(required=True, metadata={
        "description": "The equity of playing on, to the player offered the resignation.", "example": 404.79})
    equity_after = fields.Integer(required=True, metadata={"description": "The points, if accepted.",
                                                           "example": 400})
    action = fields.String(required=True, metadata={"description": "accept or refuse", "example": "refuse"})


class CubeResponseSchema(Schema):
    """The game context read, the cube hint, and the resignation hints (NS resigning, then EW)."""

    context = fields.Dict(required=True, metadata={"description": "The game context, in the JSON form's keys.",
                                                   "example": {**EXAMPLE_CONTEXT}})
    cube = fields.Nested(CubeHintSchema, required=True)
    resignations = fields.List(fields.Nested(ResignationHintSchema), required=True)
