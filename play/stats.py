"""Statistics of a strength run: a mean with its confidence interval, the exact sign test,
and what the deals played looked like, beside the Kellers' record of 195 deals.

>>> round(mean_interval([1, 2, 3, 4, 5]).half_width, 4)
1.3859
>>> sign_test(9, 1)
0.021484375
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import CONCEALED, side_of
from eights.engine.scoring import ALL
from eights.play.outcome import GameResult

CONFIDENCE = 0.95

DUMMY_OUT = "a dummy out (all three hands count)"
CONCEALED_ONE = "a concealed hand out, the opponent counts one hand"
CONCEALED_ALL = "a concealed hand out, the opponent counts all three"
TWO_OUT = "two or more hands out"
ENDINGS = (DUMMY_OUT, CONCEALED_ONE, CONCEALED_ALL, TWO_OUT)


@dataclass(frozen=True)
class Kellers:
    """One line of the Kellers' 195 deals (seeds/wgr-guide-crazy-eights.txt, (G)): deals,
    and the average points against the side that went out and against the other side."""

    deals: int
    against_out: float
    against_other: float


KELLERS_DEALS = 195
KELLERS = {
    DUMMY_OUT: Kellers(91, 21, 60),
    CONCEALED_ONE: Kellers(90, 0, 16),
    CONCEALED_ALL: Kellers(13, 32, 48),
    TWO_OUT: Kellers(1, 0, 34),
}
KELLERS_POINTS_PER_DEAL = 25  # "The average score for a hand has been about 25 points"
KELLERS_WINNER_TOTAL, KELLERS_LOSER_TOTAL = 316, 442  # "the winner of each game has averaged 316, the loser 442"


@dataclass(frozen=True)
class Interval:
    """A mean and the half-width of its confidence interval (normal approximation)."""

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half_width


def std_error(values: Sequence[float]) -> float:
    """The standard error of the mean, s/√n (s the sample standard deviation); infinite
    with fewer than two values."""
    if len(values) < 2:
        return math.inf
    return statistics.stdev(values) / math.sqrt(len(values))


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``values`` and the half-width z·s/√n of its ``confidence`` interval
    (s the sample standard deviation); infinite with fewer than two values."""
    if not values:
        return Interval(math.nan, math.inf)
    z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
    return Interval(statistics.fmean(values), z * std_error(values))


def finite(data: Any) -> Any:
    """``data`` with every NaN or infinite number made None, as JSON has neither.

    >>> finite({"mean": 1.5, "ci95": [float("-inf"), float("inf")]})
    {'mean': 1.5, 'ci95': [None, None]}
    """
    if isinstance(data, dict):
        return {key: finite(value) for key, value in data.items()}
    if isinstance(data, list):
        return [finite(value) for value in data]
    if isinstance(data, float) and not math.isfinite(data):
        return None
    return data


def sign_test(wins: int, losses: int) -> float:
    """The two-sided exact sign test's p-value for ``wins`` against ``losses`` (ties left
    out): twice the binomial(n, 1/2) tail at the smaller count, at most 1."""
    n = wins + losses
    tail = sum(math.comb(n, k) for k in range(min(wins, losses) + 1))
    return min(1.0, 2 * tail / (1 << n))


def ending(game: GameResult) -> str:
    """How the deal ended: one of ENDINGS."""
    if game.hands_out > 1:
        return TWO_OUT
    if game.first_out not in CONCEALED:
        return DUMMY_OUT
    return CONCEALED_ALL if game.score.option == ALL else CONCEALED_ONE


@dataclass(frozen=True)
class EndingStats:
    """The deals that ended one way: how many, and the mean points against the side that
    went out (first) and against the other side."""

    deals: int
    against_out: float
    against_other: float


@dataclass(frozen=True)
class DealStats:
    """What the deals played looked like (both games of every pair)."""

    deals: int
    mean_actions: float
    max_actions: int
    reshuffle_share: float
    idle_draw_share: float  # of decisions (actions with a choice)
    against_ns: float  # mean points per deal
    against_ew: float
    against_a: float
    against_b: float
    endings: dict[str, EndingStats]

    @classmethod
    def of(cls, games: Sequence[GameResult]) -> DealStats:
        """The statistics of ``games``."""
        decisions = sum(game.decisions for game in games)
        return cls(
            deals=len(games),
            mean_actions=_mean([game.actions for game in games]),
            max_actions=max((game.actions for game in games), default=0),
            reshuffle_share=_mean([game.reshuffles > 0 for game in games]),
            idle_draw_share=sum(game.idle_draws for game in games) / decisions if decisions else math.nan,
            against_ns=_mean([game.score.against_ns for game in games]),
            against_ew=_mean([game.score.against_ew for game in games]),
            against_a=_mean([game.score.against(game.a_side) for game in games]),
            against_b=_mean([game.score.against(1 - game.a_side) for game in games]),
            endings={name: _ending_stats([game for game in games if ending(game) == name]) for name in ENDINGS},
        )

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON data (NaN where a mean is of nothing: see ``finite``)."""
        return {
            "deals": self.deals, "mean_actions": self.mean_actions, "max_actions": self.max_actions,
            "reshuffle_share": self.reshuffle_share, "idle_draw_share": self.idle_draw_share,
            "points_against": {"NS": self.against_ns, "EW": self.against_ew, "A": self.against_a, "B": self.against_b},
            "endings": {name: {"deals": e.deals, "against_out": e.against_out, "against_other": e.against_other}
                        for name, e in self.endings.items()},
        }


def _ending_stats(games: Sequence[GameResult]) -> EndingStats:
    out = [side_of(game.first_out) for game in games]
    return EndingStats(len(games),
                       _mean([game.score.against(side) for game, side in zip(games, out)]),
                       _mean([game.score.against(1 - side) for game, side in zip(games, out)]))


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else math.nan
