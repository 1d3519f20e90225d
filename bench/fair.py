"""Fair hints (``eights.api.fair.hinting``, as POST /v1/fair-hint answers): the samples a hint
reaches within its time on 8-card deals.

    python -m eights.bench.fair [--budgets 100,250,500] [--samples 16,32,64] [--deals 6]

Each position is an 8-card deal seen from the side to act: the start of deal 1 for
``--deals`` seeds, and the 8-card deals in mid play of ``eights.bench.rollout``. For each search
time (the whole hint's, shared by the samples; 100 ms is EIGHTS_HINT_TIME_MS, the
default) and each number of samples asked for, the service's own code hints every
position (no cache), and the table gives the samples solved by the deadline (fewest and
mean over the positions), the depths the searches completed and the time taken.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence

from eights.api.fair.hinting import hint_fairly, sample_options
from eights.api.service import SolveService
from eights.api.settings import Settings
from eights.bench.rollout import SPEED_POSITIONS
from eights.engine.cards import S, W
from eights.engine.deal import deal_position
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.engine.view import View
from eights.play.fair import DEFAULT_SEED

EIGHT_CARDS = 1  # deal 1: eight cards a hand


def views(deals: int) -> list[View]:
    """The side to act's view of each position of the benchmark."""
    positions: list[Position] = [deal_position(EIGHT_CARDS, (S, W)[seed % 2], seed) for seed in range(1, deals + 1)]
    positions += [parse_position(text) for text in SPEED_POSITIONS]
    return [View.of(position, (S, W)[position.side_to_act]) for position in positions]


def run(budgets: Sequence[int], samples: Sequence[int], deals: int) -> list[str]:
    """One line per search time and samples asked for."""
    service = SolveService(Settings(cache_size=0))
    seen = views(deals)
    lines = [f"{len(seen)} positions (8-card deals, the side to act's view), samples solved of those asked",
             f"{'time_ms':>8}{'asked':>7}{'fewest':>8}{'mean':>7}{'depths':>9}{'ms, mean':>10}{'ms, most':>10}"]
    for budget in budgets:
        for asked in samples:
            answers = [hint_fairly(service, view, asked, sample_options("material", None, budget, asked), DEFAULT_SEED)
                       for view in seen]
            solved = [answer.hint.samples for answer in answers]
            depths = f"{min(a.depths[0] for a in answers)}..{max(a.depths[1] for a in answers)}"
            times = [answer.time_ms for answer in answers]
            lines.append(f"{budget:>8}{asked:>7}{min(solved):>8}{statistics.fmean(solved):>7.1f}{depths:>9}"
                         f"{statistics.fmean(times):>10.0f}{max(times):>10.0f}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.fair", description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="100,250,500", help="the hints' search times in ms, comma-separated")
    parser.add_argument("--samples", default="16,32,64", help="samples asked for, comma-separated")
    parser.add_argument("--deals", type=int, default=6, help="dealt 8-card starts among the positions (default 6)")
    args = parser.parse_args(argv)
    print("\n".join(run([int(x) for x in args.budgets.split(",")], [int(x) for x in args.samples.split(",")],
                        args.deals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
