"""A match of 15 deals (RULES "A deal" 1, "Scoring a deal"): seats, dealers, hand sizes,
reproducibility, records and totals. Expected sequences were worked out by hand from RULES.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from eights.engine import (
    Move,
    NotationError,
    Position,
    deal_position,
    hand_size,
    play_match,
    random_strategy,
    score,
)
from eights.engine.cards import ACE, THREE, TWO, S, W, count, rank_of
from eights.engine.match import MatchResult, dealer_seat, match_deals, south_player
from eights.engine.steps import Step

DEALS = range(1, 16)


def random_players(seed: int) -> list:
    return [random_strategy(random.Random(seed)), random_strategy(random.Random(seed + 1))]


@pytest.fixture(scope="module")
def match() -> MatchResult:
    return play_match(random_players(8), seed=8)


# --- seats and dealers -------------------------------------------------------------------------

def test_player_0_sits_south_in_deals_1_and_2_then_the_players_exchange_seats_every_two_deals() -> None:
    assert [south_player(k) for k in DEALS] == [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]


def test_the_dealer_of_deal_1_sits_south() -> None:
    assert dealer_seat(1) == S


def test_the_dealer_sits_at_S_or_W_as_the_players_alternate_dealing_and_exchange_seats() -> None:
    # deal 1: player 0 deals from S; deal 2: player 1 (at W); deal 3: player 0, now at W;
    # deal 4: player 1, now at S; and so on in fours.
    assert [dealer_seat(k) for k in DEALS] == [S, W, W, S] * 3 + [S, W, W]


def test_player_0_deals_the_odd_deals_and_player_1_the_even_ones() -> None:
    for k in DEALS:
        dealer_player = south_player(k) if dealer_seat(k) == S else 1 - south_player(k)
        assert dealer_player == (k - 1) % 2


def test_a_match_records_each_deals_number_dealer_and_south_player(match: MatchResult) -> None:
    assert [(d.number, d.dealer, d.south_player) for d in match.deals] == \
        [(k, dealer_seat(k), south_player(k)) for k in DEALS]


def test_a_match_deals_from_the_recorded_dealers_seat(match: MatchResult) -> None:
    for deal in match.deals:
        start, dealer = deal.record.start, deal.dealer
        first = {ACE: (dealer + 3) % 4, THREE: (dealer + 2) % 4}.get(rank_of(start.upcard), (dealer + 1) % 4)
        assert start.turn == first


# --- hand sizes ----------------------------------------------------------------------------------

def test_hand_sizes_go_8_down_to_1_and_back_up_to_8() -> None:
    assert [hand_size(k) for k in DEALS] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("k", DEALS)
def test_each_hand_is_dealt_the_deals_size_and_the_rest_is_stock(k: int) -> None:
    p = deal_position(k, W, seed=k)
    assert [count(hand) for hand in p.hands] == [hand_size(k)] * 4
    assert count(p.stock) == 52 - 4 * hand_size(k) - 1 and p.discard == 0


@pytest.mark.parametrize("k", [0, 16, -1])
def test_a_deal_number_outside_1_to_15_is_rejected(k: int) -> None:
    with pytest.raises(NotationError) as info:
        hand_size(k)
    assert info.value.field == "deal"


def test_a_dealer_at_a_dummys_seat_is_rejected() -> None:
    with pytest.raises(NotationError) as info:
        deal_position(1, dealer=0, seed=1)
    assert info.value.field == "dealer"


def test_a_match_starts_each_deal_with_its_hand_size(match: MatchResult) -> None:
    assert [count(d.record.start.hands[S]) for d in match.deals] == [hand_size(k) for k in DEALS]


def test_a_match_starts_each_deal_with_a_pending_2_only_on_a_2_upcard(match: MatchResult) -> None:
    for deal in match.deals:
        start = deal.record.start
        assert start.pending == (2 if rank_of(start.upcard) == TWO else 0)


# --- reproducibility ---------------------------------------------------------------------------

def test_a_seeded_match_is_reproducible(match: MatchResult) -> None:
    assert play_match(random_players(8), seed=8) == match


def test_a_different_seed_deals_different_cards(match: MatchResult) -> None:
    other = play_match(random_players(9), seed=9)
    assert [d.record.start for d in other.deals] != [d.record.start for d in match.deals]


# --- records, scores, totals ---------------------------------------------------------------------

def test_each_record_replays_to_a_finished_deal_with_the_recorded_score(match: MatchResult) -> None:
    for deal in match.deals:
        final = deal.record.positions()[-1]
        assert final.is_over
        assert score(final) == deal.score


def test_each_record_names_the_cards_of_every_draw(match: MatchResult) -> None:
    draws = [move for deal in match.deals for move in deal.record.moves if move.is_draw]
    assert draws and all(move.cards is not None for move in draws)


def test_the_player_south_takes_the_points_against_NS(match: MatchResult) -> None:
    for deal in match.deals:
        south, other = deal.south_player, 1 - deal.south_player
        assert deal.player_points[south] == deal.score.against_ns
        assert deal.player_points[other] == deal.score.against_ew


def test_the_running_totals_add_each_deals_points_to_the_last(match: MatchResult) -> None:
    previous = (0, 0)
    for deal in match.deals:
        assert deal.running_totals == (previous[0] + deal.player_points[0], previous[1] + deal.player_points[1])
        previous = deal.running_totals
    assert previous == match.totals


def test_the_totals_are_the_sums_of_each_players_points(match: MatchResult) -> None:
    assert match.totals == (sum(d.player_points[0] for d in match.deals),
                            sum(d.player_points[1] for d in match.deals))


def test_each_sides_moves_are_chosen_by_the_player_sitting_there() -> None:
    calls: list[tuple[int, Position]] = []

    def player(number: int) -> object:
        rng = random.Random(number)

        def choose(position: Position, moves: Sequence[Move]) -> Move:
            calls.append((number, position))
            return rng.choice(list(moves))
        return choose

    result = play_match([player(0), player(1)], seed=5)
    expected = [(deal.south_player if p.side_to_act == 0 else 1 - deal.south_player, p)
                for deal in result.deals for p in deal.record.positions()[:-1]]
    assert calls == expected


# --- deal by deal ----------------------------------------------------------------------------------

def test_match_deals_yields_the_deals_of_play_match_one_at_a_time(match: MatchResult) -> None:
    assert MatchResult.of(list(match_deals(random_players(8), seed=8))) == match


def test_match_deals_plays_only_the_first_deals_asked_for(match: MatchResult) -> None:
    assert tuple(match_deals(random_players(8), seed=8, deals=3)) == match.deals[:3]


@pytest.mark.parametrize("deals", [0, 16])
def test_a_match_of_no_deal_or_more_than_15_is_refused(deals: int) -> None:
    with pytest.raises(NotationError, match="^deals: "):
        next(match_deals(random_players(1), seed=1, deals=deals))


def test_the_hooks_are_told_each_deal_before_it_is_played_and_each_action_as_played() -> None:
    told: list[object] = []
    deals = list(match_deals(random_players(3), seed=3, deals=2,
                             before_deal=lambda dealt, start: told.append((dealt.deal, start)),
                             observe=told.append))
    expected: list[object] = []
    for deal in deals:
        positions = deal.record.positions()
        expected.append((deal.number, deal.record.start))
        expected += [Step(before, move, after) for before, move, after in zip(positions, deal.record.moves, positions[1:])]
    assert told == expected
