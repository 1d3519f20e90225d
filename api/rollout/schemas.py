"""/v1/rollout: a position (of the game ``rules`` names, sce2 by default), the moves, games,
bot, seed and deadline in; one answer shape for every game out: each move's mean payoff for
the player to act with its interval and its paired difference from the best, and every
player's mean payoff beside (the game's own fields too: sce2's ``side``, a family game's
``rules`` and ``mover``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import EXAMPLE_POSITION, MoveField, PositionField
from eights.answers.common.schemas import ComparedMoveSchema, RulesSchema
from eights.answers.hint.schemas import FAMILY_EXAMPLES as FAMILY_HINTS
from eights.engine.steps import MAX_SEED
from eights.games import find_game
from eights.play.rollout import DEFAULT_SEED

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
        "description": f"The bot playing every hand after the root move (default: the game's, "
                       f"{find_game('sce2').rollout_bot} for sce2, {find_game('classic/2').rollout_bot} for a game "
                       "of the family, whose bots are docs/family-bots.md's): "
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
    """A move over the rollout's games: the mean payoff of the player to act compared with the
    best move's, and every player's mean payoff with its interval."""

    games = fields.Integer(required=True, metadata={"description": "Games played from this move.", "example": 20})
    values = fields.List(fields.Float(), required=True, metadata={
        "description": "Each player's mean payoff, player 0 first (sce2: NS, EW).", "example": [-12.5, 12.5]})
    values_ci95 = fields.List(fields.List(fields.Float(allow_none=True)), required=True, metadata={
        "description": "Each player's 95% confidence interval of that mean, player 0 first (a bound one game "
                       "cannot give is null).", "example": [[-22.9, -2.1], [2.1, 22.9]]})


class RolloutResponseSchema(Schema):
    """Each move's mean payoff for the player to act over its games, best first, and every
    player's; the same shape for every game, with the game's own fields beside."""

    position = fields.String(required=True, metadata={
        "description": "The position rolled out, in canonical compact form (a family game's, its ruleset first).",
        "example": "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"})
    rules = fields.String(metadata={"description": "A game of the family's ruleset (sce2's answer has none).",
                                    "example": "classic/4"})
    player_names = fields.List(fields.String(), required=True, metadata={
        "description": "The players a payoff goes to, player 0 first: sce2's sides, a family game's seats.",
        "example": ["NS", "EW"]})
    to_act = fields.Integer(required=True, metadata={
        "description": "The player to act (an index of player_names), whose payoffs order the moves.", "example": 1})
    side = fields.String(metadata={"description": "sce2's: the side to act, whose payoffs these are.",
                                   "example": "EW"})
    mover = fields.Integer(metadata={"description": "A game of the family's: the seat to act.", "example": 0})
    bot = fields.String(required=True, metadata={"description": "The bot's canonical spec.",
                                                 "example": "solver:depth=2"})
    seed = fields.Integer(required=True, metadata={"example": 1})
    games = fields.Integer(required=True, metadata={"description": "Games per move asked for.", "example": 20})
    played = fields.Integer(required=True, metadata={"description": "Games per move played.", "example": 20})
    complete = fields.Boolean(required=True, metadata={
        "description": "False when the rollout stopped at its time before every game was played.", "example": True})
    best = fields.String(required=True, allow_none=True, metadata={
        "description": "The move of best mean for the player to act; null when not one game of each move was "
                       "played in time.", "example": "draw"})
    moves = fields.List(fields.Nested(RolledOutMoveSchema), required=True, metadata={
        "description": "Every move rolled out, best first; empty when not one game of each was played in time."})
    time_ms = fields.Float(required=True, metadata={"description": "Time the rollout took.", "example": 412.5})
