"""The reference search on tiny positions whose values are worked out by hand."""

from __future__ import annotations

import pytest

from eights.engine.cards import DECK_POINTS
from eights.engine.notation import parse_position
from eights.solver import SolverError
from eights.solver.reference import ReferenceResult, search


def values(result: ReferenceResult) -> list[tuple[str, float]]:
    return [(move.notation(), value) for move, value in result.moves]


def assert_values(result: ReferenceResult, expected: list[tuple[str, float]]) -> None:
    """The moves in engine order with values equal to rounding."""
    assert [move for move, _ in values(result)] == [move for move, _ in expected]
    assert [value for _, value in values(result)] == pytest.approx([value for _, value in expected])


def test_forced_go_out_scores_the_deal() -> None:
    # Nothing left to draw (W holds every other card), so the dummy N must go out with 5H.
    # Against NS: S's 9 = 9. Against EW: E's KS (10) and W's 551 = 580 - 5 - 10 - 9 - 5.
    p = parse_position("N:.5.. E:K... S:9... W:AQJT8765432.AKQJT9876432.AKQJT98765432.AKQJT9876432 "
                       "up:5C turn:N")
    result = search(p, 1)
    assert values(result) == [("play 5H", 552.0)]
    assert result.value_ns == 552.0


def test_draw_of_two_equally_likely_cards_averages_them() -> None:
    # S cannot play 5H on 9C and draws KC or 2C. At depth 1 each scores material:
    # E+W - N - S = (10 + 9) - 10 - (5 + 10 or 5 + 20) = -6 or -16, so -11 on average.
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2")
    assert_values(search(p, 1), [("draw", -11.0)])


def test_draw_is_followed_by_the_best_reply() -> None:
    # Depth 2: after either card, W goes out with 9D and NS counts N alone (-10), which beats
    # every hand counting (10 - 10 - 15 or -25) and S alone (-15 or -25); W drawing instead
    # would score +14 or -6, worse for EW. So the draw is worth -10 for NS.
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2")
    assert_values(search(p, 2), [("draw", -10.0)])


def test_concealed_hand_going_out_lets_the_opponent_choose() -> None:
    # S goes out with 5H. EW chooses: every hand counts (10 + 9 - 3 = 16 to NS), E alone
    # (10) or W alone (9); EW takes W alone. Drawing KC instead leaves material 19 - 3 - 15 = 1.
    p = parse_position("N:3... E:K... S:.5.. W:9... up:5C turn:S stock:...K")
    result = search(p, 1)
    assert values(result) == [("play 5H", 9.0), ("draw", 1.0)]
    assert result.value_ns == 9.0


def test_ew_minimises_and_ns_chooses_after_w_goes_out() -> None:
    # W goes out with 9D; NS counts S alone (-5) rather than N (-10) or all three
    # (3 - 10 - 5 = -12). Drawing KC instead leaves material 3 + 19 - 15 = 7; EW takes -5.
    p = parse_position("N:K... E:3... S:.5.. W:..9. up:9C turn:W stock:...K")
    result = search(p, 1)
    assert values(result) == [("play 9D", -5.0), ("draw", 7.0)]
    assert result.value_ns == -5.0


def test_finished_position_is_its_payoff() -> None:
    p = parse_position("N:5... E:Q... S:... W:9... up:5H turn:W")
    result = search(p, 3)
    assert result.value_ns == 9.0 and result.moves == []


def test_horizon_evaluation_is_replaceable() -> None:
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2")
    assert search(p, 1, evaluate=lambda _: DECK_POINTS).value_ns == DECK_POINTS


def test_expectimax_ignores_the_order() -> None:
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2 order:2C,KC")
    assert search(p, 1).value_ns == pytest.approx(-11.0)


def test_fixed_order_follows_the_order() -> None:
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2 order:2C,KC")
    assert values(search(p, 1, mode="fixed-order")) == [("draw", -16.0)]


def test_fixed_order_without_an_order_is_refused() -> None:
    p = parse_position("N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2")
    with pytest.raises(SolverError, match="^mode: "):
        search(p, 1, mode="fixed-order")


def test_nodes_count_every_position_visited() -> None:
    p = parse_position("N:3... E:K... S:.5.. W:9... up:5C turn:S stock:...K")
    assert search(p, 1).nodes == 3  # the root and its two children
