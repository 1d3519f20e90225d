"""The clock of one side of an OpenSpiel match (``eights.bench.openspiel``): its decisions,
the seconds they took, the longest, and the opponent's simulations; its own module so that
the bench and the ISMCTS player (``eights.bench.openspiel_ismcts``) share it without
importing each other."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class Clock:
    """Decisions made and the seconds they took."""

    decisions: int = 0
    seconds: float = 0.0
    simulations: int = 0
    longest: float = 0.0  # the seconds of the longest decision

    def count(self, seconds: float, simulations: int = 0) -> None:
        """A decision that took ``seconds``."""
        self.decisions += 1
        self.seconds += seconds
        self.simulations += simulations
        self.longest = max(self.longest, seconds)

    @property
    def mean_ms(self) -> float:
        """The mean milliseconds a decision."""
        return 1000 * self.seconds / self.decisions if self.decisions else math.nan

    def add(self, other: Clock) -> None:
        """Count ``other``'s decisions, seconds and simulations in too."""
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.simulations += other.simulations
        self.longest = max(self.longest, other.longest)
