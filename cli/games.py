"""Commands that play whole matches: ``match`` (bot against bot, many matches on worker
processes, and their table) and ``play`` (a person against a bot at the terminal)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

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
from eights.engine.family import Ruleset, parse_rules
from eights.play.bots.spec import BotSpecError
from eights.play.family import rotation
from eights.play.matches import MatchesResult, run
from eights.play.report import match_report
from eights.play.versus import DEFAULT_PERSON_BOT
from eights.solver.api import MAX_TIME_MS

HINT_MS = 200
DEFAULT_FAMILY_DEALS = 20
ANALYSIS_MS = 100  # a deal of 30 moves is analysed in about 4 s


def cmd_match(args: argparse.Namespace) -> None:
    """Play whole matches of 15 deals between two bots and print the table; with --rules, a
    family game's deals with one bot a seat, the seats rotated over each deal."""
    rules = family_rules(args)
    if rules is not None:
        match_family(args, rules)
        return
    if args.bot is not None or args.deals is not None:
        raise CommandLineError(f"{'--bot' if args.bot is not None else '--deals'}: a family game's (with --rules); "
                               "sce2's bots are --a and --b, its matches --matches")
    required_bots(args)
    if args.records is not None:
        make_folder(args.records)
    if args.json is not None:
        check_writable(args.json)
    try:
        with chosen_cluster(args) as cluster, \
                tqdm(total=args.matches, unit="match", disable=None, file=sys.stderr) as bar:
            result = run(args.a, args.b, args.matches, args.seed, args.workers, lambda _: bar.update(), cluster)
    except ValueError as error:  # a bad bot spec (an EightsError) or number
        raise CommandLineError(str(error)) from None
    if args.records is not None:
        write_records(result, args.records)
    if args.json is not None:
        write_json(args.json, result.to_json())
    print(match_report(result))


def cmd_play(args: argparse.Namespace) -> None:
    """Play a match against a bot at the terminal: sce2's 15 deals, or the first --deals; with
    --rules, a game of the family (a deal alone unless --deals), you at --seat, bots at the
    others; or go on with one saved (--resume)."""
    check_ms("--hint-ms", args.hint_ms)
    check_ms("--analysis-ms", args.analysis_ms, off=True)
    sitting = new_sitting(args) if args.resume is None else resumed(args, read_json(str(args.resume)))
    field = "--bot" if args.resume is None else f"{args.resume}: players"
    play_at_terminal(sitting, seated_bots(sitting, field), args.hint_ms, args.analysis_ms)


def family_rules(args: argparse.Namespace) -> Ruleset | None:
    """--rules' ruleset when it is a family game other than sce2, else None (sce2's own command)."""
    if args.rules is None:
        return None
    rules = parse_rules(args.rules, "--rules")
    return None if rules.preset == "sce2" else rules


def match_family(args: argparse.Namespace, rules: Ruleset) -> None:
    """``eights match --rules``: the rotated table of one bot a seat (``eights.play.family.rotation``)."""
    if args.a is not None or args.b is not None:
        raise CommandLineError(f"{'--a' if args.a is not None else '--b'}: sce2's; a family game names one --bot a seat")
    specs = args.bot or []
    if len(specs) != rules.players:
        raise CommandLineError(f"--bot: one a seat, {rules.players} in {rules.name}, not {len(specs)}")
    if args.records is not None:
        make_folder(args.records)
    if args.json is not None:
        check_writable(args.json)
    deals = DEFAULT_FAMILY_DEALS if args.deals is None else args.deals
    try:
        with chosen_cluster(args) as cluster, \
                tqdm(total=deals, unit="deal", disable=None, file=sys.stderr) as bar:
            result = rotation.run(rules, specs, deals, args.seed, args.workers, lambda _: bar.update(), cluster)
    except BotSpecError as error:
        raise CommandLineError(f"--bot: {error}") from None
    except ValueError as error:  # a bad number or seed
        raise CommandLineError(str(error)) from None
    if args.records is not None:
        for name, record in result.records():
            write_json(args.records / f"{name}.json", record)
    if args.json is not None:
        write_json(args.json, result.to_json())
    print(result.table())


def check_ms(flag: str, value: int, off: bool = False) -> None:
    """CommandLineError unless ``value`` is a search time up to MAX_TIME_MS (or, with ``off``, 0: none)."""
    if not (off and value == 0) and not 0 < value <= MAX_TIME_MS:
        raise CommandLineError(f"{flag}: must be a positive number of milliseconds up to {MAX_TIME_MS}"
                               f"{' (or 0: none)' if off else ''}, got {value}")


def write_records(result: MatchesResult, folder: Path) -> None:
    """One match record a file, ``FOLDER/match-001.json`` and on, each as ``eights replay`` reads it."""
    for number, record in enumerate(result.records(), start=1):
        write_json(folder / f"match-{number:03d}.json", record)


def register(command: Command) -> None:
    """Add this module's subcommands."""
    match = command("match", cmd_match, position=False, json_flag=False)
    add_bot_arguments(match, "matches")
    match.add_argument("--matches", type=int, default=20, help="sce2: matches to play (default 20)")
    match.add_argument("--rules", help="a family game (a ruleset's short name, classic/4,draw=one): deals with one "
                                       "--bot a seat, each played once a seat with the seats rotated")
    match.add_argument("--bot", action="append", metavar="SPEC",
                       help="with --rules: the bot of a seat, once a seat in seat order (random, heuristic, "
                            "solver:time=MS, fair:time=MS,samples=N)")
    match.add_argument("--deals", type=int, metavar="K",
                       help=f"with --rules: deals to play, each once a seat (default {DEFAULT_FAMILY_DEALS})")
    match.add_argument("--records", type=Path, metavar="DIR",
                       help="write each match's record to DIR/match-001.json, DIR/match-002.json, ...; with --rules "
                            "each game's deal record, DIR/deal-001-game-1.json, ...")
    match.add_argument("--json", type=Path, metavar="FILE", help="write the summary and every match's totals")
    game = command("play", cmd_play, position=False, json_flag=False)
    game.epilog = ("At the prompt: a move (play 9H, play 8D/S, draw), moves, undo (your last move and the bot's "
                   "after it; the stock keeps its order, so a draw taken back brings the same cards again), hint "
                   "(fair: from what you see, never the bot's hand), hint dd (double dummy), help, quit. "
                   "Each finished deal is analysed: per side the loss and the luck, and the largest mistakes. "
                   "With --rules (a deal of a family game): a move (play 7S, play 8D/S, play 7S on 7C, draw, pass), "
                   "moves, undo, hint (fair, from your view), hint dd, help, quit; the deal is analysed at its end, "
                   "and --resume goes on with the deal record it saved (--deals K of a family game: hints only, for now).")
    game.add_argument("--bot", metavar="SPEC", action="append",
                      help=f"the opponent (default {DEFAULT_PERSON_BOT}: the fair bot, deciding from its own view, "
                           "never your concealed hand; a solver:time=MS bot plays double dummy, seeing it); with "
                           "--rules, once for every bot or once a bot seat in seat order")
    game.add_argument("--rules", help="a family game (a ruleset's short name, classic/3): you at --seat, bots at "
                                      "the others")
    game.add_argument("--seat", type=int, help="with --rules: your seat (default 0; --resume: the record's)")
    game.add_argument("--seed", type=int, help="seed of the cards and draws (default: a new one, shown)")
    game.add_argument("--deals", type=int, metavar="K",
                      help="play the first K deals of the match (default: sce2's 15; with --rules, a deal alone)")
    game.add_argument("--record", type=Path, metavar="FILE",
                      help="where to save the match record (default eights-play-SEED.json)")
    game.add_argument("--resume", type=Path, metavar="RECORD",
                      help="go on with the match eights play saved in RECORD (its bot, seed and deals; "
                           "its finished deals kept, the deal under way at its last position), saving to it")
    game.add_argument("--hint-ms", type=int, default=HINT_MS, metavar="MS",
                      help=f"the search time of a hint, fair or double dummy (default {HINT_MS} ms)")
    game.add_argument("--analysis-ms", type=int, default=ANALYSIS_MS, metavar="MS",
                      help=f"the search time a position of each finished deal's analysis (default {ANALYSIS_MS} ms; "
                           "0: no analysis)")
