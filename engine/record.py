"""The record of a played deal: its start position and the moves, draws naming their cards.

Its JSON form is versioned (``"version": 1``) and carries the deal's result (the score,
or null while the deal goes on); reading a record that states a result replays it and
checks the result, so that a record that does not replay to what it says is refused.

>>> r = DealRecord.from_json({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S",
...                           "moves": ["play 5S"]})
>>> r.positions()[-1].is_over, r.to_json()["result"]["payoff_ns"]
(True, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.engine.errors import EightsError, NotationError
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position
from eights.engine.position import Position
from eights.engine.rules import apply_move
from eights.engine.scoring import score

RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as it was played: ``start`` and the moves made from it, in order."""

    start: Position
    moves: tuple[Move, ...]

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
        """``{"version": 1, "position": "<compact>", "moves": ["play 9H", "draw KS", ...], "result": ...}``."""
        return {"version": RECORD_VERSION, "position": compact(self.start),
                "moves": [move.notation() for move in self.moves], "result": self.result()}

    @classmethod
    def from_json(cls, data: Any, field: str = "record") -> DealRecord:
        """Read a record; the position in either form, each move as a string or object. A
        stated result must be the one the moves give."""
        if not isinstance(data, dict):
            raise NotationError(field, f"expected an object, got {type(data).__name__}")
        unknown = set(data) - {"version", "position", "moves", "result"}
        if unknown:
            raise NotationError(str(sorted(unknown)[0])[:80], "unknown key")
        check_version(data.get("version", RECORD_VERSION), "version")
        if "position" not in data:
            raise NotationError("position", "required")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise NotationError("moves", "expected a list of moves")
        start = parse_position(data["position"])
        record = cls(start, tuple(Move.from_json(move, f"moves[{i}]") for i, move in enumerate(moves)))
        if "result" in data and data["result"] != record.result():
            raise NotationError("result", f"the moves give {record.result()}, not {data['result']}")
        return record


def check_version(version: Any, field: str) -> None:
    """NotationError unless ``version`` is the record format this engine writes."""
    if version != RECORD_VERSION or isinstance(version, bool):
        raise NotationError(field, f"unknown record version {version!r} (this engine reads {RECORD_VERSION})")
