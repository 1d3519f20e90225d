"""/v1/rollout: a position (of sce2, or of a game of the family with ``rules``), the moves,
games, bot, seed and deadline in; each move's mean payoff with its interval and its paired
difference from the best out (a family game's: each seat's mean payoff beside)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import EXAMPLE_POSITION, MoveField, PositionField
from eights.answers.common.schemas import ComparedMoveSchema, RulesSchema
from eights.answers.hint.schemas import FAMILY_EXAMPLES as FAMILY_HINTS
from eights.engine.steps import MAX_SEED
from eights.play.rollout import DEFAULT_BOT, DEFAULT_SEED, FAMILY_DEFAULT_BOT

DEFAULT_GAMES = 100
REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "games": 20, "bot": "solver:depth=2", "seed": 1}
FAMILY_EXAMPLES = {
    "classic/4": {"position": FAMILY_HINTS["classic/4"]["position"], "games": 20, "bot": "solver:depth=2", "seed": 1},
    "layout/6": {"position": FAMILY_HINTS["layout/6"]["position"], "rules": "layout/6", "games": 10,
                 "bot": "heuristic", "seed": 1},
}


class RolloutRequestSchema(RulesSchema):
    """The position (of the game ``rules`` names: sce2 by default), the root moves (default:
    every legal move), the games per move (at most EIGHTS_MAX_ROLLOUT_GAMES), the bot that
    plays every hand on, the seed of the stock orders, and the time the rollout may take (at
    most EIGHTS_MAX_REQUEST_MS)."""

    position = PositionField(required=True)
    moves = fields.List(MoveField(), validate=validate.Length(min=1), metadata={
        "description": "The root moves to roll out; every legal move when omitted.", "example": ["play JC", "draw"]})
    games = fields.Integer(strict=True, load_default=DEFAULT_GAMES, validate=validate.Range(min=1), metadata={
        "description": f"Games per move (default {DEFAULT_GAMES}), at most EIGHTS_MAX_ROLLOUT_GAMES.",
        "example": 20})
    bot = fields.String(validate=validate.Length(min=1, max=200), metadata={
        "description": f"The bot playing every hand after the root move (default {DEFAULT_BOT} for sce2, "
                       f"{FAMILY_DEFAULT_BOT} for a game of the family, whose bots are docs/family-bots.md's): "
                       "random, heuristic, solver:depth=D or solver:time=MS, fair:...; held to the service's limits.",
        "example": "solver:depth=2"})
    seed = fields.Integer(strict=True, load_default=DEFAULT_SEED, validate=validate.Range(min=0, max=MAX_SEED),
                          metadata={"description": f"Seed of the games' stock orders and of the bot (default "
                                                   f"{DEFAULT_SEED}): game i of every move has the same luck.",
                                    "example": 1})
    time_ms = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "The most the rollout may take; it stops there (before its next action) and answers "
                       "with the games played (complete: false; none, when not one game of each move was "
                       "finished). Default and largest: EIGHTS_MAX_REQUEST_MS.", "example": 5000})


class RolledOutMoveSchema(ComparedMoveSchema):
    """A move over the rollout's games."""

    games = fields.Integer(required=True, metadata={"description": "Games played from this move.", "example": 20})


class RolloutRunSchema(Schema):
    """What a rollout of either game ran: its bot, seed, games asked for and played, and time."""

    bot = fields.String(required=True, metadata={"description": "The bot's canonical spec.",
                                                 "example": "solver:depth=2"})
    seed = fields.Integer(required=True, metadata={"example": 1})
    games = fields.Integer(required=True, metadata={"description": "Games per move asked for.", "example": 20})
    played = fields.Integer(required=True, metadata={"description": "Games per move played.", "example": 20})
    complete = fields.Boolean(required=True, metadata={
        "description": "False when the rollout stopped at its time before every game was played.", "example": True})
    time_ms = fields.Float(required=True, metadata={"description": "Time the rollout took.", "example": 412.5})


class RolloutResponseSchema(RolloutRunSchema):
    """Each move's mean payoff for the side to act over its games, best first."""

    position = fields.String(required=True, metadata={
        "description": "The position rolled out, in canonical compact form.",
        "example": "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"})
    side = fields.String(required=True, metadata={"description": "The side to act, whose payoffs these are.",
                                                  "example": "EW"})
    best = fields.String(required=True, allow_none=True, metadata={
        "description": "The move of best mean; null when not one game of each move was played in time.",
        "example": "draw"})
    moves = fields.List(fields.Nested(RolledOutMoveSchema), required=True, metadata={
        "description": "Every move rolled out, best first; empty when not one game of each was played in time."})


class FamilyRolledOutMoveSchema(RolledOutMoveSchema):
    """A move of a game of the family over the rollout's games: the mover's mean payoff
    compared with the best move's, and every seat's mean payoff with its interval."""

    values = fields.List(fields.Float(), required=True, metadata={
        "description": "Each seat's mean payoff, seat 0 first.", "example": [12.5, -30.1, 4.0, 13.6]})
    values_ci95 = fields.List(fields.List(fields.Float(allow_none=True)), required=True, metadata={
        "description": "Each seat's 95% confidence interval of that mean, seat 0 first (a bound one game cannot "
                       "give is null).", "example": [[2.1, 22.9], [-41.0, -19.2], [-5.5, 13.5], [3.0, 24.2]]})


class FamilyRolloutResponseSchema(RolloutRunSchema):
    """Each move's mean payoff for the hand to act (the mover) over its games, best first,
    and every seat's."""

    position = fields.String(required=True, metadata={
        "description": "The position rolled out, in canonical compact form, its ruleset first.",
        "example": "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 dir:cw draw:0 stock:..A."})
    rules = fields.String(required=True, metadata={"description": "The ruleset.", "example": "classic/4"})
    mover = fields.Integer(required=True, metadata={
        "description": "The seat to act, whose payoffs order the moves.", "example": 0})
    best = fields.String(required=True, allow_none=True, metadata={
        "description": "The move of best mean for the mover; null when not one game of each move was played in time.",
        "example": "play 5C"})
    moves = fields.List(fields.Nested(FamilyRolledOutMoveSchema), required=True, metadata={
        "description": "Every move rolled out, best first; empty when not one game of each was played in time."})
