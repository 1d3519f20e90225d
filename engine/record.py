"""The record of a played deal: its start position and the moves, draws naming their cards.

>>> from engine.notation import compact
>>> r = DealRecord.from_json({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S",
...                           "moves": ["play 5S"]})
>>> r.positions()[-1].is_over
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import EightsError, NotationError
from engine.moves import Move
from engine.notation import compact, parse_position
from engine.position import Position
from engine.rules import apply_move


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

    def to_json(self) -> dict[str, Any]:
        """``{"position": "<compact>", "moves": ["play 9H", "draw KS", ...]}``."""
        return {"position": compact(self.start), "moves": [move.notation() for move in self.moves]}

    @classmethod
    def from_json(cls, data: Any) -> DealRecord:
        """Read a record; the position in either form, each move as a string or object."""
        if not isinstance(data, dict):
            raise NotationError("record", f"expected an object, got {type(data).__name__}")
        unknown = set(data) - {"position", "moves"}
        if unknown:
            raise NotationError(str(sorted(unknown)[0]), "unknown key")
        if "position" not in data:
            raise NotationError("position", "required")
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise NotationError("moves", "expected a list of moves")
        start = parse_position(data["position"])
        return cls(start, tuple(Move.from_json(move, f"moves[{i}]") for i, move in enumerate(moves)))
