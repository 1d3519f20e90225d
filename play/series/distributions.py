"""The payoff distribution of each deal of a game, measured by self-play.

A bot plays both sides of whole games (``eights.play.matches``: the 15 deals of RULES.md, the
players alternating the deal and exchanging seats); deal k of every game has the same hand size
and the same dealer's seat (``eights.engine.match.dealer_seat``), so each game gives one sample
of each deal's payoff **to the dealer's side** (the points against the other side minus the
points against the dealer's). The histogram of those payoffs, per deal, is what the equity
tables convolve with (``eights.play.series.tables``), and the samples are what their bootstrap
resamples.

    python -m eights.play.series.distributions --matches 400 --seed 2026 --bot solver:time=2000,depth=4

rebuilds the shipped data (``eights.play.series.payoffs.load`` reads it; a few minutes of one core). The time only caps a
pathological search, a long draw under way enumerated card by card, which can hold a bot by
depth alone without end (docs/game-and-series.md); ``--bot fair:time=100`` measures it for the bot that plays a
person (``eights.play.versus.DEFAULT_PERSON_BOT``), about 5 s a deal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from eights.engine.cards import SEATS, S
from eights.engine.deal import DEALS, hand_size
from eights.engine.match import dealer_seat
from eights.play.matches import MatchesResult, run
from eights.play.series.payoffs import DATA, DealPayoffs, Distributions

MEASURED_BOT = "solver:time=2000,depth=4"  # the bot of the shipped data (docs/game-and-series.md says why)


def of_matches(result: MatchesResult) -> Distributions:
    """The distributions of self-play games: each game's deal k is a sample of deal k."""
    counts: list[Counter[int]] = [Counter() for _ in range(DEALS)]
    for match in result.matches:
        for deal in match.result.deals:
            dealer_side = 0 if deal.dealer == S else 1
            counts[deal.number - 1][deal.score.payoff(dealer_side)] += 1
    deals = tuple(DealPayoffs(number, SEATS[dealer_seat(number)], dict(counts[number - 1]))
                  for number in range(1, DEALS + 1))
    return Distributions(result.a, result.seed, len(result.matches), deals)


def measure(bot: str, games: int, seed: int, workers: int | None = 1) -> Distributions:
    """Play ``games`` games of ``bot`` against itself from ``seed`` and count each deal's payoffs."""
    return of_matches(run(bot, bot, matches=games, seed=seed, workers=workers))


def summary_lines(distributions: Distributions) -> list[str]:
    """A table of each deal: hand size, dealer, samples, mean payoff to the dealer and its
    standard error, the standard deviation."""
    lines = [f"{'deal':>4} {'cards':>5} {'dealer':>6} {'samples':>7} {'mean':>7} {'s.e.':>5} {'s.d.':>6}"]
    for deal in distributions.deals:
        payoffs = [p for p, n in deal.counts.items() for _ in range(n)]
        lines.append(f"{deal.deal:>4} {hand_size(deal.deal):>5} {deal.dealer:>6} {deal.samples:>7} "
                     f"{deal.mean:>7.2f} {deal.std_error:>5.2f} {statistics.pstdev(payoffs):>6.1f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the distributions, write them, print their table."""
    parser = argparse.ArgumentParser(prog="python -m eights.play.series.distributions",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=400, help="games of 15 deals to play (default 400)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the games (default 2026)")
    parser.add_argument("--bot", default=MEASURED_BOT, help=f"the bot playing both sides (default {MEASURED_BOT})")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", type=Path, default=DATA, help="where to write the JSON (default the shipped data)")
    args = parser.parse_args(argv)
    distributions = measure(args.bot, args.matches, args.seed, args.workers)
    args.out.write_text(json.dumps(distributions.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    print("\n".join(summary_lines(distributions)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
