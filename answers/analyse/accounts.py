"""The accounts of an analysed deal: per side the skill shown and the luck of the draws, as
GNU Backgammon reports luck per roll and skill per decision.

Each step moves the deal's value for NS from the position's value (its best move's) to the
value after the step. That change is the sum of two parts:
- the played move's value minus the best move's: minus the **loss** of the side that moved
  (its skill, as points given away by its choices);
- the value after the step minus the played move's value. For a draw that is its **luck**: the
  value of what the cards brought minus the draw's expectation over the stock. For a play it
  is zero when the searches agree with each other, and otherwise their **drift** (a deeper look
  from the next position seeing what the shallower one did not).
Summed over the deal, the changes telescope: the result (the score, or the value of the last
position of a deal under way) = the start's value + skill + luck + drift, for NS, exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.solver.api import SIDES, rounded

MISTAKES_SHOWN = 5


@dataclass(frozen=True)
class Entry:
    """A step in the accounts, unrounded: the side that moved (0 is NS), the loss of its
    choice, whether that was a mistake and a decision (more than one legal move), a draw's luck
    for NS (None for a play), and the value for NS after the step minus the played move's."""

    side: int
    loss: float
    mistake: bool
    decision: bool
    luck_ns: float | None
    change_ns: float


def summary(accounted: Sequence[tuple[dict[str, Any], Entry]], start_ns: float, result_ns: float) -> dict[str, Any]:
    """The summary of a deal's analysis from its steps (each answered with its entry): the loss
    per side, the largest mistakes, each side's account and the deal's, for NS.

    >>> steps = [({"loss": 2.0, "mistake": True}, Entry(0, 2.0, True, True, None, 0.0)),
    ...          ({"loss": 0.0, "mistake": False}, Entry(1, 0.0, False, True, -3.0, -3.0))]
    >>> account = summary(steps, 1.0, -4.0)
    >>> account["skill_ns"], account["luck_ns"], account["drift_ns"], account["sides"]["EW"]["luck"]
    (-2.0, -3.0, 0.0, 3.0)
    """
    entries = [entry for _, entry in accounted]
    skill_ns = sum(-entry.loss if entry.side == 0 else entry.loss for entry in entries)
    luck_ns = sum(entry.luck_ns for entry in entries if entry.luck_ns is not None)
    drift_ns = sum(entry.change_ns for entry in entries if entry.luck_ns is None)
    mistakes = [step for step, entry in accounted if entry.mistake]
    return {
        "loss": {name: rounded(sum(entry.loss for entry in entries if entry.side == side))
                 for side, name in enumerate(SIDES)},
        "mistakes": sorted(mistakes, key=lambda step: -step["loss"])[:MISTAKES_SHOWN],
        "sides": {name: side_account([entry for entry in entries if entry.side == side], side)
                  for side, name in enumerate(SIDES)},
        "start_ns": rounded(start_ns),
        "skill_ns": rounded(skill_ns),
        "luck_ns": rounded(luck_ns),
        "drift_ns": rounded(drift_ns),
        "result_ns": rounded(result_ns),
    }


def side_account(entries: Sequence[Entry], side: int) -> dict[str, Any]:
    """One side's account: its decisions and mistakes, its loss in all and per decision, and
    what its draws brought it (its luck, in its own points) and how many it made."""
    decisions = sum(entry.decision for entry in entries)
    loss = sum(entry.loss for entry in entries)
    draws = [entry.luck_ns for entry in entries if entry.luck_ns is not None]
    luck = sum(draws) if side == 0 else -sum(draws)
    return {
        "decisions": decisions,
        "mistakes": sum(entry.mistake for entry in entries),
        "loss": rounded(loss),
        "error_rate": rounded(loss / decisions) if decisions else 0.0,
        "luck": rounded(luck),
        "draws": len(draws),
    }
