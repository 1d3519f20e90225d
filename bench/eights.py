"""How often the solver throws an 8 away: over seeded deals, the first decision at which the
hand to act holds an 8 and may also play something else, and whether the solver plays the 8.

    python -m bench.eights [--deals 100] [--time-ms 100] [--evaluations material,trained] [--seed 1] [--near 4]

The seed strategic rule is to hold an 8 as long as possible; a material horizon counts an 8
in hand as 50 points against, which pushes the search to shed it early. Each deal is played
by the solver on both sides (draws seeded) until that decision comes, or the deal ends.
The 8s played are split by how far the search valued the 8 above every other play: under
``--near`` points is a near tie, where the evaluation's error could decide it; and those the
search proved best (its value exact: every line ends before the horizon, so the 8 is the way
out, not an 8 thrown away) are counted apart. The last
columns count the deals of 4 cards a hand or more alone: in smaller deals an 8 is often the
way out a move or two ahead, where the search sees the deal's end rather than its horizon.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import EIGHT, rank_mask, rank_of
from engine.deal import DEALS, deal_position, hand_size
from engine.moves import Move
from engine.position import Position
from engine.rules import apply_move, legal_moves, random_draw
from solver import Solver
from solver.evaluation import EVALUATIONS

SOUTH, WEST = 2, 3
LARGE_DEAL = 4  # cards a hand from which a deal counts in the last columns


def holds_an_eight_and_more(position: Position, moves: Sequence[Move]) -> bool:
    """The hand to act holds an 8 and has a legal play that is not an 8."""
    has_eight = position.hands[position.turn] & rank_mask(EIGHT)
    return bool(has_eight) and any(m.card is not None and not is_eight(m) for m in moves)


def is_eight(move: Move) -> bool:
    """The move plays an 8."""
    return move.card is not None and rank_of(move.card) == EIGHT


@dataclass(frozen=True)
class EightDecision:
    """The first decision of a deal with an 8 and another play: how far the search valued the
    8 above the best other move when it played the 8 (-inf when it did not), and whether its
    value was proven (exact)."""

    margin: float
    proven: bool

    @property
    def played(self) -> bool:
        """The solver played the 8."""
        return self.margin >= 0


def first_eight_decision(solver: Solver, start: Position, rng: random.Random, evaluation: str,
                         time_ms: int) -> EightDecision | None:
    """Play the deal with the solver until a hand holding an 8 may play something else, and
    say what it did there (None: the deal ended first)."""
    position = start
    while not position.is_over:
        moves = list(legal_moves(position))
        if len(moves) == 1:
            move = moves[0]
        else:
            solution = solver.solve(position, time_ms=time_ms, evaluation=evaluation)
            assert solution.best is not None
            move = solution.best
            if holds_an_eight_and_more(position, moves):
                if not is_eight(move):
                    return EightDecision(-math.inf, solution.exact)
                margin = solution.value - max(m.value for m in solution.moves if not is_eight(m.move))
                return EightDecision(max(0.0, margin), solution.exact)
        if move.is_draw:
            move = Move.draw(random_draw(position, rng) or None)
        position = apply_move(position, move)
    return None


def run(args: argparse.Namespace) -> None:
    """Print, per evaluation, how many of the decisions played the 8; of those, how many were
    near ties and how many proven best, and the share of 8s played but not proven best; then
    the same share for the deals of LARGE_DEAL cards a hand or more."""
    print(f"{'evaluation':<10} {'decisions':>9} {'played 8':>8} {'share':>6} {'near ties':>9} {'proven':>6} "
          f"{'unproven':>8} {'4+ cards':>8} {'played 8':>8} {'share':>6}   "
          f"({args.deals} deals, {args.time_ms} ms a move, seed {args.seed}; near: the 8 ahead by under "
          f"{args.near:g})")
    for evaluation in args.evaluations:
        rng = random.Random(args.seed)
        solver = Solver(tt_mb=64)
        decisions: list[EightDecision] = []
        large: list[EightDecision] = []
        for index in range(args.deals):
            deal, dealer = index % DEALS + 1, SOUTH if (index // DEALS) % 2 == 0 else WEST
            start = deal_position(deal, dealer, rng.randrange(2**32))
            outcome = first_eight_decision(solver, start, random.Random(rng.randrange(2**32)), evaluation,
                                           args.time_ms)
            if outcome is not None:
                decisions.append(outcome)
                if hand_size(deal) >= LARGE_DEAL:
                    large.append(outcome)
        played = [decision for decision in decisions if decision.played]
        near = sum(decision.margin < args.near for decision in played)
        proven = sum(decision.proven for decision in played)
        played_large = sum(decision.played for decision in large)
        print(f"{evaluation:<10} {len(decisions):>9} {len(played):>8} {share(len(played), len(decisions)):>6.1%} "
              f"{near:>9} {proven:>6} {share(len(played) - proven, len(decisions)):>8.1%} "
              f"{len(large):>8} {played_large:>8} {share(played_large, len(large)):>6.1%}")


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
    parser = argparse.ArgumentParser(prog="python -m bench.eights", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="seeded deals (the 8...1...8 schedule)")
    parser.add_argument("--time-ms", type=int, default=100, help="search time per decision")
    parser.add_argument("--evaluations", type=evaluations, default=list(EVALUATIONS), help="material,trained")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and draws")
    parser.add_argument("--near", type=float, default=4.0, help="points under which an 8 played is a near tie")
    run(parser.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
