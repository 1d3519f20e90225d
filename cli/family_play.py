"""``eights play --rules P``: a person at one seat of a family game, bots at the others.

The person plays seat ``--seat`` (0 by default) of deals of the family's match (seat 0 deals
first, the deal passing to the left: ``eights.engine.family.match``), up to ``--deals`` of them
(1 by default; the match may end before). Each bot's spec comes from ``--bot`` (one for every
bot, or one per bot seat in seat order; by default the fair bot a person meets,
``eights.play.versus.DEFAULT_PERSON_BOT``: it decides from its own view and never sees the
person's hand).

At the person's turn the table is drawn as ``eights show --rules`` draws it
(``eights.engine.family.display``), every other hand face down (its count only); every
move is announced, a card the person draws named, the others' drawn cards not. At the
prompt: a move (``play 7S``, ``play 8D/S``, ``play 7S on 7C``, ``draw``, ``pass``), ``moves``,
``hint`` (fair: the person's view sampled and searched as POST /v1/fair-hint does, never
another hand), ``hint dd`` (double dummy: the solver seeing every hand), ``help``, ``quit``.

The record is written as ``eights match --records`` writes a family game's
(``eights.engine.family.record``): a deal record when one deal was asked for (the deal under
way, its ``result`` null, when the person stopped), a match record otherwise (the deals
finished).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from eights.api.errors import ProblemError
from eights.api.fair.hinting import fair_options, hint_fairly
from eights.api.service import SolveService
from eights.cli.common import CommandLineError, check_writable, write_json
from eights.cli.deal_play import bot_specs
from eights.cli.search import service, solution_text
from eights.games import find_game
from eights.engine.cards import SUITS, card_name
from eights.engine.family import FamilyMove, FamilyPosition, Ruleset
from eights.engine.family.display import family_diagram
from eights.engine.family.view import FamilyView
from eights.engine.family.match import match_so_far
from eights.engine.family.record import FamilyDealRecord, record_events
from eights.engine.errors import NotationError
from eights.engine.steps import check_seed, new_seed
from eights.play.bots.spec import BotSpecError
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED
from eights.play.compare import table
from eights.play.family import FamilyBot, make_family_bot
from eights.play.family.seats import play_match
from eights.play.versus import PERSON_NAME, StopMatch
from eights.solver.errors import SolverError
from eights.solver.family import DEFAULT_EVALUATION as FAMILY_EVALUATION
from eights.solver.family import FamilySolution
from eights.solver.modes import EXPECTIMAX

HELP = """commands:
  play 7S        play a card; an 8 names the suit it calls: play 8D/S; the layout game names
                 the pile's top card: play 7S on 7C
  draw, pass     draw from the stock (what the rules say: a card, or the pending count); pass
  moves          the legal moves
  hint           a fair hint: each move's mean payoff to you over deals sampled from what you
                 see (your hand, the upcard, the discards, the counts), never another hand
  hint dd        the double-dummy hint: the solver's values seeing every hand (the stock unknown)
  help           this list
  quit           stop (the record keeps what was played)"""


def make_bots(specs: Sequence[str]) -> list[FamilyBot]:
    """The family bots of ``specs``; a bad spec is one line naming --bot."""
    try:
        return [make_family_bot(spec) for spec in specs]
    except BotSpecError as error:
        raise CommandLineError(f"--bot: {error}") from None


def check_seat(seat: int, rules: Ruleset, flag: str = "--seat") -> int:
    """``seat`` when the game has it, else one line naming ``flag``."""
    if not 0 <= seat < rules.players:
        raise CommandLineError(f"{flag}: a seat 0 to {rules.players - 1} in {rules.name}, not {seat}")
    return seat


def describe(before: FamilyPosition, event: str, after: FamilyPosition, person: int) -> str | None:
    """An event as the person is told it (``seat 2 plays 8D, calling S``, ``you draw 7S``), or
    None for a card another seat draws (it stays hidden: the hand's count shows it)."""
    seat = before.turn
    who = "you" if seat == person else f"seat {seat}"
    if event.startswith("card "):
        return f"you draw {event.split()[1]}" if seat == person else None
    move = FamilyMove.from_notation(event)
    if move.card is None:
        verb = {"draw": "draw" if seat == person else "draws", "pass": "pass" if seat == person else "passes"}
        return f"{who} {verb[move.action]}"
    text = f"{who} {'play' if seat == person else 'plays'} {card_name(move.card)}"
    if move.pile is not None:
        text += f" on {card_name(move.pile)}"
    if move.suit is not None:
        text += f", calling {SUITS[move.suit]}"
    return text + (" and goes out" if not after.hands[seat] else "")


class TerminalSeat:
    """The person at a terminal, a ``FamilyBot`` of seat ``seat`` whose moves are typed, and the
    observer of every event of the match (``observe``). Hints search ``hint_ms`` through
    ``searching``; ``write`` is ``print`` and ``read`` is ``input``."""

    def __init__(self, seat: int, bots: dict[int, str], searching: SolveService, hint_ms: int,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.seat, self.bots, self.searching, self.hint_ms = seat, bots, searching, hint_ms
        self.read, self.write = read, write
        self.finished: list[FamilyDealRecord] = []
        self._start: FamilyPosition | None = None  # the deal under way's first position
        self._events: list[str] = []
        self._shown: FamilyPosition | None = None

    spec = PERSON_NAME
    deterministic = False

    def new_game(self, seed: int) -> None:
        """Nothing to get ready: the person brings their own."""

    @property
    def under_way(self) -> FamilyDealRecord | None:
        """The deal under way as played so far, or None between deals."""
        return None if self._start is None else record_events(self._start, self._events)

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """Show the table (unless shown already) and read commands until one is a legal move;
        StopMatch at quit or the end of input."""
        self._begin(position)
        if position != self._shown:
            self.write("\n" + family_diagram(position, hidden=[s for s in range(position.players) if s != self.seat]))
            self._shown = position
        while True:
            try:
                line = self.read(f"seat {self.seat} (you)> ")
            except EOFError:
                raise StopMatch from None
            move = self._command(line, position, moves)
            if move is not None:
                return move

    def observe(self, before: FamilyPosition, event: str, after: FamilyPosition) -> None:
        """Say what happened; at the deal's end, every hand and the payoffs."""
        self._begin(before)
        self._events.append(event)
        said = describe(before, event, after, self.seat)
        if said is not None:
            self.write(said)
        if after.is_over:
            record = record_events(self._start, self._events)  # type: ignore[arg-type]
            self.finished.append(record)
            self._start, self._events = None, []
            self._deal_ends(record)

    def _begin(self, position: FamilyPosition) -> None:
        """Announce a new deal (at its first event or the person's first turn in it)."""
        if self._start is not None:
            return
        self._start, self._events = position, []
        others = ", ".join(f"seat {seat} {spec}" for seat, spec in sorted(self.bots.items()))
        upcard = "" if position.upcard is None else f" The upcard is {card_name(position.upcard)}."
        self.write(f"\nDeal {len(self.finished) + 1}, {position.rules.name}, {len(position.hands[self.seat])} cards "
                   f"a hand; seat {position.dealer} deals. You are seat {self.seat}; {others}.{upcard}")

    def _deal_ends(self, record: FamilyDealRecord) -> None:
        """Every hand, each seat's payoff, and the totals so far."""
        payoffs = record.payoffs()
        totals = [sum((deal.payoffs()[seat] for deal in self.finished), Fraction(0)) for seat in range(len(payoffs))]
        self.write("\n" + family_diagram(record.end))
        self.write("deal over: payoffs " + ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(payoffs))
                   + f" (you {payoffs[self.seat]}); totals " + ", ".join(str(total) for total in totals))

    def _command(self, line: str, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove | None:
        """The move ``line`` makes, or None after answering a command or bad input in one line."""
        words = line.lower().split()
        command = words[0] if words else ""
        if command in ("play", "draw", "pass"):
            return self._move(line, moves)
        if words == ["moves"]:
            self.write(", ".join(move.notation() for move in moves))
        elif words in (["hint"], ["hint", "dd"]):
            self.write(self._hint(position, double_dummy=len(words) == 2))
        elif command == "help":
            self.write(HELP)
        elif command == "quit":
            raise StopMatch
        elif command:
            self.write(f"unknown command {line.split()[0]!r}: type a move (play 7S, play 8D/S, draw, pass), "
                       "moves, hint, hint dd, help or quit")
        return None

    def _move(self, line: str, moves: Sequence[FamilyMove]) -> FamilyMove | None:
        """The legal move ``line`` names, or None after saying why it is not one."""
        try:
            move = FamilyMove.from_notation(line)
        except NotationError as error:
            self.write(str(error))
            return None
        if move not in moves:
            self.write(f"{move.notation()} is not legal here (legal: {', '.join(m.notation() for m in moves)})")
            return None
        return move

    def _hint(self, position: FamilyPosition, double_dummy: bool) -> str:
        """The fair hint from the person's view, or the double-dummy one; a search that fails is one line."""
        try:
            if double_dummy:
                options = self.searching.options({"mode": EXPECTIMAX, "time_ms": self.hint_ms}, self.hint_ms, True)
                solution = self.searching.solve(position, options).solution
                assert isinstance(solution, FamilySolution)
                return ("double-dummy hint (it sees every hand; the stock's order stays unknown), your values first:\n"
                        + solution_text(solution, find_game(position.rules.name)))
            search = fair_options(self.searching, {"samples": DEFAULT_SAMPLES, "time_ms": self.hint_ms},
                                  evaluation=FAMILY_EVALUATION)
            answer = hint_fairly(self.searching, FamilyView.of(position), DEFAULT_SAMPLES, search, DEFAULT_SEED)
        except (ProblemError, SolverError) as error:
            return f"no hint: {error}"
        low, high = answer.depths
        return "\n".join([f"fair hint from your view (seat {self.seat}), as POST /v1/fair-hint: your payoff over "
                          f"{answer.best.samples} of {answer.asked} deals sampled from what you see, searched "
                          f"{low}..{high} deep, {answer.time_ms:.0f} ms (hint dd for double dummy)",
                          *table(answer.moves)])


def play_family(args: argparse.Namespace, rules: Ruleset, hint_ms: int) -> None:
    """``eights play --rules``: check the options, play, write the record."""
    if args.resume is not None:
        raise CommandLineError("--resume: goes on with sce2's matches only, for now")
    if args.deals is not None and args.deals < 1:
        raise CommandLineError(f"--deals: at least 1, not {args.deals}")
    seat = check_seat(args.seat or 0, rules)
    specs = bot_specs(args.bot, rules.players)
    bots = make_bots(specs)
    seed = new_seed() if args.seed is None else check_seed(args.seed, "--seed")
    deals = args.deals or 1
    path: Path = args.record or Path(f"eights-play-{seed}.json")
    check_writable(path)
    others = [seat_ for seat_ in range(rules.players) if seat_ != seat]
    person = TerminalSeat(seat, {other: bot.spec for other, bot in zip(others, bots)}, service(), hint_ms)
    seated: list[FamilyBot] = [*bots]
    seated.insert(seat, person)
    print(f"You at seat {seat} of {rules.name}, seed {seed}, up to {deals} deal{'s' * (deals != 1)}. "
          "Type help for the commands.")
    record: dict[str, Any] | None
    try:
        result = play_match(rules, seated, seed, deals, person.observe)
        record = result.records[0].to_json() if deals == 1 else result.to_json()
        ending = f"\nMatch over after {len(result.records)} deal{'s' * (len(result.records) != 1)}: points " + \
                 ", ".join(str(point) for point in result.points) + f"; seat {result.winner} best."
    except (StopMatch, KeyboardInterrupt):
        under_way = person.under_way
        if deals == 1 or not person.finished:
            record = under_way.to_json() if under_way is not None else None
        else:
            record = match_so_far(rules, person.finished).to_json()
        ending = f"\nStopped after {len(person.finished)} finished deal{'s' * (len(person.finished) != 1)}."
    print(ending)
    if record is None:
        print("Nothing was played: no record written.")
        return
    write_json(path, record)
    print(f"Record saved to {path} (eights replay {path}).")
