"""``python -m eights.solver.training``: train the ``trained`` evaluation over generations.

Generation g plays ``--deals`` deals of self-play with the current player (at first the search
with material leaves, or the model of ``--start``), adds them to the data labelled with their
TD(``--td-lambda``) returns (1: the deal's final payoff), refits, and duels the refit against the current
player over ``--pairs`` paired deals; the refit becomes the current player only when the duel
says it is stronger (95% interval above zero). The last kept model is written, with the
command, the seed and every generation's numbers, to ``--out``.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from eights.extras import require

require("python -m eights.solver.training", "train", "numpy")  # one line, not a traceback, before its import

from eights.solver.trained import SHIPPED, WEIGHTS_DIR, TrainedModel
from eights.solver.training.deals import schedule
from eights.solver.training.duel import duel
from eights.solver.training.fit import fit, model_of
from eights.solver.training.players import NODE_LIMIT, SearchPlayer
from eights.solver.training.selfplay import Samples, self_play


def weights_file(path: str) -> TrainedModel:
    """The model in the weights file at ``path`` (an argparse type: a bad file is a usage error)."""
    try:
        return TrainedModel.load(Path(path))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m eights.solver.training", description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=3, help="refits to try")
    parser.add_argument("--seed", type=int, default=1, help="seed of every deal and draw")
    parser.add_argument("--deals", type=int, default=6000, help="self-play deals per generation")
    parser.add_argument("--pairs", type=int, default=1500, help="paired deals per duel")
    parser.add_argument("--depth", type=int, default=3, help="search depth of self-play and duels")
    parser.add_argument("--node-limit", type=int, default=NODE_LIMIT,
                        help="nodes a move's search may visit before it keeps its last completed depth "
                             "(0: none; a long draw can take minutes at depth 4 with trained leaves)")
    parser.add_argument("--td-lambda", type=float, default=1.0,
                        help="label mix: 1 = the deal's final payoff, lower = more of the later searched values")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes playing the deals (default: one a core); the result does not depend on it")
    parser.add_argument("--start", type=weights_file, help="weights file of the first player (default: material leaves)")
    parser.add_argument("--out", type=Path, default=WEIGHTS_DIR / f"{SHIPPED}.json", help="weights file to write")
    args = parser.parse_args(argv)
    if not 0 <= args.td_lambda <= 1:
        parser.error("--td-lambda: must lie in [0, 1]")
    if args.workers < 1:
        parser.error("--workers: must be 1 or more")
    if args.node_limit < 0:
        parser.error("--node-limit: must be 0 or more")
    return args


def train(args: argparse.Namespace, command: str) -> TrainedModel | None:
    """Run the generations; the last kept model (None when no refit beat material)."""
    rng = random.Random(args.seed)
    current = SearchPlayer(args.start, depth=args.depth, node_limit=args.node_limit)
    data = Samples([], [], 0)
    history: list[dict[str, object]] = []
    kept: TrainedModel | None = None
    for generation in range(1, args.generations + 1):
        start = time.perf_counter()
        data = data + self_play(current, schedule(args.deals, rng), args.td_lambda, args.workers)
        result = fit(data)
        meta = {"command": command, "seed": args.seed, "depth": args.depth, "node_limit": args.node_limit,
                "td_lambda": args.td_lambda,
                "generation": generation,
                "positions": len(data.labels), "deals": data.deals, "rmse": round(result.rmse, 3),
                "label_sd": round(result.label_sd, 3)}
        candidate = model_of(f"{SHIPPED}-g{generation}", result, meta)
        challenger = SearchPlayer(candidate, depth=args.depth, node_limit=args.node_limit)
        outcome = duel(challenger, current, schedule(args.pairs, rng), args.workers)
        stronger = outcome.stronger()
        history.append({"generation": generation, "played_by": current.name, "deals": data.deals,
                        "positions": len(data.labels), "rmse": round(result.rmse, 3),
                        "label_sd": round(result.label_sd, 3), "duel": outcome.text(), "kept": stronger})
        print(f"generation {generation}: self-play by {current.name}, {data.deals} deals, {len(data.labels)} "
              f"positions, rmse {result.rmse:.2f} (labels sd {result.label_sd:.2f}); refit vs {current.name}: "
              f"{outcome.text()} -> {'kept' if stronger else 'not kept'} ({time.perf_counter() - start:.0f} s)",
              flush=True)
        if stronger:
            kept, current = candidate, challenger
    if kept is None:
        return None
    return TrainedModel(SHIPPED, kept.weights, {**kept.meta, "generations": history})


def main(argv: Sequence[str] | None = None) -> int:
    """Train and write the weights file; 1 when no generation was kept."""
    args = parse(argv)
    command = "python -m eights.solver.training " + shlex.join(sys.argv[1:] if argv is None else list(argv))
    model = train(args, command)
    if model is None:
        print("no refit beat the player it would replace; nothing written")
        return 1
    model.save(args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
