"""The strength of bot A against bot B over paired deals (``eights.play.strength``).

    python -m eights.bench.strength --a solver:time=100 --b heuristic --pairs 200 --seed 1
                             [--deal-size N] [--workers N] [--cluster | --scheduler ADDRESS]
                             [--json FILE] [--records FILE]

Each pair is one deal played twice with the same stock order and reshuffles, A as NS
then A as EW. Prints A's mean payoff per deal (B's points minus A's) with its 95%
confidence interval, the pairs A won, lost and tied with the sign test's p-value, and
the deals' statistics beside the Kellers' 195 recorded deals. ``--cluster`` plays the pairs
on a Dask LocalCluster of ``--workers`` processes, ``--scheduler`` on a running cluster. The same seed and bot
specs give the same table, unless a solver bot is limited by time rather than depth.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from eights.cluster import ClusterUnavailable
from eights.cli.common import add_bot_arguments
from eights.cluster.options import chosen_cluster
from eights.engine.errors import EightsError
from eights.play.report import report
from eights.play.strength import StrengthResult, run

PROG = "python -m eights.bench.strength"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options."""
    add_bot_arguments(parser, "pairs")
    parser.add_argument("--pairs", type=int, default=200, help="pairs of deals to play (default 200)")
    parser.add_argument("--deal-size", type=int, metavar="N",
                        help="every deal N cards a hand (default: 8, 7, ... 1, ... 8 cycling)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the summary and every pair's result")
    parser.add_argument("--records", type=Path, metavar="FILE",
                        help="write every deal's record and score, one JSON object a line")


def strength(args: argparse.Namespace) -> StrengthResult:
    """Play the run, a progress bar on standard error."""
    with chosen_cluster(args) as cluster, tqdm(total=args.pairs, unit="pair", disable=None, file=sys.stderr) as bar:
        return run(args.a, args.b, args.pairs, args.seed, args.deal_size, args.workers,
                   progress=lambda _: bar.update(), cluster=cluster)


def write(result: StrengthResult, json_file: Path | None, records_file: Path | None) -> None:
    """Write the files asked for."""
    if json_file is not None:
        json_file.write_text(json.dumps(result.to_json(), indent=1) + "\n")
    if records_file is not None:
        with records_file.open("w") as out:
            for record in result.records():
                out.write(json.dumps(record) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with command-line ``argv``: 0 on success, 2 (one line on standard
    error) for a bad bot spec or number."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        result = strength(args)
    except (EightsError, ValueError, ClusterUnavailable) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    print(report(result))
    write(result, args.json, args.records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
