"""How often the solver throws an 8 away: over seeded deals, the first decision at which the
hand to act holds an 8 and may also play something else, and whether the solver plays the 8.

    python -m eights.bench.eights [--deals 100] [--time-ms 100] [--evaluations material,trained] [--seed 1]
                           [--near 4] [--hold8 0]

The seed strategic rule is to hold an 8 as long as possible; a material horizon counts an 8
in hand as 50 points against, which pushes the search to shed it early. Each deal is played
by the solver on both sides (draws seeded) until that decision comes, or the deal ends.
The 8s played are split by how far the search valued the 8 above every other play: under
``--near`` points is a near tie, where the evaluation's error could decide it. ``--hold8 P``
plays as the bot ``solver:hold8=P`` does (``eights.play.bots.solver_bot``): a card other than an 8
valued within P points of a best 8. The last columns count the deals of 4 cards a hand or
more alone: in smaller deals an 8 is often the way out a move or two ahead, where the search
sees the deal's end rather than its horizon.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from eights.engine.cards import EIGHT, rank_mask
from eights.engine.deal import DEALS, deal_position, hand_size
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves, random_draw
from eights.play.bots.solver_bot import pick, plays_an_eight
from eights.solver import Solver
from eights.solver.evaluation import EVALUATIONS

SOUTH, WEST = 2, 3
LARGE_DEAL = 4  # cards a hand from which a deal counts in the last columns


def holds_an_eight_and_more(position: Position, moves: Sequence[Move]) -> bool:
    """The hand to act holds an 8 and has a legal play that is not an 8."""
    has_eight = position.hands[position.turn] & rank_mask(EIGHT)
    return bool(has_eight) and any(m.card is not None and not plays_an_eight(m) for m in moves)


def first_eight_decision(solver: Solver, start: Position, rng: random.Random, evaluation: str,
                         time_ms: int, hold_eights: float = 0.0) -> float | None:
    """Play the deal with the solver (holding 8s within ``hold_eights`` points, as
    ``eights.play.bots.solver_bot.pick``) until a hand holding an 8 may play something else: then,
    when it plays an 8, how far the search valued it above the best other move, else -inf
    (None: the deal ended first)."""
    position = start
    while not position.is_over:
        moves = list(legal_moves(position))
        if len(moves) == 1:
            move = moves[0]
        else:
            solution = solver.solve(position, time_ms=time_ms, evaluation=evaluation)
            move = pick(solution.moves, hold_eights)
            if holds_an_eight_and_more(position, moves):
                if not plays_an_eight(move):
                    return -math.inf
                return max(0.0, solution.value - max(m.value for m in solution.moves if not plays_an_eight(m.move)))
        if move.is_draw:
            move = Move.draw(random_draw(position, rng) or None)
        position = apply_move(position, move)
    return None


def run(args: argparse.Namespace) -> None:
    """Print, per evaluation, how many of the decisions played the 8, how many of those were
    near ties, and the same for the deals of LARGE_DEAL cards a hand or more."""
    print(f"{'evaluation':<10} {'decisions':>9} {'played 8':>8} {'share':>6} {'near ties':>9} "
          f"{'4+ cards':>8} {'played 8':>8} {'share':>6}   "
          f"({args.deals} deals, {args.time_ms} ms a move, seed {args.seed}; near: the 8 ahead by under "
          f"{args.near:g}; hold8={args.hold8:g})")
    for evaluation in args.evaluations:
        rng = random.Random(args.seed)
        solver = Solver(tt_mb=64)
        margins: list[float] = []
        large: list[float] = []
        for index in range(args.deals):
            deal, dealer = index % DEALS + 1, SOUTH if (index // DEALS) % 2 == 0 else WEST
            start = deal_position(deal, dealer, rng.randrange(2**32))
            outcome = first_eight_decision(solver, start, random.Random(rng.randrange(2**32)), evaluation,
                                           args.time_ms, args.hold8)
            if outcome is not None:
                margins.append(outcome)
                if hand_size(deal) >= LARGE_DEAL:
                    large.append(outcome)
        played = [margin for margin in margins if margin >= 0]
        near = sum(margin < args.near for margin in played)
        played_large = sum(margin >= 0 for margin in large)
        print(f"{evaluation:<10} {len(margins):>9} {len(played):>8} {share(len(played), len(margins)):>6.1%} "
              f"{near:>9} {len(large):>8} {played_large:>8} {share(played_large, len(large)):>6.1%}")


def share(part: int, whole: int) -> float:
    """``part`` of ``whole`` (0 of nothing)."""
    return part / whole if whole else 0.0


def evaluations(text: str) -> list[str]:
    """Comma-separated evaluation names."""
    names = text.split(",")
    unknown = [name for name in names if name not in EVALUATIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown evaluation {unknown[0]!r} (expected {', '.join(EVALUATIONS)})")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement with command-line ``argv``; 0 on success."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.eights", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="seeded deals (the 8...1...8 schedule)")
    parser.add_argument("--time-ms", type=int, default=100, help="search time per decision")
    parser.add_argument("--evaluations", type=evaluations, default=list(EVALUATIONS), help="material,trained")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and draws")
    parser.add_argument("--near", type=float, default=4.0, help="points under which an 8 played is a near tie")
    parser.add_argument("--hold8", type=float, default=0.0,
                        help="play a card other than an 8 valued within this many points of a best 8 (default 0)")
    args = parser.parse_args(argv)
    if not 0 <= args.hold8 < math.inf:
        parser.error(f"--hold8 must be a number of points, 0 or more, got {args.hold8:g}")
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
