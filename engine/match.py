"""A match of 15 deals between two strategies (RULES "A deal" 1, "The match").

Player 0 sits South and deals first; the players alternate dealing and exchange
seats after deals 2, 4, 6, ... A strategy is a callable that, given the position and
its legal moves, returns the move to make for the side to act.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import S, Seat, W
from engine.deal import DEALS, deal_position
from engine.moves import Move
from engine.position import Position
from engine.record import DealRecord
from engine.rules import apply_move, legal_moves, random_draw
from engine.scoring import Score, score

Strategy = Callable[[Position, Sequence[Move]], Move]
MAX_ACTIONS = 10_000


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of a match: its record, its score, the points each player took, and the
    players' running totals after it."""

    number: int
    dealer: Seat
    south_player: int
    record: DealRecord
    score: Score
    player_points: tuple[int, int]
    running_totals: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Every deal of a match and the players' running totals (lower wins)."""

    deals: tuple[DealResult, ...]
    totals: tuple[int, int]


def south_player(deal: int) -> int:
    """The player sitting South in deal ``deal``: seats change after every two deals."""
    return ((deal - 1) // 2) % 2


def dealer_seat(deal: int) -> Seat:
    """Where the dealer of deal ``deal`` sits: player 0 deals the odd deals."""
    dealer_player = (deal - 1) % 2
    return S if dealer_player == south_player(deal) else W


def play_deal(start: Position, strategies: Sequence[Strategy], rng: random.Random,
              players_of_sides: tuple[int, int]) -> tuple[DealRecord, Score]:
    """Play one deal to its end; draws take cards at random and the record names them."""
    position, moves = start, list[Move]()
    for _ in range(MAX_ACTIONS):
        if position.is_over:
            return DealRecord(start, tuple(moves)), score(position)
        options = list(legal_moves(position))
        move = strategies[players_of_sides[position.side_to_act]](position, options)
        if move.is_draw and move.cards is None:
            move = Move.draw(random_draw(position, rng) or None)  # a pass names no cards
        position = apply_move(position, move)
        moves.append(move)
    raise RuntimeError(f"deal did not end within {MAX_ACTIONS} actions")


def play_match(strategies: Sequence[Strategy], seed: int) -> MatchResult:
    """Play the 15 deals between ``strategies[0]`` and ``strategies[1]``."""
    rng = random.Random(seed)
    results: list[DealResult] = []
    totals = [0, 0]
    for number in range(1, DEALS + 1):
        south = south_player(number)
        sides = (south, 1 - south)
        start = deal_position(number, dealer_seat(number), rng.randrange(2**32))
        record, deal_score = play_deal(start, strategies, rng, sides)
        points = [0, 0]
        points[sides[0]] = deal_score.against_ns
        points[sides[1]] = deal_score.against_ew
        totals = [totals[0] + points[0], totals[1] + points[1]]
        results.append(DealResult(number, dealer_seat(number), south, record, deal_score,
                                  (points[0], points[1]), (totals[0], totals[1])))
    return MatchResult(tuple(results), (totals[0], totals[1]))


def random_strategy(rng: random.Random) -> Strategy:
    """A strategy that picks uniformly among the legal moves."""
    return lambda position, moves: rng.choice(list(moves))
