"""Issue #39: the family's search by time in the C core (solver/native/family_uct.c): UCT over
the plans of the hand to act, the other hands playing the heuristic, the heuristic's playouts
below the tree. Every legal move of the root is searched and counted, an iteration limit makes
the answer reproducible, a move that goes out is found, without chance the choice is her best
plan's, the paranoid reading plays against its seat, a full tree goes on by playouts, and bad
limits are refused, naming them."""

from __future__ import annotations

import pytest

from eights.engine.family import FamilyMove, FamilyPosition, apply_move, legal_moves, parse_family
from eights.engine.family.scoring import payoffs
from eights.play.family.heuristic import heuristic_move
from eights.engine.family.deal import deal
from eights.engine.family.ruleset import parse_rules
from eights.solver import _core
from eights.solver.family_convert import move_of, to_state

MAXN = -1
MAX_NODES = 1 << 20
SHORT = parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT.")


def uct(position, iterations: int, paranoid_for: int = MAXN, max_nodes: int = MAX_NODES, seed: int = 5) -> dict:
    return _core.family_uct(to_state(position), iterations, 0, 0.2, paranoid_for, max_nodes, seed)


def test_every_legal_move_is_searched_alike_in_the_engines_order_and_the_best_is_named() -> None:
    position = deal(parse_rules("classic/4"), seed=5)
    found = uct(position, 3000)
    assert [move_of(position, code) for code, _, _ in found["moves"]] == list(legal_moves(position))
    visits = [count for _, _, count in found["moves"]]
    assert visits == [visits[0]] * len(visits) and sum(visits) == found["iterations"] >= 3000  # whole rounds
    mover = position.turn
    assert found["moves"][found["best"]][1][mover] == max(means[mover] for _, means, _ in found["moves"])
    assert len(visits) < found["nodes"] <= found["iterations"] + len(visits) + 1  # at most one node an iteration
    for _, means, _ in found["moves"]:
        assert len(means) == 4 and sum(means) == pytest.approx(0.0)  # classic: the winner collects


def test_an_iteration_limit_gives_the_same_answer_from_the_same_seed() -> None:
    assert uct(SHORT, 500) == uct(SHORT, 500)
    assert uct(SHORT, 500) != uct(SHORT, 500, seed=6)


def test_the_move_that_goes_out_is_the_most_chosen() -> None:
    going_out = parse_family("rules:classic/2 0:..7. 1:5..9.2 turn:0 up:7S stock:A6..JT.")
    found = uct(going_out, 400)
    assert move_of(going_out, found["moves"][found["best"]][0]) == FamilyMove.from_notation("play 7D")


def best_plan(position: FamilyPosition, hand: int) -> tuple[float, ...]:
    """The payoffs of ``hand``'s best plan in a deal without chance, the other hands playing
    the heuristic: what the search's tree converges to."""
    if position.is_over:
        return tuple(float(pay) for pay in payoffs(position))
    moves = list(legal_moves(position))
    if position.turn != hand:
        return best_plan(apply_move(position, heuristic_move(position, moves)), hand)
    return max((best_plan(apply_move(position, move), hand) for move in moves), key=lambda pay: pay[hand])


def test_with_no_chance_and_enough_iterations_the_choice_is_her_best_plans_first_move() -> None:
    """A layout deal has no stock: the tree reaches the deal's ends, and its choice is worth to
    the hand to act what her best plan is, the others playing the heuristic."""
    position = deal(parse_rules("layout/6"), seed=1)
    hand = position.turn
    worth = {move: best_plan(apply_move(position, move), hand)[hand] for move in legal_moves(position)}
    found = uct(position, 20_000)
    chosen = move_of(position, found["moves"][found["best"]][0])
    assert worth[chosen] == max(worth.values())
    assert found["moves"][found["best"]][1][hand] == pytest.approx(max(worth.values()))


def test_paranoid_plays_against_its_seat() -> None:
    """Seat 0 to act, every hand against seat 1: seat 0's most chosen move is the one whose
    mean for seat 1 is the least."""
    found = uct(SHORT, 3000, paranoid_for=1)
    means = [means[1] for _, means, _ in found["moves"]]
    assert means[found["best"]] == min(means)


def test_a_full_tree_goes_on_playing_out_from_its_leaves() -> None:
    position = deal(parse_rules("classic/4"), seed=5)
    found = uct(position, 5000, max_nodes=1)
    assert found["iterations"] >= 5000 and found["nodes"] == 129  # the root and a node a move, at least
    assert sum(count for _, _, count in found["moves"]) == found["iterations"]


@pytest.mark.parametrize("iterations, time_ms, exploration, paranoid_for, max_nodes", [
    (-1, 0, 0.2, MAXN, MAX_NODES), (0, 0, 0.2, MAXN, MAX_NODES), (10, -1, 0.2, MAXN, MAX_NODES),
    (10, 0, -0.1, MAXN, MAX_NODES), (10, 0, 0.2, MAXN, 0), (10, 0, 0.2, MAXN, MAX_NODES + 1)])
def test_bad_limits_are_refused_naming_them(iterations: int, time_ms: int, exploration: float, paranoid_for: int,
                                            max_nodes: int) -> None:
    with pytest.raises(ValueError, match="family_uct: iterations and time_ms must be"):
        _core.family_uct(to_state(SHORT), iterations, time_ms, exploration, paranoid_for, max_nodes, 1)


@pytest.mark.parametrize("paranoid_for", [-2, 3])
def test_a_paranoid_seat_must_be_a_seat(paranoid_for: int) -> None:
    with pytest.raises(ValueError, match="paranoid_for must be"):
        _core.family_uct(to_state(SHORT), 10, 0, 0.2, paranoid_for, MAX_NODES, 1)


def test_a_position_with_nothing_to_choose_is_refused() -> None:
    drawing = parse_family("rules:sce/4 0:5.KJ.4.K84 1:A6.9.J3.6 2:KT7.3..Q9 3:QJ..AQ8.72 up:2S turn:3 owed:1")
    with pytest.raises(ValueError, match="no move to choose"):
        uct(drawing, 10)
