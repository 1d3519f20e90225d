"""A family search under a time limit is bounded even where one action deep is huge: a draw of
six cards is six chance nodes, some 40^6 lines. Depth 1 then stops at the core's limit for it
(10 times the time and 1 s more) and the solve says so (SolverError naming time_ms), the
service answers 422 naming time_ms, and the bots play the heuristic's move. Timing is not
asserted: that the calls return at all is the test."""

from __future__ import annotations

import pytest

from eights.api import create_app
from eights.engine.family import legal_moves, parse_family
from eights.play.family import make_family_bot
from eights.play.family.heuristic import heuristic_move
from eights.solver import Solver
from eights.solver.errors import SolverError

SIX_TO_DRAW = "rules:openspiel/2,use_special_cards=true 0:KQJ9.K9.Q3.5 1:T6.J.K9.Q up:2C turn:0 draw:6"


def test_depth_one_that_outlasts_its_limit_is_a_solver_error_naming_time_ms() -> None:
    with pytest.raises(SolverError) as raised:
        Solver().solve(parse_family(SIX_TO_DRAW), time_ms=10)
    assert raised.value.field == "time_ms" and "search it as a job" in raised.value.problem


def test_a_two_card_draw_is_still_searched() -> None:
    solution = Solver().solve(parse_family(SIX_TO_DRAW.replace("draw:6", "draw:2")), time_ms=50)
    assert solution.depth >= 1 and solution.best is not None


def test_the_service_answers_422_naming_time_ms() -> None:
    answer = create_app().test_client().post("/v1/hint", json={"position": SIX_TO_DRAW, "time_ms": 10})
    problem = answer.get_json()
    assert answer.status_code == 422 and problem["field"] == "time_ms" and problem["code"] == "invalid-search"


@pytest.mark.parametrize("spec", ["solver:time=10", "fair:time=10,samples=2"])
def test_the_bots_play_the_heuristics_move_there(spec: str) -> None:
    position = parse_family(SIX_TO_DRAW)
    moves = list(legal_moves(position))
    bot = make_family_bot(spec)
    bot.new_game(1)
    assert bot.choose(position, moves) == heuristic_move(position, moves)
