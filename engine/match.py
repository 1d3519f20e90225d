"""A match of 15 deals between two strategies (RULES "A deal" 1, "The match").

Player 0 sits South and deals first; the players alternate dealing and exchange
seats after deals 2, 4, 6, ... A strategy is a callable that, given the position and
its legal moves, returns the move to make for the side to act.

``match_deals`` plays the deals one at a time, so that a caller can show each as it ends,
or keep the finished ones when a strategy stops the match (``eights.play.versus``); its hooks
tell of each deal before it is played (bots take a new seed there) and of each action as
played (a draw naming its cards). A match stopped early is recorded with its finished
deals and, under ``unfinished``, the record of the deal it stopped in.

A match record (``MatchRecord``, of the format of ``eights.engine.record``) names the players
and the match's seed, gives the schedule (the deals planned: each one's hand size, dealer and
who sits South), each finished deal's record with its points and the running totals, the
totals, and the deal under way when the match stopped. Reading one replays every deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eights.engine.cards import SEATS, S, Seat, W, count
from eights.engine.deal import DEALS, hand_size
from eights.engine.errors import EightsError, NotationError
from eights.engine.game import CubeAction, replay_cube
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import (
    MATCH,
    RECORD_VERSION,
    DealRecord,
    Dealt,
    envelope,
    read_players,
    record_version,
)
from eights.engine.rules import apply_move, legal_moves, random_draw
from eights.engine.scoring import Score, score
from eights.engine.steps import Step

Strategy = Callable[[Position, Sequence[Move]], Move]
DealStarts = Callable[[Dealt, Position], None]  # told how the deal is dealt, and its start, before it is played
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


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The finished deals of a match and the players' totals (lower wins); a match stopped
    early also has the record of the deal it stopped in, ``unfinished``; a game played with
    the cube has its cube actions and resignations (``eights.engine.game``)."""

    deals: tuple[DealResult, ...]
    totals: tuple[int, int]
    unfinished: DealRecord | None = None
    cube_actions: tuple[CubeAction, ...] = ()

    @property
    def leads(self) -> tuple[int, ...]:
        """Player 0's lead before each deal the match reached (the one after its last too)."""
        return (0, *(deal.running_totals[1] - deal.running_totals[0] for deal in self.deals))

    @classmethod
    def of(cls, deals: Sequence[DealResult], unfinished: DealRecord | None = None) -> MatchResult:
        """The match of these finished deals: the totals are the last deal's running totals."""
        return cls(tuple(deals), deals[-1].running_totals if deals else (0, 0), unfinished)

    def to_json(self, players: Sequence[str] = ("player 0", "player 1"), seed: int | None = None,
                planned: int = DEALS) -> dict[str, Any]:
        """The match record (``MatchRecord.to_json``) of this match between ``players``, played
        from ``seed`` (None: not recorded), ``planned`` deals long."""
        return MatchRecord((players[0], players[1]), self, seed, planned).to_json()

    @classmethod
    def from_json(cls, data: Any) -> MatchResult:
        """The match of a match record of any version (``MatchRecord.from_json``)."""
        return MatchRecord.from_json(data).result


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match as its record has it: the players (player 0 first), the seed its cards and
    draws came from (None when not recorded), how many deals were planned (the first
    ``planned`` deals of RULES "The match"), and the match."""

    players: tuple[str, str]
    result: MatchResult
    seed: int | None = None
    planned: int = DEALS

    def __post_init__(self) -> None:
        under_way = len(self.result.deals) + (self.result.unfinished is not None)
        if not max(1, under_way) <= self.planned <= DEALS:
            raise ValueError(f"MatchRecord: {self.planned} deals planned, {under_way} played or under way")

    def side_players(self, number: int) -> tuple[str, str]:
        """Who plays NS and who EW in deal ``number``."""
        south = south_player(number)
        return self.players[south], self.players[1 - south]

    def to_json(self) -> dict[str, Any]:
        """``{"format": "eights-record", "version": 2, "kind": "match", "players", "seed", "schedule",
        "deals", "totals", "unfinished"}``: the schedule lists the deals planned (each one's number,
        hand size, dealer and the player South), ``deals`` the finished ones (each with its deal
        record, the points and the running totals), ``unfinished`` the deal record (its result
        null) of the deal under way when the match stopped, or null. A game played with the cube
        adds ``cube_actions`` (docs/rules/game.md), none other."""
        unfinished = self.result.unfinished
        cube = {"cube_actions": [a.to_json() for a in self.result.cube_actions]} if self.result.cube_actions else {}
        return {**envelope(MATCH), "players": list(self.players), "seed": self.seed,
                "schedule": [schedule_entry(number) for number in range(1, self.planned + 1)],
                "deals": [self._entry(deal, RECORD_VERSION) for deal in self.result.deals],
                "totals": list(self.result.totals),
                "unfinished": None if unfinished is None else self._named(unfinished, len(self.result.deals) + 1).to_json(),
                **cube}

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read a match record of any version, replaying every deal: the schedule, points and
        totals it states must be the ones its deals and RULES.md give (seats and dealers
        included). A version 1 record names no seed, and plans the deals it has."""
        version = record_version(data, MATCH, "match")
        if version == RECORD_VERSION and set(data) - {"cube_actions"} != set(_MATCH_KEYS):
            extra = sorted(set(data) - set(_MATCH_KEYS) - {"cube_actions"})
            raise NotationError(extra[0][:80] if extra else sorted(set(_MATCH_KEYS) - set(data))[0],
                                "unknown key" if extra else "required")
        if not isinstance(data.get("deals"), list):
            raise NotationError("deals", "expected a list of deals")
        if version == RECORD_VERSION:
            players = read_players(data["players"], "players")
            seed = None if data["seed"] is None else _match_seed(data["seed"])
            planned = _schedule(data["schedule"])
        else:
            players = read_players(data.get("players", ["player 0", "player 1"]), "players")
            seed, planned = None, min(DEALS, max(1, len(data["deals"]) + (data.get("unfinished") is not None)))
        reader = cls((players[0], players[1]), MatchResult((), (0, 0)), seed, planned)
        if len(data["deals"]) > planned:
            raise NotationError("deals", f"{len(data['deals'])} deals, but the schedule plans {planned}")
        deals: list[DealResult] = []
        totals = (0, 0)
        for index, entry in enumerate(data["deals"]):
            field = f"deals[{index}]"
            if not isinstance(entry, dict):
                raise NotationError(field, "expected an object")
            number = index + 1
            record = reader._deal_record(entry.get("record"), number, f"{field}.record")
            last = record.positions()[-1]
            if not last.is_over:
                raise NotationError(f"{field}.record", "the deal is not over")
            deal = deal_result(number, record, score(last), totals)
            if {**entry, "record": None} != {**reader._entry(deal, version), "record": None}:
                raise NotationError(field, "its number, dealer, seats, points or totals are not the ones "
                                           "its record and RULES.md give")
            deals.append(deal)
            totals = deal.running_totals
        if data.get("totals") != list(totals):
            raise NotationError("totals", f"the deals give {list(totals)}")
        unfinished = None
        if data.get("unfinished") is not None:
            if len(deals) == planned:
                raise NotationError("unfinished", f"the match's {planned} deals are all finished")
            unfinished = reader._deal_record(data["unfinished"], len(deals) + 1, "unfinished")
            if unfinished.positions()[-1].is_over:
                raise NotationError("unfinished", "the deal is over: it belongs in deals")
        result = MatchResult.of(deals, unfinished)
        if version == RECORD_VERSION and "cube_actions" in data:
            result = replace(result, cube_actions=_cube_actions(data["cube_actions"], result))
        return cls(reader.players, result, seed, planned)

    def _named(self, record: DealRecord, number: int) -> DealRecord:
        """``record``, deal ``number`` of the match, naming who played each side."""
        return replace(record, players=self.side_players(number))

    def _entry(self, deal: DealResult, version: int) -> dict[str, Any]:
        """The deal's entry in a match record of ``version``."""
        record = self._named(deal.record, deal.number).to_json() if version == RECORD_VERSION else deal.record
        return {"number": deal.number, "dealer": SEATS[deal.dealer], "south_player": deal.south_player,
                "record": record, "player_points": list(deal.player_points),
                "running_totals": list(deal.running_totals)}

    def _deal_record(self, data: Any, number: int, field: str) -> DealRecord:
        """The record of deal ``number`` of the match (its errors named under ``field``): it must
        start with the deal's hand size, be dealt by its dealer and name its players, when it says
        how it was dealt and who played. The players are the match's, not kept with the deal."""
        try:
            record = DealRecord.from_json(data, field)
        except EightsError as error:
            raise type(error)(error.field if error.field == field else f"{field}.{error.field}", error.problem) from None
        if any(count(hand) != hand_size(number) for hand in record.start.hands):
            raise NotationError(field, f"deal {number} starts with {hand_size(number)} cards a hand")
        if record.dealt is not None and (record.dealt.deal, record.dealt.dealer) != (number, dealer_seat(number)):
            raise NotationError(f"{field}.dealt", f"deal {number} of a match is deal {number}, "
                                                  f"dealt by {SEATS[dealer_seat(number)]}")
        if record.players is not None and record.players != self.side_players(number):
            raise NotationError(f"{field}.players", "in deal {} {} plays NS and {} EW".format(
                number, *self.side_players(number)))
        return replace(record, players=None)


MAX_MATCH_SEED = 2**64 - 1
_MATCH_KEYS = ("format", "version", "kind", "players", "seed", "schedule", "deals", "totals", "unfinished")


def schedule_entry(number: int) -> dict[str, Any]:
    """Deal ``number`` of a match as the schedule of a match record lists it."""
    return {"number": number, "hand_size": hand_size(number), "dealer": SEATS[dealer_seat(number)],
            "south_player": south_player(number)}


def _cube_actions(data: Any, result: MatchResult) -> tuple[CubeAction, ...]:
    """The cube actions of a match record, replayed by the rules against its deals' totals: a
    game a pass or a resignation ended has no deal after it."""
    if not isinstance(data, list):
        raise NotationError("cube_actions", "expected a list of cube actions")
    actions = tuple(CubeAction.from_json(item, f"cube_actions[{index}]") for index, item in enumerate(data))
    end = replay_cube(actions, result.leads[:DEALS]).end
    if end is not None and (len(result.deals) >= end.before_deal or result.unfinished is not None):
        raise NotationError("cube_actions", f"the game ended before deal {end.before_deal} by a {end.by}, "
                                            "but its record goes on")
    return actions


def _match_seed(seed: Any) -> int:
    """The seed of a match record: a whole number from 0 to 2^64 - 1 (``eights match`` derives
    each match's seed from its own and the match's number, in 64 bits)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_MATCH_SEED:
        raise NotationError("seed", f"must be a whole number from 0 to {MAX_MATCH_SEED}, got {seed!r}"[:200])
    return seed


def _schedule(data: Any) -> int:
    """The number of deals the schedule ``data`` plans: it must be the first deals of RULES.md."""
    if not isinstance(data, list) or not 1 <= len(data) <= DEALS:
        raise NotationError("schedule", f"expected a list of 1 to {DEALS} deals")
    for index, entry in enumerate(data):
        if entry != schedule_entry(index + 1):
            raise NotationError(f"schedule[{index}]", f"deal {index + 1} is {schedule_entry(index + 1)}")
    return len(data)


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
    each as it ends; ``before_deal`` is told how each deal is dealt (its number, dealer and
    seed) and its start, ``observe`` each action. The cards and draws depend only on ``seed``
    and the moves chosen; each record says how its deal was dealt."""
    if not 1 <= deals <= DEALS:
        raise NotationError("deals", f"a match plays 1 to {DEALS} deals, not {deals}")
    rng = random.Random(seed)
    totals = (0, 0)
    for number in range(1, deals + 1):
        south = south_player(number)
        dealt = Dealt(number, dealer_seat(number), rng.randrange(2**32))
        start = dealt.position()
        if before_deal is not None:
            before_deal(dealt, start)
        record, deal_score = play_deal(start, strategies, rng, (south, 1 - south), observe)
        result = deal_result(number, replace(record, dealt=dealt), deal_score, totals)
        totals = result.running_totals
        yield result


def play_match(strategies: Sequence[Strategy], seed: int, before_deal: DealStarts | None = None) -> MatchResult:
    """Play the 15 deals between ``strategies[0]`` and ``strategies[1]``."""
    return MatchResult.of(list(match_deals(strategies, seed, before_deal=before_deal)))


def deal_result(number: int, record: DealRecord, deal_score: Score, totals: tuple[int, int]) -> DealResult:
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
