"""/v1/apply: a position, moves and a seed in; every step and the position reached out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.api.common.fields import EXAMPLE_POSITION, MoveField, PositionField
from eights.api.common.schemas import GameOptionsSchema, LimitedListsSchema, RulesSchema, SearchOptionsSchema
from eights.api.fair.schemas import FairHintRequestSchema, FairHintResponseSchema
from eights.api.hint.schemas import FAMILY_EXAMPLES as HINT_FAMILY_EXAMPLES
from eights.api.hint.schemas import HintResponseSchema
from eights.api.moves.schemas import EffectsSchema, MovesResponseSchema
from eights.engine.steps import MAX_SEED
from eights.solver.api import SIDES

REQUEST_EXAMPLE = {"position": EXAMPLE_POSITION, "moves": ["play JC", "play 8D/H"], "seed": 42}
FAMILY_EXAMPLES = {
    "classic/4": {"position": HINT_FAMILY_EXAMPLES["classic/4"]["position"], "moves": ["draw"], "seed": 42,
                  "hint": {"players": [0], "time_ms": 50}},
    "layout/6": {"position": HINT_FAMILY_EXAMPLES["layout/6"]["position"], "moves": ["play 6S on 6H"], "seed": 42,
                 "fair_hint": {"players": [2], "samples": 4, "time_ms": 50}},
}
AFTER_EXAMPLE = "N:K43.5.K2. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97. up:8D/H turn:E dir:cw draw:0 discard:8...J"


class HintSidesSchema(Schema):
    """The players whose turn a hint asked with the moves is for (every player when neither
    ``players`` nor ``sides`` is given): a person's, not the computer's."""

    players = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0)), metadata={
        "description": "The players whose turn gets a hint, by number: indices of the answer's player_names (sce2's "
                       "0 NS and 1 EW, the family's seats).", "example": [0]})
    sides = fields.List(fields.String(validate=validate.OneOf(SIDES)), metadata={
        "description": "sce2's: the same players by name (NS, EW).", "example": ["NS"]})


class AppliedHintSchema(HintSidesSchema, GameOptionsSchema, SearchOptionsSchema):
    """The hint to answer with the position reached (as /v1/hint would), when one of its players
    (``players`` or ``sides``) is to act there: a front end's values for the next turn, in the same call."""

    class Meta:
        """The game is the request's; a family game's hint is max-n, for the seat to act."""

        exclude = ("rules", "objective", "player")


class AppliedFairHintSchema(HintSidesSchema, FairHintRequestSchema):
    """The fair hint to answer with the position reached (as /v1/fair-hint would, from the side to
    act's view: its concealed hand's; a family game's, from the player to act's), when one of
    its players (``players`` or ``sides``) is to act there: a front end's values for a person's next turn that do
    not peek at the hidden hands, in the same call."""

    class Meta:
        """The position and game are the request's; no mode (the stock's order is unknown to the view)."""

        exclude = ("mode", "position", "rules")


class AskedHintsSchema(Schema):
    """The hints to answer with the position a request's moves reach (/v1/apply, /v1/bot-move
    with play), for the next turn's values in the same call."""

    hint = fields.Nested(AppliedHintSchema, metadata={
        "description": "Also hint the position reached, as /v1/hint (EIGHTS_HINT_TIME_MS without depth or "
                       "time_ms), when one of its players is to act there.",
        "example": {"sides": ["NS"], "time_ms": 100}})
    fair_hint = fields.Nested(AppliedFairHintSchema, metadata={
        "description": "Also hint the position reached fairly, as /v1/fair-hint from the side to act's view (its "
                       "concealed hand's; the other one sampled; a family game's: the seat to act's), when one of its "
                       "players is to act there: the values a person may see.", "example": {"sides": ["NS"], "samples": 16, "time_ms": 100}})


class ApplyRequestSchema(LimitedListsSchema, RulesSchema, AskedHintsSchema):
    """The position (of the game ``rules`` names, sce2 by default), the moves to play in turn (at
    most EIGHTS_MAX_ANALYSE_MOVES) and the seed of the draws that name no cards."""

    LIMITS = {"moves": "max_analyse_moves"}

    position = PositionField(required=True)
    moves = fields.List(MoveField(), required=True, validate=validate.Length(min=1), metadata={
        "description": "Moves in turn; a draw may name its cards ('draw KS,2C') or leave them to the seed. A "
                       "game of the family's moves: 'play 7S', 'play 8S/H', 'play 7S on 7C' (layout), 'draw' "
                       "(or 'draw KS,2C', the cards in the order drawn), 'pass', or their JSON forms.",
        "example": ["play JC", "play 8D/H"]})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEED), metadata={
        "description": "Seed of the random draws, at most 2^53 - 1; a random one when omitted (the answer "
                       "gives it).", "example": 42})


class AppliedStepSchema(Schema):
    """One move as played (a draw naming the cards it took), the position after it and (sce2's)
    what it did."""

    move = fields.String(required=True, metadata={"description": "The move as played: a draw names its cards, in "
                                                                 "the order drawn.", "example": "play JC"})
    move_json = fields.Dict(required=True, metadata={
        "description": "The move in the JSON form (a family game's draw names its cards in cards).",
        "example": {"action": "play", "card": "JC"}})
    position = fields.String(required=True, metadata={"example": AFTER_EXAMPLE})
    effects = fields.Nested(EffectsSchema, metadata={"description": "sce2's: what the move did."})


class ApplyResponseSchema(MovesResponseSchema):
    """The seed, the steps, the state of the position reached (as /v1/moves gives it, in one shape
    for every game: its legal moves, the player to act, the payoffs once over; none, and its
    result, once the deal is over), and the hints asked (null when not asked, when the deal is
    over or another player acts)."""

    seed = fields.Integer(required=True, metadata={"description": "The seed the random draws used.", "example": 42})
    steps = fields.List(fields.Nested(AppliedStepSchema), required=True)
    hint = fields.Nested(HintResponseSchema, required=True, allow_none=True, metadata={
        "description": "With a hint asked: /v1/hint's answer for the position reached, or null when the deal is "
                       "over or the player to act is not one of the hint's players or sides (null when no hint "
                       "was asked)."})
    fair_hint = fields.Nested(FairHintResponseSchema, required=True, allow_none=True, metadata={
        "description": "With a fair hint asked: /v1/fair-hint's answer for the position reached, from the view of "
                       "the hand to act, or null when the deal is over or the player to act is not one of its "
                       "players or sides (null when no fair hint was asked)."})
    rules = fields.String(metadata={"description": "A game of the family's: the ruleset.", "example": "classic/4"})
