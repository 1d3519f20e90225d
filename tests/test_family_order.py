"""The stock's order in family positions (#30): a known order makes each draw its top card,
a reshuffle makes it unknown again, and the notation reads and writes it strictly."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from eights.engine.errors import IllegalMoveError
from eights.engine.family.moves import FamilyMove
from eights.engine.family.notation import FamilyNotationError, compact_family, family_from_json, family_to_json, parse_family
from eights.engine.family.perft import perft
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes

ORDERED = "rules:classic/2 0:7... 1:...K up:7C turn:0 stock:.2..2 order:2C,2H"


def test_a_draw_with_a_known_order_has_one_outcome_the_top_card() -> None:
    p = apply_move(parse_family(ORDERED), FamilyMove("draw"))
    assert chance_outcomes(p) == [(40, Fraction(1))]


def test_a_draw_with_an_unknown_order_is_uniform_over_the_stock() -> None:
    p = apply_move(replace(parse_family(ORDERED), order=None), FamilyMove("draw"))
    assert chance_outcomes(p) == [(14, Fraction(1, 2)), (40, Fraction(1, 2))]


def test_a_drawn_card_leaves_the_rest_in_order() -> None:
    p = apply_chance(apply_move(parse_family(ORDERED), FamilyMove("draw")), 40)
    assert p.stock == (14,) and p.order == (14,)


def test_only_the_top_card_can_be_drawn() -> None:
    p = apply_move(parse_family(ORDERED), FamilyMove("draw"))
    with pytest.raises(IllegalMoveError, match="brings 2C, not 2H"):
        apply_chance(p, 14)


def test_an_emptied_stock_has_no_order() -> None:
    p = parse_family("rules:openspiel/2 0:7... 1:...K up:7C turn:0 stock:...2 order:2C")
    p = apply_chance(apply_move(p, FamilyMove("draw")), 40)
    assert p.stock == () and p.order is None


def test_a_lazy_reshuffle_on_the_draw_makes_the_order_unknown() -> None:
    p = parse_family("rules:classic/2 0:7... 1:...K up:7C turn:0 draw:0 stock:...2 order:2C")
    drawn = apply_chance(apply_move(p, FamilyMove("draw")), 40)
    assert drawn.stock == () and drawn.order is None
    again = apply_move(drawn, FamilyMove("draw"))
    assert len(again.stock) > 1 and again.order is None
    assert len(chance_outcomes(again)) == len(set(again.stock))


def test_a_lazy_reshuffle_during_a_penalty_makes_the_order_unknown() -> None:
    p = parse_family("rules:sce/3 0:7... 1:...K 2:Q... up:2C turn:0 draw:2 stock:...3 order:3C")
    drawn = apply_chance(apply_move(p, FamilyMove("draw")), 41)
    assert drawn.owed == 1 and len(drawn.stock) > 1 and drawn.order is None


def test_an_eager_reshuffle_forgets_the_order() -> None:
    p = parse_family("rules:openspiel/2,reshuffle=yes 0:7.5.. 1:...K up:7C turn:0 stock:...2 order:2C")
    drawn = apply_chance(apply_move(p, FamilyMove("draw")), 40)
    assert drawn.stock and drawn.order is None


def test_perft_counts_one_outcome_per_draw_with_a_known_order() -> None:
    p = parse_family(ORDERED)
    assert perft(p, 3) == 3
    assert perft(replace(p, order=None), 3) == 5


def test_compact_form_round_trips_the_order() -> None:
    p = parse_family(ORDERED)
    assert p.order == (40, 14)
    assert compact_family(p) == "rules:classic/2 0:7... 1:...K up:7C turn:0 dir:cw draw:0 stock:.2..2 order:2C,2H"
    assert parse_family(compact_family(p)) == p


def test_json_form_round_trips_the_order_as_stock_order() -> None:
    p = parse_family(ORDERED)
    data = family_to_json(p)
    assert data["stock_order"] == ["2C", "2H"]
    assert family_from_json(data) == p
    assert family_to_json(replace(p, order=None))["stock_order"] is None


def test_two_decks_list_a_card_held_twice_twice() -> None:
    hands = " ".join(f"{seat}:-" for seat in range(1, 6))
    p = parse_family(f"rules:openspiel/6 0:7... {hands} up:7C turn:0 stock:.22.. order:2H,2H")
    assert p.order == (14, 14)
    with pytest.raises(FamilyNotationError, match="^order: .*2H missing"):
        parse_family(f"rules:openspiel/6 0:7... {hands} up:7C turn:0 stock:.22.. order:2H")


@pytest.mark.parametrize(("order", "problem"), [
    ("2C", "2H missing"),
    ("2C,2H,2H", "2H once too often"),
    ("2C,2C", "2H missing, 2C once too often"),
    ("2C,9H", "9H once too often"),
])
def test_an_order_that_is_not_the_stock_is_refused_naming_the_field(order: str, problem: str) -> None:
    with pytest.raises(FamilyNotationError, match=f"^order: .*{problem}"):
        parse_family(f"rules:classic/2 0:7... 1:...K up:7C turn:0 stock:.2..2 order:{order}")


def test_a_bad_stock_order_in_json_names_stock_order() -> None:
    data = family_to_json(parse_family(ORDERED))
    data["stock_order"] = ["2C"]
    with pytest.raises(FamilyNotationError, match="^stock_order: "):
        family_from_json(data)
    data["stock_order"] = "2C,2H"
    with pytest.raises(FamilyNotationError, match="^stock_order: "):
        family_from_json(data)


def test_the_layout_game_has_no_order() -> None:
    with pytest.raises(FamilyNotationError, match="^order: "):
        parse_family("rules:layout/3 0:A... 1:K... 2:Q... piles:2S/3S/4S/5S turn:0 order:AH")
