"""A match of 15 deals between two strategies (RULES "A deal" 1, "The match").

Player 0 sits South and deals first; the players alternate dealing and exchange
seats after deals 2, 4, 6, ... A strategy is a callable that, given the position and
its legal moves, returns the move to make for the side to act.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import SEATS, S, Seat, W, count
from engine.deal import DEALS, deal_position, hand_size
from engine.errors import NotationError
from engine.moves import Move
from engine.position import Position
from engine.record import RECORD_VERSION, DealRecord, check_version
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


    def to_json(self) -> dict[str, Any]:
        """The deal's entry in a match record."""
        return {"number": self.number, "dealer": SEATS[self.dealer], "south_player": self.south_player,
                "record": self.record.to_json(), "player_points": list(self.player_points),
                "running_totals": list(self.running_totals)}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Every deal of a match and the players' running totals (lower wins)."""

    deals: tuple[DealResult, ...]
    totals: tuple[int, int]

    def to_json(self, players: Sequence[str] = ("player 0", "player 1")) -> dict[str, Any]:
        """The match record: ``{"version": 1, "players", "deals": [...], "totals"}``, each deal
        with its dealer, who sat South, its deal record, the points and the running totals."""
        return {"version": RECORD_VERSION, "players": list(players), "deals": [deal.to_json() for deal in self.deals],
                "totals": list(self.totals)}

    @classmethod
    def from_json(cls, data: Any) -> MatchResult:
        """Read a match record, replaying every deal: the points and totals it states must be
        the ones its deals give (RULES "The match": seats and dealers included)."""
        if not isinstance(data, dict) or not isinstance(data.get("deals"), list):
            raise NotationError("match", "expected an object with a list of deals")
        check_version(data.get("version"), "version")
        deals: list[DealResult] = []
        totals = (0, 0)
        for index, entry in enumerate(data["deals"]):
            field = f"deals[{index}]"
            if not isinstance(entry, dict):
                raise NotationError(field, "expected an object")
            number = index + 1
            record = DealRecord.from_json(entry.get("record"), f"{field}.record")
            if any(count(hand) != hand_size(number) for hand in record.start.hands):
                raise NotationError(f"{field}.record", f"deal {number} starts with {hand_size(number)} cards a hand")
            last = record.positions()[-1]
            if not last.is_over:
                raise NotationError(f"{field}.record", "the deal is not over")
            deal = _deal_result(number, record, score(last), totals)
            if entry != deal.to_json():
                raise NotationError(field, "its number, dealer, seats, points or totals are not the ones "
                                           "its record and RULES.md give")
            deals.append(deal)
            totals = deal.running_totals
        if data.get("totals") != list(totals):
            raise NotationError("totals", f"the deals give {list(totals)}")
        return cls(tuple(deals), totals)


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
    totals = (0, 0)
    for number in range(1, DEALS + 1):
        south = south_player(number)
        start = deal_position(number, dealer_seat(number), rng.randrange(2**32))
        record, deal_score = play_deal(start, strategies, rng, (south, 1 - south))
        results.append(_deal_result(number, record, deal_score, totals))
        totals = results[-1].running_totals
    return MatchResult(tuple(results), totals)


def _deal_result(number: int, record: DealRecord, deal_score: Score, totals: tuple[int, int]) -> DealResult:
    """Deal ``number`` of a match, scored: each player's points by where it sat, added to ``totals``."""
    south = south_player(number)
    points = [0, 0]
    points[south] = deal_score.against_ns
    points[1 - south] = deal_score.against_ew
    return DealResult(number, dealer_seat(number), south, record, deal_score, (points[0], points[1]),
                      (totals[0] + points[0], totals[1] + points[1]))


def random_strategy(rng: random.Random) -> Strategy:
    """A strategy that picks uniformly among the legal moves."""
    return lambda position, moves: rng.choice(list(moves))
