"""Two trained models against each other: the paired duel that training keeps a refit by,
between any two weights files (an older feature set's too: trained-v1's loads with the
features it lacks at 0).

    python -m eights.bench.models --a solver/weights/trained-v2.json --b OLD.json
                           [--time-ms 100 | --depth 3] [--pairs 200] [--seed 31] [--workers 1] [--node-limit N]

Each deal of the 8...1...8 schedule is played twice with the same draws, A as NS then as EW,
by the native search (no exactness searches) with each model's leaves; prints A's points per
deal with its 95% interval. ``material`` in place of a file is the material evaluation.
With ``--depth`` alone the result is the same on every run (and with any ``--workers``, the
processes that play the pairs); with ``--time-ms`` it depends on the machine's speed and load.
trained-v1's weights: ``git show fa235c3:solver/weights/trained-v1.json``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from eights.solver import MAX_DEPTH
from eights.solver.trained import TrainedModel
from eights.solver.training.deals import schedule
from eights.solver.training.duel import duel
from eights.solver.training.players import NODE_LIMIT, SearchPlayer

PROG = "python -m eights.bench.models"
MATERIAL = "material"
DEFAULT_DEPTH = 3


def player(source: str, depth: int, time_ms: int, node_limit: int) -> SearchPlayer:
    """The search with the model in weights file ``source`` (or material leaves)."""
    model = None if source == MATERIAL else TrainedModel.load(Path(source))
    return SearchPlayer(model, depth=depth, time_ms=time_ms, node_limit=node_limit)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the duel; 2 with one line on stderr for a bad argument or weights file."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, metavar="WEIGHTS", help="model A: a weights file, or material")
    parser.add_argument("--b", required=True, metavar="WEIGHTS", help="model B, as --a")
    parser.add_argument("--depth", type=int, help="search depth (default 3, or no cap with --time-ms)")
    parser.add_argument("--time-ms", type=int, default=0, help="search time a move instead (default: by depth)")
    parser.add_argument("--pairs", type=int, default=200, help="paired deals (default 200)")
    parser.add_argument("--seed", type=int, default=31, help="seed of the deals and draws (default 31)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the pairs (default 1)")
    parser.add_argument("--node-limit", type=int, default=NODE_LIMIT,
                        help=f"nodes after which a move's search keeps its last completed depth "
                             f"(default {NODE_LIMIT:,}, as in training; 0: none)")
    args = parser.parse_args(argv)
    depth = args.depth or (MAX_DEPTH if args.time_ms else DEFAULT_DEPTH)
    if args.pairs < 2 or not 1 <= depth <= MAX_DEPTH or args.time_ms < 0 or args.workers < 1 or args.node_limit < 0:
        parser.error(f"--pairs must be 2 or more, --depth from 1 to {MAX_DEPTH}, --time-ms and --node-limit "
                     "0 or more, --workers 1 or more")
    try:
        a, b = (player(source, depth, args.time_ms, args.node_limit) for source in (args.a, args.b))
    except ValueError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    result = duel(a, b, schedule(args.pairs, random.Random(args.seed)), args.workers)
    print(f"{a.name} against {b.name}: {result.text()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
