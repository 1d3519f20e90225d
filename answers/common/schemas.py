"""Schemas the resources share: the search options of a request, and a search's result."""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import Schema, fields, pre_load, validate

from eights.answers.service import current_service
from eights.engine.family.ruleset import SCE2
from eights.games import EVALUATIONS as GAME_EVALUATIONS
from eights.games import OBJECTIVES
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.modes import EXPECTIMAX, MODES


class SearchOptionsSchema(Schema):
    """How to search. With neither depth nor time_ms the endpoint's default time applies;
    depth alone searches that deep, within the largest time_ms (EIGHTS_MAX_TIME_MS)."""

    mode = fields.String(load_default=EXPECTIMAX, validate=validate.OneOf(MODES), metadata={
        "description": "expectimax: draws are random over the stock; fixed-order: follow the position's order:",
        "example": EXPECTIMAX})
    evaluation = fields.String(load_default=DEFAULT_EVALUATION, validate=validate.OneOf(list(EVALUATIONS)), metadata={
        "description": "How unfinished positions at the horizon are scored: material (points held) or "
                       "trained (a model of the deal's expected payoff, fitted to self-play).",
        "example": DEFAULT_EVALUATION})
    depth = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "Actions to search ahead; at most EIGHTS_MAX_DEPTH (default 64).", "example": 6})
    time_ms = fields.Integer(strict=True, validate=validate.Range(min=1), metadata={
        "description": "Search time in milliseconds; at most EIGHTS_MAX_TIME_MS (default 10000).",
        "example": 200})


class RulesSchema(Schema):
    """Which game the request's position is of."""

    rules = fields.String(validate=validate.Length(min=1, max=200), metadata={
        "description": "The game (docs/family.md): sce2 when left out (or the position's own rules: word or "
                       "key), or a ruleset of the family with its options, such as classic/4,draw=one or layout/6.",
        "example": SCE2.name})


class PlayersSchema(Schema):
    """Who plays and who acts, in every game alike: the base of the common fields of a state
    (GameStateSchema) and of a search's answer (SearchCommonSchema)."""

    player_names = fields.List(fields.String(), required=True, metadata={
        "description": "The players a payoff goes to, player 0 first: sce2's sides NS and EW, the family's seats.",
        "example": ["NS", "EW"]})
    to_act = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The player to act, an index of player_names (sce2: 0 NS, 1 EW; the family: the seat); "
                       "null when no hand chooses (the deal is over, or a draw's cards come first).", "example": 1})


class GameStateSchema(PlayersSchema):
    """The fields of a position's state that every game answers alike (``Game.common_state``;
    the vocabulary of docs/service.md): /v1/deal, /v1/moves and /v1/apply give them for sce2
    and every game of the family, beside the game's own."""

    over = fields.Boolean(required=True, metadata={"description": "The deal has ended.", "example": False})
    payoffs = fields.List(fields.String(), required=True, allow_none=True, metadata={
        "description": "Each player's payoff once the deal is over, player 0 first, exact fractions as text "
                       "(sce2: NS's payoff and EW's); null until then.", "example": None})


class GameOptionsSchema(RulesSchema):
    """Which game the position is of, and what a game of the family's search answers: put
    before SearchOptionsSchema among a request schema's bases (its ``evaluation`` then
    defaults to the game's own)."""
    objective = fields.String(validate=validate.OneOf(OBJECTIVES), metadata={
        "description": f"A game of the family's: {OBJECTIVES[0]} (the default: each player for herself; values per "
                       "player), paranoid (every other hand against player) or brs (Best-Reply Search for player: "
                       "paranoid where one opponent a turn answers, the others play a default move). sce2 is two-sided "
                       "and takes none.",
        "example": OBJECTIVES[0]})
    player = fields.Integer(strict=True, validate=validate.Range(min=0), metadata={
        "description": "A game of the family's seat whose payoff value, moves and bounds give (paranoid: the one "
                       "played against); the hand to act when left out.", "example": 0})
    evaluation = fields.String(validate=validate.OneOf(list(GAME_EVALUATIONS)), metadata={
        "description": f"How unfinished positions at the horizon are scored: material (points held), trained "
                       f"(a model of the deal's expected payoff, fitted to self-play; the family's games: a model "
                       f"per preset and player count) or playouts (the family's games only: the mean payoffs of the "
                       f"heuristic's playouts to the deal's end). By default {DEFAULT_EVALUATION} in sce2 and in a "
                       f"family game searched to a depth; in a family game searched by time, playouts, the time "
                       f"spent on every move's playouts (once a share of it has not solved the position exactly), "
                       f"which plays the strongest (docs/family-evaluation.md).",
        "example": DEFAULT_EVALUATION})


class LimitedListsSchema(Schema):
    """A request whose lists have configurable limits (``LIMITS``: field -> setting), checked
    before their items are read, so that a huge list is refused at once and in one line."""

    LIMITS: ClassVar[dict[str, str]] = {}

    @pre_load
    def check_list_lengths(self, data: Any, **kwargs: Any) -> Any:
        """LimitExceeded for a list over its limit."""
        if isinstance(data, dict):
            for field, setting in self.LIMITS.items():
                if isinstance(data.get(field), list):
                    current_service().limit(field, len(data[field]), setting)
        return data


class MoveValueSchema(Schema):
    """A move and its value for the player to act; in a game of the family, every player's too."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    value = fields.Float(required=True, metadata={"example": 28.0})
    values = fields.List(fields.Float(), allow_none=True, metadata={
        "description": "A game of the family's: each player's value of the move, player 0 first (null in paranoid "
                       "with more than two players).", "example": [90.0, -13.0, -60.0, -17.0]})

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        """The key ``attr`` of a move's JSON, ``default`` without it (an sce2 move has no
        ``values``, and marshmallow would otherwise dump the dict's own ``values`` method)."""
        return obj.get(attr, default)


class SearchCommonSchema(PlayersSchema):
    """The fields of a search's answer that every game gives alike (``Game.search_common``; the
    vocabulary of docs/service.md): /v1/hint, /v1/solve, /v1/bot-move and /v1/fair-hint (its
    values the best move's means) give them for sce2 and every game of the family, beside the
    game's own."""

    values = fields.List(fields.Float(), required=True, allow_none=True, metadata={
        "description": "Each player's value, player 0 first (sce2: NS's and EW's); null when the answer has none "
                       "(a bot that does not search) or values one player's payoff alone (the family's paranoid "
                       "objective with more than two players).",
        "example": [-28.0, 28.0]})


class SearchResultSchema(SearchCommonSchema):
    """A search's answer, one shape for every game (docs/service.md): the best move and every
    move's value, best first, and the fields every game gives alike (required); each game's own
    beside them (optional: sce2's ``side``, ``value_ns``, ``stable``; a game of the family's
    ``rules``, ``objective``, ``player``, ``mover``, ``sampled`` and each move's ``values``)."""

    position = fields.String(required=True, metadata={
        "description": "The position searched, in canonical compact form (a game of the family's: its ruleset first).",
        "example": "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"})
    value = fields.Float(required=True, metadata={
        "description": "The position's value for the player to act (points; every value in an answer has "
                       "6 decimals at most); a game of the family's: for `player`.", "example": 28.0})
    best = fields.String(required=True, allow_none=True, metadata={
        "description": "The best move; null when the deal is over.", "example": "play JC"})
    moves = fields.List(fields.Nested(MoveValueSchema), required=True, metadata={
        "description": "Every legal move with its value, best first.",
        "example": [{"move": "play JC", "value": 28.0}, {"move": "draw", "value": 6.4}]})
    pv = fields.List(fields.String(), required=True, metadata={
        "description": "The principal variation, up to the first draw left to chance.",
        "example": ["play JC", "play KC"]})
    depth = fields.Integer(required=True, metadata={"description": "Depth completed.", "example": 6})
    exact = fields.Boolean(required=True, metadata={
        "description": "True when no horizon leaf influenced the value (the bounds meet).", "example": False})
    bounds = fields.List(fields.Float(), required=True, metadata={
        "description": "Proven lower and upper bounds of the value, whatever lies beyond the horizon (every "
                       "horizon leaf at the worst and at the best outcome).", "example": [-14.5, 60.0]})
    mode = fields.String(required=True, metadata={
        "description": "How draws were treated: expectimax or fixed-order.", "example": EXPECTIMAX})
    evaluation = fields.String(required=True, metadata={
        "description": "What valued the positions the search did not see to their end: `material`, `trained` (a "
                       "learned model), or in the family `playouts` (the heuristic's games played out: the default "
                       "of a search by time alone; docs/family-evaluation.md).", "example": DEFAULT_EVALUATION})
    time_ms = fields.Float(required=True, metadata={
        "description": "This request's time for the answer: the search's, or when the answer came from the cache "
                       "(`cached`), the time the cache took to give it.", "example": 41.2})
    cached = fields.Boolean(required=True, metadata={
        "description": "True when the answer came from the cache (a search asked for before).", "example": False})
    side = fields.String(metadata={
        "description": "sce2's: the side to act (NS or EW), whose view value, moves and bounds take.",
        "example": "EW"})
    value_ns = fields.Float(metadata={"description": "sce2's: the value for side NS.", "example": -28.0})
    stable = fields.Boolean(metadata={
        "description": "sce2's: true when the best move was also the best one depth shallower (or the value is "
                       "exact): a best move that still changes with depth is less sure.", "example": True})
    rules = fields.String(metadata={"description": "A game of the family's: the ruleset.", "example": "classic/4"})
    objective = fields.String(metadata={
        "description": "A game of the family's: the objective searched, maxn, paranoid or brs.", "example": OBJECTIVES[0]})
    player = fields.Integer(allow_none=True, metadata={
        "description": "A game of the family's: the seat whose payoff value, moves' value and bounds are.",
        "example": 0})
    mover = fields.Integer(allow_none=True, metadata={
        "description": "A game of the family's: the seat to act (as `to_act`); null once the deal is over.",
        "example": 0})
    sampled = fields.Boolean(metadata={
        "description": "A game of the family's: true when the search (timed, max-n) sampled a long draw at its "
                       "horizon (a draw-two chain of many cards: 4 of its cards, evenly spread, at each card of the "
                       "draw whose lines would number more than 20,000), so as to answer in its time: the values are "
                       "then estimates, and not exact. A search by depth alone never samples.", "example": False})


class SolutionSchema(SearchResultSchema):
    """Everything the solver found, in every game: a search's answer with its account."""

    nodes = fields.Integer(required=True, metadata={"description": "Positions searched.", "example": 18211})
    table = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "sce2's: the transposition table's statistics after the search.",
        "example": {"entries": 1048576, "used": 5012, "hits": 911}})


# The names the modules not yet moved to the one shape still import (api/apply, #38).
FamilySearchResultSchema = SearchResultSchema
FamilySolutionSchema = SolutionSchema


class IntervalSchema(Schema):
    """A paired difference: its mean and 95% interval."""

    mean = fields.Float(required=True, metadata={"example": 4.2})
    ci95 = fields.List(fields.Float(allow_none=True), required=True, metadata={"example": [1.1, 7.3]})


class ComparedMoveSchema(Schema):
    """A move compared with the others over the same samples (eights.play.compare): values for the
    side to act, 6 decimals at most; a bound that one sample cannot give is null."""

    move = fields.String(required=True, metadata={"example": "play JC"})
    mean = fields.Float(required=True, metadata={"description": "Mean payoff.", "example": -6.35})
    std_error = fields.Float(required=True, allow_none=True, metadata={
        "description": "Standard error of the mean.", "example": 2.1})
    ci95 = fields.List(fields.Float(allow_none=True), required=True, metadata={
        "description": "95% confidence interval of the mean.", "example": [-10.5, -2.2]})
    best_share = fields.Float(required=True, metadata={
        "description": "Share of the samples in which no move did better (moves that tie all count).",
        "example": 0.55})
    difference = fields.Nested(IntervalSchema, required=True, allow_none=True, metadata={
        "description": "The best move's payoff minus this one's, paired over the same samples; null for the best."})
    separated = fields.Boolean(required=True, metadata={
        "description": "True when the difference's interval lies above 0: worse than the best beyond chance.",
        "example": False})


class FieldProblemSchema(Schema):
    """One field's problem."""

    field = fields.String(required=True, metadata={"example": "depth"})
    problem = fields.String(required=True, metadata={"example": "Not a valid integer."})


class ProblemSchema(Schema):
    """An RFC 9457 problem (application/problem+json)."""

    type = fields.String(required=True, metadata={"example": "urn:eights:problem:invalid-notation"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Entity"})
    status = fields.Integer(required=True, metadata={"example": 422})
    code = fields.String(required=True, metadata={
        "description": "Stable: bad-content-type, malformed-body, body-too-large, validation-error, "
                       "invalid-notation, illegal-move, deal-over, invalid-search, limit-exceeded, overloaded, ...",
        "example": "invalid-notation"})
    detail = fields.String(required=True, metadata={
        "description": "The field and the problem.", "example": "position.hands.N: card KS appears twice"})
    field = fields.String(required=True, allow_none=True, metadata={"example": "position.hands.N"})
    instance = fields.String(required=True, metadata={"example": "/v1/solve"})
    errors = fields.List(fields.Nested(FieldProblemSchema), metadata={
        "description": "validation-error: every field's problem.",
        "example": [{"field": "depth", "problem": "Not a valid integer."}]})
    limit = fields.String(metadata={"description": "limit-exceeded, body-too-large: the setting.",
                                    "example": "EIGHTS_MAX_DEPTH"})
    maximum = fields.Integer(metadata={"description": "limit-exceeded, body-too-large: its value.",
                                       "example": 64})


def completion_fields(all_done: str, partial: str, not_done: str) -> tuple[fields.Boolean, fields.List]:
    """An answer's ``complete`` and ``not_done`` (#37): whether ``all_done``; else what the
    answer holds when the request's time ran out first (``partial``) and what ``not_done`` lists."""
    complete = fields.Boolean(required=True, metadata={
        "description": f"True when {all_done}; false when the request's time (EIGHTS_MAX_REQUEST_MS) ran out first: "
                       f"{partial}, and `not_done` the rest.", "example": True})
    listed = fields.List(fields.Integer(), required=True, metadata={
        "description": f"{not_done} not done in the request's time; empty when complete.", "example": []})
    return complete, listed
