"""Paired deals (eights.play.paired): the schedule, both games of a pair from the same deal and
the same stock order, sides swapped, reshuffles in a seeded order, records that replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from eights.engine import Move, Position, parse_position, score
from eights.engine.cards import EMPTY, S, W, card_names, count, scan
from eights.engine.deal import HAND_SIZES
from eights.play.bots import Bot, DelegatingBot, make_bot
from eights.play.paired import PairDeal, PairResult, play_game, play_pair, schedule


class Spy(DelegatingBot):
    """A bot that records, game by game, the sides it plays, and the stock orders it is
    shown; it plays as ``inner`` does."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner)
        self.sides: list[list[int]] = []
        self.orders: list[object] = []

    def new_game(self, seed: int) -> None:
        self.sides.append([])
        self.inner.new_game(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        self.sides[-1].append(position.side_to_act)
        self.orders.append(position.order)
        return self.inner.choose(position, moves)


Played = tuple[PairResult, Spy, Spy]


# --- the schedule --------------------------------------------------------------------------------

def test_deal_numbers_cycle_through_the_15_deals_of_a_match() -> None:
    assert [deal.hand_size for deal in schedule(17, seed=1)] == list(HAND_SIZES) + [8, 7]


def test_a_fixed_deal_size_gives_every_pair_that_many_cards() -> None:
    assert {deal.hand_size for deal in schedule(6, seed=1, deal_size=3)} == {3}


def test_a_deal_size_outside_1_to_8_is_refused() -> None:
    with pytest.raises(ValueError, match="deal size must be from 1 to 8 cards, got 9"):
        schedule(1, seed=1, deal_size=9)


def test_the_dealer_alternates_between_S_and_W() -> None:
    assert [deal.dealer for deal in schedule(4, seed=1)] == [S, W, S, W]


def test_a_longer_run_begins_with_the_pairs_of_a_shorter_one() -> None:
    assert schedule(10, seed=5)[:4] == schedule(4, seed=5)


def test_the_seed_changes_the_deals() -> None:
    assert schedule(3, seed=1) != schedule(3, seed=2)


# --- the pairing ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def played() -> tuple[PairResult, Spy, Spy]:
    """A pair of 5-card deals, random (A) against heuristic (B), both watched."""
    a, b = Spy(make_bot("random")), Spy(make_bot("heuristic"))
    return play_pair(schedule(1, seed=11, deal_size=5)[0], a, b), a, b


def test_both_games_of_a_pair_start_from_the_same_deal_with_the_same_stock_order(played: Played) -> None:
    result = played[0]
    first, second = (game.record.start for game in result.games)
    assert first == second
    assert first.order is not None and set(first.order) == set(scan(first.stock))


def test_both_games_draw_from_the_top_of_the_same_stock_order() -> None:
    for deal in schedule(4, seed=2, deal_size=4):
        result = play_pair(deal, make_bot("random"), make_bot("random"))
        for game in result.games:
            order = game.record.start.order
            assert order is not None
            taken = 0
            for move in game.record.moves:
                if move.is_draw and move.cards and taken + count(move.cards) <= len(order):
                    assert set(scan(move.cards)) == set(order[taken:taken + count(move.cards)])
                    taken += count(move.cards)


def test_sides_swap_A_is_NS_in_the_first_game_and_EW_in_the_second(played: Played) -> None:
    result, a, b = played
    assert [game.a_side for game in result.games] == [0, 1]
    assert [set(sides) for sides in a.sides] == [{0}, {1}]
    assert [set(sides) for sides in b.sides] == [{1}, {0}]


def test_a_pairs_payoff_to_A_is_its_score_on_its_side_in_each_game(played: Played) -> None:
    result = played[0]
    assert result.total == result.games[0].score.payoff_ns - result.games[1].score.payoff_ns


def test_bots_never_see_the_stock_order(played: Played) -> None:
    assert set(played[1].orders) == set(played[2].orders) == {None}


def test_the_same_pair_played_again_gives_the_same_games() -> None:
    deal = schedule(1, seed=4, deal_size=3)[0]
    first = play_pair(deal, make_bot("random"), make_bot("solver:depth=1"))
    second = play_pair(deal, make_bot("random"), make_bot("solver:depth=1"))
    assert first == second


def test_records_replay_to_the_recorded_score() -> None:
    result = play_pair(schedule(1, seed=9, deal_size=6)[0], make_bot("random"), make_bot("random"))
    for game in result.games:
        final = game.record.positions()[-1]
        assert final.is_over and score(final) == game.score


# --- reshuffles --------------------------------------------------------------------------------

def stock_ending() -> Position:
    """W faces a pending 2 with one card left in the stock (TC) and the rest in the discard pile."""
    position = parse_position("N:K... E:Q... S:5... W:9... up:2D turn:W draw:2 stock:...T")
    return replace(position, order=tuple(scan(position.stock)))


def test_a_reshuffle_takes_the_stock_then_the_discard_pile_in_the_seeded_order() -> None:
    start = stock_ending()
    calls: list[tuple[int, int]] = []

    def shuffle(number: int, cards: int) -> tuple[int, ...]:
        calls.append((number, cards))
        return tuple(sorted(scan(cards), reverse=True))
    game = play_game(start, (make_bot("heuristic"), make_bot("heuristic")), shuffle)
    first_draw = game.record.moves[0]
    reversed_pile = sorted(scan(start.discard), reverse=True)
    assert calls[0] == (0, start.discard)
    assert first_draw.cards is not None
    assert set(card_names(first_draw.cards)) == {"TC", card_names(1 << reversed_pile[0])[0]}
    assert game.reshuffles == len(calls) >= 1


def test_the_same_reshuffle_of_the_same_cards_gives_the_same_order_in_both_games() -> None:
    deal = PairDeal(0, 1, S, seed=3)
    cards = deal.start().stock
    assert deal.reshuffle(0, cards) == deal.reshuffle(0, cards)
    assert deal.reshuffle(0, cards) != deal.reshuffle(1, cards)
    assert set(deal.reshuffle(0, cards)) == set(scan(cards))


def test_a_draw_with_nothing_left_anywhere_is_the_pass_and_names_no_cards() -> None:
    position = stock_ending()
    empty = replace(position, stock=EMPTY, discard=EMPTY, order=None, pending=0,
                    hands=(position.hands[0], position.hands[1], position.hands[2] | position.drawable,
                           position.hands[3]))
    game = play_game(empty, (make_bot("heuristic"), make_bot("heuristic")), lambda n, cards: ())
    assert game.record.moves[0] == Move.draw()
