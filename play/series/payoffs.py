"""The deal payoff distributions as data: each deal's payoffs to its dealer, as
``eights.play.series.distributions`` measures them by self-play and ships them
(``data/distributions.json``), read by the equity tables (``eights.play.series.tables``).

Apart from the measuring, which plays matches of bots, so that the tables, and the bots that
read them to play a deal for the game (``solver:...,play_for=game``), stand without the matches.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from eights.engine.deal import DEALS, hand_size

DATA = Path(__file__).with_name("data") / "distributions.json"
FORMAT = "eights-deal-payoffs"


@dataclass(frozen=True)
class DealPayoffs:
    """Deal ``deal``'s payoffs to the dealer's side (sitting at ``dealer``), as counts of each
    payoff over the games measured."""

    deal: int
    dealer: str
    counts: dict[int, int]

    @property
    def samples(self) -> int:
        """How many deals were measured."""
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        """The mean payoff to the dealer's side."""
        return sum(payoff * n for payoff, n in self.counts.items()) / self.samples

    @property
    def std_error(self) -> float:
        """The standard error of the mean."""
        variance = sum(n * (payoff - self.mean) ** 2 for payoff, n in self.counts.items()) / max(1, self.samples - 1)
        return math.sqrt(variance / self.samples)

    def to_json(self) -> dict[str, Any]:
        """``{"deal", "hand_size", "dealer", "samples", "mean", "std_error", "counts"}``, the
        counts keyed by payoff (as JSON keys are strings), in increasing payoff."""
        return {"deal": self.deal, "hand_size": hand_size(self.deal), "dealer": self.dealer,
                "samples": self.samples, "mean": round(self.mean, 3), "std_error": round(self.std_error, 3),
                "counts": {str(payoff): self.counts[payoff] for payoff in sorted(self.counts)}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealPayoffs:
        """The deal's payoffs as ``to_json`` writes them."""
        return cls(int(data["deal"]), str(data["dealer"]), {int(k): int(v) for k, v in data["counts"].items()})


@dataclass(frozen=True)
class Distributions:
    """Every deal's payoffs to its dealer, the bot that played both sides and the seed."""

    bot: str
    seed: int
    games: int
    deals: tuple[DealPayoffs, ...]

    def deal(self, number: int) -> DealPayoffs:
        """Deal ``number`` (1..15)."""
        return self.deals[number - 1]

    def to_json(self) -> dict[str, Any]:
        """The data file: its format, the bot, the seed, the games played, the command that
        rebuilds it and each deal."""
        return {"format": FORMAT, "bot": self.bot, "seed": self.seed, "games": self.games,
                "command": f"python -m eights.play.series.distributions --matches {self.games} --seed {self.seed} "
                           f"--bot {self.bot}",
                "deals": [deal.to_json() for deal in self.deals]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Distributions:
        """The distributions of a data file."""
        if data.get("format") != FORMAT:
            raise ValueError(f"not a file of {FORMAT}")
        deals = tuple(DealPayoffs.from_json(deal) for deal in data["deals"])
        if [deal.deal for deal in deals] != list(range(1, DEALS + 1)):
            raise ValueError("expected deals 1 to 15, in order")
        return cls(str(data["bot"]), int(data["seed"]), int(data["games"]), deals)


@cache
def load(path: Path = DATA) -> Distributions:
    """The shipped distributions (or those of ``path``)."""
    return Distributions.from_json(json.loads(path.read_text(encoding="utf-8")))
