"""Issue #30: max-n on hand-made family positions whose values are worked out by hand
(RULES-FAMILY "The solver's objective with N > 2 players"), and the horizon's material per
game. Hands are written spades.hearts.diamonds.clubs; ``stock:`` gives the stock, the rest of
the deck is the discard pile."""

from __future__ import annotations

import pytest

from eights.engine.family import parse_family
from eights.solver.family import leader, material, solve


def ranked(position_text: str, depth: int) -> list[tuple[str, tuple[float, ...] | None]]:
    solution = solve(parse_family(position_text), depth=depth)
    return [(move_value.move.notation(), move_value.values) for move_value in solution.moves]


def test_the_mover_maximises_her_own_payoff_whatever_it_costs_the_others() -> None:
    # sce/3: seat 0 goes out with 5S (0 for her) rather than draw KH.
    solution = solve(parse_family("rules:sce/3 0:5... 1:9... 2:Q... up:5C turn:0 stock:.K.."), depth=1)
    assert solution.best is not None and solution.best.notation() == "play 5S"
    assert solution.values == (0.0, -9.0, -10.0) and solution.exact is False  # the draw's line is not searched out


def test_tied_moves_go_to_the_lowest_payoff_for_the_leader() -> None:
    # sce/3, seat 0 holds 5S and 5H on 5C: either leaves her 5 points (-5). The leader is seat 1
    # (9 points against 10 and 10). After 5S seat 1 goes out with 9S (0 for her); after 5H she
    # must draw 2C and seat 2 goes out with KH: seat 1 pays 9 + 20. So 5H, though 5S comes first.
    p = "rules:sce/3 0:5.5.. 1:9... 2:.K.. up:5C turn:0 stock:...2"
    assert ranked(p, 3)[:2] == [("play 5H", (-5.0, -29.0, 0.0)), ("play 5S", (-5.0, 0.0, -10.0))]


def test_moves_tied_for_the_mover_and_the_leader_keep_the_engines_order() -> None:
    # At depth 1 either 5 leaves every other hand as it is: 5S (by card number) comes first.
    p = "rules:sce/3 0:5.5.. 1:K... 2:.K.. up:5C turn:0 stock:...2"
    assert ranked(p, 1) == [("play 5S", (-5.0, -10.0, -10.0)), ("play 5H", (-5.0, -10.0, -10.0)),
                            ("draw", (-30.0, -10.0, -10.0))]


def test_the_leader_holds_the_fewest_points_and_ties_go_clockwise_from_the_mover() -> None:
    assert leader(parse_family("rules:classic/4 0:2... 1:K... 2:A.A.. 3:5... up:9C turn:3")) == 0  # 2 < 5 < 10
    assert leader(parse_family("rules:classic/4 0:2... 1:K... 2:.2.. 3:5... up:9C turn:1")) == 2  # 2 and 2: 2 first from 1
    assert leader(parse_family("rules:classic/4 0:2... 1:.2.. 2:K... 3:5... up:9C turn:1")) == 1  # the mover included


def test_a_draw_averages_its_cards_by_their_probability() -> None:
    # classic/3, draw=one: seat 0 cannot play KS on 5C and draws 2H or 9H (one half each), then
    # the turn passes and material counts: seat 2 (4D) has the fewest and collects
    # (10 + 2) + 7 = 19 or (10 + 9) + 7 = 26; seat 0 pays 12 or 19.
    p = "rules:classic/3,draw=one 0:K... 1:..7. 2:..4. up:5C turn:0 stock:.92.."
    assert ranked(p, 1) == [("draw", (-15.5, -7.0, 22.5))]


def test_a_draw_two_penalty_averages_over_every_pair_of_cards() -> None:
    # sce/3: seat 0 faces 2C's draw of 2 from 3H 4H 6H: each pair one third, and she pays
    # KS's 10 and the pair's points: (17 + 19 + 20) / 3.
    solution = solve(parse_family("rules:sce/3 0:K... 1:Q... 2:J... up:2C turn:0 draw:2 stock:.643.."), depth=1)
    assert [move.move.notation() for move in solution.moves] == ["draw"]
    assert solution.values == pytest.approx((-56 / 3, -10.0, -10.0), abs=1e-12)


def test_the_principal_variation_stops_after_a_draw_left_to_chance() -> None:
    solution = solve(parse_family("rules:sce/3 0:5.5.. 1:9... 2:.K.. up:5C turn:0 stock:...2"), depth=3)
    assert [move.notation() for move in solution.pv] == ["play 5H", "draw"]


@pytest.mark.parametrize("position, expected", [
    # sce: each pays her own points, an 8 50 and a 2 20.
    ("rules:sce/3 0:8... 1:2.A.. 2:K... up:5C turn:0", (-50.0, -21.0, -10.0)),
    # classic: the fewest points (seat 1's 5) collects the others' (10 + 59).
    ("rules:classic/3 0:K... 1:5... 2:9.8.. up:5C turn:0", (-10.0, 69.0, -59.0)),
    # classic, a tie for the fewest: the first clockwise from the dealer's left (dealer 1: seat 2).
    ("rules:classic/3 0:5... 1:K... 2:.5.. up:7C turn:0 dealer:1", (-5.0, -10.0, 15.0)),
    # openspiel: pyspiel's penalty, the card id + 2 for a 2 to T (9S 33, 2C 2), A 10.
    ("rules:openspiel/2 0:9A... 1:...2 up:5C turn:0", (-43.0, -2.0)),
    # layout: the highest count (A = 15) takes half the pool of 3, the lowest the other half.
    ("rules:layout/3 0:A... 1:.5.. 2:..7. piles:7C/KD/2S/3S/4S/5S/6S/9S turn:0", (0.5, 0.5, -1.0)),
])
def test_material_is_the_payoff_of_the_deal_blocked_now(position: str, expected: tuple[float, ...]) -> None:
    assert material(parse_family(position)) == expected
