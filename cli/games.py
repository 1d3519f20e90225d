"""Commands that play whole matches: ``match`` (bot against bot, many matches on worker
processes, and their table) and ``play`` (a person against a bot at the terminal)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from eights.cluster.options import chosen_cluster
from eights.cli.common import (
    Command,
    CommandLineError,
    add_bot_arguments,
    check_writable,
    make_folder,
    read_json,
    required_bots,
    write_json,
)
from eights.cli.deal_play import new_sitting, play_at_terminal, resumed, seated_bots
from eights.cli.game_play import play_series, register_options
from eights.cli.series import match_series
from eights.games import Game, game_of
from eights.play.bots.spec import BotSpecError
from eights.play.versus import DEFAULT_PERSON_BOT
from eights.solver.api import MAX_TIME_MS

HINT_MS = 200
ANALYSIS_MS = 100  # a deal of 30 moves is analysed in about 4 s


def cmd_match(args: argparse.Namespace) -> None:
    """Play bots against bots and print the table: sce2's whole matches of 15 deals (--a and --b);
    with --rules, a family game's deals with one --bot a seat, the seats rotated over each deal."""
    if args.series:  # whole games with the cube (#40): eights.cli.series
        match_series(args)
        return
    game = game_of(None, args.rules, "--rules")
    specs = match_bots(args, game)
    unit, default = game.bot_match_unit
    counts = {"matches": args.matches, "deals": args.deals}
    other = next(flag for flag in counts if flag != unit)
    if counts[other] is not None:
        raise CommandLineError(f"--{other}: {game.name} counts its {unit} (--{unit})")
    if args.records is not None:
        make_folder(args.records)
    if args.json is not None:
        check_writable(args.json)
    count = default if counts[unit] is None else counts[unit]
    try:
        with chosen_cluster(args) as cluster, tqdm(total=count, unit=unit, disable=None, file=sys.stderr) as bar:
            result = game.bot_matches(specs, count, args.seed, args.workers, lambda _: bar.update(), cluster)
    except BotSpecError as error:
        raise CommandLineError(f"--bot: {error}" if args.bot is not None else str(error)) from None
    except ValueError as error:  # a bad number or seed
        raise CommandLineError(str(error)) from None
    if args.records is not None:
        for name, record in result.records():
            write_json(args.records / f"{name}.json", record)
    if args.json is not None:
        write_json(args.json, result.to_json())
    print(result.table())


def match_bots(args: argparse.Namespace, game: Game[Any, Any, Any]) -> list[str]:
    """The bots' specs, player 0 first: --a and --b (a game of two players), or --bot once a player."""
    named = [flag for flag, value in (("--a", args.a), ("--b", args.b)) if value is not None]
    if named and args.bot is not None:
        raise CommandLineError("--bot: name the bots with --a and --b, or with --bot once a player, not both")
    if named and game.players != 2:
        raise CommandLineError(f"{named[0]}: bots A and B play a game of two; {game.name} names one --bot a seat")
    if args.bot is not None:
        return list(args.bot)
    required_bots(args)
    return [args.a, args.b]


def cmd_play(args: argparse.Namespace) -> None:
    """Play a match against a bot at the terminal: sce2's 15 deals, or the first --deals; with
    --rules, a game of the family (a deal alone unless --deals), you at --seat, bots at the
    others; or go on with one saved (--resume)."""
    check_ms("--hint-ms", args.hint_ms)
    check_ms("--analysis-ms", args.analysis_ms, off=True)
    if args.series:  # a whole game with the cube (#40): eights.cli.game_play
        play_series(args)
        return
    sitting = new_sitting(args) if args.resume is None else resumed(args, read_json(str(args.resume)))
    field = "--bot" if args.resume is None else f"{args.resume}: players"
    play_at_terminal(sitting, seated_bots(sitting, field), args.hint_ms, args.analysis_ms)


def check_ms(flag: str, value: int, off: bool = False) -> None:
    """CommandLineError unless ``value`` is a search time up to MAX_TIME_MS (or, with ``off``, 0: none)."""
    if not (off and value == 0) and not 0 < value <= MAX_TIME_MS:
        raise CommandLineError(f"{flag}: must be a positive number of milliseconds up to {MAX_TIME_MS}"
                               f"{' (or 0: none)' if off else ''}, got {value}")


def register(command: Command) -> None:
    """Add this module's subcommands."""
    match = command("match", cmd_match, position=False, json_flag=False)
    add_bot_arguments(match, "matches")
    match.add_argument("--matches", type=int, help="sce2: matches to play (default 20)")
    match.add_argument("--rules", help="a family game (a ruleset's short name, classic/4,draw=one): deals with one "
                                       "--bot a seat, each played once a seat with the seats rotated")
    match.add_argument("--bot", action="append", metavar="SPEC",
                       help="the bot of a player, once a player in player order (random, heuristic, "
                            "solver:time=MS, fair:time=MS,samples=N); sce2's two as --a and --b")
    match.add_argument("--deals", type=int, metavar="K",
                       help="with --rules: deals to play, each once a seat (default 20)")
    match.add_argument("--records", type=Path, metavar="DIR",
                       help="write each match's record to DIR/match-001.json, DIR/match-002.json, ...; with --rules "
                            "each game's deal record, DIR/deal-001-game-1.json, ...")
    match.add_argument("--json", type=Path, metavar="FILE", help="write the summary and every match's totals")
    game = command("play", cmd_play, position=False, json_flag=False)
    game.epilog = ("In every game, at the prompt: a move (play 9H, play 8D/S, play 7S on 7C, draw, pass), moves, "
                   "undo (your last move and the bots' after it; a draw made again brings the same cards), hint "
                   "(fair: from what you see, never another hand), hint dd (double dummy), help, quit. "
                   "Each finished deal is analysed as eights analyse analyses it. --resume goes on with the "
                   "match or deal record eights play saved.")
    game.add_argument("--bot", metavar="SPEC", action="append",
                      help=f"the opponents (default {DEFAULT_PERSON_BOT}: the fair bot, deciding from its own view, "
                           "never your concealed hand; a solver:time=MS bot plays double dummy, seeing it): once "
                           "for every bot, or once a bot in player order")
    game.add_argument("--rules", help="a family game (a ruleset's short name, classic/3): you at --seat, bots at "
                                      "the others")
    game.add_argument("--seat", type=int, help="the player you play (default 0: sce2's player 0, South and dealing "
                                               "deal 1; a family game's seat 0; --resume: the record's)")
    game.add_argument("--seed", type=int, help="seed of the cards and draws (default: a new one, shown)")
    game.add_argument("--deals", type=int, metavar="K",
                      help="play the first K deals of the match (default: sce2's 15; with --rules, a deal alone)")
    game.add_argument("--record", type=Path, metavar="FILE",
                      help="where to save the match record, written after every move (default "
                           "eights-play-SEED.json)")
    game.add_argument("--resume", type=Path, metavar="RECORD",
                      help="go on with the match or deal eights play saved in RECORD, in any game (its players, "
                           "seed and deals; its finished deals kept, the deal under way at its last position), "
                           "saving to it")
    game.add_argument("--hint-ms", type=int, default=HINT_MS, metavar="MS",
                      help=f"the search time of a hint, fair or double dummy (default {HINT_MS} ms)")
    game.add_argument("--analysis-ms", type=int, default=ANALYSIS_MS, metavar="MS",
                      help=f"the search time a position of each finished deal's analysis (default {ANALYSIS_MS} ms; "
                           "0: no analysis)")
    register_options(game, match)
