"""Fair hints (``eights.api.fair.hinting``, as POST /v1/fair-hint answers): the samples a hint
reaches within its time on 8-card deals.

    python -m eights.bench.fair [--budgets 100,250,500] [--samples 16,32,64] [--deals 6] [--schedule deepen|split]
    python -m eights.bench.fair --strength 100,1000 [--pairs 300] [--seed 1] [--workers 2]

Each position is an 8-card deal seen from the side to act: the start of deal 1 for
``--deals`` seeds, and the 8-card deals in mid play of ``eights.bench.rollout``. For each search
time (the whole hint's; 100 ms is EIGHTS_HINT_TIME_MS, the default) and each number of
samples asked for, the service's own code hints every position (no cache), the samples
deepened together (``deepen``, the default) or each searched alone for its share of the
time (``split``), and the table gives the samples solved by the deadline (fewest and mean
over the positions), the depths the searches completed and the time taken.

``--strength MS,...`` plays instead, for each time a move, the fair bot (``fair:time=MS``)
against double dummy (``solver:time=MS``) and against the first fair bot
(``fair:time=MS,samples=16,schedule=split``) over ``--pairs`` paired deals
(``eights.play.strength``), and prints one row of docs/fair-hints.md's table per pairing.
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
from eights.play.fair import DEEPEN, DEFAULT_SAMPLES, DEFAULT_SEED, SCHEDULES, SPLIT
from eights.play.strength import run as play_pairs

EIGHT_CARDS = 1  # deal 1: eight cards a hand


def views(deals: int) -> list[View]:
    """The side to act's view of each position of the benchmark."""
    positions: list[Position] = [deal_position(EIGHT_CARDS, (S, W)[seed % 2], seed) for seed in range(1, deals + 1)]
    positions += [parse_position(text) for text in SPEED_POSITIONS]
    return [View.of(position, (S, W)[position.side_to_act]) for position in positions]


def run(budgets: Sequence[int], samples: Sequence[int], deals: int, schedule: str = DEEPEN) -> list[str]:
    """One line per search time and samples asked for."""
    service = SolveService(Settings(cache_size=0))
    seen = views(deals)
    lines = [f"{len(seen)} positions (8-card deals, the side to act's view), samples solved of those asked",
             f"{'time_ms':>8}{'asked':>7}{'fewest':>8}{'mean':>7}{'depths':>9}{'ms, mean':>10}{'ms, most':>10}"]
    for budget in budgets:
        for asked in samples:
            answers = [hint_fairly(service, view, asked, sample_options("material", None, budget, asked, schedule),
                                   DEFAULT_SEED)
                       for view in seen]
            solved = [answer.hint.samples for answer in answers]
            depths = f"{min(a.depths[0] for a in answers)}..{max(a.depths[1] for a in answers)}"
            times = [answer.time_ms for answer in answers]
            lines.append(f"{budget:>8}{asked:>7}{min(solved):>8}{statistics.fmean(solved):>7.1f}{depths:>9}"
                         f"{statistics.fmean(times):>10.0f}{max(times):>10.0f}")
    return lines


def pairings(time_ms: float) -> list[tuple[str, str]]:
    """The fair bot at ``time_ms`` a move against double dummy and against the first fair bot, as bot specs.

    >>> pairings(100)[1]
    ('fair:time=100', 'fair:time=100,samples=16,schedule=split')
    """
    fair = f"fair:time={time_ms:g}"
    return [(fair, f"solver:time={time_ms:g}"), (fair, f"{fair},samples={DEFAULT_SAMPLES},schedule={SPLIT}")]


def strength(times: Sequence[float], pairs: int, seed: int, workers: int | None) -> list[str]:
    """The table's rows: A, B, pairs, A's payoff per deal (95% CI), pairs won / lost / tied (sign test)."""
    lines = ["| A | B | pairs | A's payoff per deal (95% CI) | pairs won / lost / tied (sign test) |",
             "|---|---|---|---|---|"]
    for time_ms in times:
        for a, b in pairings(time_ms):
            summary = play_pairs(a, b, pairs, seed, workers=workers).summary()
            payoff = summary.payoff
            lines.append(f"| `{a}` | `{b}` | {summary.pairs} | {payoff.mean:+.2f} ({payoff.low:+.2f} .. {payoff.high:+.2f}) "
                         f"| {summary.wins} / {summary.losses} / {summary.ties} (p = {summary.sign_p:.2g}) |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.fair", description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="100,250,500", help="the hints' search times in ms, comma-separated")
    parser.add_argument("--samples", default="16,32,64", help="samples asked for, comma-separated")
    parser.add_argument("--deals", type=int, default=6, help="dealt 8-card starts among the positions (default 6)")
    parser.add_argument("--schedule", choices=SCHEDULES, default=DEEPEN,
                        help="deepen the samples together (default) or search each alone for its share (split)")
    parser.add_argument("--strength", metavar="MS,...", help="play the fair bot at these times a move instead")
    parser.add_argument("--pairs", type=int, default=300, help="--strength: pairs of deals a pairing (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="--strength: the seed (default 1)")
    parser.add_argument("--workers", type=int, help="--strength: processes (default: one per core)")
    args = parser.parse_args(argv)
    if args.strength:
        print("\n".join(strength([float(x) for x in args.strength.split(",")], args.pairs, args.seed, args.workers)))
        return 0
    print("\n".join(run([int(x) for x in args.budgets.split(",")], [int(x) for x in args.samples.split(",")],
                        args.deals, args.schedule)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
