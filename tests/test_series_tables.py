"""Issue #40, 3 and 4: the equity tables by dynamic programming, checked against a direct
recursion over the same rules, and the cube and resignation hints from them."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from eights.engine.deal import DEALS
from eights.engine.game import GameContext
from eights.play.series.cube import DOUBLE_TAKE, NOT_AVAILABLE, TOO_GOOD_PASS, cube_hint, resignation_hints
from eights.play.series.payoffs import load
from eights.play.series.tables import MIDDLE, PLAYER_0, PLAYER_1, Kernel, Tables, dealer_of, shipped

# Small deals: each pays its dealer -60, -20, 0, +20 or +60 (+10 more to the dealer in the odd deals).
SMALL = {-60: 1, -20: 3, 0: 2, 20: 3, 60: 1}
KERNELS = tuple(Kernel.of({p + (10 if k % 2 else 0): n for p, n in SMALL.items()}, dealer_of(k) == 0)
                for k in range(1, DEALS + 1))


@cache
def small() -> Tables:
    return Tables.of_kernels(KERNELS)


@cache
def direct(left: int, lead: int, cube: int, owner: int) -> float:
    """The series value by the rules, recursively: the definition the tables must meet."""
    if left == 0:
        return float(cube * lead)
    kernel = KERNELS[DEALS - left]

    def playing(c: int, o: int) -> float:
        return sum(p * direct(left - 1, lead + x - kernel.reach, c, o)
                   for x, p in enumerate(kernel.probabilities) if p)

    value = playing(cube, owner)
    if DEALS + 1 - left >= 2 and cube < 64:
        if lead > 0 and owner in (PLAYER_0, MIDDLE):
            value = max(value, min(playing(2 * cube, PLAYER_1), 200 * cube))
        if lead < 0 and owner in (PLAYER_1, MIDDLE):
            value = min(value, max(playing(2 * cube, PLAYER_0), -200 * cube))
    return value


@pytest.mark.parametrize(("left", "lead", "cube", "owner"), [
    (1, 30, 1, MIDDLE), (2, -90, 1, MIDDLE), (3, 150, 2, PLAYER_0), (4, 40, 4, PLAYER_1), (4, 0, 1, MIDDLE),
    (3, -250, 8, PLAYER_0)])
def test_the_series_table_is_the_rules_recursion(left: int, lead: int, cube: int, owner: int) -> None:
    assert small().series_value(left, lead, cube, None if owner == MIDDLE else owner) == \
        pytest.approx(direct(left, lead, cube, owner), abs=1e-6)


def test_the_game_table_is_the_chance_of_winning() -> None:
    tables = small()
    assert [tables.win_chance(0, lead) for lead in (-5, 0, 5)] == [0.0, 0.5, 1.0]
    # deal 15, dealt by player 0: she wins by more than her lead's deficit
    chances = {p + 10: n / 10 for p, n in SMALL.items()}
    assert tables.win_chance(1, -20) == pytest.approx(sum(q for x, q in chances.items() if x > 20))
    assert tables.win_chance(1, -30) == pytest.approx(chances[70] + chances[30] / 2)
    row = tables.game[8]
    assert np.all(np.diff(row) >= -1e-12) and row.min() >= 0 and row.max() <= 1


def test_the_shipped_tables_are_sure_of_the_ends() -> None:
    tables = shipped()
    assert tables.win_chance(1, 900) > 0.999 and tables.win_chance(1, -900) < 0.001
    assert 0.3 < tables.win_chance(15, 0) < 0.7
    assert load().deal(1).samples == load().games


def test_the_last_deal_doubled_is_worth_twice_and_a_small_lead_doubles_and_takes() -> None:
    hint = cube_hint(GameContext.of(15, lead=20), small())
    assert hint.doubler == 0 and hint.double_take == pytest.approx(2 * hint.no_double)
    assert hint.action == DOUBLE_TAKE and hint.should_take and hint.should_double


def test_a_huge_lead_is_too_good_to_double() -> None:
    hint = cube_hint(GameContext.of(15, lead=500), small())
    assert hint.action == TOO_GOOD_PASS and not hint.should_double and hint.should_take is False


@pytest.mark.parametrize(("context", "reason"), [
    (GameContext.of(1), "before deal 1"),
    (GameContext.of(6, lead=0), "level"),
    (GameContext.of(6, lead=40, cube=2, owner=1), "trailing"),
    (GameContext.of(14, lead=-40, cube=64, owner=1), "64"),
])
def test_no_double_is_possible_and_the_hint_says_why(context: GameContext, reason: str) -> None:
    hint = cube_hint(context, small())
    assert hint.doubler is None and hint.action == NOT_AVAILABLE and reason in str(hint.reason)


def test_the_hint_turns_sides_into_players() -> None:
    # deal 3: player 1 sits South; NS 60 ahead is player 1 ahead
    ns_ahead = cube_hint(GameContext.of(3, lead=60), small())
    assert ns_ahead.doubler == 0
    assert ns_ahead.equity_ns == pytest.approx(-small().series_value(13, -60, 1, None))
    assert ns_ahead.win_chance_ns == pytest.approx(1 - small().win_chance(13, -60))


def test_a_resignation_is_accepted_when_it_pays_at_least_playing_on() -> None:
    by_ns, by_ew = resignation_hints(GameContext.of(15, lead=500), small())
    assert by_ew.points == 200 and not by_ew.accept and by_ew.before > 200
    assert by_ns.accept and by_ns.before < 0
    assert resignation_hints(GameContext.of(8, lead=120, cube=2, owner=0), small())[1].points == 400
