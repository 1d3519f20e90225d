"""The game around the deals: ``eights cube`` (the cube and resignation hints before a deal),
``eights match --series`` (whole games between bots, the cube between deals) and
``eights analyse-game`` (a game's cube, resignation and move errors, and each player's rating)."""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any

from eights.cli.common import Command, CommandLineError, check_writable, emit, make_folder, read_json, write_json
from eights.engine.errors import EightsError
from eights.engine.game import GameContext, parse_game_context
from eights.engine.record import SIDE_NAMES
from eights.engine.steps import check_seed
from eights.games import Game, find_game, game_of
from eights.play.bots.spec import BotSpecError
from eights.play.series.cube import advice, advice_text
from eights.play.series.review import DEFAULT_DEPTH, MAX_DEPTH, analyse_game
from eights.play.series.whole import PlayedGame, TableCube, bots_deal, play_game, plays_for
from eights.play.stats import finite, mean_interval

CONTEXT_OPTIONS = ("deal", "lead", "cube", "owner")
DEFAULT_GAMES = 20  # eights match --series without --matches


def cmd_cube(args: argparse.Namespace) -> None:
    """The cube hint (No double, take; Double, pass; Too good to double ...) and the resignation
    hints before a deal of a game, from the equity tables. The game is given by a position with
    its game context (deal:12 lead:60 cube:2/NS) or by --deal, --lead, --cube and --owner."""
    context = read_context(args)
    emit({"context": context.to_json(), **advice(context)}, args.json, advice_text(context))


def read_context(args: argparse.Namespace) -> GameContext:
    """The game context of POSITION, or of the options (one or the other)."""
    given = [f"--{name}" for name in CONTEXT_OPTIONS if getattr(args, name) is not None]
    if args.position is not None:
        if given:
            raise CommandLineError(f"{given[0]}: give the position's game context or the options, not both")
        return parse_game_context(sys.stdin.read() if args.position == "-" else args.position)
    if args.deal is None:
        raise CommandLineError("--deal: required without a position (the deal about to be dealt, 1 to 15)")
    owner = None if args.owner is None else SIDE_NAMES.index(args.owner)
    keys = {"deal": "--deal", "lead": "--lead", "cube": "--cube", "totals": "--lead"}
    return GameContext.of(args.deal, args.lead, 1 if args.cube is None else args.cube, owner, keys=keys)


def series_game(rules: str | None, flag: str = "--rules") -> Game[Any, Any, Any]:
    """The game of ``--rules`` (sce2 by default) when it has a game of two players around its
    deals (``Game.whole_game_format``: sce2, classic/2); CommandLineError otherwise."""
    game = find_game(rules or "sce2", flag)
    if game.whole_game_format() is None:
        raise CommandLineError(f"{flag}: {game.name} has no game of two players around its deals (sce2, classic/2)")
    return game


def match_series(args: argparse.Namespace) -> None:
    """``eights match --series``: --matches whole games between --a and --b (A player 0 in the
    even games), the cube and resignation between sce2's deals by the tables, classic/2's to 100
    points; the table of points a game, and each game's record (--records)."""
    game = series_game(args.rules)
    if args.a is None or args.b is None:
        raise CommandLineError(f"{'--a' if args.a is None else '--b'}: required with --series (the two players' bots)")
    games = DEFAULT_GAMES if args.matches is None else args.matches
    if not 1 <= games <= 10_000:
        raise CommandLineError(f"--matches: the games to play, 1 to 10000, not {games}")
    seed = check_seed(args.seed, "--seed")
    if args.records is not None:
        make_folder(args.records)
    if args.json is not None:
        check_writable(args.json)
    played_for = {}
    for flag, spec in (("--a", args.a), ("--b", args.b)):
        try:
            bot = game.make_bot(spec)
        except BotSpecError as error:
            raise CommandLineError(f"{flag}: {error}") from None
        played_for[flag[-1].upper()] = plays_for(bot)
    played: list[tuple[int, PlayedGame]] = []
    for index in range(games):
        a_player = index % 2
        specs = (args.a, args.b) if a_player == 0 else (args.b, args.a)
        game_seed = seed + index
        player = bots_deal(game, specs, game_seed)
        played.append((a_player, play_game(game, specs, game_seed, player, (TableCube(), TableCube()))))
        if args.records is not None:
            write_json(args.records / f"game-{index + 1:03d}.json", played[-1][1].record())
    summary = {**series_summary(game, args.a, args.b, seed, played), "plays_for": played_for}
    if args.json is not None:
        write_json(args.json, summary)
    print(series_text(summary))


def series_summary(game: Game[Any, Any, Any], a: str, b: str, seed: int,
                   played: list[tuple[int, PlayedGame]]) -> dict[str, Any]:
    """The run's summary: A's points a game (its 95% interval), games won, how they ended, the cube."""
    payoffs = [one.payoff if a_player == 0 else -one.payoff for a_player, one in played]
    winners = [one.winner for _, one in played]
    a_wins = sum(winner == a_player for (a_player, _), winner in zip(played, winners))
    draws = winners.count(None)
    ends = [one.cube.end for _, one in played]
    actions = [action.action for _, one in played for action in one.cube_actions]
    points = mean_interval(payoffs)
    rules = game.whole_game_format()
    summary: dict[str, Any] = finite({
        "game": game.name, "a": a, "b": b, "seed": seed, "games": len(played), "cube": rules is not None and rules.cube,
        "points_per_game": {"mean": points.mean, "ci95": [points.low, points.high]},
        "wins": {"A": a_wins, "B": len(played) - a_wins - draws, "draws": draws},
        "ended_by": {"pass": sum(end is not None and end.by == "pass" for end in ends),
                     "resignation": sum(end is not None and end.by == "resignation" for end in ends),
                     "played_out": ends.count(None)},
        "cube_actions": {name: actions.count(name) for name in ("double", "take", "pass", "resign", "accept", "refuse")},
        "mean_deals": statistics.fmean(len(one.deals) for _, one in played),
        "mean_final_cube": statistics.fmean(one.cube.cube for _, one in played),
    })
    return summary


def series_text(summary: dict[str, Any]) -> str:
    """The summary as lines for a terminal."""
    points, wins, ends, cube = (summary["points_per_game"], summary["wins"], summary["ended_by"],
                                summary["cube_actions"])
    low, high = points["ci95"]
    interval = "" if low is None else f" (95% CI {low:+.1f} to {high:+.1f})"
    how = "the cube and resignation by the tables" if summary["cube"] else "no cube (to its target)"
    lines = [f"{summary['game']} games: A {summary['a']} against B {summary['b']}, {summary['games']} games "
             f"(seed {summary['seed']}), {how}",
             f"A's points a game       {points['mean']:+.1f}{interval}",
             f"games won               A {wins['A']}, B {wins['B']}, drawn {wins['draws']}",
             f"each deal played for    A the {summary['plays_for']['A']}, B the {summary['plays_for']['B']}",
             f"deals a game            {summary['mean_deals']:.1f}"]
    if summary["cube"]:
        lines += [f"ended by                a pass {ends['pass']}, a resignation {ends['resignation']}, "
                  f"played out {ends['played_out']}",
                  f"cube actions            doubles {cube['double']} (taken {cube['take']}, passed {cube['pass']}), "
                  f"resignations offered {cube['resign']} (accepted {cube['accept']})",
                  f"mean cube at the end    {summary['mean_final_cube']:.2f}"]
    return "\n".join(lines)


def cmd_analyse_game(args: argparse.Namespace) -> None:
    """Analyse a whole game's record (eights match --series --records, eights play --series):
    its cube errors (missed and wrong doubles, wrong takes and passes) and resignation errors
    in equity from the tables, its moves against a search --depth deep, and each player's
    error rate and rating."""
    if not 1 <= args.depth <= MAX_DEPTH:
        raise CommandLineError(f"--depth: the reference search's depth, 1 to {MAX_DEPTH}, not {args.depth}")
    data = read_json(args.record)
    try:
        game = game_of(data, args.rules, "--rules")
        if game.whole_game_format() is None:
            raise CommandLineError(f"{args.record}: {game.name} has no game around its deals (sce2, classic/2)")
        played = PlayedGame.from_record(game, data)
    except EightsError as error:
        raise CommandLineError(f"{args.record}: {error}") from None
    analysis = analyse_game(played, args.depth)
    emit(analysis.to_json(), args.json, analysis.text())


def register(command: Command) -> None:
    """Add this module's subcommands."""
    review = command("analyse-game", cmd_analyse_game, position=False)
    review.add_argument("record", help="a game's record: sce2's match record (with its cube_actions), classic/2's")
    review.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"the depth each move is searched to, double dummy (default {DEFAULT_DEPTH})")
    review.add_argument("--rules", help="the game, when the record does not name it (default sce2)")
    sub = command("cube", cmd_cube, position=False)
    sub.add_argument("position", nargs="?", help="a position with its game context (compact form, or - to read "
                                                 "either form from stdin); or give the options below")
    sub.add_argument("--deal", type=int, help="the deal about to be dealt (1 to 15)")
    sub.add_argument("--lead", type=int, help="NS's player's lead: EW's total minus NS's (default 0)")
    sub.add_argument("--cube", type=int, help="the cube's value: 1, 2, 4 ... 64 (default 1)")
    sub.add_argument("--owner", choices=SIDE_NAMES, help="the side owning the cube (none: in the middle)")
