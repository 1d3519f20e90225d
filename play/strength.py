"""The strength of bot A against bot B over paired deals, in points per deal.

    from eights.play.strength import run
    result = run("solver:depth=2", "heuristic", pairs=100, seed=1, workers=2)
    result.summary().payoff        # A's mean payoff per deal and its 95% interval

The pairs are played in ``workers`` processes, or on a Dask cluster (``eights.play.workers``: each
process makes its own two bots once); the result is the same wherever they run. It is the same on
every run for a given seed, bot specs and deal size when both bots are deterministic
(``random``, ``heuristic``, ``solver`` with ``depth=`` and no ``time=``); a time-limited
solver searches as deep as the machine's speed allows, so its games vary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from eights.cluster import Cluster
from eights.engine.cards import SEATS
from eights.play.bots import make_bot
from eights.play.paired import PairResult, play_pair, schedule
from eights.play.stats import DealStats, Interval, finite, mean_interval, sign_test
from eights.play.workers import play_all

Progress = Callable[[PairResult], None]
SIDES = ("NS", "EW")


@dataclass(frozen=True)
class Summary:
    """A's mean payoff per deal with its interval (over pair means), the pairs A won, lost
    and tied on their totals with the sign test's p-value, and the deals' statistics."""

    pairs: int
    payoff: Interval
    wins: int
    losses: int
    ties: int
    sign_p: float
    deals: DealStats

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (a mean of nothing, or an interval of one pair, is null)."""
        data: dict[str, Any] = finite({
            "pairs": self.pairs,
            "payoff_per_deal": {"mean": self.payoff.mean, "ci95": [self.payoff.low, self.payoff.high]},
            "wins": self.wins, "losses": self.losses, "ties": self.ties, "sign_test_p": self.sign_p,
            "deals": self.deals.to_json(),
        })
        return data


@dataclass(frozen=True)
class StrengthResult:
    """Every pair of a run, in pair order, and what was asked for."""

    a: str
    b: str
    seed: int
    deal_size: int | None
    deterministic: bool
    pairs: tuple[PairResult, ...]

    def summary(self) -> Summary:
        """The run's summary."""
        totals = [pair.total for pair in self.pairs]
        wins, losses = sum(total > 0 for total in totals), sum(total < 0 for total in totals)
        return Summary(len(totals), mean_interval([total / 2 for total in totals]), wins, losses,
                       len(totals) - wins - losses, sign_test(wins, losses),
                       DealStats.of([game for pair in self.pairs for game in pair.games]))

    def to_json(self) -> dict[str, Any]:
        """The run: its settings, the summary, and each pair's deal and A's payoffs."""
        return {
            "a": self.a, "b": self.b, "seed": self.seed, "deal_size": self.deal_size,
            "deterministic": self.deterministic, "summary": self.summary().to_json(),
            "pairs": [{"index": pair.deal.index, "deal": pair.deal.deal, "hand_size": pair.deal.hand_size,
                       "dealer": SEATS[pair.deal.dealer], "seed": pair.deal.seed,
                       "payoffs_a": [game.payoff_a for game in pair.games], "total_a": pair.total}
                      for pair in self.pairs],
        }

    def records(self) -> Iterator[dict[str, Any]]:
        """Every deal played, as JSON-ready data: the pair, which side A held, the bots, the
        record (``eights.engine.record.DealRecord``, draws naming their cards) and the score."""
        for pair in self.pairs:
            for game_number, game in enumerate(pair.games):
                bots = (self.a, self.b) if game.a_side == 0 else (self.b, self.a)
                yield {"pair": pair.deal.index, "game": game_number, "a_side": SIDES[game.a_side],
                       "NS": bots[0], "EW": bots[1], "record": game.record.to_json(), "score": game.score.to_json()}


def run(a: str, b: str, pairs: int, seed: int, deal_size: int | None = None, workers: int | None = None,
        progress: Progress | None = None, cluster: Cluster | None = None) -> StrengthResult:
    """Play ``pairs`` pairs between the bots of specs ``a`` and ``b`` (``eights.play.paired``) on
    ``workers`` processes (default: one per core; 1 plays in this process), or on
    ``cluster`` (each pair a piece; ``workers`` is then unused). ``progress`` is called
    with each pair as it finishes, in any order. Raises BotSpecError for a bad spec and
    ValueError for a bad deal size, number of pairs or of workers."""
    bots = make_bot(a), make_bot(b)
    if pairs < 1:
        raise ValueError(f"pairs must be at least 1, got {pairs}")
    played = play_all(play_pair, schedule(pairs, seed, deal_size), (a, b), workers, progress, cluster)
    return StrengthResult(bots[0].spec, bots[1].spec, seed, deal_size,
                          all(bot.deterministic for bot in bots), tuple(played))

