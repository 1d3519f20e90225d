"""sce2's fair hint answer: the moves of the side to act compared over the samples
(``eights.play.fair.FairHint``), with the value for NS, the samples asked and solved, the
depths completed and the time (/v1/fair-hint's answer for sce2, ``eights hint`` on a view)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.engine.cards import SEATS
from eights.games.game import sampled_fields
from eights.games.sce2 import other_side_value
from eights.play.compare import MoveComparison
from eights.play.fair import FairHint
from eights.solver.api import SIDES, rounded


@dataclass(frozen=True)
class FairAnswer:
    """A fair hint over the samples solved of those ``asked`` for, the least and the most
    depth their searches completed, and its time; what the deal was played for (``play_for``:
    values are then chances of winning the game, or points of the series)."""

    hint: FairHint
    asked: int
    depths: tuple[int, int]
    time_ms: float
    play_for: str = "points"

    @property
    def samples(self) -> int:
        """The deals sampled and solved."""
        return self.hint.samples

    @property
    def seed(self) -> int:
        """The seed of the samples."""
        return self.hint.seed

    @property
    def moves(self) -> tuple[MoveComparison, ...]:
        """The moves compared, best first."""
        return self.hint.moves

    @property
    def whose(self) -> tuple[str, str]:
        """Whose view it is and whose values they are, as the command line writes it."""
        return f"{SEATS[self.hint.view.seat]}'s view", f"to {SIDES[self.hint.view.template.side_to_act]}, the side to act"

    def to_json(self) -> dict[str, Any]:
        """The hint's JSON with ``value_ns``, the fields every game's answer gives (``player_names``,
        ``to_act``, ``values``: ``Game.search_common``; each move's ``value``, ``depth`` and
        ``depths``: ``sampled_fields``), ``asked``, ``complete``, ``time_ms`` and ``play_for``
        when not the points."""
        hint = self.hint.to_json()
        side = self.hint.view.template.side_to_act
        value_ns = rounded(hint["value"] if side == 0 else other_side_value(hint["value"], self.play_for))
        played_for = {} if self.play_for == "points" else {"play_for": self.play_for}
        return {**hint, "value_ns": value_ns, "player_names": list(SIDES), "to_act": side,
                "values": [value_ns, other_side_value(value_ns, self.play_for)], **played_for,
                "asked": self.asked, "complete": self.hint.samples == self.asked,
                **sampled_fields(hint["moves"], self.depths), "time_ms": self.time_ms}
