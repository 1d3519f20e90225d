"""What more time can buy the family's solver bot within its own model (issue #39's "1 s against
100 ms"): each decision's move at each of ``--times`` valued by a longer search of the same kind.

    python -m eights.bench.time_gain --rules classic/4 --deals 6 --share 0.35 --seed 5 --times 100,1000 --reference 4000

Decisions (a choice of two moves or more) are taken from ``--deals`` deals played by the
heuristic in every seat, each kept with chance ``--share``. At each, the search by time that the
solver bot plays (its ``search``, the rules searched as the bot searches them) is run for each of
``--times`` and for ``--reference`` milliseconds; the reference's values of the moves (each
move's mean payoff for the hand to act) price each time's choice: its loss is the reference's
best value less the value of the move chosen. The table gives each time's share of choices that
differ from the reference's, its mean loss a decision with the 95% interval, and that loss a deal
for one seat (the decisions a seat makes in a deal, on average, times the mean loss); the last
line is the first time's loss less each other's, decision by decision: the most the extra time
can buy while the search's model of the game (the other hands playing the heuristic, the
heuristic's playouts) stays as it is. Beside the points a deal, the deals that a strength run
needs to tell that gain from none (a paired run's spread of about 15 points a deal, classic/4's).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

from eights.games import Game, find_game
from eights.play.stats import mean_interval

PROG = "python -m eights.bench.time_gain"
SPREAD_A_DEAL = 15.0  # a strength run's standard deviation of a seat's difference a deal (classic/4, 1 s against 100 ms)
Z = 1.96


def decisions(game: Game[Any, Any, Any], deals: int, share: float, seed: int) -> tuple[list[Any], float]:
    """The decisions kept from ``deals`` deals the heuristic plays in every seat, and the decisions
    a seat makes a deal."""
    rng = random.Random(seed)
    heuristic = game.heuristic_bot()
    kept: list[Any] = []
    seen = 0
    for number in range(deals):
        position = game.deal(seed * 1000 + number, number % game.players)
        draws = random.Random(seed * 1000 + number)
        while not game.is_over(position):
            moves = game.legal_moves(position)
            if len(moves) > 1:
                seen += 1
                if rng.random() < share:
                    kept.append(position)
            position = game.play(position, heuristic.choose(position, moves).notation(), draws).after
    return kept, seen / deals / game.players


def values(bot: Any, position: Any, seed: int) -> tuple[str, dict[str, float]]:
    """The solver bot's search by time (``search``: as it searches, the rules it assumes) of
    ``position``, its playouts seeded by ``seed``: its choice and each move's value for the
    player to act."""
    bot.new_game(seed)
    found = bot.search(position, bot.time_ms)
    return found.best.notation(), {move.move.notation(): move.value for move in found.moves}


def main(argv: Sequence[str] | None = None) -> int:
    """Search every decision at each time and print the table."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="classic/4", help="the family game (default classic/4)")
    parser.add_argument("--deals", type=int, default=6, help="heuristic deals the decisions come from (default 6)")
    parser.add_argument("--share", type=float, default=0.35, help="each decision's chance to be kept (default 0.35)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the deals and the choice (default 5)")
    parser.add_argument("--times", default="100,1000", help="the times compared, ms, comma-separated (default 100,1000)")
    parser.add_argument("--reference", type=float, default=4000, help="the reference search's time, ms (default 4000)")
    args = parser.parse_args(argv)
    times = [float(time) for time in args.times.split(",")]
    if args.deals < 1 or not 0 < args.share <= 1 or len(times) < 2 or min(times) <= 0 or args.reference <= 0:
        parser.error("--deals must be at least 1, --share in (0, 1], --times two or more and every time positive")
    game = find_game(args.rules)
    positions, per_seat = decisions(game, args.deals, args.share, args.seed)
    reference_bot, *bots = (game.make_bot(f"solver:time={time:g}") for time in (args.reference, *times))
    losses: dict[float, list[float]] = {time: [] for time in times}
    differ = {time: 0 for time in times}
    for index, position in enumerate(positions):
        best, reference = values(reference_bot, position, 1_000_003 * index + 7)
        for column, (time, bot) in enumerate(zip(times, bots)):
            chosen, _ = values(bot, position, 1_000_003 * index + column)
            losses[time].append(reference[best] - reference[chosen])
            differ[time] += chosen != best
    print(f"{args.rules}: {len(positions)} decisions of {args.deals} heuristic deals (seed {args.seed}), "
          f"{per_seat:.1f} a seat a deal; each priced by a {args.reference:g} ms search")
    print(f"{'time':>8} {'differ':>8} {'loss a decision':>16} {'95% CI':>17} {'a deal, one seat':>17}")
    for time in times:
        loss = mean_interval(losses[time])
        print(f"{time:>6g}ms {differ[time]:>3}/{len(positions):<4} {loss.mean:>16.3f} "
              f"{loss.low:>+8.3f}..{loss.high:<+8.3f} {loss.mean * per_seat:>17.2f}")
    first = times[0]
    for time in times[1:]:
        gain = mean_interval([a - b for a, b in zip(losses[first], losses[time])])
        a_deal = gain.mean * per_seat
        needed = f"{(Z * SPREAD_A_DEAL / a_deal) ** 2:,.0f}" if a_deal > 0 else "no gain to show"
        print(f"{time:g} ms over {first:g} ms, within the model: {a_deal:+.2f} points a deal for one seat "
              f"({gain.low * per_seat:+.2f} .. {gain.high * per_seat:+.2f}); deals to show it: {needed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
