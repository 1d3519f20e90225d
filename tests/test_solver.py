"""The Solver's API: exactness, stopping by time or nodes, threads, JSON, argument errors."""

from __future__ import annotations

import json
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import S
from engine.deal import deal_position
from engine.errors import EightsError
from engine.notation import parse_position
from engine.position import Position
from engine.rules import legal_moves
from solver import MAX_DEPTH, Solution, Solver, SolverError
from tests.positions import random_position

GO_OUT_OR_DRAW = "N:3... E:K... S:.5.. W:9... up:5C turn:S stock:...K"
ONLY_GO_OUT = ("N:.5.. E:K... S:9... W:AQJT8765432.AKQJT9876432.AKQJT98765432.AKQJT9876432 "
               "up:5C turn:N")
FINISHED = "N:5... E:Q... S:... W:9... up:5H turn:W"


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=8)


def test_finished_position_is_exact_with_no_moves(solver: Solver) -> None:
    solution = solver.solve(parse_position(FINISHED))
    assert (solution.value, solution.value_ns, solution.best, solution.moves, solution.pv) == (-9.0, 9.0, None, [], [])
    assert solution.exact and solution.depth == 0


def test_deal_that_ends_within_the_horizon_is_exact(solver: Solver) -> None:
    solution = solver.solve(parse_position(ONLY_GO_OUT), depth=1)
    assert solution.exact and solution.value == 552.0
    assert [m.notation() for m in solution.pv] == ["play 5H"]


def test_value_that_rests_on_a_horizon_leaf_is_not_exact(solver: Solver) -> None:
    solution = solver.solve(parse_position(GO_OUT_OR_DRAW), depth=1)
    assert not solution.exact
    assert [(mv.move.notation(), mv.value) for mv in solution.moves] == [("play 5H", 9.0), ("draw", 1.0)]


def test_ew_values_are_for_the_side_to_act(solver: Solver) -> None:
    solution = solver.solve(parse_position("N:K... E:3... S:.5.. W:..9. up:9C turn:W stock:...K"), depth=1)
    assert (solution.value, solution.value_ns) == (5.0, -5.0)
    assert [(mv.move.notation(), mv.value) for mv in solution.moves] == [("play 9D", 5.0), ("draw", -7.0)]


# Issue #12: a shallow search proves -6, the deepest completed depth's proof ran out of time.
PROVEN_SHALLOW = ("N:.T.. E:..A. S:..7. W:.A.Q. up:TD turn:E dir:cw draw:0 stock:..6. "
                  "discard:AKQJT98765432.KQJ98765432.KJ985432.AKQJT98765432 order:6D")
# Issue #12: an 8 named with different suits gives values that differ in the last bit.
EIGHT_SUITS = "N:..Q. E:..6. S:8..2. W:..T4.5 up:4H turn:S dir:cw draw:0 discard:.KJ.."


def test_bounds_hold_the_value(solver: Solver) -> None:
    solution = solver.solve(parse_position(GO_OUT_OR_DRAW), depth=1)
    low, high = solution.bounds
    assert low <= solution.value <= high and low < high


def test_exact_value_has_equal_bounds(solver: Solver) -> None:
    solution = solver.solve(parse_position(ONLY_GO_OUT), depth=1)
    assert solution.bounds == (552.0, 552.0)


def test_bounds_are_for_the_side_to_act(solver: Solver) -> None:
    position = parse_position("N:K... E:3... S:.5.. W:..9. up:9C turn:W stock:...K")
    low, high = solver.solve(position, depth=2).bounds
    low_ns, high_ns = Solver(tt_mb=1).solve(position, depth=2, mode="expectimax").bounds
    assert low <= 5.0 <= high and (low, high) == (low_ns, high_ns)


def test_a_proof_found_short_of_the_deepest_depth_counts(solver: Solver) -> None:
    position = parse_position(PROVEN_SHALLOW)
    assert solver.solve(position, depth=2, mode="fixed-order").exact
    solution = solver.solve(position, time_ms=100, mode="fixed-order")
    assert solution.exact and solution.value_ns == -6.0 and solution.bounds == (6.0, 6.0)


def test_values_equal_within_tolerance_are_equal(solver: Solver) -> None:
    solution = solver.solve(parse_position(EIGHT_SUITS), depth=3)
    eights = [mv for mv in solution.moves if mv.move.notation() in ("play 8S/S", "play 8S/H", "play 8S/D")]
    assert len({mv.value for mv in eights}) == 1
    assert solution.best is not None and solution.best.notation() == "play 8S/S"


KNOWN_DRAW = "N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2 order:2C,KC"


def test_pv_follows_known_draws_and_stops_at_a_random_one(solver: Solver) -> None:
    # S must draw: from the known order 2C, then W goes out with 9D.
    fixed = solver.solve(parse_position(KNOWN_DRAW), depth=4, mode="fixed-order")
    random_draws = solver.solve(parse_position(KNOWN_DRAW), depth=4)
    assert [m.notation() for m in fixed.pv] == ["draw", "play 9D"]
    assert [m.notation() for m in random_draws.pv] == ["draw"]


def test_pv_reaches_the_horizon() -> None:
    # S draws 2C. Then W goes out with 9D (NS counts N: -10) rather than draw KC
    # (material 29 - 10 - 25 = -6 at the horizon).
    fixed = Solver(tt_mb=1).solve(parse_position(KNOWN_DRAW), depth=2, mode="fixed-order")
    assert fixed.value_ns == -10.0
    assert [m.notation() for m in fixed.pv] == ["draw", "play 9D"]


def big_position() -> Position:
    return deal_position(1, dealer=2, seed=11)


def test_time_limit_returns_a_completed_depth(solver: Solver) -> None:
    position = big_position()
    solution = solver.solve(position, time_ms=50)
    assert 1 <= solution.depth < MAX_DEPTH
    assert len(solution.moves) == len(legal_moves(position))


def test_node_limit_returns_the_values_of_the_completed_depth(solver: Solver) -> None:
    position = big_position()
    stopped = solver.solve(position, depth=MAX_DEPTH, node_limit=20_000)
    full = solver.solve(position, depth=stopped.depth)
    assert 1 <= stopped.depth < MAX_DEPTH
    assert stopped.moves == full.moves and stopped.value_ns == full.value_ns


def test_threads_get_the_same_answers_as_one() -> None:
    rng = random.Random(3)
    positions = [random_position(rng) for _ in range(12)]
    expected = [Solver(tt_mb=4).solve(p, depth=3).moves for p in positions]
    shared, results = Solver(tt_mb=4), {}

    def work(name: str, solver: Solver) -> None:
        results[name] = [solver.solve(p, depth=3).moves for p in positions]

    threads = [threading.Thread(target=work, args=(name, s))
               for name, s in (("a", shared), ("b", shared), ("c", Solver(tt_mb=4)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {"a": expected, "b": expected, "c": expected}


def test_to_json_shape(solver: Solver) -> None:
    data = solver.solve(parse_position(GO_OUT_OR_DRAW), depth=1).to_json()
    assert set(data) == {"side", "value", "value_ns", "best", "moves", "pv", "depth", "exact", "bounds", "nodes",
                         "time_ms", "mode", "evaluation", "table"}
    assert data["best"] == "play 5H" and data["pv"] == ["play 5H"]
    assert data["moves"] == [{"move": "play 5H", "value": 9.0}, {"move": "draw", "value": 1.0}]
    assert (data["depth"], data["exact"], data["mode"], data["evaluation"]) == (1, False, "expectimax", "material")
    assert {"bytes", "entries", "used", "probes", "hits"} <= set(data["table"])
    assert json.loads(json.dumps(data)) == data
    assert json.loads(json.dumps(solver.solve(parse_position(FINISHED)).to_json()))["best"] is None


@given(st.integers(0, 10**6))
@settings(derandomize=True, max_examples=40, deadline=None)
def test_solution_invariants(solver: Solver, seed: int) -> None:
    position = random_position(random.Random(seed), fixed_order=seed % 3 == 0)
    solution = solver.solve(position, depth=2, mode="fixed-order" if position.order else "expectimax")
    engine_order = list(legal_moves(position))
    assert {mv.move for mv in solution.moves} == set(engine_order)
    keys = [(-mv.value, engine_order.index(mv.move)) for mv in solution.moves]
    assert keys == sorted(keys)
    assert solution.best == solution.moves[0].move == solution.pv[0]
    assert solution.value == solution.moves[0].value
    assert solution.value == (solution.value_ns if position.side_to_act == 0 else -solution.value_ns)


@pytest.mark.parametrize(("arguments", "field"), [
    ({"mode": "minimax"}, "mode"),
    ({"evaluation": "mobility"}, "evaluation"),
    ({"depth": 0}, "depth"),
    ({"depth": MAX_DEPTH + 1}, "depth"),
    ({"depth": 2.5}, "depth"),
    ({"depth": True}, "depth"),
    ({"time_ms": 0}, "time_ms"),
    ({"time_ms": -5}, "time_ms"),
    ({"time_ms": float("nan")}, "time_ms"),
    ({"node_limit": 0}, "node_limit"),
    ({"mode": "fixed-order"}, "mode"),
])
def test_bad_arguments_raise_solver_error(solver: Solver, arguments: dict[str, object], field: str) -> None:
    with pytest.raises(SolverError, match=f"^{field}: ") as raised:
        solver.solve(parse_position(GO_OUT_OR_DRAW), **arguments)  # type: ignore[arg-type]
    assert isinstance(raised.value, EightsError) and raised.value.field == field


def test_depth_cap_is_the_cores() -> None:
    from solver import _core
    assert MAX_DEPTH == _core.MAX_DEPTH


@pytest.mark.parametrize("tt_mb", [0, -1, 1.5, 10**6])
def test_bad_table_size_raises_solver_error(tt_mb: object) -> None:
    with pytest.raises(SolverError, match="^tt_mb: "):
        Solver(tt_mb=tt_mb)  # type: ignore[arg-type]


def test_json_values_have_six_decimals_at_most(solver: Solver) -> None:
    data = solver.solve(parse_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"),
                        depth=2).to_json()
    values = [data["value"], data["value_ns"], *data["bounds"], *(move["value"] for move in data["moves"])]
    assert all(value == round(value, 6) for value in values) and data["side"] == "EW"


@pytest.mark.parametrize("seed", range(4))
def test_solution_round_trips_through_json_with_every_digit(solver: Solver, seed: int) -> None:
    solution = solver.solve(deal_position(3 + seed, S, seed), depth=3)
    assert Solution.from_json(json.loads(json.dumps(solution.to_json(digits=None)))) == solution
