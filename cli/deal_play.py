"""``eights play`` of one deal of any game (#38): a person at one seat, bots at the others,
written once over the game interface (``eights.games``), never asking which game it holds.

The person plays ``--seat`` (0 by default); each bot's spec comes from ``--bot`` (one for every
bot, or one per bot seat in seat order; by default the fair bot a person meets,
``eights.play.versus.DEFAULT_PERSON_BOT``: it decides from its own view and never sees the
person's hand). At the person's turn the table is drawn from the person's own view
(``Game.diagram`` of ``Game.hint_view``: every other hand face down); every move is said, a
card the person draws named, the others' drawn cards not. At the prompt: a move, ``moves``,
``undo`` (back to the person's previous turn: the cards a draw brings are seeded by the step's
number, so a draw taken back brings the same cards again), ``hint`` (fair: deals sampled from
the person's view and searched, as POST /v1/fair-hint answers, never another hand), ``hint dd``
(double dummy: the solver seeing every hand), ``help``, ``quit``.

The deal's record (``Game.deal_record``, as ``eights replay`` and ``eights analyse`` read it,
naming who played each seat) is written at the end or at quit; ``eights play --resume RECORD``
goes on from its last position, the person and the bots seated as it names them. At the deal's
end: every hand, one line of each seat's payoff, then the deal's analysis at ``--analysis-ms`` a
position (``eights analyse``'s, ``eights.cli.review.record_analysis``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eights.api.errors import ProblemError
from eights.api.fair.hinting import fair_options, hint_from_view
from eights.api.service import SolveService
from eights.cli.common import CommandLineError, check_writable, write_json
from eights.cli.review import record_analysis, results_text
from eights.cli.search import fair_text, service, solution_text
from eights.engine.errors import EightsError
from eights.engine.record import DEAL, record_kind
from eights.engine.steps import check_seed, new_seed
from eights.games import Game, PlayedStep, game_of
from eights.play.bots.spec import BotSpecError
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED
from eights.play.paired import derive
from eights.play.versus import DEFAULT_PERSON_BOT, PERSON_NAME, StopMatch
from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX

HELP = """commands:
  play 7S        play a card (an 8 names the suit it calls: play 8D/S; the layout game names
                 the pile's top card: play 7S on 7C)
  draw, pass     draw from the stock (what the rules say), or pass
  moves          the legal moves
  undo           take back your last move and the bots' after it (a draw taken back brings
                 the same cards again)
  hint           a fair hint: each move's value to you over deals sampled from what you see,
                 never another hand
  hint dd        the double-dummy hint: the solver's values seeing every hand
  help           this list
  quit           stop (the record keeps what was played; eights play --resume goes on)"""


class Undo(Exception):
    """The person asked to take back their last move."""


@dataclass(frozen=True)
class Sitting:
    """One deal at the terminal: the game, the person's seat, who plays each seat (the bots'
    specs, the person's ``PERSON_NAME``), the seed of the draws and the bots, the record's file,
    the first position and the steps played from it (none: a new deal)."""

    game: Game[Any, Any, Any]
    seat: int
    players: tuple[str, ...]
    seed: int
    path: Path
    start: Any
    steps: tuple[PlayedStep[Any], ...] = ()


def bot_specs(given: Sequence[str] | None, players: int) -> list[str]:
    """The specs of the ``players - 1`` bots: one --bot for all, one per bot seat, or the default."""
    specs = list(given or [DEFAULT_PERSON_BOT])
    if len(specs) == 1:
        return specs * (players - 1)
    if len(specs) != players - 1:
        raise CommandLineError(f"--bot: one spec for every bot, or one per bot seat ({players - 1}), "
                               f"not {len(specs)}")
    return specs


def new_deal(args: argparse.Namespace, game: Game[Any, Any, Any]) -> Sitting:
    """A new deal of ``game`` with the seat, bots, seed and record asked for."""
    seat = args.seat or 0
    if not 0 <= seat < game.players:
        raise CommandLineError(f"--seat: a seat 0 to {game.players - 1} in {game.name}, not {seat}")
    specs = bot_specs(args.bot, game.players)
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    players = (*specs[:seat], PERSON_NAME, *specs[seat:])
    return Sitting(game, seat, players, seed, args.record or Path(f"eights-play-{seed}.json"), game.deal(seed))


def resumed_deal(args: argparse.Namespace, data: Any) -> Sitting:
    """The deal ``eights play`` saved in --resume's file (``data``, its deal record), to go on
    from its last position with its own seats: CommandLineError naming the file and why when it
    cannot (not a record, no seat of the person's, over), or when --bot, --seat or --record are
    given too. --seed seeds the draws from here on (default: a new one)."""
    given = [flag for flag, value in (("--bot", args.bot), ("--seat", args.seat), ("--record", args.record))
             if value is not None]
    if given:
        raise CommandLineError(f"{given[0]}: --resume goes on with the record's own seats, and saves to it")
    path: Path = args.resume
    try:
        game = game_of(data, args.rules, "--rules")
        start, steps, players = game.read_deal_record(data)
    except EightsError as error:
        raise CommandLineError(f"{path}: {error}") from None
    if players is None or players.count(PERSON_NAME) != 1:
        raise CommandLineError(f"{path}: not a deal eights play saved (its players name no one seat "
                               f"{PERSON_NAME!r}): it cannot go on")
    if game.is_over(steps[-1].after if steps else start):
        raise CommandLineError(f"{path}: the deal is over: nothing to go on with")
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    return Sitting(game, players.index(PERSON_NAME), players, seed, path, start, tuple(steps))


def is_deal_record(data: Any) -> bool:
    """Whether ``data`` (a record file's JSON) is a deal's record (``eights play`` of one deal
    writes one; sce2's match at the terminal writes a match record)."""
    try:
        return record_kind(data) == DEAL
    except EightsError:
        return False


class DealAtTable:
    """One deal played at the terminal: the person's turns read from ``read``, everything said
    through ``write``; hints search ``hint_ms`` and the finished deal is analysed at
    ``analysis_ms`` a position (0: not), both through ``searching``."""

    def __init__(self, sitting: Sitting, bots: dict[int, Any], searching: SolveService, hint_ms: int,
                 analysis_ms: int, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.sitting, self.game, self.seat, self.bots = sitting, sitting.game, sitting.seat, bots
        self.searching, self.hint_ms, self.analysis_ms = searching, hint_ms, analysis_ms
        self.read, self.write = read, write
        self.steps: list[PlayedStep[Any]] = list(sitting.steps)
        for seat, bot in self.bots.items():
            bot.new_game(derive(sitting.seed, "bot", seat))

    @property
    def position(self) -> Any:
        """The position now."""
        return self.steps[-1].after if self.steps else self.sitting.start

    def record(self) -> dict[str, Any]:
        """The deal's record as played so far."""
        events = [event for step in self.steps for event in step.events]
        return self.game.deal_record(self.sitting.start, events, self.sitting.players)

    def play(self) -> bool:
        """Play until the deal ends (True) or the person stops (False)."""
        others = ", ".join(f"seat {seat} {spec}" for seat, spec in enumerate(self.sitting.players) if seat != self.seat)
        self.write(f"{self.game.name}, seed {self.sitting.seed}. You are seat {self.seat}; {others}."
                   + (f" Going on after {len(self.steps)} steps." if self.steps else "") + " Type help for the commands.")
        shown = None
        while not self.game.is_over(self.position):
            position = self.position
            seat = self.game.to_act(position)
            assert seat is not None  # the deal goes on
            if seat == self.seat:
                if position is not shown:
                    self.write("\n" + self.game.diagram(self.game.hint_view(position)))
                    shown = position
                try:
                    move = self._turn(position)
                except StopMatch:
                    return False
                except Undo:
                    continue
            else:
                move = self.bots[seat].choose(position, self.game.legal_moves(position)).notation()
            step = self.game.play(position, move, random.Random(derive(self.sitting.seed, "draw", len(self.steps))))
            self.steps.append(step)
            self.write(self._said(seat, step))
        return True

    def _said(self, seat: int, step: PlayedStep[Any]) -> str:
        """A step as the person is told it: ``seat 2 plays 8D/S``, ``you draw 7S`` (a card the
        person draws named, each on its line; another's not)."""
        verb, _, rest = step.move.partition(" ")
        if seat == self.seat:
            if step.drawn:
                return "\n".join(f"you draw {card}" for card in step.drawn)
            return f"you {step.move}"
        said = {"play": "plays", "draw": "draws", "pass": "passes"}.get(verb, verb)
        if step.drawn:
            return f"seat {seat} draws {len(step.drawn)} card{'s' * (len(step.drawn) != 1)}"
        return f"seat {seat} {said}{' ' + rest if rest else ''}"

    def _turn(self, position: Any) -> str:
        """Commands read until one is a legal move (its notation); Undo, or StopMatch at quit
        or the end of input."""
        moves = self.game.legal_moves(position)
        while True:
            try:
                line = self.read(f"seat {self.seat} (you)> ")
            except EOFError:
                raise StopMatch from None
            words = line.lower().split()
            command = words[0] if words else ""
            if command in ("play", "draw", "pass"):
                move = self._move(line, moves)
                if move is not None:
                    return move
            elif words == ["moves"]:
                self.write(", ".join(move.notation() for move in moves))
            elif words == ["undo"]:
                self._undo()
            elif words in (["hint"], ["hint", "dd"]):
                self.write(self._hint(position, double_dummy=len(words) == 2))
            elif command == "help":
                self.write(HELP)
            elif command == "quit":
                raise StopMatch
            elif command:
                self.write(f"unknown command {line.split()[0]!r}: type a move (play 7S, play 8D/S, draw, pass), "
                           "moves, undo, hint, hint dd, help or quit")

    def _move(self, line: str, moves: Sequence[Any]) -> str | None:
        """The legal move ``line`` names (its notation), or None after saying why it is not one."""
        try:
            move = self.game.read_move(line)
        except EightsError as error:
            self.write(str(error))
            return None
        if move not in moves:
            self.write(f"{move.notation()} is not legal here (legal: {', '.join(m.notation() for m in moves)})")
            return None
        return str(move.notation())

    def _undo(self) -> None:
        """Back to the person's previous turn (Undo), or one line saying there is none."""
        turns = [index for index, step in enumerate(self.steps)
                 if self.game.to_act(self.steps[index - 1].after if index else self.sitting.start) == self.seat]
        if not turns:
            self.write("nothing to undo: you have not moved yet")
            return
        taken = self.steps[turns[-1]:]
        del self.steps[turns[-1]:]
        self.write(f"taken back: {', '.join(step.move for step in taken)}")
        raise Undo

    def _hint(self, position: Any, double_dummy: bool) -> str:
        """The fair hint from the person's view, or the double-dummy one; a search that fails is one line."""
        try:
            if double_dummy:
                options = self.searching.hint_options({"mode": EXPECTIMAX, "time_ms": self.hint_ms},
                                                      bool(self.game.objectives))
                solution = self.searching.solve(position, options).solution
                return ("double-dummy hint (it sees every hand; the stock's order stays unknown):\n"
                        + solution_text(solution, self.game))
            search = fair_options(self.searching, {"samples": DEFAULT_SAMPLES, "time_ms": self.hint_ms},
                                  self.game.evaluation)
            answer = hint_from_view(self.searching, self.game, self.game.hint_view(position), DEFAULT_SAMPLES,
                                    search, DEFAULT_SEED)
        except (ProblemError, SolverError) as error:
            return f"no hint: {error}"
        return f"fair hint from your view (seat {self.seat}), never another hand (hint dd for double dummy):\n" + \
            fair_text(answer)

    def ends(self) -> None:
        """Every hand, the deal's analysis, then one line of each seat's payoff (the ending)."""
        end = self.position
        self.write("\n" + self.game.diagram(end))
        if self.analysis_ms:
            self.write(self.analysis())
        payoffs = self.game.payoffs(end)
        self.write(f"\n{self.game.deal_result(end)[1]} (you {payoffs[self.seat]:g})")

    def analysis(self) -> str:
        """The deal's analysis at ``analysis_ms`` a position, as ``eights analyse`` gives it; one line when it cannot."""
        asked = {"mode": EXPECTIMAX, "time_ms": self.analysis_ms}
        try:
            analysis = record_analysis(self.record(), self.searching, asked, self.searching.settings.max_request_ms)
            answer = analysis.answer([plan.run_here(self.searching) for plan in analysis.plans])
        except (ProblemError, SolverError) as error:
            return f"No analysis: {error}. eights analyse analyses the saved record."
        return f"Analysis at {self.analysis_ms / 1000:g} s a position:\n{results_text(answer)}"


def seated_bots(sitting: Sitting, field: str) -> dict[int, Any]:
    """The bot of each seat but the person's, as its spec names it; a bad spec is one line naming ``field``."""
    try:
        return {seat: sitting.game.make_bot(spec) for seat, spec in enumerate(sitting.players) if seat != sitting.seat}
    except BotSpecError as error:
        raise CommandLineError(f"{field}: {error}") from None


def play_deal(sitting: Sitting, bots: dict[int, Any], hint_ms: int, analysis_ms: int) -> None:
    """``eights play`` of one deal: play it, write its record, and at its end analyse it."""
    check_writable(sitting.path)
    table = DealAtTable(sitting, bots, service(), hint_ms, analysis_ms)
    try:
        over = table.play()
    except KeyboardInterrupt:
        over = False
    write_json(sitting.path, table.record())
    if over:
        table.ends()
    else:
        print(f"\nStopped after {len(table.steps)} steps.")
    print(f"Record saved to {sitting.path} (eights replay {sitting.path}"
          f"{'' if over else f'; eights play --resume {sitting.path} goes on'}).")

