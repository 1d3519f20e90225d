"""Issue #40 item 5: a deal played for the game around it. The core's search under a utility
(what each payoff is worth) agrees with the reference search's, move by move; the identity
utility gives the points' values; ``play_for`` is chosen as RULES.md says; and the bots play
for it."""

from __future__ import annotations

import random

import pytest

from eights.engine.cards import S, count
from eights.engine.deal import deal_position
from eights.engine.game import GameContext
from eights.engine.notation import compact
from eights.engine.rules import legal_moves
from eights.play.bots import make_bot
from eights.play.bots.spec import BotSpecError
from eights.play.series.play_for import GAME, MEAN, POINTS, SERIES, SPREAD, choose, utility_for
from eights.solver import Solver
from eights.solver.evaluation import EVALUATIONS
from eights.solver.reference import TooManyNodes, search
from eights.solver.utility import DECK_POINTS, Utility
from tests.positions import sample
from tests.test_solver_differential import small

TOLERANCE = 1e-9
NODE_BUDGET = 10_000
CONTEXTS = [GameContext.of(15, lead=-25), GameContext.of(14, lead=40, cube=2, owner=1), GameContext.of(13, lead=0)]


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=8)


@pytest.mark.parametrize("horizon", [MEAN, SPREAD])
@pytest.mark.parametrize("play_for", [GAME, SERIES])
@pytest.mark.parametrize("index", range(12))
def test_the_core_under_a_utility_matches_the_reference(solver: Solver, index: int, play_for: str,
                                                        horizon: str) -> None:
    position = sample(random.Random(1000 + index), small)
    context = CONTEXTS[index % len(CONTEXTS)]
    utility = utility_for(context, play_for, 8, horizon)
    scale, sign = utility.scale, 1 if position.side_to_act == 0 else -1
    for evaluation, evaluate in EVALUATIONS.items():
        for depth in (3, 2, 1):
            try:
                expected = search(position, depth, evaluate=evaluate, max_nodes=NODE_BUDGET, utility=utility)
            except TooManyNodes:
                continue
            solution = solver.solve(position, depth=depth, evaluation=evaluation, utility=utility)
            where = f"{compact(position)} {play_for} {horizon} {evaluation} depth={depth}"
            got = {mv.move.notation(): sign * (mv.value - utility.center) * scale for mv in solution.moves}
            want = {move.notation(): value for move, value in expected.moves}
            assert got.keys() == want.keys(), where
            for move, value in want.items():
                assert got[move] == pytest.approx(value, abs=TOLERANCE), f"{where} move={move}"
            assert solution.play_for == play_for and solution.to_json()["play_for"] == play_for


def test_the_identity_utility_gives_the_points_values(solver: Solver) -> None:
    """Worth = payoff: the same values as no utility (the draw at the horizon then enumerated,
    not taken in closed form)."""
    identity = [float(payoff) for payoff in range(-DECK_POINTS, DECK_POINTS + 1)]
    utility = Utility.of("identity", identity, identity, total=0.0)
    position = deal_position(13, S, 5)
    points = solver.solve(position, depth=4)
    worth = solver.solve(position, depth=4, utility=utility)
    assert [mv.move for mv in worth.moves] == [mv.move for mv in points.moves]
    assert [mv.value for mv in worth.moves] == pytest.approx([mv.value for mv in points.moves], abs=1e-6)
    assert "play_for" not in points.to_json() and points.play_for == POINTS


def test_a_game_value_is_the_side_to_acts_chance_and_ns_gets_the_rest(solver: Solver) -> None:
    position = deal_position(15, S, 3)
    solution = solver.solve(position, depth=3, utility=utility_for(GameContext.of(15, lead=10), GAME, 32))
    assert 0.0 <= solution.value <= 1.0
    assert solution.value + solution.value_ns == pytest.approx(1.0) if solution.side == 1 else \
        solution.value == solution.value_ns


def test_play_for_is_game_in_a_game_and_points_alone() -> None:
    context = GameContext.of(12, lead=60)
    assert choose(None, context) == GAME and choose(None, None) == POINTS
    assert choose(SERIES, context) == SERIES and choose(POINTS, context) == POINTS
    with pytest.raises(ValueError, match="only in a game"):
        choose(GAME, None)
    with pytest.raises(ValueError, match="points, game, series"):
        choose("match", context)


def test_a_utility_must_not_decrease() -> None:
    worths = [0.0] * (2 * DECK_POINTS + 1)
    worths[0] = 1.0
    with pytest.raises(ValueError, match="nondecreasing"):
        Utility.of(GAME, worths, worths, 1.0)


def test_the_solver_bot_takes_play_for_and_horizon_in_its_spec() -> None:
    assert make_bot("solver:depth=2,play_for=game,horizon=mean").spec == "solver:depth=2,play_for=game,horizon=mean"
    assert make_bot("solver:depth=2,play_for=series,horizon=spread").spec == "solver:depth=2,play_for=series"
    for bad in ("solver:depth=2,play_for=match", "solver:depth=2,horizon=far"):
        with pytest.raises(BotSpecError, match="must be one of"):
            make_bot(bad)


def test_the_bot_plays_for_the_game_once_told_its_context(solver: Solver) -> None:
    """Without a context it plays the points' best move; with one, the game's (by default)."""
    position = deal_position(14, S, 11)
    bot = make_bot("solver:depth=3")
    moves = list(legal_moves(position))
    assert bot.choose(position, moves) == solver.rank(position, depth=3)[0].move
    context = GameContext.of(14, lead=-35)
    bot.play_in(context)
    utility = utility_for(context, GAME, sum(count(hand) for hand in position.hands))
    assert bot.choose(position, moves) == solver.rank(position, depth=3, utility=utility)[0].move
