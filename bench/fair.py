"""Fair hints (``eights.answers.fair.hinting``, as POST /v1/fair-hint answers): the samples a hint
reaches within its time on 8-card deals.

    python -m eights.bench.fair [--budgets 100,250,500] [--samples 16,32,64] [--deals 6] [--schedule deepen|split]
    python -m eights.bench.fair --strength 100,1000 [--pairs 300] [--seed 1] [--workers 2]
    python -m eights.bench.fair --regret "solver:time=100;fair:time=100" [--positions 200] [--reference-ms 1000]

Each position is an 8-card deal seen from the side to act: the start of deal 1 for
``--deals`` seeds, and the 8-card deals in mid play of ``eights.bench.rollout``. For each search
time (the whole hint's; 100 ms is EIGHTS_HINT_TIME_MS, the default) and each number of
samples asked for, the service's own code hints every position (no cache), the samples
deepened together (``deepen``, the default) or each searched alone for its share of the
time (``split``), and the table gives the samples solved by the deadline (fewest and mean
over the positions), the depths the searches completed and the time taken.

``--strength MS,...`` plays instead, for each time a move, the fair bot (``fair:time=MS``)
against double dummy (``solver:time=MS``) and against the first fair bot
(``fair:time=MS,samples=16,schedule=split``), and the fair bot inferring from the hidden hand's
draws (``fair:time=MS,infer=draws``) against the fair bot and against double dummy, over
``--pairs`` paired deals (``eights.play.strength``), and prints one row of docs/fair-hints.md's
table per pairing.

``--regret SPEC;SPEC;...`` judges bots' single moves instead, far more cheaply than whole
deals: mid-deal positions (a deal of 1 to 9 cards played on for 0 to 23 actions by the
heuristic bot, a random move 30% of the time; the seed of position i is ``--seed`` + i), each
bot's move there (its game seed the position's), and each move's regret: the best move's value
minus its own, both from a ``--reference-ms`` double-dummy search of the true deal. It prints each
bot's mean regret and standard error, and each one's paired difference from the first bot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from eights.answers.fair.hinting import hint_fairly, sample_options
from eights.answers.service import SolveService
from eights.answers.settings import Settings
from eights.bench.rollout import SPEED_POSITIONS
from eights.engine.cards import S, W
from eights.engine.deal import deal_position
from eights.engine.notation import parse_position
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves
from eights.engine.view import View
from eights.play.bots import make_bot
from eights.play.bots.fair_bot import DRAWS
from eights.play.fair import DEEPEN, DEFAULT_SAMPLES, DEFAULT_SEED, SCHEDULES, SPLIT
from eights.play.stats import std_error
from eights.play.strength import run as play_pairs
from eights.solver import Solver

RANDOM_SHARE = 0.3  # of the actions that lead to a regret position, played at random instead of by the heuristic

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
    """The fair bot at ``time_ms`` a move against double dummy and against the first fair bot, and
    the fair bot that infers from the draws against the fair bot and against double dummy, as bot specs.

    >>> pairings(100)[1:3]
    [('fair:time=100', 'fair:time=100,samples=16,schedule=split'), ('fair:time=100,infer=draws', 'fair:time=100')]
    """
    fair, solver = f"fair:time={time_ms:g}", f"solver:time={time_ms:g}"
    inferring = f"{fair},infer={DRAWS}"
    return [(fair, solver), (fair, f"{fair},samples={DEFAULT_SAMPLES},schedule={SPLIT}"), (inferring, fair),
            (inferring, solver)]


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


def regret_positions(count: int, seed: int) -> list[tuple[int, Position]]:
    """``count`` mid-deal positions with two moves or more, each with its seed (see the module docstring)."""
    found: list[tuple[int, Position]] = []
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        position = deal_position(rng.choice(range(1, 10)), (S, W)[seed % 2], seed)
        heuristic = make_bot("heuristic")
        heuristic.new_game(seed)
        for _ in range(rng.randrange(0, 24)):
            if position.is_over:
                break
            moves = list(legal_moves(position))
            move = rng.choice(moves) if rng.random() < RANDOM_SHARE else heuristic.choose(position, moves)
            position = apply_move(position, move, rng)
        if not position.is_over and len(legal_moves(position)) > 1:
            found.append((seed, position))
    return found


def move_regrets(task: tuple[int, Position, Sequence[str], float]) -> list[float]:
    """Each bot's regret at one position: the reference's best value minus that of the bot's move."""
    seed, position, specs, reference_ms = task
    values = {value.move: value.value for value in Solver(tt_mb=128).rank(position, time_ms=reference_ms)}
    regrets = []
    for spec in specs:
        bot = make_bot(spec)
        bot.new_game(seed)
        regrets.append(max(values.values()) - values[bot.choose(position, list(legal_moves(position)))])
    return regrets


def regret(specs: Sequence[str], positions: int, reference_ms: float, seed: int, workers: int | None) -> list[str]:
    """Each bot's mean regret a move, and its paired difference from the first bot's."""
    tasks = [(each, position, tuple(specs), reference_ms) for each, position in regret_positions(positions, seed)]
    with ProcessPoolExecutor(workers) as pool:
        rows = list(pool.map(move_regrets, tasks))
    lines = [f"{len(rows)} positions, regret a move against a {reference_ms:g} ms double-dummy search of the true deal",
             f"{'bot':<48}{'regret':>8}{'s.e.':>7}{'minus first':>13}{'s.e.':>7}"]
    for index, spec in enumerate(specs):
        own = [row[index] for row in rows]
        versus = [row[index] - row[0] for row in rows]
        lines.append(f"{spec:<48}{statistics.fmean(own):8.2f}{std_error(own):7.2f}"
                     + ("" if index == 0 else f"{statistics.fmean(versus):+13.2f}{std_error(versus):7.2f}"))
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
    parser.add_argument("--regret", metavar="SPEC;...", help="judge these bots' moves on mid-deal positions instead")
    parser.add_argument("--positions", type=int, default=200, help="--regret: positions (default 200)")
    parser.add_argument("--reference-ms", type=float, default=1000, help="--regret: the reference search (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="--strength, --regret: the seed (default 1)")
    parser.add_argument("--workers", type=int, help="--strength, --regret: processes (default: one per core)")
    args = parser.parse_args(argv)
    if args.regret:
        print("\n".join(regret(args.regret.split(";"), args.positions, args.reference_ms, args.seed, args.workers)))
        return 0
    if args.strength:
        print("\n".join(strength([float(x) for x in args.strength.split(",")], args.pairs, args.seed, args.workers)))
        return 0
    print("\n".join(run([int(x) for x in args.budgets.split(",")], [int(x) for x in args.samples.split(",")],
                        args.deals, args.schedule)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
