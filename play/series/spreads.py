"""The spreads of ``eights.play.series.play_for``'s horizon (its ``SPREADS``): how far a deal's
final payoff falls from the trained evaluation's estimate, by the cards left in the hands,
measured by a bot playing both sides of deals of random hand sizes.

    python -m eights.play.series.spreads --deals 1500 --seed 1

prints the table ``SPREADS`` holds. Apart from ``play_for`` because it plays bots, and the bots
read ``play_for`` to play a deal for the game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence

from eights.engine.cards import S, W, count
from eights.engine.deal import DEALS, deal_position
from eights.engine.match import play_deal
from eights.engine.position import Position
from eights.play.bots import make_bot
from eights.solver.trained import trained


def measure_spreads(deals: int, seed: int, bot: str = "solver:depth=4") -> dict[int, tuple[int, float]]:
    """``bot`` plays both sides of ``deals`` deals of random hand sizes (from ``seed``); each
    position's residual is the deal's final payoff to NS minus the trained estimate there. The
    positions and the standard deviation of the residuals, by the cards in the hands (pairs: 4 for
    4 and 5 ...)."""
    player = make_bot(bot)
    residuals: dict[int, list[float]] = defaultdict(list)
    for index in range(deals):
        rng = random.Random(f"{seed}/{index}")
        start = deal_position(rng.randrange(1, DEALS + 1), rng.choice((S, W)), rng.randrange(2**32))
        seen: list[tuple[int, float]] = []

        def strategy(position: Position, moves: Sequence[object]) -> object:
            seen.append((sum(count(hand) for hand in position.hands), trained(position)))
            return player.choose(position, moves)  # type: ignore[arg-type]

        _, deal_score = play_deal(start, [strategy, strategy], rng, (0, 1))  # type: ignore[list-item]
        for cards, estimate in seen:
            residuals[min(cards // 2 * 2, 24)].append(deal_score.payoff_ns - estimate)
    return {cards: (len(values), statistics.pstdev(values)) for cards, values in sorted(residuals.items())}


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the spreads (SPREADS is their table)."""
    parser = argparse.ArgumentParser(prog="python -m eights.play.series.spreads", description=measure_spreads.__doc__)
    parser.add_argument("--deals", type=int, default=1500, help="deals to play (default 1500)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = parser.parse_args(argv)
    print(f"{'cards':>5} {'positions':>9} {'sd':>6}")
    for cards, (positions, spread) in measure_spreads(args.deals, args.seed).items():
        print(f"{cards:>5} {positions:>9} {spread:>6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
