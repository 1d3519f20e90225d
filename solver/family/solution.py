"""What a search of a family position found, and its JSON form.

>>> from eights.engine.family.moves import FamilyMove
>>> draw = FamilyMove("draw")
>>> s = FamilySolution("classic/3", "maxn", 0, 0, 1.5, (1.5, -1.0, -0.5), draw,
...                    [FamilyMoveValue(draw, 1.5, (1.5, -1.0, -0.5))], [draw], 2, False, (-50.0, 50.0), 10, 0.5,
...                    "material")
>>> s.to_json()["moves"]
[{'move': 'draw', 'value': 1.5, 'values': [1.5, -1.0, -0.5]}]
>>> FamilySolution.from_json(s.to_json(digits=None)) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.engine.cards import Seat
from eights.engine.family.moves import FamilyMove
from eights.solver.limits import JSON_DIGITS, rounded


def _rounded_all(values: tuple[float, ...] | None, digits: int | None) -> list[float] | None:
    return None if values is None else [rounded(value, digits) for value in values]


def _floats(values: list[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(value) for value in values)


@dataclass(frozen=True)
class FamilyMoveValue:
    """A root move, its value for the solution's ``player`` and (where the mode has them) its
    expected payoff for every seat."""

    move: FamilyMove
    value: float
    values: tuple[float, ...] | None

    def to_json(self, digits: int | None = JSON_DIGITS) -> dict[str, Any]:
        """``{"move": "play 9H", "value": 4.0, "values": [4.0, -4.0]}``, values to ``digits`` decimals."""
        return {"move": self.move.notation(), "value": rounded(self.value, digits),
                "values": _rounded_all(self.values, digits)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FamilyMoveValue:
        """The move value ``to_json`` wrote."""
        return cls(FamilyMove.from_notation(data["move"]), float(data["value"]), _floats(data.get("values")))


@dataclass(frozen=True)
class FamilySolution:
    """A search's answer for a family position.

    - ``mode``: ``maxn`` or ``paranoid``; ``player``: the seat whose expected payoff
      ``value``, each move's ``value`` and ``bounds`` are (the mover in ``maxn``, the named
      player in ``paranoid``); ``mover``: the seat to act (None when the deal is over).
    - ``values``: every seat's expected payoff (``maxn``; ``paranoid`` with two players of a
      zero-sum game, where the other's is minus the player's; else None).
    - ``moves``: the mover's legal moves, best first for her by the mode's choice (ties as
      RULES-FAMILY says); ``best`` the first; ``pv`` the line the players choose, stopping
      after a draw left to chance or at the horizon.
    - ``depth``: the actions searched (chance draws spend none); ``exact``: no horizon leaf
      could change the value; ``bounds``: where ``value`` is proven to lie; ``sampled``: a timed
      max-n search sampled a long draw at its horizon (the native core's FAM_SAMPLE_*), so the
      values are estimates and not exact (a search by depth alone never samples).
    - ``play_for``: what the values are: ``points``, the deal's payoffs; ``game``, each seat's
      chance of winning the game around the deal (classic/2's, ``eights.play.series.target``).
    - ``nodes`` (positions visited, memo hits included) and ``time_ms`` cover the whole call.
    """

    rules: str
    mode: str
    player: Seat | None
    mover: Seat | None
    value: float
    values: tuple[float, ...] | None
    best: FamilyMove | None
    moves: list[FamilyMoveValue]
    pv: list[FamilyMove]
    depth: int
    exact: bool
    bounds: tuple[float, float]
    nodes: int
    time_ms: float
    evaluation: str
    sampled: bool = False
    play_for: str = "points"

    def value_of(self, move: FamilyMove) -> FamilyMoveValue:
        """The entry of root move ``move`` (StopIteration: not a root move)."""
        return next(move_value for move_value in self.moves if move_value.move == move)

    def to_json(self, digits: int | None = JSON_DIGITS) -> dict[str, Any]:
        """The JSON form, moves in notation, values to ``digits`` decimals (None: every digit,
        so that ``from_json`` gives this solution back)."""
        return {
            "rules": self.rules, "mode": self.mode, "player": self.player, "mover": self.mover,
            "value": rounded(self.value, digits), "values": _rounded_all(self.values, digits),
            "best": None if self.best is None else self.best.notation(),
            "moves": [move_value.to_json(digits) for move_value in self.moves],
            "pv": [move.notation() for move in self.pv], "depth": self.depth, "exact": self.exact, "sampled": self.sampled,
            "bounds": [rounded(bound, digits) for bound in self.bounds], "nodes": self.nodes,
            "time_ms": self.time_ms, "evaluation": self.evaluation,
            **({} if self.play_for == "points" else {"play_for": self.play_for}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FamilySolution:
        """The solution ``to_json`` wrote."""
        low, high = data["bounds"]
        return cls(str(data["rules"]), str(data["mode"]), data["player"], data["mover"], float(data["value"]),
                   _floats(data["values"]), None if data["best"] is None else FamilyMove.from_notation(data["best"]),
                   [FamilyMoveValue.from_json(move_value) for move_value in data["moves"]],
                   [FamilyMove.from_notation(move) for move in data["pv"]], int(data["depth"]), bool(data["exact"]),
                   (float(low), float(high)), int(data["nodes"]), float(data["time_ms"]), str(data["evaluation"]),
                   play_for=str(data.get("play_for", "points")))
