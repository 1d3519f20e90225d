"""``eights rollout``: every root move (or the ones asked for) of a position of any game
(``--rules``, or its own ``rules:`` word; sce2 by default) played out many times by the game's
bot in every seat, with common random numbers (``eights.play.rollout``), in this process, on
``--workers`` processes or on a Dask cluster; a progress bar on standard error. Each move's
mean payoff for the player to act, and (in a game of more than two sides) every player's."""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from eights.cluster.options import add_where_arguments, chosen_cluster
from eights.cli.common import Command, CommandLineError, emit
from eights.cli.positions import RULES_HELP, read_in_game
from eights.engine.steps import check_seed
from eights.games import find_game
from eights.play.compare import table
from eights.play.rollout import DEFAULT_GAMES, DEFAULT_SEED, MAX_GAMES, RolloutResult, rollout, root_moves


def cmd_rollout(args: argparse.Namespace) -> None:
    """Play each move out many times with a bot: mean payoff, 95% interval, and the moves
    worse than the best beyond chance (paired over the same stock orders)."""
    game, position = read_in_game(args, views=False)
    moves = root_moves(position, None if args.moves is None else game.rolled_out_moves(position, args.moves, "--moves"))
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandLineError(f"--games: must be a whole number from 1 to {MAX_GAMES}, got {args.games}")
    if args.workers < 1:
        raise CommandLineError(f"--workers: must be at least 1, got {args.workers}")
    with chosen_cluster(args) as cluster, \
            tqdm(total=args.games * len(moves), unit="game", disable=None, file=sys.stderr) as bar:
        result = rollout(position, moves, args.games, args.bot, check_seed(args.seed, "--seed"), args.workers,
                         progress=lambda _, payoffs: bar.update(len(payoffs)), cluster=cluster)
    emit(result.to_json(), args.json, rollout_text(result))


def rollout_text(result: RolloutResult) -> str:
    """The settings and whose payoffs, then one line per move, best first, then each move's mean
    payoff for every player with its 95% interval (``RolloutResult.detail_lines``)."""
    settings = f"{result.played} games a move by {result.bot}, seed {result.seed}, {result.time_ms / 1000:.1f} s"
    return "\n".join([f"{settings}; {result.payoffs_to}", *table(result.comparisons), *result.detail_lines()])


def register(command: Command) -> None:
    """Add this module's subcommand."""
    sub = command("rollout", cmd_rollout)
    sub.add_argument("--moves", nargs="+", metavar="MOVE",
                     help="the root moves to roll out, quoted ('play 9H' draw); default: every legal move")
    sub.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per move (default {DEFAULT_GAMES})")
    sub.add_argument("--rules", help=RULES_HELP)
    sub.add_argument("--bot", help="the bot playing every hand after the root move (default: the game's, "
                                   f"{find_game('sce2').rollout_bot} in sce2, {find_game('classic/2').rollout_bot} "
                                   "in the family's): random, heuristic, solver:depth=D or solver:time=MS, fair:...")
    sub.add_argument("--seed", type=int, default=DEFAULT_SEED,
                     help=f"seed of the stock orders and the bot (default {DEFAULT_SEED})")
    add_where_arguments(sub, "games", 1)
