"""Issue #30: what the family search claims exact, and its bounds: the layout game solved to
the end, a deal that once cycled through reshuffles not exact before its end, an exact value found again at every
greater depth, and bounds that hold what deeper searches find."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from eights.engine.cards import card_name
from eights.engine.family import FamilyMove, apply_chance, apply_move, chance_outcomes, deal, legal_moves, parse_family
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import parse_rules
from eights.solver.family import solve
from eights.solver.family.evaluation import payoff_range
from tests.test_family_search_brute import maxn

# classic/3, skip Q, eights must match: seats 0 and 1 hold only cards that never match QC or 5C;
# seat 2 holds every card that would. Seat 0 must draw 5C (the discard pile reshuffled) and
# play it; seat 1 must draw QC and play it, skipping seat 2: the deal is back where it was but
# for its two reshuffles, which it may not make again (RULES-FAMILY "Every deal ends"; before
# that rule it cycled for ever). Its end lies some 60 actions away.
CYCLE = ("rules:classic/3,skip=Q,eights=match 0:AK234679T8J.A2346.. 1:.K789TJ.AK2346789TJ. "
         "2:Q5.Q5.Q5.AKJT9876432 up:QC turn:0 stock:...")


def endgames(name: str, count: int, seed: int = 0) -> list[FamilyPosition]:
    """Decision nodes one to three moves from the end of random deals of ``name``."""
    rng = random.Random(f"{name}/{seed}")
    found: list[FamilyPosition] = []
    while len(found) < count:
        position, trail = deal(parse_rules(name), seed=rng.randrange(10**6)), []
        while not position.is_over:
            if position.owed:
                position = apply_chance(position, rng.choice([card for card, _ in chance_outcomes(position)]))
            else:
                trail.append(position)
                position = apply_move(position, rng.choice(list(legal_moves(position))))
        found.append(trail[-min(len(trail), rng.randrange(1, 4))])
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_five_card_four_player_layout_deal_is_solved_exactly(seed: int) -> None:
    position = deal(parse_rules("layout/4"), seed=seed)
    solution = solve(position, depth=64)
    assert solution.exact and solution.bounds == (solution.value, solution.value)
    assert solution.values == maxn(position, 64)


def test_deepening_stops_once_every_root_move_of_a_layout_deal_is_exact() -> None:
    position = deal(parse_rules("layout/4"), seed=3)
    deepened = solve(position, time_ms=60_000)
    assert deepened.exact and deepened.depth < 64
    assert deepened.moves == solve(position, depth=64).moves


def test_every_deal_ends_the_once_cyclic_position_comes_back_with_its_reshuffles_spent() -> None:
    start = position = parse_family(CYCLE)
    for step in ("draw", "5C", "play 5C", "draw", "QC", "play QC"):
        if position.owed:  # the discard pile's one card, reshuffled: drawn for certain
            assert [(card_name(card), float(p)) for card, p in chance_outcomes(position)] == [(step, 1.0)]
            position = apply_chance(position, chance_outcomes(position)[0][0])
        else:
            assert [move.notation() for move in legal_moves(position)] == [step]
            position = apply_move(position, FamilyMove.from_notation(step))
    assert replace(position, plays=0, reshuffles=0) == start  # the count of plays, which classic never reads, grew
    assert position.reshuffles == 2 and [move.notation() for move in legal_moves(position)] == ["pass"]


@pytest.mark.parametrize("mode", ["maxn", "paranoid"])
def test_the_once_cyclic_position_claims_exact_at_no_depth_short_of_its_end(mode: str) -> None:
    position = parse_family(CYCLE)
    for depth in (1, 2, 5, 12):
        solution = solve(position, depth=depth, mode=mode)
        assert not solution.exact and solution.bounds[0] < solution.value < solution.bounds[1]
    deepest = solve(position, time_ms=100, mode=mode)
    assert not deepest.exact and deepest.bounds == pytest.approx(payoff_range(position), abs=1e-6)


@pytest.mark.parametrize("name", ["openspiel/2", "openspiel/3", "layout/3"])
def test_an_exact_value_is_found_again_at_every_greater_depth(name: str) -> None:
    checked = 0
    for position in endgames(name, 6):
        for depth in (1, 2):
            shallow = solve(position, depth=depth)
            if shallow.exact:
                checked += 1
                assert all(solve(position, depth=deeper).values == shallow.values for deeper in (depth + 1, depth + 2))
    assert checked


@pytest.mark.parametrize("name", ["sce/3", "classic/3,draw2=2", "openspiel/2", "layout/4"])
@pytest.mark.parametrize("mode", ["maxn", "paranoid"])
def test_bounds_hold_what_deeper_searches_find(name: str, mode: str) -> None:
    for position in endgames(name, 3, seed=1):
        previous = None
        for depth in (1, 2) if name.startswith(("sce", "classic")) else (1, 2, 3):  # their draws cost more
            solution = solve(position, depth=depth, mode=mode)
            low, high = solution.bounds
            assert low - 1e-9 <= solution.value <= high + 1e-9
            if previous is not None:
                assert previous[0] - 1e-9 <= low and high <= previous[1] + 1e-9
            previous = solution.bounds
