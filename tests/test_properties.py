"""Properties of random legal games from random deals (hypothesis, derandomized for CI).

A game is a seeded deal (deal number, dealer, seed) played by random legal moves with
random draws; some games know the stock's order, some start with a penalised hand.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eights.engine import (
    DealRecord,
    Move,
    apply_move,
    compact,
    deal_position,
    draw_outcomes,
    legal_moves,
    parse_position,
    perft,
    play_match,
    random_strategy,
    score,
    to_json,
)
from eights.engine.cards import EMPTY, FULL_DECK, THREE, TWO, S, W, bit, count, rank_of, scan
from eights.engine.position import Position
from eights.engine.rules import may_draw

MAX_ACTIONS = 1000


def derandomized(examples: int) -> settings:
    return settings(derandomize=True, deadline=None, max_examples=examples, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Step:
    before: Position
    move: Move
    after: Position


@dataclass(frozen=True)
class Game:
    start: Position
    steps: tuple[Step, ...]

    @property
    def positions(self) -> list[Position]:
        return [self.start] + [step.after for step in self.steps]


def start_position(deal: int, dealer: int, seed: int, known_order: bool, penalised: bool) -> Position:
    position = deal_position(deal, dealer, seed)
    if known_order:
        stock = list(scan(position.stock))
        random.Random(seed).shuffle(stock)
        position = replace(position, order=tuple(stock))
    if penalised:
        position = replace(position, penalised=frozenset({S, W}))
    return position


def play_random_game(start: Position, game_seed: int) -> Game:
    rng = random.Random(game_seed)
    strategy = random_strategy(rng)
    position, steps = start, []
    while not position.is_over and len(steps) < MAX_ACTIONS:
        move = strategy(position, list(legal_moves(position)))
        after = apply_move(position, move, rng)
        if move.is_draw:  # the record names the cards the draw brought
            move = Move.draw(after.hands[position.turn] & ~position.hands[position.turn])
        steps.append(Step(position, move, after))
        position = after
    return Game(start, tuple(steps))


starts = st.builds(
    start_position,
    deal=st.integers(1, 15),
    dealer=st.sampled_from([S, W]),
    seed=st.integers(0, 2**32 - 1),
    known_order=st.booleans(),
    penalised=st.booleans(),
)
games = st.builds(play_random_game, starts, st.integers(0, 2**32 - 1))


def few_draw_outcomes(position: Position) -> bool:
    """Whether draw_outcomes is cheap to list (a known order, or at most two cards)."""
    known = position.order is not None and len(position.order) >= position.draw_count
    return known or position.draw_count <= 2


# --- the cards ---------------------------------------------------------------------------------

@derandomized(40)
@given(games)
def test_every_position_keeps_the_52_cards_partitioned(game: Game) -> None:
    for p in game.positions:
        parts = [*p.hands, p.stock, p.discard, bit(p.upcard)]
        assert sum(count(part) for part in parts) == 52
        union = EMPTY
        for part in parts:
            union |= part
        assert union == FULL_DECK


@derandomized(40)
@given(games)
def test_a_known_stock_order_always_lists_exactly_the_stock(game: Game) -> None:
    for p in game.positions:
        if p.order is not None:
            assert len(p.order) == count(p.stock) > 0
            assert sum(bit(card) for card in p.order) == p.stock


# --- turns and the end of the deal ---------------------------------------------------------

@derandomized(40)
@given(games)
def test_the_hand_to_act_has_a_legal_action_until_the_deal_is_over(game: Game) -> None:
    for p in game.positions:
        assert (len(legal_moves(p)) > 0) == (not p.is_over)


@derandomized(40)
@given(games)
def test_the_deal_is_over_exactly_when_a_hand_is_empty_and_the_action_was_not_a_2_or_3_played(game: Game) -> None:
    for step in game.steps:
        a_hand_is_empty = any(hand == EMPTY for hand in step.after.hands)
        played_2_or_3 = not step.move.is_draw and rank_of(step.move.card) in (TWO, THREE)
        assert step.after.is_over == (a_hand_is_empty and not played_2_or_3)


@derandomized(40)
@given(games)
def test_a_finished_deal_leaves_the_turn_on_a_hand_holding_cards(game: Game) -> None:
    last = game.positions[-1]
    if last.is_over:
        assert last.hands[last.turn] != EMPTY


@derandomized(40)
@given(games)
def test_a_played_card_becomes_the_upcard_and_the_old_upcard_goes_to_the_discard(game: Game) -> None:
    for step in game.steps:
        if not step.move.is_draw:
            assert step.after.upcard == step.move.card
            assert step.after.discard == step.before.discard | bit(step.before.upcard)


@derandomized(30)
@given(games)
def test_the_record_of_a_game_replays_to_the_same_positions(game: Game) -> None:
    record = DealRecord(game.start, tuple(step.move for step in game.steps))
    assert record.positions() == game.positions


@derandomized(30)
@given(games)
def test_the_record_of_a_game_survives_its_json_form(game: Game) -> None:
    record = DealRecord(game.start, tuple(step.move for step in game.steps))
    again = DealRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.positions() == game.positions


# --- notation ----------------------------------------------------------------------------------

@derandomized(30)
@given(games)
def test_every_position_survives_the_compact_form(game: Game) -> None:
    for p in game.positions:
        assert parse_position(compact(p)) == p


@derandomized(30)
@given(games)
def test_every_position_survives_the_json_form(game: Game) -> None:
    for p in game.positions:
        assert parse_position(to_json(p)) == p
        assert parse_position(json.dumps(to_json(p))) == p


@derandomized(30)
@given(games)
def test_printing_is_canonical_for_every_position(game: Game) -> None:
    for p in game.positions:
        text = compact(p)
        assert compact(parse_position(text)) == text
        assert compact(parse_position(to_json(p))) == text


# --- draws ---------------------------------------------------------------------------------------

@derandomized(30)
@given(games)
def test_draw_outcome_probabilities_sum_to_one(game: Game) -> None:
    for p in game.positions:
        if may_draw(p) and few_draw_outcomes(p):
            assert sum(outcome.probability for outcome in draw_outcomes(p)) == Fraction(1)


@derandomized(30)
@given(games)
def test_each_draw_outcome_takes_the_count_or_every_card_there_is(game: Game) -> None:
    for p in game.positions:
        if may_draw(p) and few_draw_outcomes(p):
            size = min(p.draw_count, count(p.drawable))
            outcomes = draw_outcomes(p)
            assert len({o.cards for o in outcomes}) == len(outcomes)
            for outcome in outcomes:
                assert count(outcome.cards) == size
                assert outcome.cards & ~p.drawable == EMPTY


@derandomized(30)
@given(games)
def test_a_draw_takes_from_the_stock_before_reshuffling_the_discard(game: Game) -> None:
    for p in game.positions:
        if may_draw(p) and few_draw_outcomes(p):
            for outcome in draw_outcomes(p):
                if p.draw_count <= count(p.stock):
                    assert outcome.cards & ~p.stock == EMPTY
                else:
                    assert outcome.cards & p.stock == p.stock


@derandomized(30)
@given(games)
def test_a_known_order_makes_the_draw_from_the_stock_certain(game: Game) -> None:
    for p in game.positions:
        if may_draw(p) and p.order is not None and p.draw_count <= len(p.order):
            (outcome,) = draw_outcomes(p)
            assert outcome.cards == sum(bit(card) for card in p.order[:p.draw_count])


@derandomized(30)
@given(games)
def test_perft_1_is_the_plays_plus_the_draw_outcomes(game: Game) -> None:
    for p in game.positions:
        if few_draw_outcomes(p):
            moves = list(legal_moves(p))
            plays = sum(1 for move in moves if not move.is_draw)
            draws = len(draw_outcomes(p)) if any(move.is_draw for move in moves) else 0
            assert perft(p, 1) == plays + draws


# --- a match ---------------------------------------------------------------------------------------

@derandomized(3)
@given(st.integers(1, 2**32 - 1))
def test_a_match_of_random_strategies_plays_15_deals_and_totals_their_points(seed: int) -> None:
    result = play_match([random_strategy(random.Random(seed)), random_strategy(random.Random(-seed))], seed)
    assert [deal.number for deal in result.deals] == list(range(1, 16))
    assert result.totals == (sum(d.player_points[0] for d in result.deals),
                             sum(d.player_points[1] for d in result.deals))
    for deal in result.deals:
        final = deal.record.positions()[-1]
        assert final.is_over and score(final) == deal.score
        assert sorted(deal.player_points) == sorted((deal.score.against_ns, deal.score.against_ew))
