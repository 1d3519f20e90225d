"""/v1/analyse: a deal record (of sce2, or of a game of the family with its ``rules``) and the
search options in; every step and a summary out (a family game's: per player, and the graph)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import MoveField, PositionField
from eights.answers.common.schemas import GameOptionsSchema, LimitedListsSchema, SearchOptionsSchema, completion_fields
from eights.answers.positions.schemas import ScoreSchema
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
LOSS = {"description": "Best value minus played value, for the side that moved (0: the best move).",
        "example": 1.5}


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


class AnalyseStepSchema(Schema):
    """One move played: its value, the best move's value and the loss, for the side that moved."""

    step = fields.Integer(required=True, metadata={"description": "Index in moves.", "example": 0})
    position = fields.String(required=True, metadata={"description": "The position the move was played in.",
                                                      "example": START + " dir:cw draw:0"})
    side = fields.String(required=True, metadata={"example": "NS"})
    value_ns = fields.Float(required=True, metadata={
        "description": "The value for side NS of the position the move was played in (its best move's value).",
        "example": 0.5})
    played = fields.String(required=True, metadata={"example": "play 9H"})
    played_value = fields.Float(required=True, metadata={
        "description": "The played move's value (a draw: its expectation).", "example": -1.0})
    played_value_ns = fields.Float(required=True, metadata={
        "description": "The played move's value for side NS: the value for NS after the move.", "example": -1.0})
    after_ns = fields.Float(required=True, metadata={
        "description": "The value for side NS after the move: the next position's value, or the score once the "
                       "deal is over.", "example": -1.0})
    best = fields.String(required=True, metadata={"example": "play 5S"})
    best_value = fields.Float(required=True, metadata={"example": 0.5})
    loss = fields.Float(required=True, metadata=LOSS)
    mistake = fields.Boolean(required=True, metadata={
        "description": "True when the loss is larger than what the search tells apart (margin): a mistake the "
                       "analysis is sure of.", "example": True})
    margin = fields.Float(required=True, allow_none=True, metadata={
        "description": "The least loss the search tells apart from none: 0 when the value is exact, else how far "
                       "the best and the played move's values moved between the last two depths; null when only "
                       "depth 1 was reached (no loss is told apart).", "example": 0.25})
    stable = fields.Boolean(required=True, metadata={
        "description": "True when the best move was also the best one depth shallower (or the value is exact).",
        "example": True})
    choices = fields.Integer(required=True, metadata={
        "description": "How many legal moves there were: a step with more than one is a decision.", "example": 2})
    luck = fields.Float(required=True, allow_none=True, metadata={
        "description": "A draw's luck for the side that drew: the value after it minus the draw's expectation "
                       "over the stock (null for a play, and for a pass: a draw with nothing to draw).",
        "example": None})
    luck_ns = fields.Float(required=True, allow_none=True, metadata={
        "description": "The draw's luck for side NS (null for a play).", "example": None})
    mode = fields.String(required=True, metadata={
        "description": "How the step was searched: fixed-order turns to expectimax after a reshuffle, "
                       "whose stock has no known order.", "example": "expectimax"})
    depth = fields.Integer(required=True, metadata={"example": 6})
    exact = fields.Boolean(required=True, metadata={"example": True})
    cached = fields.Boolean(required=True, metadata={"example": False})


class SideLossSchema(Schema):
    """Total loss per side."""

    NS = fields.Float(required=True, metadata={"example": 1.5})
    EW = fields.Float(required=True, metadata={"example": 0.0})


class SideAccountSchema(Schema):
    """One side's account: its decisions, mistakes and loss, and what its draws brought it."""

    decisions = fields.Integer(required=True, metadata={"description": "Steps with more than one legal move.",
                                                        "example": 14})
    mistakes = fields.Integer(required=True, metadata={"description": "Steps whose mistake is true.", "example": 1})
    loss = fields.Float(required=True, metadata={"description": "The side's losses in all.", "example": 1.5})
    error_rate = fields.Float(required=True, metadata={"description": "Loss per decision (0 without decisions).",
                                                       "example": 0.107143})
    luck = fields.Float(required=True, metadata={
        "description": "What the side's draws brought it in all, in its own points (their luck).", "example": -3.2})
    draws = fields.Integer(required=True, metadata={"example": 3})


class SideAccountsSchema(Schema):
    """Each side's account."""

    NS = fields.Nested(SideAccountSchema, required=True)
    EW = fields.Nested(SideAccountSchema, required=True)


class SearchedSchema(Schema):
    """How each position was searched: its time (the request's, or its budget's share) or its depth."""

    time_ms = fields.Integer(required=True, allow_none=True, metadata={"example": 133})
    depth = fields.Integer(required=True, allow_none=True, metadata={"example": None})


class AnalyseSummarySchema(Schema):
    """Loss per side, the largest mistakes, each side's skill and luck, and how the deal stands
    at the end. For NS: result_ns = start_ns + skill_ns + luck_ns + drift_ns."""

    loss = fields.Nested(SideLossSchema, required=True)
    mistakes = fields.List(fields.Nested(AnalyseStepSchema), required=True, metadata={
        "description": "The mistakes (steps whose mistake is true) with the largest losses (at most 5), largest "
                       "first."})
    sides = fields.Nested(SideAccountsSchema, required=True)
    start_ns = fields.Float(required=True, metadata={"description": "The value for NS of the first position.",
                                                     "example": 2.5})
    skill_ns = fields.Float(required=True, metadata={"description": "EW's loss minus NS's.", "example": -1.5})
    luck_ns = fields.Float(required=True, metadata={"description": "NS's luck minus EW's.", "example": -3.2})
    drift_ns = fields.Float(required=True, metadata={
        "description": "What the searches disagree on: after each play, the next position's value minus the "
                       "played move's (0 when they agree, as exact values do).", "example": 0.2})
    result_ns = fields.Float(required=True, metadata={
        "description": "The deal's score for NS, or the value of its last position while it is under way.",
        "example": -2.0})
    searched = fields.Nested(SearchedSchema, required=True)
    final = fields.String(required=True, metadata={"description": "The position after the last move.",
                                                   "example": "N:K... E:Q... S:5... W:..5. up:9S turn:N dir:cw draw:0 discard:.95.."})
    over = fields.Boolean(required=True, metadata={"example": True})
    score = fields.Nested(ScoreSchema, required=True, allow_none=True)


class AnalyseResponseSchema(Schema):
    """Every step and the summary."""

    position = fields.String(required=True, metadata={"example": START + " dir:cw draw:0"})
    complete, not_done = completion_fields(
        "every step was analysed", "`steps` and `summary` are then those of the deal up to the last position searched",
        "The steps (numbered as `steps[].step` numbers them)")
    steps = fields.List(fields.Nested(AnalyseStepSchema), required=True)
    summary = fields.Nested(AnalyseSummarySchema, required=True)


PER_SEAT = "seat 0 first"


class FamilyAnalyseStepSchema(Schema):
    """One move of a family deal: the mover's played move against the best one for her (max-n),
    and every seat's value before and after it."""

    step = fields.Integer(required=True, metadata={"description": "Index in moves (a card a draw brought is an "
                                                                  "event of moves too, and no step).", "example": 0})
    position = fields.String(required=True, metadata={"description": "The position the move was made in.",
                                                      "example": FAMILY_START})
    mover = fields.Integer(required=True, metadata={"description": "The seat that moved.", "example": 0})
    played = fields.String(required=True, metadata={"example": "play 5H"})
    played_value = fields.Float(required=True, metadata={
        "description": "The played move's value for the mover (a draw: its expectation over the stock).",
        "example": 40.0})
    played_values = fields.List(fields.Float(), required=True, metadata={
        "description": f"The played move's value for every seat, {PER_SEAT}.", "example": [40.0, -13.0, -10.0, -17.0]})
    best = fields.String(required=True, metadata={"description": "The solver's best move for the mover.",
                                                  "example": "play 5H"})
    best_value = fields.Float(required=True, metadata={"example": 40.0})
    loss = fields.Float(required=True, metadata={
        "description": "Best value minus played value, for the mover (0: the best move).", "example": 0.0})
    mistake = fields.Boolean(required=True, metadata={
        "description": "True when the loss is above 0 at the depth searched (exact says whether the values are "
                       "proven).", "example": False})
    choices = fields.Integer(required=True, metadata={
        "description": "How many legal moves there were: a step with more than one is a decision.", "example": 2})
    values = fields.List(fields.Float(), required=True, metadata={
        "description": f"Every seat's value of the position the move was made in (its best move's), {PER_SEAT}.",
        "example": [40.0, -13.0, -10.0, -17.0]})
    after = fields.List(fields.Float(), required=True, metadata={
        "description": f"Every seat's value after the move (and the cards a draw brought): the next position's, "
                       f"or the payoffs once the deal is over, {PER_SEAT}.", "example": [40.0, -13.0, -10.0, -17.0]})
    cards = fields.List(fields.String(), required=True, metadata={
        "description": "The cards the move's draw brought (empty for a play or a pass).", "example": []})
    luck = fields.List(fields.Float(), required=True, allow_none=True, metadata={
        "description": f"A draw's luck for every seat: the value after it minus the draw's expectation, {PER_SEAT} "
                       "(null for a play, a pass, or a draw that brought nothing).", "example": None})
    mode = fields.String(required=True, metadata={
        "description": "How the step was searched: fixed-order turns to expectimax where the stock's order is "
                       "unknown.", "example": "expectimax"})
    depth = fields.Integer(required=True, metadata={"example": 2})
    exact = fields.Boolean(required=True, metadata={"example": False})
    cached = fields.Boolean(required=True, metadata={"example": False})


class PlayerAccountSchema(Schema):
    """One player's (seat's) account: her decisions, mistakes and loss, and what her draws brought her."""

    seat = fields.Integer(required=True, metadata={"example": 0})
    decisions = fields.Integer(required=True, metadata={"description": "Her steps with more than one legal move.",
                                                        "example": 3})
    mistakes = fields.Integer(required=True, metadata={"description": "Her steps whose mistake is true.",
                                                       "example": 0})
    loss = fields.Float(required=True, metadata={"description": "Her losses in all.", "example": 0.0})
    error_rate = fields.Float(required=True, metadata={"description": "Loss per decision (0 without decisions).",
                                                       "example": 0.0})
    luck = fields.Float(required=True, metadata={"description": "What her draws brought her in all, in her own "
                                                                "payoff.", "example": -2.5})
    draws = fields.Integer(required=True, metadata={"description": "Her draws that brought cards.", "example": 1})


class FamilyAnalyseSummarySchema(Schema):
    """Per player her account, the largest mistakes, and how the deal stands at the start and the end."""

    players = fields.List(fields.Nested(PlayerAccountSchema), required=True, metadata={
        "description": f"Each player's account, {PER_SEAT}."})
    mistakes = fields.List(fields.Nested(FamilyAnalyseStepSchema), required=True, metadata={
        "description": "The mistakes with the largest losses (at most 5), largest first."})
    start = fields.List(fields.Float(), required=True, metadata={
        "description": f"Every seat's value of the first position, {PER_SEAT}.", "example": [40.0, -13.0, -10.0, -17.0]})
    result = fields.List(fields.Float(), required=True, metadata={
        "description": f"Every seat's payoff, or the value of the last position while the deal is under way, "
                       f"{PER_SEAT}.", "example": [40.0, -13.0, -10.0, -17.0]})
    searched = fields.Nested(SearchedSchema, required=True)
    final = fields.String(required=True, metadata={"description": "The position after the last move."})
    over = fields.Boolean(required=True, metadata={"example": True})
    payoffs = fields.List(fields.String(), required=True, allow_none=True, metadata={
        "description": "The finished deal's payoffs, exact (fractions written \"-1/2\"); null while it goes on.",
        "example": ["40", "-13", "-10", "-17"]})


class FamilyAnalyseResponseSchema(Schema):
    """Every step of a family deal, the graph of every seat's value, and the summary per player."""

    rules = fields.String(required=True, metadata={"description": "The ruleset.", "example": "classic/4"})
    players = fields.Integer(required=True, metadata={"description": "The number of players.", "example": 4})
    objective = fields.String(required=True, metadata={
        "description": "maxn: each move against the best one for its own mover.", "example": "maxn"})
    mode = fields.String(required=True, metadata={"description": "How draws were treated.", "example": "expectimax"})
    position = fields.String(required=True, metadata={"example": FAMILY_START})
    complete, not_done = completion_fields(
        "every step was analysed", "`steps` and `summary` are then those of the deal up to the last position searched",
        "The steps (numbered as `steps[].step` numbers them)")
    steps = fields.List(fields.Nested(FamilyAnalyseStepSchema), required=True)
    graph = fields.List(fields.List(fields.Float()), required=True, metadata={
        "description": f"A list per seat ({PER_SEAT}): her value at the start, then after each step (steps + 1 "
                       "values): the analysis graph per player.",
        "example": [[40.0, 40.0], [-13.0, -13.0], [-10.0, -10.0], [-17.0, -17.0]]})
    summary = fields.Nested(FamilyAnalyseSummarySchema, required=True)
