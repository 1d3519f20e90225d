"""/v1/cube: a game context in (a position carrying one, or its keys); the cube hint and the
resignation hints out (eights.play.series.cube). /v1/game-analysis: a whole game's record in,
its analysis out (eights.play.series.review). /v1/game-record: a game's seed, its deals' moves
and its cube actions in (the board's game), its record and its next deal out."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from eights.answers.common.fields import EXAMPLE_POSITION, PositionField
from eights.engine.deal import DEALS
from eights.engine.match import schedule_entry

EXAMPLE_CONTEXT = {"deal_number": 13, "lead": 150, "cube": 2, "cube_owner": "NS"}
REQUEST_EXAMPLE = {"position": f"{EXAMPLE_POSITION} deal:12 lead:60 cube:1"}
CONTEXT_EXAMPLE = EXAMPLE_CONTEXT
# A game resigned before its first deal (the smallest record of a game with the cube): its
# analysis has the resignation's two decisions and no move.
GAME_RECORD_EXAMPLE = {
    "format": "eights-record", "version": 2, "kind": "match", "players": ["human", "heuristic"], "seed": 1,
    "schedule": [schedule_entry(number) for number in range(1, DEALS + 1)],
    "deals": [], "totals": [0, 0], "unfinished": None,
    "cube_actions": [{"before_deal": 1, "player": 0, "action": "resign"},
                     {"before_deal": 1, "player": 1, "action": "accept"}]}
MAX_HTTP_DEPTH = 5  # a 15-deal game at depth 5 is analysed in about 2 s
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


class GameAnalysisRequestSchema(Schema):
    """A whole game's record to analyse (eights match --series --records, eights play --series, the board's game)."""

    record = fields.Raw(required=True, metadata={
        "type": "object", "description": "The game's record: sce2's match record with its cube_actions "
                                         "(docs/rules/game.md), or classic/2's match record."})
    rules = fields.String(metadata={"description": "The game, when the record does not name it (default sce2).",
                                    "example": "sce2"})
    depth = fields.Integer(load_default=4, validate=validate.Range(1, MAX_HTTP_DEPTH), metadata={
        "description": f"The depth each move is searched to, double dummy (1 to {MAX_HTTP_DEPTH}).", "example": 4})


class GameAnalysisResponseSchema(Schema):
    """The game analysed (eights.play.series.review): each player's account and rating, the cube
    and resignation decisions judged by the tables, and the moves that lost anything."""

    game = fields.String(required=True, metadata={"example": "sce2"})
    players = fields.List(fields.String(), required=True, metadata={"example": ["human", "heuristic"]})
    deals = fields.Integer(required=True, metadata={"description": "The deals played.", "example": 4})
    leads = fields.List(fields.Integer(), required=True, metadata={
        "description": "Player 0's lead before each deal played, and after the last."})
    payoff = fields.Integer(required=True, metadata={"description": "What the game paid player 0, in points.",
                                                     "example": 200})
    winner = fields.Integer(required=True, allow_none=True, metadata={"description": "0 or 1; null: a draw."})
    ended_by = fields.String(required=True, allow_none=True, metadata={
        "description": "pass or resignation; null: played to its end."})
    depth = fields.Integer(required=True)
    win_chances = fields.List(fields.Float(), required=True, allow_none=True, metadata={
        "description": "Player 0's chance of winning the game before each deal played, from the game table "
                       "(sce2's, classic/2's); null for a game with none."})
    summary = fields.List(fields.Dict(), required=True, metadata={
        "description": "Each player's account: moves with a choice, move_error (deal points) and "
                       "move_error_equity, error_rate (points a move), cube_decisions, cube_error (equity), "
                       "errors by kind (missed double, wrong double, wrong take, wrong pass, wrong resignation, "
                       "wrong accept, wrong refuse), total_equity_error, rating (gnubg's words) and plays_like."})
    cube_decisions = fields.List(fields.Dict(), required=True, metadata={
        "description": "Each cube or resignation decision: player, before_deal, decision, done, proper, error "
                       "(points of equity, to the player) and error_kind (null when right)."})
    move_errors = fields.List(fields.Dict(), required=True, metadata={
        "description": "Each move that lost anything: player, deal, step, move, best, points, equity."})


class GameRecordRequestSchema(Schema):
    """A whole game as the board plays it: its seed (each deal is that game's: its cards as eights
    play --series --seed deals them), each deal's moves, the deal under way, the cube actions."""

    rules = fields.String(metadata={"description": "The game (default sce2; classic/2 has no cube).",
                                    "example": "sce2"})
    seed = fields.Raw(required=True, metadata={"type": "integer", "description": "The game's seed: its deals' "
                                               "cards (eights play --series --seed).", "example": 7})
    players = fields.List(fields.String(validate=validate.Length(1, 80)), validate=validate.Length(2, 2),
                          load_default=["human", "computer"],
                          metadata={"description": "Who played player 0 (deals deal 1) and player 1.",
                                    "example": ["human", "heuristic"]})
    deals = fields.List(fields.List(fields.String(validate=validate.Length(max=40)), validate=validate.Length(max=500)),
                        load_default=list, validate=validate.Length(max=1000), metadata={
                            "description": "Each finished deal's moves, its draws naming their cards (draw KS,2C), "
                                           "as /v1/apply's steps give them.",
                            "example": []})
    under_way = fields.List(fields.String(validate=validate.Length(max=40)), allow_none=True, load_default=None,
                            validate=validate.Length(max=500),
                            metadata={"description": "The moves so far of the deal under way (null: not dealt yet).",
                                      "example": None})
    cube_actions = fields.List(fields.Raw(), load_default=list, validate=validate.Length(max=200), metadata={
        "description": "The cube actions, as a record's cube_actions (docs/rules/game.md).",
        "example": [{"before_deal": 1, "player": 0, "action": "resign"},
                    {"before_deal": 1, "player": 1, "action": "refuse"}]})


class GameRecordResponseSchema(Schema):
    """The game's record (as eights play --series writes it) and the deal to play next."""

    record = fields.Dict(required=True, metadata={
        "description": "The game's record: its match record with the deal under way and its cube_actions, as "
                       "eights play --series writes it and eights analyse-game and /v1/game-analysis read it."})
    over = fields.Boolean(required=True, metadata={"description": "Whether the game is over."})
    payoff = fields.Integer(required=True, metadata={"description": "What the game pays player 0 so far (over: "
                                                                    "in the end), in points.", "example": 0})
    next_deal = fields.Dict(required=True, allow_none=True, metadata={
        "description": "The deal to play next, {number, position} (the game's deal of that number, canonical "
                       "compact form); null when the game is over or a deal is under way.",
        "example": {"number": 2, "position": EXAMPLE_POSITION}})
