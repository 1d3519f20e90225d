"""Commands on positions, in any game (``eights.games``): show, moves, apply, deal, perft (``--rules``: a game of the family)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from eights.cli.common import Command, CommandLineError, emit
from eights.engine.steps import check_seed, new_seed
from eights.games import Game, find_game, game_of

RULES_HELP = "the game: a ruleset's short name (classic/4,draw=one; default sce2, or the position's rules:)"
MAX_PERFT_DEPTH = 64  # far beyond what finishes; deeper would only overflow Python's stack


def cmd_show(args: argparse.Namespace) -> None:
    """The hands as at the table (a family game's N hands, a block each; a view's hidden hands
    face down) and the state of play, in any game."""
    game, item = read_in_game(args)
    text = game.diagram(item)
    emit({"position": game.notation(item), "json": game.to_json(item), "diagram": text}, args.json, text)


def read_in_game(args: argparse.Namespace, views: bool = True) -> tuple[Game[Any, Any, Any], Any]:
    """POSITION (stdin read once for ``-``) in its game (its own ``rules:``, else ``--rules``,
    else sce2), read as a view when written as one (``view:``) and ``views``, else as a position."""
    if args.position == "-":
        args.position = sys.stdin.read()
    if args.rules is not None:
        find_game(args.rules, "--rules")
    value: Any = args.position
    if value.lstrip().startswith("{"):
        try:
            value = json.loads(value)
        except ValueError:
            pass  # the game's reader says what is wrong with it, as for any position
    game = game_of(value, args.rules, "--rules")
    return game, game.read(value) if views else game.read_position(value)


def cmd_moves(args: argparse.Namespace) -> None:
    """The legal moves in NOTATION form, in any game; of a view, those of the hand to act when
    the view sees it."""
    game, item = read_in_game(args)
    moves = [move.notation() for move in game.legal_moves(item)]
    emit(moves, args.json, "\n".join(moves))


def cmd_apply(args: argparse.Namespace) -> None:
    """The position after the moves, in any game (the cards drawn at random, and the deal's
    result when it is over, noted on stderr); a draw that names no cards takes them from
    --seed or a new seed (a family game's draw may name its cards: ``draw KS,2C``)."""
    game, position = read_in_game(args, views=False)
    asked = [game.read_move(text, f"moves[{step}]").notation() for step, text in enumerate(args.moves)]
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    rng, played = random.Random(seed), []
    for step, text in enumerate(args.moves):
        played_step = game.play(position, text, rng, f"moves[{step}]")
        position = played_step.after
        played.extend(played_step.events)
    result: dict[str, Any] = {"position": game.notation(position), "json": game.to_json(position), "moves": played,
                              "seed": seed, "over": game.is_over(position)}
    notes = []  # on stderr, so that the position alone goes down a pipe
    if played != asked:
        notes.append(f"played: {', '.join(played)} (seed {seed})")
    if game.is_over(position):
        fields, line = game.deal_result(position)
        result.update(fields)
        notes.append(line)
    if not args.json:
        for note in notes:
            print(note, file=sys.stderr)
    emit(result, args.json, game.notation(position))


def cmd_deal(args: argparse.Namespace) -> None:
    """A seeded starting position of the game --rules names (sce2 by default: deal K, dealer S
    or W; a family game's --deal is sce's deal of the match, --dealer a seat number); without
    --seed, a new seed, noted on stderr."""
    game = find_game("sce2" if args.rules is None else args.rules, "--rules")
    wanted = {"number": ("--deal", args.deal), "dealer": ("--dealer", args.dealer)}
    missing = [wanted[name][0] for name in game.deal_requires if wanted[name][1] is None]
    if missing:
        raise CommandLineError(f"the following arguments are required: {', '.join(missing)}")
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    position = game.deal_numbered(seed, args.deal, args.dealer)
    if args.seed is None and not args.json:  # a note, not data: the position alone goes down a pipe
        print(f"seed: {seed}", file=sys.stderr)
    text = game.notation(position)
    emit({"position": text, "json": game.to_json(position), "seed": seed, **game.answer_fields(position)}, args.json,
         text)


def cmd_perft(args: argparse.Namespace) -> None:
    """The number of action sequences of DEPTH actions."""
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise CommandLineError(f"depth: must be a whole number from 0 to {MAX_PERFT_DEPTH}, got {args.depth}")
    game, position = read_in_game(args, views=False)
    nodes = game.perft(position, args.depth)
    emit({"depth": args.depth, "nodes": nodes}, args.json, str(nodes))


def register(command: Command) -> None:
    """Add this module's subcommands."""
    rules_help = RULES_HELP
    command("show", cmd_show).add_argument("--rules", help=rules_help)
    command("moves", cmd_moves).add_argument("--rules", help=rules_help)
    applying = command("apply", cmd_apply)
    applying.add_argument("--rules", help=rules_help)
    applying.add_argument("moves", nargs="+", metavar="MOVE", help="a move, quoted: 'play 9H', 'play 8D/S', "
                                                                   "'draw KS,2C', or 'draw' for random cards")
    applying.add_argument("--seed", type=int, help="seed of the random draws (default: a new one, printed)")
    deal = command("deal", cmd_deal, position=False)
    deal.add_argument("--deal", type=int, help="deal number 1..15 (required for sce2; sce: the deal of its match)")
    deal.add_argument("--dealer", help="S or W (required for sce2); with --rules a seat number (default 0)")
    deal.add_argument("--rules", help=rules_help)
    deal.add_argument("--seed", type=int, help="random seed, 0 to 2^53-1 (default: a new one, printed)")
    perfting = command("perft", cmd_perft)
    perfting.add_argument("depth", type=int)
    perfting.add_argument("--rules", help=rules_help)
