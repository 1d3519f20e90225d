"""Commands that play whole matches: ``match`` (bot against bot, many matches on worker
processes, and their table) and ``play`` (a person against a bot at the terminal)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
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
from eights.cli.deal_play import is_deal_record, new_deal, play_deal, resumed_deal, seated_bots
from eights.cli.family_play import play_family
from eights.cli.game_play import play_series, register_options
from eights.cli.series import match_series
from eights.games import find_game
from eights.engine.family import Ruleset, parse_rules
from eights.play.bots.spec import BotSpecError
from eights.play.family import rotation
from eights.cli.search import service
from eights.cli.table import TerminalTable
from eights.engine.deal import DEALS
from eights.engine.errors import EightsError
from eights.engine.match import MatchRecord, MatchResult
from eights.engine.record import MATCH, record_kind
from eights.engine.steps import check_seed, new_seed
from eights.play.bot import Bot
from eights.play.bots import make_bot
from eights.play.matches import MatchesResult, run
from eights.play.report import match_report
from eights.play.versus import DEFAULT_PERSON_BOT, PERSON, PERSON_NAME, VersusMatch
from eights.solver.api import MAX_TIME_MS

HINT_MS = 200
DEFAULT_FAMILY_DEALS = 20
ANALYSIS_MS = 100  # a deal of 30 moves is analysed in about 4 s


def cmd_match(args: argparse.Namespace) -> None:
    """Play whole matches of 15 deals between two bots and print the table; with --rules, a
    family game's deals with one bot a seat, the seats rotated over each deal."""
    if args.series:  # whole games with the cube (#40): eights.cli.series
        match_series(args)
        return
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


@dataclass(frozen=True)
class Sitting:
    """What a match at the terminal is played with: the bot, the seed, the deals planned, the file
    it is saved to, and the match so far (None: a new one)."""

    bot: Bot
    seed: int
    deals: int
    path: Path
    played: MatchResult | None = None


def cmd_play(args: argparse.Namespace) -> None:
    """Play a match against a bot at the terminal: the 15 deals, or the first --deals; or go on
    with one saved (--resume); with --rules, a family game's seat against bots at the others."""
    check_ms("--hint-ms", args.hint_ms)
    check_ms("--analysis-ms", args.analysis_ms, off=True)
    if args.series:  # a whole game with the cube (#40): eights.cli.game_play
        play_series(args)
        return
    if args.resume is not None:
        data = read_json(str(args.resume))
        if is_deal_record(data):  # one deal of any game (a match of sce2's is a match record)
            sitting = resumed_deal(args, data)
            play_deal(sitting, seated_bots(sitting, f"{args.resume}: players"), args.hint_ms, args.analysis_ms)
            return
    rules = family_rules(args)
    if rules is not None:
        if args.deals is not None and args.deals < 1:
            raise CommandLineError(f"--deals: at least 1, not {args.deals}")
        if (args.deals or 1) > 1:  # a family match of several deals: its own loop, for now (#38)
            play_family(args, rules, args.hint_ms)
            return
        sitting = new_deal(args, find_game(rules.name, "--rules"))
        play_deal(sitting, seated_bots(sitting, "--bot"), args.hint_ms, args.analysis_ms)
        return
    if args.seat is not None:
        raise CommandLineError("--seat: a family game's (with --rules); in sce2 you are player 0")
    if args.bot is not None and len(args.bot) > 1:
        raise CommandLineError("--bot: sce2 has one opponent, named once")
    args.bot = None if args.bot is None else args.bot[0]
    if args.deals is not None and not 1 <= args.deals <= DEALS:
        raise CommandLineError(f"--deals: from 1 to {DEALS} in sce2, not {args.deals}")
    sitting = new_sitting(args) if args.resume is None else resumed(args)
    check_writable(sitting.path)
    table = TerminalTable(service(), args.hint_ms, sitting.deals, args.analysis_ms)
    print(f"You against {sitting.bot.spec}, seed {sitting.seed}, {sitting.deals} deal{'s' * (sitting.deals != 1)}. "
          "Type help for the commands.")
    if sitting.played is not None:
        done, totals = len(sitting.played.deals), sitting.played.totals
        print(f"Going on from {sitting.path}: {done} deal{'s' * (done != 1)} played, "
              f"totals you {totals[PERSON]}, the bot {totals[1 - PERSON]}.")
    match = VersusMatch(table, sitting.bot, sitting.seed, sitting.deals, sitting.played)
    result = match.play()
    write_json(sitting.path, match.record(result))
    table.match_ends(result)
    print(f"Record saved to {sitting.path} (eights replay {sitting.path}; "
          f"eights play --resume {sitting.path} goes on).")


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


def new_sitting(args: argparse.Namespace) -> Sitting:
    """A new match with the bot, seed (a new one without --seed), deals and record asked for."""
    bot = make_bot(args.bot or DEFAULT_PERSON_BOT)
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    return Sitting(bot, seed, args.deals or DEALS, args.record or Path(f"eights-play-{seed}.json"))


def resumed(args: argparse.Namespace) -> Sitting:
    """The match ``eights play`` saved in --resume's file, to go on with: CommandLineError naming
    the file and why when it cannot (missing, not JSON, a deal record, not saved by eights play,
    over), or when --bot, --seed, --deals or --record are given too (the record has its own)."""
    given = [flag for flag, value in (("--bot", args.bot), ("--seed", args.seed), ("--deals", args.deals),
                                      ("--record", args.record)) if value is not None]
    if given:
        raise CommandLineError(f"{given[0]}: --resume goes on with the record's own bot, seed and deals, "
                               "and saves to it")
    path: Path = args.resume
    data = read_json(str(path))
    if record_kind(data) != MATCH:
        raise CommandLineError(f"{path}: a deal record; --resume goes on with a match record eights play saved")
    try:
        saved = MatchRecord.from_json(data)
    except EightsError as error:
        raise CommandLineError(f"{path}: {error}") from None
    under_way = saved.result.unfinished
    if saved.players[0] != PERSON_NAME or saved.seed is None or (under_way is not None and under_way.dealt is None):
        raise CommandLineError(f"{path}: not a match eights play saved (players {saved.players[0]!r} and "
                               f"{saved.players[1]!r}, seed {saved.seed}): it cannot go on")
    if under_way is None and len(saved.result.deals) == saved.planned:
        raise CommandLineError(f"{path}: the match is over ({saved.planned} deal{'s' * (saved.planned != 1)} "
                               "played): nothing to go on with")
    try:
        bot = make_bot(saved.players[1])
    except ValueError as error:
        raise CommandLineError(f"{path}: players[1]: {error}") from None
    return Sitting(bot, saved.seed, saved.planned, path, saved.result)


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
                      help=f"play the first K deals of the match (default {DEALS}; with --rules 1)")
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
    register_options(game, match)
