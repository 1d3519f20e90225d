"""The native solver against the pure-Python reference: every root move's value, on 300
seeded random positions at depths 1-4, with every evaluation, through one warm table shared
by every call; and trained models whose leaves reach the clamp, or of random weights, through
the core directly."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from collections.abc import Callable

import pytest

from eights.engine.cards import count
from eights.engine.notation import compact, parse_position
from eights.engine.position import Position
from eights.solver import Solver, _core
from eights.solver.convert import LEAF_CODES, move_code, to_state
from eights.solver.evaluation import EVALUATIONS, optimistic, pessimistic
from eights.solver.reference import ReferenceResult, TooManyNodes, search
from eights.solver.trained import FEATURES, TrainedModel, shipped_model
from tests.positions import EDGE_POSITIONS, draw_outcomes_count, has_pending, is_extended, sample
from tests.time_limit import time_limit

POSITIONS = 300
MAX_DEPTH = 4
NODE_BUDGET = 10_000  # the reference deepens until a search would visit more positions
TOLERANCE = 1e-9
MAX_OUTCOMES = 1000
CLAMPED_POSITIONS = 60
CLAMPING_SCALE = 40.0  # the shipped weights times this put many leaves beyond +-580
EDGE_SECONDS = 30


def small(position: Position) -> bool:
    """1-4 cards a hand (random draws can grow them), and no draw of thousands of outcomes
    (6 pending from a stock of 35) that would cost the reference a minute."""
    return max(count(hand) for hand in position.hands) <= 4 and draw_outcomes_count(position) <= MAX_OUTCOMES


KINDS: list[tuple[str, Callable[[Position], bool]]] = [
    ("plain", small),
    ("plain", small),
    ("pending", lambda p: small(p) and has_pending(p)),
    ("extended", lambda p: small(p) and is_extended(p)),
    ("ordered", lambda p: small(p) and p.order is not None),
]


def case(index: int) -> tuple[str, Position, tuple[str, ...]]:
    """Test case ``index``: its kind, a position of that kind and the modes to search it in
    (both, one after the other, when the stock's order is known)."""
    kind, wanted = KINDS[index % len(KINDS)]
    position = sample(random.Random(index), wanted)
    modes = ("fixed-order", "expectimax") if position.order is not None else ("expectimax",)
    return kind, position, modes


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=8)


def reference_by_depth(position: Position, mode: str, evaluate: Callable[[Position], float],
                       ) -> dict[int, ReferenceResult]:
    """The reference at depths 1, 2, ... up to MAX_DEPTH, while it stays within NODE_BUDGET."""
    results: dict[int, ReferenceResult] = {}
    for depth in range(1, MAX_DEPTH + 1):
        try:
            results[depth] = search(position, depth, mode, evaluate, max_nodes=NODE_BUDGET)
        except TooManyNodes:
            break
    return results


@pytest.mark.parametrize("evaluation", list(EVALUATIONS))
@pytest.mark.parametrize("index", range(POSITIONS))
def test_every_move_value_matches_the_reference(solver: Solver, index: int, evaluation: str) -> None:
    kind, position, modes = case(index)
    for mode in modes:
        check_against_reference(solver, kind, position, mode, evaluation)


def check_against_reference(solver: Solver, kind: str, position: Position, mode: str, evaluation: str) -> None:
    """Every depth the reference reaches, deepest first (so the table holds deeper entries)."""
    references = reference_by_depth(position, mode, EVALUATIONS[evaluation])
    for depth in sorted(references, reverse=True):
        expected = references[depth]
        solution = solver.solve(position, depth=depth, mode=mode, evaluation=evaluation)
        sign = 1 if position.side_to_act == 0 else -1
        got = {mv.move.notation(): sign * mv.value for mv in solution.moves}
        want = {move.notation(): value for move, value in expected.moves}
        where = f"{kind} {compact(position)} mode={mode} evaluation={evaluation} depth={depth}"
        assert got.keys() == want.keys(), where
        for move, value in want.items():
            assert got[move] == pytest.approx(value, abs=TOLERANCE), f"{where} move={move}"
        assert solution.value_ns == pytest.approx(expected.value_ns, abs=TOLERANCE), where
        assert solution.depth == depth, where


@pytest.mark.parametrize("evaluation", list(EVALUATIONS))
@pytest.mark.parametrize("text", EDGE_POSITIONS)
def test_every_move_value_matches_the_reference_on_the_edge_positions(solver: Solver, text: str,
                                                                      evaluation: str) -> None:
    position = parse_position(text)
    if not position.is_over:
        with time_limit(EDGE_SECONDS):
            check_against_reference(solver, "edge", position, "expectimax", evaluation)


@pytest.mark.parametrize("index", range(0, POSITIONS, 10))
def test_exact_matches_the_reference_bounds(solver: Solver, index: int) -> None:
    _, position, modes = case(index)
    mode = modes[0]
    for depth in (1, 2):
        low = search(position, depth, mode, evaluate=pessimistic).value_ns
        high = search(position, depth, mode, evaluate=optimistic).value_ns
        exact = solver.solve(position, depth=depth, mode=mode).exact
        assert exact == math.isclose(low, high, abs_tol=TOLERANCE), f"{compact(position)} depth={depth}"


RANDOM_WEIGHT = 2.0  # a random model's weights lie in +-this: some leaves clamp, most do not


@pytest.fixture(scope="module", params=["clamping", "random"])
def other_model(request: pytest.FixtureRequest) -> TrainedModel:
    """The shipped weights scaled until many leaves reach the clamp; or seeded random weights,
    so that every feature's place in the core's weights is checked, not only the shipped ones'."""
    if request.param == "clamping":
        return TrainedModel("clamping", tuple(CLAMPING_SCALE * w for w in shipped_model().weights))
    rng = random.Random(12)
    return TrainedModel("random", tuple(rng.uniform(-RANDOM_WEIGHT, RANDOM_WEIGHT) for _ in FEATURES))


@pytest.mark.parametrize("index", range(CLAMPED_POSITIONS))
def test_other_models_match_the_reference(other_model: TrainedModel, index: int) -> None:
    """Leaves beyond +-580 are clamped alike, a draw at the horizon whose outcomes may reach
    the clamp is enumerated rather than taken in closed form, and every weight means the same
    feature in the core as in the reference."""
    _, position, modes = case(index)
    table, model = _core.Table(8), _core.Model(other_model.weights)
    for mode in modes:
        for depth, expected in sorted(reference_by_depth(position, mode, other_model.value_ns).items()):
            searched = position if mode == "fixed-order" else replace(position, order=None)
            result = _core.search(table, to_state(searched), depth, 0, 0, LEAF_CODES["trained"], model)
            want = {move_code(move): value for move, value in expected.moves}
            where = f"{compact(position)} mode={mode} depth={depth}"
            assert dict(result["moves"]) == pytest.approx(want, abs=TOLERANCE), where
