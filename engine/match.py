"""A match of 15 deals between two strategies (RULES "A deal" 1, "The match").

Player 0 sits South and deals first; the players alternate dealing and exchange
seats after deals 2, 4, 6, ... A strategy is a callable that, given the position and
its legal moves, returns the move to make for the side to act.

``match_deals`` plays the deals one at a time, so that a caller can show each as it ends,
or keep the finished ones when a strategy stops the match (``eights.play.versus``); its hooks
tell of each deal before it is played (bots take a new seed there) and of each action as
played (a draw naming its cards). A match stopped early is recorded with its finished
deals and, under ``unfinished``, the record of the deal it stopped in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import SEATS, S, Seat, W, count
from eights.engine.deal import DEALS, deal_position, hand_size
from eights.engine.errors import NotationError
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import RECORD_VERSION, DealRecord, check_version
from eights.engine.rules import apply_move, legal_moves, random_draw
from eights.engine.scoring import Score, score
from eights.engine.steps import Step

Strategy = Callable[[Position, Sequence[Move]], Move]
DealStarts = Callable[[int, Position], None]  # told the deal's number and start before it is played
Observer = Callable[[Step], None]  # told each action as played
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
    """The finished deals of a match and the players' totals (lower wins); a match stopped
    early also has the record of the deal it stopped in, ``unfinished``."""

    deals: tuple[DealResult, ...]
    totals: tuple[int, int]
    unfinished: DealRecord | None = None

    @classmethod
    def of(cls, deals: Sequence[DealResult], unfinished: DealRecord | None = None) -> MatchResult:
        """The match of these finished deals: the totals are the last deal's running totals."""
        return cls(tuple(deals), deals[-1].running_totals if deals else (0, 0), unfinished)

    def to_json(self, players: Sequence[str] = ("player 0", "player 1")) -> dict[str, Any]:
        """The match record: ``{"version": 1, "players", "deals": [...], "totals"}``, each deal
        with its dealer, who sat South, its deal record, the points and the running totals;
        a match stopped early adds ``"unfinished"``, the deal record (result null) of the
        deal under way, and its totals are those of its finished deals."""
        data = {"version": RECORD_VERSION, "players": list(players), "deals": [deal.to_json() for deal in self.deals],
                "totals": list(self.totals)}
        if self.unfinished is not None:
            data["unfinished"] = self.unfinished.to_json()
        return data

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
            record = _deal_record(entry.get("record"), number, f"{field}.record")
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
        return cls(tuple(deals), totals, _unfinished(data.get("unfinished"), len(deals) + 1))


def south_player(deal: int) -> int:
    """The player sitting South in deal ``deal``: seats change after every two deals."""
    return ((deal - 1) // 2) % 2


def dealer_seat(deal: int) -> Seat:
    """Where the dealer of deal ``deal`` sits: player 0 deals the odd deals."""
    dealer_player = (deal - 1) % 2
    return S if dealer_player == south_player(deal) else W


def play_deal(start: Position, strategies: Sequence[Strategy], rng: random.Random,
              players_of_sides: tuple[int, int], observe: Observer | None = None) -> tuple[DealRecord, Score]:
    """Play one deal to its end; draws take cards at random and the record names them.
    ``observe`` is told each action as played."""
    position, moves = start, list[Move]()
    for _ in range(MAX_ACTIONS):
        if position.is_over:
            return DealRecord(start, tuple(moves)), score(position)
        options = list(legal_moves(position))
        move = strategies[players_of_sides[position.side_to_act]](position, options)
        if move.is_draw and move.cards is None:
            move = Move.draw(random_draw(position, rng) or None)  # a pass names no cards
        after = apply_move(position, move)
        moves.append(move)
        if observe is not None:
            observe(Step(position, move, after))
        position = after
    raise RuntimeError(f"deal did not end within {MAX_ACTIONS} actions")


def match_deals(strategies: Sequence[Strategy], seed: int, deals: int = DEALS,
                before_deal: DealStarts | None = None, observe: Observer | None = None) -> Iterator[DealResult]:
    """Play deals 1 to ``deals`` between ``strategies[0]`` and ``strategies[1]``, yielding
    each as it ends; ``before_deal`` is told each deal's number and start, ``observe`` each
    action. The cards and draws depend only on ``seed`` and the moves chosen."""
    if not 1 <= deals <= DEALS:
        raise NotationError("deals", f"a match plays 1 to {DEALS} deals, not {deals}")
    rng = random.Random(seed)
    totals = (0, 0)
    for number in range(1, deals + 1):
        south = south_player(number)
        start = deal_position(number, dealer_seat(number), rng.randrange(2**32))
        if before_deal is not None:
            before_deal(number, start)
        record, deal_score = play_deal(start, strategies, rng, (south, 1 - south), observe)
        result = _deal_result(number, record, deal_score, totals)
        totals = result.running_totals
        yield result


def play_match(strategies: Sequence[Strategy], seed: int, before_deal: DealStarts | None = None) -> MatchResult:
    """Play the 15 deals between ``strategies[0]`` and ``strategies[1]``."""
    return MatchResult.of(list(match_deals(strategies, seed, before_deal=before_deal)))


def _deal_result(number: int, record: DealRecord, deal_score: Score, totals: tuple[int, int]) -> DealResult:
    """Deal ``number`` of a match, scored: each player's points by where it sat, added to ``totals``."""
    south = south_player(number)
    points = [0, 0]
    points[south] = deal_score.against_ns
    points[1 - south] = deal_score.against_ew
    return DealResult(number, dealer_seat(number), south, record, deal_score, (points[0], points[1]),
                      (totals[0] + points[0], totals[1] + points[1]))


def _unfinished(data: Any, number: int) -> DealRecord | None:
    """The record of the deal a match stopped in (deal ``number``), if the record has one."""
    if data is None:
        return None
    if number > DEALS:
        raise NotationError("unfinished", f"the match's {DEALS} deals are all finished")
    record = _deal_record(data, number, "unfinished")
    if record.positions()[-1].is_over:
        raise NotationError("unfinished", "the deal is over: it belongs in deals")
    return record


def _deal_record(data: Any, number: int, field: str) -> DealRecord:
    """The record of deal ``number`` of a match: it must start with the deal's hand size."""
    record = DealRecord.from_json(data, field)
    if any(count(hand) != hand_size(number) for hand in record.start.hands):
        raise NotationError(field, f"deal {number} starts with {hand_size(number)} cards a hand")
    return record


def random_strategy(rng: random.Random) -> Strategy:
    """A strategy that picks uniformly among the legal moves."""
    return lambda position, moves: rng.choice(list(moves))
