"""POST /v1/cube and POST /v1/game-analysis."""

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
)
from eights.engine.errors import EightsError, NotationError
from eights.engine.game import GameContext, parse_game_context, read_context
from eights.games import game_of
from eights.play.series.cube import advice
from eights.play.series.review import analyse_game
from eights.play.series.whole import PlayedGame

blp = Blueprint("cube", __name__, url_prefix="/v1",
                description="The cube and resignation hints of a game, and the analysis of a whole game.")


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
