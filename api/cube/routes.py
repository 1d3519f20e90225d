"""POST /v1/cube, POST /v1/game-analysis and POST /v1/game-record."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from eights.api.common.docs import problem_responses
from eights.api.cube.schemas import (
    CONTEXT_EXAMPLE,
    GAME_RECORD_EXAMPLE,
    REQUEST_EXAMPLE,
    CubeRequestSchema,
    CubeResponseSchema,
    GameAnalysisRequestSchema,
    GameAnalysisResponseSchema,
    GameRecordRequestSchema,
    GameRecordResponseSchema,
)
from eights.engine.errors import EightsError, NotationError
from eights.engine.game import GameContext, parse_game_context, read_context
from eights.engine.steps import check_seed
from eights.games import game_of
from eights.play.series.cube import advice
from eights.play.series.review import analyse_game
from eights.play.series.whole import PlayedGame, game_of_moves

blp = Blueprint("cube", __name__, url_prefix="/v1",
                description="The cube and resignation hints of a game, a whole game's record and its analysis.")


@blp.route("/cube")
class Cube(MethodView):
    """The cube and resignation hints before a deal."""

    @blp.arguments(CubeRequestSchema, examples={"position": {"value": REQUEST_EXAMPLE},
                                                 "context": {"value": CONTEXT_EXAMPLE}})
    @blp.response(200, CubeResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Give the cube hint (No double, take; Double, pass; Too good ...) and the resignation hints before a deal"""
        context = request_context(args)
        return {"context": context.to_json(), **advice(context)}


def request_context(args: dict[str, Any]) -> GameContext:
    """The game context of the request: its position's, or its keys'; NotationError naming
    the field when it has both or neither."""
    keys = {key: value for key, value in args.items() if key != "position" and value is not None}
    if "position" in args:
        if keys:
            raise NotationError(next(iter(keys)), "give the position's game context or these keys, not both")
        return parse_game_context(args["position"])
    if not keys:
        raise NotationError("deal_number", "required: a position with its game context, or deal_number (1 to 15)")
    return read_context(("json", keys))


@blp.route("/game-analysis")
class GameAnalysis(MethodView):
    """A whole game's analysis."""

    @blp.arguments(GameAnalysisRequestSchema, example={"record": GAME_RECORD_EXAMPLE, "depth": 4})
    @blp.response(200, GameAnalysisResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Analyse a whole game: its cube errors (missed and wrong doubles, wrong takes and passes) and resignation errors in equity, its move errors, and each player's rating"""
        record = args["record"]
        if not isinstance(record, dict):
            raise NotationError("record", "expected a game's record (an object)")
        game = game_of(record, args.get("rules"))
        if game.whole_game_format() is None:
            raise NotationError("rules", f"{game.name} has no game of two players around its deals (sce2, classic/2)")
        try:
            played = PlayedGame.from_record(game, record)
        except EightsError as error:
            raise type(error)(f"record.{error.field}", error.problem) from None
        return analyse_game(played, args["depth"]).to_json()


@blp.route("/game-record")
class GameRecord(MethodView):
    """A whole game's record, from its seed, its deals' moves and its cube actions."""

    @blp.arguments(GameRecordRequestSchema, example={"seed": 7, "players": ["human", "heuristic"], "deals": [],
                                                     "cube_actions": []})
    @blp.response(200, GameRecordResponseSchema)
    @problem_responses(blp, 400, 413)
    def post(self, args: dict[str, Any]) -> dict[str, Any]:
        """Write a whole game's record (as eights play --series does) from its seed, its deals' moves and its cube actions, and deal its next deal"""
        game = game_of(None, args.get("rules"))
        if game.whole_game_format() is None:
            raise NotationError("rules", f"{game.name} has no game of two players around its deals (sce2, classic/2)")
        players = args["players"]
        played = game_of_moves(game, (players[0], players[1]), check_seed(args["seed"]), args["deals"],
                               args["under_way"], args["cube_actions"])
        number = len(played.deals) + 1
        following = None if played.over or played.under_way is not None else {
            "number": number, "position": game.notation(game.match_deal(played.seed, number).start)}
        return {"record": played.record(), "over": played.over, "payoff": played.payoff, "next_deal": following}
