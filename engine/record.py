"""The record of a played deal, and what every record begins with.

A record is JSON, of one format for a deal and for a match (``eights.engine.match``), described by
the JSON Schema ``record.schema.json`` beside this module (``SCHEMA_PATH``). This engine writes
version 2, which opens with ``"format": "eights-record", "version": 2`` and ``"kind": "deal"``
(or ``"match"``). It still reads version 1 (``"version": 1``) and the records with no version
(a deal's ``position`` and ``moves`` alone). A deal record is its start position and the moves
from it, draws naming their cards; version 2 adds how the start was dealt (``dealt``: the deal's
number, the dealer and the seed of ``eights deal``) and who played each side (``players``), each
null when not known. Reading a record replays it: a stated result, or a start said to be dealt
from a seed, that the record does not give is refused.

>>> r = DealRecord.from_json({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S",
...                           "moves": ["play 5S"]})
>>> r.positions()[-1].is_over, r.to_json()["result"]["payoff_ns"], r.to_json()["version"]
(True, 9, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eights.engine.cards import SEATS, Seat
from eights.engine.deal import DEALS, deal_position
from eights.engine.errors import EightsError, NotationError
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position
from eights.engine.position import Position
from eights.engine.rules import apply_move
from eights.engine.scoring import score
from eights.engine.steps import check_seed

FORMAT = "eights-record"
RECORD_VERSION = 2  # the version this engine writes
OLD_VERSION = 1  # the version before it (and a record with no version), still read
DEAL, MATCH = "deal", "match"
SIDE_NAMES = ("NS", "EW")
MAX_NAME = 200  # characters of a player's name
SCHEMA_PATH = Path(__file__).with_name("record.schema.json")
_OLD_DEAL_KEYS = {"version", "position", "moves", "result"}
_DEAL_KEYS = _OLD_DEAL_KEYS | {"format", "kind", "dealt", "players"}


@dataclass(frozen=True, slots=True)
class Dealt:
    """How a deal's start was dealt: deal ``deal`` of a match (its hand size), ``dealer``'s
    seat and the seed, as ``eights deal --deal D --dealer S --seed N`` and /v1/deal deal it."""

    deal: int
    dealer: Seat
    seed: int

    def position(self) -> Position:
        """The start these deal."""
        return deal_position(self.deal, self.dealer, self.seed)

    def to_json(self) -> dict[str, Any]:
        """``{"deal": 8, "dealer": "S", "seed": 42}``."""
        return {"deal": self.deal, "dealer": SEATS[self.dealer], "seed": self.seed}

    @classmethod
    def from_json(cls, data: Any, field: str = "dealt") -> Dealt:
        """Read ``{"deal", "dealer", "seed"}``."""
        if not isinstance(data, dict) or set(data) != {"deal", "dealer", "seed"}:
            raise NotationError(field, "expected an object of deal, dealer and seed")
        deal = data["deal"]
        if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= DEALS:
            raise NotationError(f"{field}.deal", f"expected a deal from 1 to {DEALS}, got {deal!r}")
        if data["dealer"] not in ("S", "W"):
            raise NotationError(f"{field}.dealer", f"the dealer sits at S or W, not {data['dealer']!r}")
        return cls(deal, SEATS.index(data["dealer"]), check_seed(data["seed"], f"{field}.seed"))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as it was played: ``start`` and the moves made from it, in order; how the start
    was dealt and who played NS and EW, when known."""

    start: Position
    moves: tuple[Move, ...]
    dealt: Dealt | None = None
    players: tuple[str, str] | None = None  # NS's, then EW's

    def positions(self) -> list[Position]:
        """Every position of the deal, the start first; raises IllegalMoveError naming
        the step (``moves[3]``) of a move the rules do not allow."""
        positions = [self.start]
        for step, move in enumerate(self.moves):
            try:
                positions.append(apply_move(positions[-1], move))
            except EightsError as error:
                raise type(error)(f"moves[{step}]", error.problem) from None
        return positions

    def result(self) -> dict[str, Any] | None:
        """The score's JSON once the deal is over, else None."""
        last = self.positions()[-1]
        return score(last).to_json() if last.is_over else None

    def to_json(self) -> dict[str, Any]:
        """``{"format": "eights-record", "version": 2, "kind": "deal", "position": "<compact>",
        "moves": ["play 9H", "draw KS", ...], "result": ..., "dealt": ..., "players": ...}``."""
        return {**envelope(DEAL), "position": compact(self.start),
                "moves": [move.notation() for move in self.moves], "result": self.result(),
                "dealt": None if self.dealt is None else self.dealt.to_json(),
                "players": None if self.players is None else dict(zip(SIDE_NAMES, self.players))}

    @classmethod
    def from_json(cls, data: Any, field: str = "record") -> DealRecord:
        """Read a record of any version; the position in either form, each move as a string or
        object. A stated result must be the one the moves give, a stated ``dealt`` must deal
        the start."""
        version = record_version(data, DEAL, field)
        unknown = set(data) - (_DEAL_KEYS if version == RECORD_VERSION else _OLD_DEAL_KEYS)
        if unknown:
            raise NotationError(str(sorted(unknown)[0])[:80], "unknown key")
        if "position" not in data:
            raise NotationError("position", "required")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise NotationError("moves", "expected a list of moves")
        try:
            start = parse_position(data["position"])
        except EightsError as error:
            where = "position" if error.field == "position" else f"position.{error.field}"
            raise type(error)(where, error.problem) from None
        dealt = None if data.get("dealt") is None else Dealt.from_json(data["dealt"])
        if dealt is not None and dealt.position() != start:
            raise NotationError("dealt", f"deal {dealt.deal} dealt by {SEATS[dealt.dealer]} from seed {dealt.seed} "
                                         "does not start from the record's position")
        players = None if data.get("players") is None else read_players(data["players"], "players", SIDE_NAMES)
        record = cls(start, tuple(Move.from_json(move, f"moves[{i}]") for i, move in enumerate(moves)), dealt,
                     None if players is None else (players[0], players[1]))
        if "result" in data and data["result"] != record.result():
            raise NotationError("result", f"the moves give {record.result()}, not {data['result']}")
        return record


def envelope(kind: str) -> dict[str, Any]:
    """What a record of ``kind`` (``deal`` or ``match``) begins with."""
    return {"format": FORMAT, "version": RECORD_VERSION, "kind": kind}


def is_family_record(data: Any) -> bool:
    """True for a record of a game of the family (``eights.engine.family.record``): one of this
    format whose ``rules`` name a game other than sce2.

    >>> is_family_record({"format": FORMAT, "version": 2, "kind": "deal", "rules": "classic/4"})
    True
    >>> is_family_record({"format": FORMAT, "version": 2, "kind": "deal", "position": "..."})
    False
    """
    return isinstance(data, dict) and data.get("format") == FORMAT and data.get("rules", "sce2") != "sce2"


def record_kind(data: Any) -> str:
    """``deal`` or ``match``: what ``data`` claims to be (a record before version 2 is a
    match when it has ``deals``). It is not read here."""
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("kind") in (DEAL, MATCH):
        return str(data["kind"])
    return MATCH if isinstance(data, dict) and "deals" in data else DEAL


def record_version(data: Any, kind: str, field: str = "record") -> int:
    """The version of the record ``data`` of ``kind``: 2 when it says so (its format and kind
    as well), 1 when it says 1 or gives no version and no format. NotationError otherwise."""
    if not isinstance(data, dict):
        raise NotationError(field, f"expected an object, got {type(data).__name__}")
    if is_family_record(data):
        raise NotationError("rules", f"a record of {str(data['rules'])[:60]}, a game of the family: this reads sce2's "
                                     "(eights replay replays both; the family's analysis is still to come)")
    version = data.get("version", RECORD_VERSION if "format" in data else OLD_VERSION)
    if isinstance(version, bool) or version not in (OLD_VERSION, RECORD_VERSION):
        raise NotationError("version", f"unknown record version {version!r} "
                                       f"(this engine reads {OLD_VERSION} and {RECORD_VERSION})")
    if version == RECORD_VERSION:
        if data.get("format") != FORMAT:
            raise NotationError("format", f"a version {RECORD_VERSION} record says \"format\": \"{FORMAT}\"")
        if data.get("kind") != kind:
            raise NotationError("kind", f"expected a {kind} record, got {str(data.get('kind'))[:40]!r}")
    return int(version)


def read_players(data: Any, field: str, keys: tuple[str, ...] | None = None) -> list[str]:
    """Two players' names: a list of two (player 0's first), or with ``keys`` an object of them."""
    if keys is not None:
        if not isinstance(data, dict) or set(data) != set(keys):
            raise NotationError(field, f"expected an object of {' and '.join(keys)}")
        data = [data[key] for key in keys]
    if not isinstance(data, list) or len(data) != 2:
        raise NotationError(field, "expected the two players' names")
    for index, name in enumerate(data):
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise NotationError(f"{field}.{keys[index] if keys else index}",
                                f"expected a name of 1 to {MAX_NAME} characters")
    return list(data)
