"""/v1/analyse: a deal record of any game (sce2's, or a game of the family's with its ``rules``)
and the search options in; every step, the graph and a summary per player out, in one shape for
every game, with the game's own fields beside (sce2's values for NS, the family's ``rules``)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from eights.api.common.fields import MoveField, PositionField
from eights.api.common.schemas import GameOptionsSchema, LimitedListsSchema, SearchOptionsSchema, completion_fields
from eights.api.positions.schemas import ScoreSchema
from eights.engine.record import DEAL, FORMAT, OLD_VERSION, RECORD_VERSION

START = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S"
REQUEST_EXAMPLE = {"position": START, "moves": ["play 9H", "play 9S"], "depth": 4}
FAMILY_START = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 dir:cw draw:0 stock:..A."
FAMILY_EXAMPLES = {  # family deal records (eights-record version 2), as eights match and the board write them
    "classic/4": {"format": FORMAT, "version": RECORD_VERSION, "kind": DEAL, "rules": "classic/4",
                  "position": FAMILY_START,
                  "moves": ["play 5H", "draw", "card AD", "draw", "card 9H", "play 9H", "play 8H/S", "draw", "card JS",
                            "play JS", "play KS"],
                  "result": ["40", "-13", "-10", "-17"], "depth": 2},
    "layout/6": {"rules": "layout/6",
                 "position": "0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
                             "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73",
                 "moves": ["play 6S on 6H", "play 5C on 5H", "play AC on AS", "pass", "play AD on AC", "pass", "pass",
                           "play 4D on 4C", "play 2C on 2H", "pass", "play 4S on 4D", "pass", "pass", "pass", "pass",
                           "pass", "pass"], "depth": 2},
}


class AnalyseRequestSchema(GameOptionsSchema, SearchOptionsSchema, LimitedListsSchema):
    """The start position and the moves played (draws naming their cards; a game of the
    family's record: each card a draw brought as an event of its own, ``card 7S``), at most
    EIGHTS_MAX_ANALYSE_MOVES (default 2000), and how to search each step: with neither time_ms nor
    depth, a request shares its budget (EIGHTS_MAX_REQUEST_MS) over the positions, up to the default
    search time each, and a job searches each for the default time. The game: ``rules`` (a family
    record's own key), else the position's ``rules:`` word, else sce2; a family deal is analysed
    in max-n (each move for its mover's own payoff)."""

    class Meta:
        exclude = ("objective", "player")  # an analysis is max-n's: each move for its own mover

    LIMITS = {"moves": "max_analyse_moves"}

    format = fields.String(validate=validate.Equal(FORMAT), metadata={
        "description": "A deal record (engine/record.schema.json: eights match, eights play and the board's "
                       "copy write them; a deal of a match record is one) is accepted as it is.",
        "example": FORMAT})
    version = fields.Integer(strict=True, validate=validate.OneOf([OLD_VERSION, RECORD_VERSION]), metadata={
        "description": f"A deal record's version: {RECORD_VERSION} (with format and kind), or {OLD_VERSION}.",
        "example": RECORD_VERSION})
    kind = fields.String(validate=validate.Equal(DEAL), metadata={
        "description": "A deal record's kind (may be left out: a job's body has a kind of its own).",
        "example": DEAL})
    result = fields.Raw(allow_none=True, metadata={
        "description": "A deal record's result: when given, it must be the score the moves give (a family "
                       "record's: the payoffs, seat 0 first, as fractions written \"-1/2\").",
        "example": None})
    dealt = fields.Dict(allow_none=True, metadata={
        "description": "A deal record's dealt: when given, its deal, dealer and seed must deal the position.",
        "example": None})
    players = fields.Dict(allow_none=True, metadata={
        "description": "A deal record's players: who played NS and EW.", "example": None})
    end = fields.String(allow_none=True, metadata={
        "description": "A family deal record's last position: when given, the moves must lead to it.",
        "example": None})
    position = PositionField(required=True)
    moves = fields.List(MoveField(), required=True, metadata={"example": ["play 9H", "draw KS"]})


PER_PLAYER = "player 0 first (an index of `player_names`)"
SCE2 = "sce2's: "  # the start of the description of a field only sce2's answers have


def per_player(description: str, example: list[float], **kwargs: Any) -> fields.List[Any]:
    """A list of every player's value, player 0 first."""
    return fields.List(fields.Float(), required=True, metadata={"description": f"{description}, {PER_PLAYER}.",
                                                                 "example": example}, **kwargs)


class AnalyseStepSchema(Schema):
    """One move played: its value, the best move's value and the loss, for the player who made it
    (``to_act``); every player's values before and after it; a draw's cards and luck."""

    step = fields.Integer(required=True, metadata={"description": "Index in moves (a card a draw brought, written "
                                                                  "as an event of its own, `card 7S`, is no step).",
                                                   "example": 0})
    position = fields.String(required=True, metadata={"description": "The position the move was played in.",
                                                      "example": START + " dir:cw draw:0"})
    to_act = fields.Integer(required=True, metadata={
        "description": "The player who moved, an index of `player_names`.", "example": 0})
    played = fields.String(required=True, metadata={"description": "The move played (sce2's draw names its cards).",
                                                    "example": "play 9H"})
    played_value = fields.Float(required=True, metadata={
        "description": "The played move's value for its player (a draw: its expectation over the stock).",
        "example": -1.0})
    played_values = per_player("The played move's value for every player", [-1.0, 1.0])
    best = fields.String(required=True, metadata={"description": "The best move found for the player to act.",
                                                  "example": "play 5S"})
    best_value = fields.Float(required=True, metadata={"example": 0.5})
    loss = fields.Float(required=True, metadata={
        "description": "Best value minus played value, for the player who moved (0: the best move).", "example": 1.5})
    mistake = fields.Boolean(required=True, metadata={
        "description": "True when the loss is larger than what the search tells apart (margin): a mistake the "
                       "analysis is sure of.", "example": True})
    margin = fields.Float(required=True, allow_none=True, metadata={
        "description": "The least loss the search tells apart from none: 0 when the value is exact (and in a game "
                       "of the family, whose search keeps no values of the depth before: a loss counts at the depth "
                       "searched), else how far the best and the played move's values moved between the last two "
                       "depths; null when only depth 1 was reached (no loss is told apart).", "example": 0.25})
    stable = fields.Boolean(required=True, allow_none=True, metadata={
        "description": "True when the best move was also the best one depth shallower (or the value is exact); "
                       "null where the game's search does not say (the family's).", "example": True})
    choices = fields.Integer(required=True, metadata={
        "description": "How many legal moves there were: a step with more than one is a decision.", "example": 2})
    values = per_player("Every player's value of the position the move was played in (its best move's)", [0.5, -0.5])
    after = per_player("Every player's value after the move (and the cards a draw brought): the next position's, "
                       "or the payoffs once the deal is over", [-1.0, 1.0])
    cards = fields.List(fields.String(), required=True, metadata={
        "description": "The cards the move's draw brought (empty for a play or a pass).", "example": []})
    luck = fields.Float(required=True, allow_none=True, metadata={
        "description": "A draw's luck for the player who drew: the value after it minus the draw's expectation "
                       "over the stock (null for a play, and for a pass: a draw with nothing to draw). Every "
                       "player's: `after` minus `played_values`.", "example": None})
    mode = fields.String(required=True, metadata={
        "description": "How the step was searched: fixed-order turns to expectimax where the stock's order is "
                       "unknown (after a reshuffle).", "example": "expectimax"})
    depth = fields.Integer(required=True, metadata={"example": 6})
    exact = fields.Boolean(required=True, metadata={"example": True})
    cached = fields.Boolean(required=True, metadata={"example": False})
    side = fields.String(metadata={"description": SCE2 + "the side that moved (`player_names[to_act]`).",
                                   "example": "NS"})
    value_ns = fields.Float(metadata={"description": SCE2 + "the value for side NS of the position the move was "
                                                            "played in (`values[0]`).", "example": 0.5})
    played_value_ns = fields.Float(metadata={
        "description": SCE2 + "the played move's value for side NS (`played_values[0]`).", "example": -1.0})
    after_ns = fields.Float(metadata={"description": SCE2 + "the value for side NS after the move (`after[0]`).",
                                      "example": -1.0})
    luck_ns = fields.Float(allow_none=True, metadata={"description": SCE2 + "the draw's luck for side NS (null for a play).",
                                                      "example": None})


class PlayerAccountSchema(Schema):
    """One player's account: her decisions, mistakes and loss, and what her own draws brought her."""

    player = fields.Integer(required=True, metadata={"description": "An index of `player_names`.", "example": 0})
    decisions = fields.Integer(required=True, metadata={"description": "Her steps with more than one legal move.",
                                                        "example": 14})
    mistakes = fields.Integer(required=True, metadata={"description": "Her steps whose mistake is true.", "example": 1})
    loss = fields.Float(required=True, metadata={"description": "Her losses in all.", "example": 1.5})
    error_rate = fields.Float(required=True, metadata={"description": "Loss per decision (0 without decisions).",
                                                       "example": 0.107143})
    luck = fields.Float(required=True, metadata={
        "description": "What her draws brought her in all, in her own payoff (their luck).", "example": -3.2})
    draws = fields.Integer(required=True, metadata={"description": "Her draws that brought cards.", "example": 3})


class SideAccountSchema(PlayerAccountSchema):
    """One side's account (sce2's ``sides``): a player's account without its index."""

    class Meta:
        exclude = ("player",)


class SideLossSchema(Schema):
    """Total loss per side."""

    NS = fields.Float(required=True, metadata={"example": 1.5})
    EW = fields.Float(required=True, metadata={"example": 0.0})


class SideAccountsSchema(Schema):
    """Each side's account."""

    NS = fields.Nested(SideAccountSchema, required=True)
    EW = fields.Nested(SideAccountSchema, required=True)


class SearchedSchema(Schema):
    """How each position was searched: its time (the request's, or its budget's share) or its depth."""

    time_ms = fields.Integer(required=True, allow_none=True, metadata={"example": 133})
    depth = fields.Integer(required=True, allow_none=True, metadata={"example": None})


class AnalyseSummarySchema(Schema):
    """Per player her account, the largest mistakes, and every player's value at the start and
    at the end as its parts: result = start + skill + luck + drift, for every player."""

    players = fields.List(fields.Nested(PlayerAccountSchema), required=True, metadata={
        "description": f"Each player's account, {PER_PLAYER}."})
    mistakes = fields.List(fields.Nested(AnalyseStepSchema), required=True, metadata={
        "description": "The mistakes (steps whose mistake is true) with the largest losses (at most 5), largest "
                       "first."})
    start = per_player("Every player's value of the first position", [2.5, -2.5])
    skill = per_player("What the choices made of every player's value: the played moves' values minus the best "
                       "moves' (her own losses, and the others' choices)", [-1.5, 1.5])
    luck = per_player("What the draws made of every player's value: each draw's value after it minus its "
                      "expectation", [-3.2, 3.2])
    drift = per_player("What the searches disagree on: after each play, the next position's value minus the "
                       "played move's (0 when they agree, as exact values do)", [0.2, -0.2])
    result = per_player("Every player's payoff, or the value of the last position while the deal is under way",
                        [-2.0, 2.0])
    searched = fields.Nested(SearchedSchema, required=True)
    final = fields.String(required=True, metadata={"description": "The position after the last move.",
                                                   "example": "N:K... E:Q... S:5... W:..5. up:9S turn:N dir:cw draw:0 discard:.95.."})
    over = fields.Boolean(required=True, metadata={"example": True})
    payoffs = fields.List(fields.String(), required=True, allow_none=True, metadata={
        "description": "The finished deal's payoffs, exact (fractions written \"-1/2\"), player 0 first; null while "
                       "it goes on.", "example": ["-2", "2"]})
    loss = fields.Nested(SideLossSchema, metadata={"description": SCE2 + "the loss per side."})
    sides = fields.Nested(SideAccountsSchema, metadata={"description": SCE2 + "each side's account (`players`)."})
    start_ns = fields.Float(metadata={"description": SCE2 + "the value for NS of the first position (`start[0]`).",
                                      "example": 2.5})
    skill_ns = fields.Float(metadata={"description": SCE2 + "EW's loss minus NS's (`skill[0]`).", "example": -1.5})
    luck_ns = fields.Float(metadata={"description": SCE2 + "NS's luck minus EW's (`luck[0]`).", "example": -3.2})
    drift_ns = fields.Float(metadata={"description": SCE2 + "`drift[0]`.", "example": 0.2})
    result_ns = fields.Float(metadata={
        "description": SCE2 + "the deal's score for NS, or the value of its last position while it is under way "
                              "(`result[0]`).", "example": -2.0})
    score = fields.Nested(ScoreSchema, allow_none=True, metadata={"description": SCE2 + "the finished deal's score."})


class AnalyseResponseSchema(Schema):
    """Every step, the graph of every player's value, and the summary per player: the same fields
    for every game, and the game's own beside them."""

    game = fields.String(required=True, metadata={"description": "The game: sce2, or a ruleset of the family.",
                                                  "example": "sce2"})
    player_names = fields.List(fields.String(), required=True, metadata={
        "description": "The players a payoff goes to (sce2's sides, the family's seats): what `to_act` and every "
                       "per-player list index.", "example": ["NS", "EW"]})
    rules = fields.String(metadata={"description": "A game of the family's: its ruleset (sce's names its deal).",
                                    "example": "classic/4"})
    mode = fields.String(required=True, metadata={"description": "How draws were treated.", "example": "expectimax"})
    position = fields.String(required=True, metadata={"example": START + " dir:cw draw:0"})
    complete, not_done = completion_fields(
        "every step was analysed", "`steps` and `summary` are then those of the deal up to the last position searched",
        "The steps (numbered as `steps[].step` numbers them)")
    steps = fields.List(fields.Nested(AnalyseStepSchema), required=True)
    graph = fields.List(fields.List(fields.Float()), required=True, metadata={
        "description": f"A list per player ({PER_PLAYER}): her value at the start, then after each step (steps + 1 "
                       "values): the analysis graph.", "example": [[0.5, -1.0], [-0.5, 1.0]]})
    summary = fields.Nested(AnalyseSummarySchema, required=True)
