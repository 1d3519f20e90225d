"""A paired duel between two players: each deal is played twice, each player holding NS once,
with the same draws seed, so that the luck of the deal cancels; the score is A's points per
deal (its side's payoff), with a 95% confidence interval over the pairs."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from eights.engine.match import play_deal
from eights.solver.training.deals import Deal
from eights.solver.training.parallel import map_chunks
from eights.solver.training.players import SearchPlayer

Z_95 = 1.96


@dataclass(frozen=True)
class DuelResult:
    """A's mean points per deal over the pairs, and the 95% interval's half width."""

    pairs: int
    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def stronger(self) -> bool:
        """A is stronger: its interval lies above zero."""
        return self.low > 0

    def text(self) -> str:
        return f"{self.mean:+.2f} points/deal, 95% CI [{self.low:+.2f}, {self.high:+.2f}], {self.pairs} pairs"


def duel(a: SearchPlayer, b: SearchPlayer, deals: list[Deal], workers: int = 1) -> DuelResult:
    """Play every deal twice (A as NS, then A as EW; on ``workers`` processes); A's points per
    deal, pair by pair."""
    per_pair = [points for part in map_chunks(partial(_play_pairs, a, b), deals, workers) for points in part]
    n = len(per_pair)
    spread = statistics.stdev(per_pair) if n > 1 else math.inf
    return DuelResult(n, statistics.fmean(per_pair), Z_95 * spread / math.sqrt(n))


def _play_pairs(a: SearchPlayer, b: SearchPlayer, deals: Sequence[Deal]) -> list[float]:
    """A's points per deal of each pair of ``deals``, played by one strategy (one table) a player."""
    strategies = [a.strategy(), b.strategy()]
    per_pair = []
    for deal in deals:
        _, first = play_deal(deal.start, strategies, random.Random(deal.draw_seed), (0, 1))
        _, second = play_deal(deal.start, strategies, random.Random(deal.draw_seed), (1, 0))
        per_pair.append((first.payoff_ns - second.payoff_ns) / 2)
    return per_pair
