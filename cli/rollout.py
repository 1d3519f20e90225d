"""``eights rollout``: every root move (or the ones asked for) played out many times by a
bot, with common random numbers (``eights.play.rollout``), in this process, on ``--workers``
processes or on a Dask cluster; a progress bar on standard error. A position of a game of
the family (``--rules``, or its own ``rules:`` word) is rolled out by the same function with a
family bot in every seat, each seat's mean payoff beside the mover's."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tqdm import tqdm

from eights.cluster.options import add_where_arguments, chosen_cluster
from eights.cli.common import Command, CommandLineError, emit, read_position
from eights.cli.positions import RULES_HELP, family_or_none, sce2_text
from eights.engine.family.position import FamilyPosition
from eights.engine.family.steps import read_asked_moves, rolled_out_actions
from eights.engine.moves import Move
from eights.engine.steps import check_seed
from eights.play.compare import table
from eights.play.family.rollout import FamilyRolloutResult
from eights.play.rollout import (
    DEFAULT_BOT,
    DEFAULT_GAMES,
    DEFAULT_SEED,
    FAMILY_DEFAULT_BOT,
    MAX_GAMES,
    AnyResult,
    rollout,
    root_moves,
)
from eights.solver.api import SIDES


def cmd_rollout(args: argparse.Namespace) -> None:
    """Play each move out many times with a bot: mean payoff, 95% interval, and the moves
    worse than the best beyond chance (paired over the same stock orders)."""
    family = family_or_none(args)
    position = family if family is not None else read_position(sce2_text(args.position))
    moves = root_moves(position, asked_moves(args.moves, family))
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandLineError(f"--games: must be a whole number from 1 to {MAX_GAMES}, got {args.games}")
    if args.workers < 1:
        raise CommandLineError(f"--workers: must be at least 1, got {args.workers}")
    with chosen_cluster(args) as cluster, \
            tqdm(total=args.games * len(moves), unit="game", disable=None, file=sys.stderr) as bar:
        result = rollout(position, moves, args.games, args.bot, check_seed(args.seed, "--seed"), args.workers,
                         progress=lambda _, payoffs: bar.update(len(payoffs)), cluster=cluster)
    emit(result.to_json(), args.json, rollout_text(result))


def asked_moves(texts: list[str] | None, family: FamilyPosition | None) -> list[Any] | None:
    """The root moves ``--moves`` names (None: every legal move), in the notation of the family
    position ``family`` (read as /v1/rollout reads them) or sce2's."""
    if texts is None:
        return None
    if family is not None:
        return rolled_out_actions(family, read_asked_moves(texts, "--moves"))
    return [Move.from_notation(text, f"--moves[{index}]") for index, text in enumerate(texts)]


def rollout_text(result: AnyResult) -> str:
    """The settings, then one line per move, best first; a family game's, then each move's
    mean payoff for every seat with its 95% interval."""
    settings = f"{result.played} games a move by {result.bot}, seed {result.seed}, {result.time_ms / 1000:.1f} s"
    if not isinstance(result, FamilyRolloutResult):
        side = SIDES[result.position.side_to_act]
        return "\n".join([f"{settings}; payoffs to {side}, the side to act", *table(result.moves)])
    heading = f"{settings}; {result.position.rules.name}, payoffs to seat {result.position.turn}, the hand to act"
    seats = [f"{'move':<14}  each seat's mean payoff (95% CI), seat 0 first"]
    for move in result.moves:
        means = "  ".join(f"{seat.mean:+.2f} ({seat.low:+.2f} .. {seat.high:+.2f})" for seat in move.seats)
        seats.append(f"{move.comparison.move.notation():<14}  {means}")
    return "\n".join([heading, *table([move.comparison for move in result.moves]), "", *seats])


def register(command: Command) -> None:
    """Add this module's subcommand."""
    sub = command("rollout", cmd_rollout)
    sub.add_argument("--moves", nargs="+", metavar="MOVE",
                     help="the root moves to roll out, quoted ('play 9H' draw); default: every legal move")
    sub.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per move (default {DEFAULT_GAMES})")
    sub.add_argument("--rules", help=RULES_HELP)
    sub.add_argument("--bot", help=f"the bot playing every hand after the root move (default {DEFAULT_BOT}; a family "
                                   f"game's {FAMILY_DEFAULT_BOT}): random, heuristic, solver:depth=D or "
                                   "solver:time=MS, fair:...")
    sub.add_argument("--seed", type=int, default=DEFAULT_SEED,
                     help=f"seed of the stock orders and the bot (default {DEFAULT_SEED})")
    add_where_arguments(sub, "games", 1)
