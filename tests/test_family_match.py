"""Issue #29: matches of the family games: sce's 15-deal schedule, classic played to its target
score, a deal per player for openspiel and layout, the deal passing to the left."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eights.engine.family import FamilyMatchResult, parse_rules, play_family_match, random_family_strategy
from eights.engine.family.ruleset import RulesetError


def _match(name: str, seed: int = 1) -> FamilyMatchResult:
    rules = parse_rules(name)
    return play_family_match(rules, [random_family_strategy] * rules.players, seed)


def test_sce_a_match_is_15_deals_of_8_down_to_1_and_up_to_8_cards_the_lowest_total_wins() -> None:
    result = _match("sce/4")
    assert [len(start.hands[0]) for start in result.starts] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    assert result.points == tuple(-total for total in result.totals)
    assert result.points[result.winner] == min(result.points)


def test_family_decision_seat_zero_deals_first_and_the_deal_passes_to_the_left() -> None:
    result = _match("sce/3", 2)
    assert [start.dealer for start in result.starts][:6] == [0, 1, 2, 0, 1, 2]


def test_classic_a_game_is_played_to_its_target_score() -> None:
    for name in ("classic/2", "classic/5,draw=one"):
        result = _match(name, 3)
        target = parse_rules(name).target_score
        assert target is not None and max(result.points) >= target
        before = [sum((d[s] for d in result.deals[:-1] if d[s] > 0), Fraction(0)) for s in range(len(result.points))]
        assert max(before) < target  # it stops at the first deal that reaches the target
        assert all(sum(deal) == 0 for deal in result.deals)  # zero-sum
        assert result.points[result.winner] == max(result.points)


@pytest.mark.parametrize("name", ["openspiel/3", "layout/4"])
def test_openspiel_and_layout_a_match_is_one_deal_per_player(name: str) -> None:
    result = _match(name, 4)
    assert len(result.deals) == parse_rules(name).players
    if name.startswith("layout"):
        assert all(sum(deal) == 0 for deal in result.deals)  # the pool is shared out


def test_a_match_needs_one_strategy_per_player_and_not_sce2() -> None:
    with pytest.raises(RulesetError, match="strategies"):
        play_family_match(parse_rules("classic/3"), [random_family_strategy] * 2, 1)
    with pytest.raises(RulesetError, match="rules"):
        play_family_match(parse_rules("sce2"), [random_family_strategy] * 4, 1)
