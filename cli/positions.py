"""Commands on positions: show, moves, apply, deal, perft."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from eights.cli.common import Command, CommandLineError, emit, read_position
from eights.engine import Move, compact, deal_position, legal_moves, perft, score, to_json
from eights.engine.cards import parse_seat
from eights.engine.display import diagram
from eights.engine.scoring import Score
from eights.engine.steps import apply_moves, check_seed, new_seed

MAX_PERFT_DEPTH = 64  # far beyond what finishes; deeper would only overflow Python's stack


def cmd_show(args: argparse.Namespace) -> None:
    """The four hands as at the table and the state of play."""
    position = read_position(args.position)
    emit({"position": compact(position), "json": to_json(position), "diagram": diagram(position)}, args.json,
         diagram(position))


def cmd_moves(args: argparse.Namespace) -> None:
    """The legal moves in NOTATION form."""
    moves = [move.notation() for move in legal_moves(read_position(args.position))]
    emit(moves, args.json, "\n".join(moves))


def cmd_apply(args: argparse.Namespace) -> None:
    """The position after the moves (the cards drawn at random, and the score when the deal is
    over, noted on stderr); a draw that names no cards takes them from --seed or a new seed."""
    moves = [Move.from_notation(text, f"moves[{step}]") for step, text in enumerate(args.moves)]
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    steps = apply_moves(read_position(args.position), moves, seed)
    position = steps[-1].after
    played = [step.move.notation() for step in steps]
    result: dict[str, Any] = {"position": compact(position), "json": to_json(position), "moves": played,
                              "seed": seed, "over": position.is_over}
    notes = []  # on stderr, so that the position alone goes down a pipe
    if played != [move.notation() for move in moves]:
        notes.append(f"played: {', '.join(played)} (seed {seed})")
    if position.is_over:
        deal_score = score(position)
        result["score"] = deal_score.to_json()
        notes.append(score_line(deal_score))
    if not args.json:
        for note in notes:
            print(note, file=sys.stderr)
    emit(result, args.json, compact(position))


def score_line(deal_score: Score) -> str:
    """``deal over: 0 against NS, 5 against EW, payoff to NS +5 (opponent counted W)``."""
    option = f" (opponent counted {deal_score.option})" if deal_score.option else ""
    return (f"deal over: {deal_score.against_ns} against NS, {deal_score.against_ew} against EW, "
            f"payoff to NS {deal_score.payoff_ns:+d}{option}")


def cmd_deal(args: argparse.Namespace) -> None:
    """A seeded starting position for deal K (without --seed, a new seed, noted on stderr)."""
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    position = deal_position(args.deal, parse_seat(args.dealer, "dealer"), seed)
    if args.seed is None and not args.json:  # a note, not data: the position alone goes down a pipe
        print(f"seed: {seed}", file=sys.stderr)
    emit({"position": compact(position), "json": to_json(position), "seed": seed}, args.json, compact(position))


def cmd_perft(args: argparse.Namespace) -> None:
    """The number of action sequences of DEPTH actions."""
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise CommandLineError(f"depth: must be a whole number from 0 to {MAX_PERFT_DEPTH}, got {args.depth}")
    nodes = perft(read_position(args.position), args.depth)
    emit({"depth": args.depth, "nodes": nodes}, args.json, str(nodes))


def register(command: Command) -> None:
    """Add this module's subcommands."""
    command("show", cmd_show)
    command("moves", cmd_moves)
    applying = command("apply", cmd_apply)
    applying.add_argument("moves", nargs="+", metavar="MOVE", help="a move, quoted: 'play 9H', 'play 8D/S', "
                                                                   "'draw KS,2C', or 'draw' for random cards")
    applying.add_argument("--seed", type=int, help="seed of the random draws (default: a new one, printed)")
    deal = command("deal", cmd_deal, position=False)
    deal.add_argument("--deal", type=int, required=True, help="deal number 1..15")
    deal.add_argument("--dealer", required=True, help="S or W")
    deal.add_argument("--seed", type=int, help="random seed, 0 to 2^53-1 (default: a new one, printed)")
    command("perft", cmd_perft).add_argument("depth", type=int)
