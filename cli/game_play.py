"""``eights play --series``: a person plays a whole game against the computer, the cube between
the deals (issue #40, item 6): sce2's 15 deals with the cube and resignation, or classic/2's
deals to 100 points (``--rules classic/2``; no cube). Written over the one game interface: the
game is played by ``eights.play.series.whole.play_game``, each deal at the terminal by
``eights.play.versus.DealPlay`` at ``eights.cli.deal_play.TerminalTable`` (the per-deal play of
``eights play``: its prompt, hints, undo and analysis), the cube decisions of the person asked
here, the computer's by the tables.

The person is player 0 (she deals deal 1). Before each deal the game's standing is shown; where
she may double she is asked (``double``, ``no``); when the computer doubles, ``take`` or
``pass``; when it offers to resign, ``accept`` or ``refuse``; then ``deal`` (or an empty line)
plays the deal, ``resign`` offers to resign at 200 x the cube. At each of these prompts ``hint``
shows the cube and resignation hints (``eights cube``'s) and ``quit`` stops. The game's record
(sce2's match record, with its ``cube_actions`` and the deal under way) is written after every
action (each move, each answered double or offer to resign, each deal's end) and at the end,
when the game's analysis (``eights analyse-game``'s) is shown. ``--resume RECORD`` goes on with
the game a record holds: its totals, its cube's value and owner, its deal number and the deal
under way at its last position (classic/2's record holds no deal under way: that deal starts
again, its cards the same).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from eights.cli.common import CommandLineError, check_writable, read_json, write_json
from eights.cli.deal_play import Sitting, TerminalTable
from eights.cli.search import service
from eights.cli.series import series_game
from eights.engine.errors import EightsError
from eights.engine.game import GameContext
from eights.engine.steps import check_seed, new_seed
from eights.games import Game, MatchDeal, PlayedStep, game_of
from eights.play.bots.spec import BotSpecError
from eights.play.series.cube import advice_text
from eights.play.series.review import analyse_game
from eights.play.series.whole import MAX_DEALS, PlayedGame, TableCube, play_game, told_the_game
from eights.play.versus import DEFAULT_PERSON_BOT, PERSON_NAME, DealPlay, StopMatch

PERSON = 0  # the person is player 0: she deals deal 1

PROMPTS = {"double": ("double", "no"), "take": ("take", "pass"), "accept": ("accept", "refuse"),
           "deal": ("deal", "resign")}


class PersonCube:
    """The person's cube decisions, asked at the terminal (``read``/``write``)."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.read, self.write = read, write

    def _ask(self, question: str, asked: str, context: GameContext) -> str:
        """Ask until the answer is one of ``PROMPTS[asked]`` (an empty line: the first's ``deal``
        only); ``hint`` shows the hints, ``quit`` (or the end of input) raises StopMatch."""
        choices = PROMPTS[asked]
        while True:
            try:
                line = self.read(f"{question} ({', '.join(choices)}, hint, quit)> ").strip().lower()
            except EOFError:
                raise StopMatch from None
            if line == "" and asked == "deal":
                return "deal"
            if line in choices:
                return line
            if line == "hint":
                self.write(advice_text(context))
            elif line == "quit":
                raise StopMatch
            else:
                self.write(f"type {', '.join(choices)}, hint or quit")

    def doubles(self, context: GameContext, side: int) -> bool:
        verb = "redouble" if context.owner == side else "double"
        return self._ask(f"You may {verb} to {2 * context.cube}", "double", context) == "double"

    def takes(self, context: GameContext, side: int) -> bool:
        return self._ask(f"The computer doubles to {2 * context.cube}: take it, or pass and lose "
                         f"{context.pass_points} points", "take", context) == "take"

    def resigns(self, context: GameContext, side: int) -> bool:
        return self._ask(f"Deal {context.deal}", "deal", context) == "resign"

    def accepts(self, context: GameContext, side: int) -> bool:
        return self._ask(f"The computer offers to resign: {context.pass_points} points to you",
                         "accept", context) == "accept"


def standing(played: PlayedGame) -> str:
    """The game before its next deal, as the person reads it."""
    number = len(played.deals) + 1
    rules = played.game.whole_game_format()
    assert rules is not None
    if rules.deals is None:
        you, them = played.winnings[PERSON], played.winnings[1 - PERSON]
        return f"Before deal {number}: you {you} points, the computer {them} (to {rules.target})."
    lead = played.lead if PERSON == 0 else -played.lead
    score = "level" if lead == 0 else f"you {'lead' if lead > 0 else 'trail'} by {abs(lead)}"
    state = played.cube
    owner = "in the middle" if state.owner is None else ("yours" if state.owner == PERSON else "the computer's")
    return f"Before deal {number} of {rules.deals}: {score}; the cube {state.cube}, {owner}."


def new_game(args: argparse.Namespace) -> PlayedGame:
    """A new game of --rules against --bot from --seed (a new one by default)."""
    game = series_game(args.rules)
    if args.bot is not None and len(args.bot) > 1:
        raise CommandLineError("--bot: the computer is one player, named once")
    spec = DEFAULT_PERSON_BOT if args.bot is None else args.bot[0]
    check_bot(game, spec, "--bot")
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    return PlayedGame(game, (PERSON_NAME, spec), seed)


def resumed_game(args: argparse.Namespace) -> PlayedGame:
    """The game --resume's record holds, to go on with (its bot, seed, cube and deal under way);
    CommandLineError naming the file when it cannot (not a game eights play --series saved, over)."""
    path: Path = args.resume
    given = [flag for flag, value in (("--bot", args.bot), ("--seed", args.seed), ("--record", args.record))
             if value is not None]
    if given:
        raise CommandLineError(f"{given[0]}: --resume goes on with the record's own bot and seed, and saves to it")
    data = read_json(str(path))
    try:
        game = series_game(game_of(data, args.rules, "--rules").name)
        played = PlayedGame.from_record(game, data)
    except EightsError as error:
        raise CommandLineError(f"{path}: {error}") from None
    if played.players[PERSON] != PERSON_NAME or not isinstance(data.get("seed"), int):
        raise CommandLineError(f"{path}: not a game eights play --series saved (its player 0 is not "
                               f"{PERSON_NAME!r}, or it names no seed): it cannot go on")
    if played.over:
        raise CommandLineError(f"{path}: the game is over: nothing to go on with")
    check_bot(game, played.players[1 - PERSON], f"{path}: players")
    return played


def check_bot(game: Game[Any, Any, Any], spec: str, field: str) -> None:
    """CommandLineError naming ``field`` unless ``spec`` names a bot of ``game``."""
    try:
        game.make_bot(spec)
    except BotSpecError as error:
        raise CommandLineError(f"{field}: {error}") from None


class SavingTable:
    """The terminal's table, the game's record written (``save``) after each step played or
    taken back: the deal under way as it stands."""

    def __init__(self, table: TerminalTable, save: Callable[[], None]) -> None:
        self.table, self.save = table, save

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def played(self, before: Any, step: PlayedStep[Any]) -> None:
        self.table.played(before, step)
        self.save()

    def taken_back(self, steps: Sequence[tuple[Any, PlayedStep[Any]]]) -> None:
        self.table.taken_back(steps)
        self.save()


def play_series(args: argparse.Namespace) -> None:
    """``eights play --series``: the game, deal after deal, at the terminal (a new one, or
    --resume's); its record saved after every action."""
    start = new_game(args) if args.resume is None else resumed_game(args)
    game, players, seed, spec = start.game, start.players, start.seed, start.players[1 - PERSON]
    path: Path = args.resume or args.record or Path(f"eights-game-{seed}.json")
    check_writable(path)
    rules = game.whole_game_format()
    assert rules is not None  # series_game checked it
    print(f"A game of {game.name}, you against {spec}, seed {seed}"
          + (", the cube between deals." if rules.cube else ".") + " Type help at a move for the commands.")
    person = PersonCube()
    kept: list[PlayedGame] = [start]

    sitting = Sitting(game, PERSON, players, seed, rules.deals or MAX_DEALS, path, alone=False, target=rules.target)
    table = TerminalTable(sitting, service(), args.hint_ms, args.analysis_ms)

    def deal_at_table(number: int, start: Any, sides: tuple[int, int],
                      context: Any = None) -> Sequence[PlayedStep[Any]] | None:
        person = sides.index(PERSON)
        computer = game.make_bot(spec)
        told_the_game(computer, context)
        deal = MatchDeal(number, start, (sides.index(0), sides.index(1)), kept[-1].under_way or ())
        table.deal_starts(game, deal, PERSON)

        def save_deal() -> None:
            kept.append(replace(kept[-1], under_way=play.deal.steps))
            write_json(path, kept[-1].record())

        play = DealPlay(game, deal, {1 - person: computer}, person, SavingTable(table, save_deal), seed)
        if not play.play():
            return None
        done = [MatchDeal(one.number, one.start, (one.sides.index(0), one.sides.index(1)), one.steps)
                for one in kept[-1].deals]
        planned = sitting.planned
        table.deal_ends(play.deal, game.match_standing(done, planned), game.match_standing([*done, play.deal], planned))
        return play.deal.steps

    def saved(played: PlayedGame) -> None:
        kept.append(played)
        write_json(path, played.record())
        if not played.over and played.under_way is None and len(played.deals) > len(kept[-2].deals):
            print(standing(played))

    print(standing(kept[-1]))
    try:
        play_game(game, players, seed, deal_at_table, (person, TableCube()), kept[-1], after_deal=saved)
    except (StopMatch, KeyboardInterrupt):
        pass
    played = kept[-1]  # the game as last saved: after the last action, the deal under way at its last step
    if not played.deals and not played.cube_actions and not played.under_way:
        print("\nStopped before the first deal ended: nothing to record.")
        return
    write_json(path, played.record())
    print(game_over(played) if played.over else f"\nStopped after {len(played.deals)} deals.")
    if played.over:
        print(analyse_game(played).text())
    print(f"Record saved to {path} (eights analyse-game {path}"
          f"{'' if played.over else f'; eights play --series --resume {path} goes on'}).")


def game_over(played: PlayedGame) -> str:
    """How the game ended, for the person."""
    end, payoff = played.cube.end, played.payoff if PERSON == 0 else -played.payoff
    how = (f"{'the computer' if end.winner == PERSON else 'you'} "
           f"{'passed' if end.by == 'pass' else 'resigned'} before deal {end.before_deal}"
           if end is not None else f"{len(played.deals)} deals played")
    result = "a draw" if payoff == 0 else f"you {'win' if payoff > 0 else 'lose'} {abs(payoff)} points"
    return f"\nGame over ({how}): {result}."


def register_options(play: argparse.ArgumentParser, match: argparse.ArgumentParser) -> None:
    """``--series`` on ``eights play`` and ``eights match`` (cli/games.py registers the commands)."""
    play.add_argument("--series", action="store_true",
                      help="play a whole game against the computer: sce2's 15 deals with the cube and resignation "
                           "between them (double, take, pass, resign, accept prompts before each deal), or with "
                           "--rules classic/2 its deals to 100 points; the record is a game's (eights analyse-game), "
                           "written after every action; with --resume RECORD, go on with a game it saved")
    match.add_argument("--series", action="store_true",
                       help="play --matches whole games between --a and --b: sce2's with the cube and resignation "
                            "between deals (each bot by the tables), or with --rules classic/2 to 100 points; the "
                            "table gives A's points a game (in this process: --workers and the cluster are not used)")

