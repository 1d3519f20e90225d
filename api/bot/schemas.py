"""/v1/bot-move: a position, a bot spec and a seed in; the bot's move out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.common.fields import EXAMPLE_POSITION, PositionField
from eights.engine.steps import MAX_SEED

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "bot": "solver:time=100"}


class BotMoveRequestSchema(Schema):
    """The position (the side to act is the bot's), the bot and, for a bot that draws lots, a seed."""

    position = PositionField(required=True)
    bot = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "random, heuristic (the seeds' strategy advice), solver:time=MS / solver:depth=D "
                       "(with eval=NAME, and hold8=P to keep an 8 when a play of another card is within P "
                       "points of it), or fair:time=MS / fair:depth=D with samples=N (deciding from its own view, "
                       "the hidden cards sampled from the seed, as /v1/fair-hint); the solver and fair bots are "
                       "held to the service's limits.",
        "example": "solver:time=100"})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "Seed of the random bot's choice or the fair bot's samples, at most 2^53 - 1; a random "
                       "one when omitted.",
        "example": 7})


class BotMoveResponseSchema(Schema):
    """The bot's move in both forms, the bot's canonical spec and the seed it used."""

    bot = fields.String(required=True, metadata={"example": "solver:time=100"})
    move = fields.String(required=True, metadata={"example": "play JC"})
    json = fields.Dict(required=True, metadata={"example": {"action": "play", "card": "JC"}})
    seed = fields.Integer(required=True, metadata={"example": 7})
