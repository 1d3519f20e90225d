"""Issue #30: the family's reference search in fixed order (``stock="fixed-order"``): each draw
brings the order's top card, a reshuffle makes the order unknown again, and ``expectimax``
drops an order a position carries; on positions of every preset, in both modes, against the
plain recursions of tests/test_family_search_brute.py (which follow the engine's chance
outcomes, the top card alone when the order is known)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from eights.engine.family import FamilyMove, apply_chance, apply_move, parse_family
from eights.engine.family.position import FamilyPosition
from eights.solver.errors import SolverError
from eights.solver.family import solve
from eights.solver.family.reference import Search
from tests.test_family_search_brute import RULESETS, depths, maxn, minimax, random_positions

DISCARD_RULESETS = tuple(name for name in RULESETS if not name.startswith("layout"))


def ordered(position: FamilyPosition, seed: int) -> FamilyPosition:
    """``position`` with its stock in a seeded order (a card held twice listed twice)."""
    order = list(position.stock)
    random.Random(seed).shuffle(order)
    return replace(position, order=tuple(order) or None)


def fixed_positions(name: str, seed: int) -> list[FamilyPosition]:
    return [ordered(p, seed + i) for i, p in enumerate(random_positions(name, len(depths(name)), seed=seed))]


@pytest.mark.parametrize("name", DISCARD_RULESETS)
def test_fixed_order_maxn_equals_the_plain_recursion_over_the_known_draws(name: str) -> None:
    for depth, position in zip(depths(name), fixed_positions(name, 2)):
        solution = solve(position, depth=depth, stock="fixed-order", evaluation="material")
        assert solution.values == pytest.approx(maxn(position, depth), abs=1e-6)
        for move_value in solution.moves:
            assert move_value.values == pytest.approx(maxn(apply_move(position, move_value.move), depth - 1), abs=1e-6)


@pytest.mark.parametrize("name", DISCARD_RULESETS)
def test_fixed_order_paranoid_equals_plain_minimax_over_the_known_draws(name: str) -> None:
    for number, (depth, position) in enumerate(zip(depths(name), fixed_positions(name, 3))):
        player = (position.turn + number) % position.players
        solution = solve(position, depth=depth, mode="paranoid", player=player, stock="fixed-order", evaluation="material")
        assert solution.value == pytest.approx(minimax(position, depth, player), abs=1e-6)


@pytest.mark.parametrize("name", DISCARD_RULESETS)
def test_expectimax_drops_the_order(name: str) -> None:
    for depth, position in zip(depths(name), fixed_positions(name, 4)):
        with_order = solve(position, depth=depth)
        without = solve(replace(position, order=None), depth=depth)
        assert with_order.values == without.values
        assert [m.values for m in with_order.moves] == [m.values for m in without.moves]


def test_a_known_draw_is_worth_its_one_card() -> None:
    p = parse_family("rules:classic/2 0:4... 1:9.K.. up:5C turn:0 stock:..2.4 order:4C,2D")
    drawn = apply_move(p, next(m for m in solve(p, depth=1, stock="fixed-order").moves).move)
    search = Search(p.rules)
    assert drawn.owed and search.value(drawn, 2) == search.value(apply_chance(drawn, 42), 2)


def test_after_a_reshuffle_draws_are_at_random_again() -> None:
    # one card in the stock: its order is the only one, so the two modes agree; the lazy
    # reshuffle that follows is random in both
    p = parse_family("rules:classic/3 0:4.3.. 1:9.K.. 2:T.Q.. up:5C turn:0 stock:...4 order:4C")
    fixed = solve(p, depth=3, stock="fixed-order", evaluation="material")
    random_ = solve(replace(p, order=None), depth=3)
    assert fixed.pv == [FamilyMove("draw")]  # the line stops at a draw, known or not
    assert fixed.values == random_.values


def test_the_layout_game_has_nothing_to_order() -> None:
    position = random_positions("layout/3", 1)[0]
    assert solve(position, depth=3, stock="fixed-order").values == solve(position, depth=3).values


def test_fixed_order_needs_the_stocks_order() -> None:
    p = parse_family("rules:classic/2 0:4... 1:9.K.. up:5C turn:0 stock:..2.4")
    with pytest.raises(SolverError, match="^stock: fixed-order needs"):
        solve(p, depth=1, stock="fixed-order", evaluation="material")


def test_an_unknown_stock_mode_is_refused_naming_stock() -> None:
    p = parse_family("rules:classic/2 0:4... 1:9.K.. up:5C turn:0 stock:..2.4 order:4C,2D")
    with pytest.raises(SolverError, match="^stock: unknown stock mode 'fixed'"):
        solve(p, depth=1, stock="fixed")
