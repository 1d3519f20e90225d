"""``eights play`` at a terminal, for every game (#38): the person's side of
``eights.play.versus`` (``TerminalTable``, a ``Table``) and the sitting it plays, written once
over the game interface (``eights.games``), never asking which game it holds.

The person plays one match player (``--seat``, 0 by default: sce2's player 0, both hands of a
side; the family's seat), a bot each other one: ``--bot`` once for every bot, or once a bot in
player order; by default the fair bot a person meets, ``eights.play.versus.DEFAULT_PERSON_BOT``
(it decides from its own view and never sees the person's hand). ``--deals`` deals of the
game's match are played (the game's default: sce2's 15; the family's one deal alone, whose
record is a deal record). At the person's turn the table is drawn from the person's own view
(``Game.person_view``: every hand the person does not see face down); every move is said
(``Game.told``), a card the person draws named. At the prompt: a move, ``moves``, ``undo``
(back to the person's previous turn: the cards a draw brings are seeded by its step, so a draw
made again brings the same cards), ``hint`` (fair: deals sampled from the person's view and
searched, as POST /v1/fair-hint answers, never another hand), ``hint dd`` (double dummy: the
solver seeing every hand), ``help``, ``quit``.

The record (``Game.match_record``, or ``Game.deal_record`` of a deal alone, naming who played,
the seed and the deal under way) is written after every step, so that a terminal closed or a
process killed loses nothing, and at the end or at quit; ``eights play --resume RECORD`` goes on
from where it stood, the person and the bots seated as it names them (a record stopping while a
draw is under way, which this never writes, is refused: it goes on from a hand's turn). At a
deal's end: every hand, the deal's analysis at ``--analysis-ms`` a position (``eights
analyse``'s), one line of its result, and in a match the points and totals.

From another module: ``play_at_terminal(sitting, hint_ms, analysis_ms)`` plays a ``Sitting``;
``eights.play.versus.DealPlay`` plays one deal at any ``Table``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eights.answers.analyse.analysis import deal_plan, searches_of, sharing
from eights.answers.errors import ProblemError
from eights.answers.fair.hinting import fair_options, hint_from_view
from eights.answers.service import SolveService
from eights.cli.common import CommandLineError, check_writable, write_json
from eights.cli.review import results_text
from eights.cli.search import fair_text, service, solution_text
from eights.engine.errors import EightsError
from eights.engine.record import DEAL, MATCH, record_kind
from eights.engine.steps import check_seed, new_seed
from eights.games import Game, MatchDeal, PlayedStep, SavedMatch, Standing, game_for, game_of
from eights.play.bots.spec import BotSpecError
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED
from eights.play.versus import DEFAULT_PERSON_BOT, PERSON_NAME, PersonMatch, StopMatch, Undo, deal_record
from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX

HELP = """commands:
  play 7S        play a card (an 8 names the suit it calls: play 8D/S; the layout game names
                 the pile's top card: play 7S on 7C)
  draw, pass     draw from the stock (what the rules say), or pass
  moves          the legal moves
  undo           take back your last move and the bots' after it; again for the one before,
                 back to the deal's start (a draw made again brings the same cards)
  hint           a fair hint: each move's value to you over deals sampled from what you see,
                 never another hand
  hint dd        the double-dummy hint: the solver's values seeing every hand
  help           this list
  quit           stop (the record keeps what was played; eights play --resume goes on)"""


@dataclass(frozen=True)
class Sitting:
    """What ``eights play`` plays: the game, the person's match player, who plays each match
    player (the bots' specs, the person's ``PERSON_NAME``), the seed, the deals planned, the
    record's file, whether the record is a deal's alone, the match so far (None: new), and the
    winnings that end it (``target``: classic/2's game to 100, whose deals are not counted out)."""

    game: Game[Any, Any, Any]
    person: int
    players: tuple[str, ...]
    seed: int
    planned: int
    path: Path
    alone: bool
    saved: SavedMatch[Any] | None = None
    target: int | None = None


def bot_specs(given: Sequence[str] | None, players: int) -> list[str]:
    """The specs of the ``players - 1`` bots: one --bot for all, one per bot, or the default."""
    specs = list(given or [DEFAULT_PERSON_BOT])
    if len(specs) == 1:
        return specs * (players - 1)
    if len(specs) != players - 1:
        raise CommandLineError(f"--bot: one spec for every bot, or one per bot seat ({players - 1}), "
                               f"not {len(specs)}")
    return specs


def new_sitting(args: argparse.Namespace) -> Sitting:
    """A new match (or deal) of --rules' game (sce2 without) with the seat, bots, seed, deals and record asked for."""
    game = game_of(None, args.rules, "--rules")
    seat = args.seat or 0
    if not 0 <= seat < game.players:
        raise CommandLineError(f"--seat: a seat 0 to {game.players - 1} in {game.name}, not {seat}")
    deals = game.default_deals if args.deals is None else args.deals
    if game.max_deals is not None and not 1 <= deals <= game.max_deals:
        raise CommandLineError(f"--deals: from 1 to {game.max_deals} in {game.name}, not {deals}")
    if deals < 1:
        raise CommandLineError(f"--deals: at least 1, not {deals}")
    try:
        specs = [game.make_bot(spec).spec for spec in bot_specs(args.bot, game.players)]
    except BotSpecError as error:
        raise CommandLineError(f"--bot: {error}") from None
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    players = (*specs[:seat], PERSON_NAME, *specs[seat:])
    return Sitting(game, seat, players, seed, deals, args.record or Path(f"eights-play-{seed}.json"),
                   alone=deals == 1 and game.default_deals == 1)


def resumed(args: argparse.Namespace, data: Any) -> Sitting:
    """The match or deal ``eights play`` saved in --resume's file (``data``), to go on from where it
    stood with its own seats: CommandLineError naming the file and why when it cannot (not a
    record eights play saved, over, stopping in a draw under way), or when --bot, --seat or
    --record are given too, or --rules or --deals other than the record's. A deal's --seed
    seeds the draws from here on (default: a new one); a match keeps its own."""
    path: Path = args.resume
    try:
        kind = record_kind(data)
    except EightsError as error:
        raise CommandLineError(f"{path}: {error}") from None
    given = [flag for flag, value in (("--bot", args.bot), ("--seat", args.seat), ("--record", args.record),
                                      ("--seed", args.seed if kind == MATCH else None)) if value is not None]
    if given:
        raise CommandLineError(f"{given[0]}: --resume goes on with the record's own seats, and saves to it")
    try:
        game = game_of(data, args.rules, "--rules")
        if kind == DEAL:
            start, steps, players = game.read_deal_record(data)
            deal = MatchDeal(1, start, tuple(range(game.players)), tuple(steps))
            over = game.is_over(deal.end)
            saved = SavedMatch(players, None, 1, (deal,) if over else (), None if over else deal)
        else:
            saved = game.read_saved_match(data)
    except EightsError as error:
        raise CommandLineError(f"{path}: {error}") from None
    players = saved.players
    if players is None or players.count(PERSON_NAME) != 1 or (kind == MATCH and saved.seed is None):
        raise CommandLineError(f"{path}: not a {kind} eights play saved (its players name no one seat "
                               f"{PERSON_NAME!r}): it cannot go on")
    if args.deals is not None and args.deals != saved.planned:
        raise CommandLineError(f"--deals: {path} plans {saved.planned} deal{'s' * (saved.planned != 1)}, not "
                               f"{args.deals}: --resume goes on with the record's")
    if game.match_standing(saved.deals, saved.planned).over:
        raise CommandLineError(f"{path}: the {kind} is over: nothing to go on with")
    under_way = saved.under_way
    if under_way is not None and not game.is_over(under_way.end) and game.to_act(under_way.end) is None:
        raise CommandLineError(f"{path}: {'moves' if kind == DEAL else 'unfinished.moves'}: the deal stops while a "
                               "draw is under way, its cards not all recorded: eights play goes on from a hand's turn")
    seed = saved.seed if saved.seed is not None else new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    return Sitting(game, players.index(PERSON_NAME), players, seed, saved.planned, path, kind == DEAL, saved)


class TerminalTable:
    """The person at a terminal: ``read`` is ``input``, ``write`` is ``print``. Hints search
    ``hint_ms`` and each finished deal is analysed at ``analysis_ms`` a position (0: not),
    both through ``searching``; ``names``: each match player as the person is told of them."""

    def __init__(self, sitting: Sitting, searching: SolveService, hint_ms: int, analysis_ms: int,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.sitting, self.searching, self.hint_ms, self.analysis_ms = sitting, searching, hint_ms, analysis_ms
        self.read, self.write = read, write
        bots = len(sitting.players) - 1
        self.names = tuple("you" if player == sitting.person else "the bot" if bots == 1 else f"seat {player}"
                           for player in range(len(sitting.players)))
        self.game, self.player, self._shown = sitting.game, sitting.person, None

    def greet(self) -> None:
        """Who plays whom, the seed and the deals."""
        sitting = self.sitting
        bots = [spec if len(self.names) == 2 else f"seat {player} {spec}"
                for player, spec in enumerate(sitting.players) if player != sitting.person]
        deals = f"{sitting.planned} deal{'s' * (sitting.planned != 1)}"
        self.write(f"{sitting.game.name}. You against {', '.join(bots)}, seed {sitting.seed}, {deals}. "
                   "Type help for the commands.")
        if sitting.saved is not None and not sitting.alone:  # a deal alone says how far it is as it starts
            done, totals = len(sitting.saved.deals), self._totals(sitting.game.match_standing(sitting.saved.deals,
                                                                                              sitting.planned))
            self.write(f"Going on from {sitting.path}: {done} deal{'s' * (done != 1)} played, totals {totals}.")

    def _totals(self, standing: Standing) -> str:
        """``you 33, the bot 0``."""
        return ", ".join(f"{name} {points}" for name, points in zip(self.names, standing.points))

    def deal_starts(self, game: Game[Any, Any, Any], deal: MatchDeal[Any], player: int) -> None:
        """Who deals and where the person sits; a deal going on says how far it is."""
        self.game, self.player = game_for(deal.start), deal.sides[player]
        of = f" of {self.sitting.planned}" if self.sitting.target is None else ""
        self.write(f"\nDeal {deal.number}{of}, {game.deal_intro(deal, player)}"
                   + (f" Going on after {len(deal.steps)} steps." if deal.steps else ""))

    def choose(self, position: Any, moves: Sequence[Any]) -> str:
        """Show the table (unless shown already) and read commands until one is a legal move."""
        if position is not self._shown:
            self.write("\n" + self.game.diagram(self.game.person_view(position, self.player)))
            self._shown = position
        while True:
            try:
                line = self.read(self.game.prompt(position, self.player))
            except EOFError:
                raise StopMatch from None
            move = self._command(line, position, moves)
            if move is not None:
                return move

    def played(self, before: Any, step: PlayedStep[Any]) -> None:
        """Say what was played."""
        self.write(self.game.told(before, step, self.player))

    def taken_back(self, steps: Sequence[tuple[Any, PlayedStep[Any]]]) -> None:
        """Say which moves were taken back, or that there was none of the person's to take back."""
        if not steps:
            self.write("nothing to take back: you have made no move in this deal")
            return
        said = "; ".join(self.game.told(before, step, self.player).replace("\n", ", ") for before, step in steps)
        drawn = " (a draw made again brings the same cards)" if any(step.drawn for _, step in steps) else ""
        self.write(f"taken back: {said}{drawn}")

    def deal_ends(self, deal: MatchDeal[Any], before: Standing, after: Standing) -> None:
        """Every hand, the deal's analysis, its result; in a match, the points and the totals."""
        end = deal.end
        self.write("\n" + self.game.diagram(end))
        if self.analysis_ms:
            self.write("\n" + self.analysis(deal))
        self.write(f"\n{self.game.deal_result(end)[1]} (you {self.game.payoffs(end)[self.player]:g})")
        if not self.sitting.alone:
            points = ", ".join(f"{name} {now - then}" for name, then, now in zip(self.names, before.points, after.points))
            self.write(f"Deal {deal.number}: {points}. Totals: {self._totals(after)}.")

    def match_ends(self, match: PersonMatch, over: bool) -> None:
        """The totals and who won, or where the match stopped."""
        if self.sitting.alone:
            if not over:
                self.write(f"\nStopped after {len(match.under_way.steps) if match.under_way else 0} steps.")
            return
        standing, played = match.standing, len(match.deals)
        if not over:
            self.write(f"\nMatch stopped in deal {played + 1}. Totals after {played} deal{'s' * (played != 1)}: "
                       f"{self._totals(standing)}.")
            return
        leader = standing.leader
        verdict = "a tie" if leader is None else "you win" if leader == self.sitting.person else \
            f"{self.names[leader]} wins"
        self.write(f"\nMatch over after {played} deal{'s' * (played != 1)}: {self._totals(standing)}: {verdict}.")

    def _command(self, line: str, position: Any, moves: Sequence[Any]) -> str | None:
        """The move ``line`` makes (its notation), or None after answering a command or bad input in one line."""
        words = line.lower().split()
        command = words[0] if words else ""
        if command in ("play", "draw", "pass"):
            return self._move(position, line, words, moves)
        if words == ["moves"]:
            self.write(", ".join(move.notation() for move in moves))
        elif words == ["undo"]:
            raise Undo
        elif words in (["hint"], ["hint", "dd"]):
            self.write(self._hint(position, double_dummy=len(words) == 2))
        elif command == "help":
            self.write(HELP)
        elif command == "quit":
            raise StopMatch
        elif command in ("undo", "hint"):
            self.write(f"{line.strip()!r}: type undo, hint or hint dd")
        elif command:
            self.write(f"unknown command {line.split()[0]!r}: type a move (play 7S, play 8D/S, draw, pass), "
                       "moves, undo, hint, hint dd, help or quit")
        return None

    def _move(self, position: Any, line: str, words: list[str], moves: Sequence[Any]) -> str | None:
        """The legal move ``line`` names (its notation), or None after saying why it is not one."""
        if words[0] == "draw" and len(words) > 1:
            self.write("a draw takes its cards from the stock: type draw")
            return None
        try:
            move = self.game.typed_move(position, line)
        except EightsError as error:
            self.write(str(error))
            return None
        if move not in moves:
            self.write(f"{move.notation()} is not legal here (legal: {', '.join(m.notation() for m in moves)})")
            return None
        return str(move.notation())

    def _hint(self, position: Any, double_dummy: bool) -> str:
        """The fair hint from the person's view, or the double-dummy one; a search that fails is one line."""
        try:
            if double_dummy:
                options = self.searching.hint_options({"mode": EXPECTIMAX, "time_ms": self.hint_ms})
                solution = self.searching.solve(position, options).solution
                return ("double-dummy hint (it sees every hand; the stock's order stays unknown):\n"
                        + solution_text(solution, self.game))
            search = fair_options(self.searching, {"samples": DEFAULT_SAMPLES, "time_ms": self.hint_ms})
            view = self.game.hint_view(self.game.person_view(position, self.player))
            answer = hint_from_view(self.searching, self.game, view, DEFAULT_SAMPLES, search, DEFAULT_SEED)
        except (ProblemError, SolverError) as error:
            return f"no hint: {error}"
        return "fair hint from your view, never another hand (hint dd for double dummy):\n" + fair_text(answer)

    def analysis(self, deal: MatchDeal[Any]) -> str:
        """The deal's analysis at ``analysis_ms`` a position (less when a long deal's positions
        share the request budget, EIGHTS_MAX_REQUEST_MS, as POST /v1/analyse shares it), as
        ``eights analyse`` gives it; one line when it cannot."""
        record = deal_record(deal, self.sitting.players)
        try:
            asked = self.searching.options({"mode": EXPECTIMAX, "time_ms": self.analysis_ms}, self.analysis_ms)
            options = sharing(searches_of(record), asked, self.searching.settings.max_request_ms)
            answer = deal_plan(self.game, record, options, None).run_here(self.searching)
        except (ProblemError, SolverError) as error:
            return f"No analysis: {error}. eights analyse analyses the saved record."
        return f"The deal's analysis ({len(deal.steps)} steps), as eights analyse gives it:\n{results_text(answer)}"


def seated_bots(sitting: Sitting, field: str) -> dict[int, Any]:
    """The bot of each match player but the person's, as its spec names it; a bad spec is one line naming ``field``."""
    try:
        return {player: sitting.game.make_bot(spec) for player, spec in enumerate(sitting.players)
                if player != sitting.person}
    except BotSpecError as error:
        raise CommandLineError(f"{field}: {error}") from None


def play_at_terminal(sitting: Sitting, bots: dict[int, Any], hint_ms: int, analysis_ms: int) -> None:
    """``eights play``: play the sitting at the terminal, its record written after every step
    (so that a terminal closed or a process killed loses nothing) and at the end; say where."""
    check_writable(sitting.path)
    table = TerminalTable(sitting, service(), hint_ms, analysis_ms)
    table.greet()
    match = PersonMatch(sitting.game, table, bots, sitting.person, sitting.seed, sitting.planned, sitting.saved,
                        lambda changed: save_record(sitting, changed))
    try:
        over = match.play()
    except KeyboardInterrupt:  # Ctrl-C between the person's turns (the deal's own steps stop it too)
        over = False
    save_record(sitting, match)
    table.match_ends(match, over)
    print(f"Record saved to {sitting.path} (eights replay {sitting.path}"
          f"{'' if over else f'; eights play --resume {sitting.path} goes on'}).")


def save_record(sitting: Sitting, match: PersonMatch) -> None:
    """Write the sitting's record as the match stands (a deal alone: the deal's record; else the
    match's), whole or not at all: written beside the file, then put in its place."""
    if sitting.alone:
        deal = match.deals[0] if match.deals else match.under_way
        assert deal is not None  # the deal was dealt
        record = deal_record(deal, sitting.players)
    else:
        record = match.record(sitting.players)
    partial = sitting.path.with_name(sitting.path.name + ".partial")
    write_json(partial, record)
    try:
        os.replace(partial, sitting.path)
    except OSError as error:
        raise CommandLineError(f"{sitting.path}: cannot write: {error}") from None
