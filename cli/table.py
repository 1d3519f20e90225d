"""The person's side of ``eights play`` at a terminal (a ``eights.play.versus.Table``): the table as
``eights show`` draws it with the bot's concealed hand face down, the commands typed at
the prompt, what the bot played, and the points and the analysis after each deal.

Commands (``help`` lists them): a move as NOTATION.md writes it (``play 9H``, ``play 8D/S``,
``draw``), ``moves``, ``undo``, ``hint`` (fair: from what the person sees, through the service's
fair hint, ``eights.answers.fair.hinting``), ``hint dd`` (double dummy: the bot's hand seen too),
``help`` and ``quit``. Bad input gets one line and a new prompt; the end of the input is
``quit`` (and Ctrl-C stops the match too: ``eights.play.versus``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from eights.answers.errors import ProblemError
from eights.answers.fair.hinting import fair_options, hint_fairly
from eights.answers.service import SolveService
from eights.games.sce2 import score_line
from eights.cli.review import deal_review
from eights.cli.search import fair_text, solution_text
from eights.games import find_game
from eights.games.sce2 import SCE2
from eights.engine.cards import CONCEALED, SEATS, SUITS, card_name, card_names, count
from eights.engine.deal import hand_size
from eights.engine.display import diagram
from eights.engine.errors import NotationError
from eights.engine.match import DealResult, MatchResult, dealer_seat
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import normalised
from eights.engine.steps import Step
from eights.engine.view import View
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED, check_view
from eights.play.versus import PERSON, StopMatch, Undo, person_side
from eights.solver.evaluation import DEFAULT_EVALUATION
from eights.solver.modes import EXPECTIMAX

HELP = """commands:
  play 9H    play a card; an 8 names the suit it calls: play 8D/S
  draw       draw from the stock (one card, or the count of the pending 2s)
  moves      the legal moves
  undo       take back your last move and the bot's moves after it; again for the one
             before, back to the deal's start. The stock keeps its order: the cards of a
             draw taken back go back on top, so the same draw brings them again (taking
             back deals no new luck). A move taken back is not in the record.
  hint       a fair hint: each move's value over deals sampled from what you see (your
             hands, both dummies, the upcard, the discards), never the bot's hand
  hint dd    the double-dummy hint: the solver's values seeing every hand (the stock unknown)
  help       this list
  quit       stop the match (the record keeps what was played; eights play --resume goes on)"""


def hand_label(seat: int, mine: bool) -> str:
    """``S (your hand)``, ``E (the bot's dummy)``."""
    owner = "your" if mine else "the bot's"
    return f"{SEATS[seat]} ({owner} {'hand' if seat in CONCEALED else 'dummy'})"


def describe(step: Step, mine: bool) -> str:
    """A move as the person sees it (``W (the bot's hand) plays 9H``): the cards the bot's
    concealed hand draws stay hidden, those of the dummies and the person's hand are named."""
    seat, move = step.before.turn, step.move
    who = hand_label(seat, mine)
    if not move.is_draw:
        assert move.card is not None
        called = f", calling {SUITS[move.suit]}" if move.suit is not None else ""
        out = " and goes out" if not step.after.hands[seat] else ""
        return f"{who} plays {card_name(move.card)}{called}{out}"
    if not move.cards:
        return f"{who} passes (nothing to draw)"
    if seat in CONCEALED and not mine:
        return f"{who} draws {count(move.cards)} card{'s' if count(move.cards) > 1 else ''}"
    return f"{who} draws {','.join(card_names(move.cards))}"


class TerminalTable:
    """The person at a terminal: ``read`` is ``input``, ``write`` is ``print``. Hints search
    ``hint_ms`` and each finished deal is analysed at ``analysis_ms`` a position (0: not),
    both through ``searching``."""

    def __init__(self, searching: SolveService, hint_ms: int, deals: int, analysis_ms: int = 0,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.searching, self.hint_ms, self.deals, self.analysis_ms = searching, hint_ms, deals, analysis_ms
        self.read, self.write = read, write
        self.side = 0
        self._shown: Position | None = None  # the position last drawn: a prompt again at it draws no new table

    def deal_starts(self, number: int, start: Position, side: int) -> None:
        """Who deals and where everyone sits."""
        self.side = side
        dealer = "You deal" if dealer_seat(number) == CONCEALED[side] else "The bot deals"
        seats = ("South: your hand S and your dummy N; the bot sits West (W and E)" if side == 0
                 else "West: your hand W and your dummy E; the bot sits South (S and N)")
        self.write(f"\nDeal {number} of {self.deals}, {hand_size(number)} cards a hand. "
                   f"{dealer} from {SEATS[dealer_seat(number)]}. You sit {seats}. "
                   f"The upcard is {card_name(start.upcard)}.")

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """Show the table (unless it is shown already) and read commands until one is a legal move
        (or undo, or quit)."""
        if position != self._shown:
            self.write("\n" + diagram(position, hidden=CONCEALED[1 - self.side]))
            self._shown = position
        prompt = f"{hand_label(position.turn, True)}> "
        while True:
            move = self._command(self._line(prompt), position, moves)
            if move is not None:
                return move

    def action(self, step: Step, mine: bool) -> None:
        """Say what was played (the person's own moves too, for the cards drawn)."""
        self.write(describe(step, mine))

    def taken_back(self, steps: Sequence[Step]) -> None:
        """Say which moves were taken back, or that there was none of the person's to take back."""
        if not steps:
            self.write("nothing to take back: you have made no move in this deal")
            return
        drawn = " (the cards drawn are back on top of the stock)" if any(step.move.is_draw for step in steps) else ""
        self.write("taken back: " + "; ".join(describe(step, step.before.side_to_act == self.side) for step in steps)
                   + drawn)

    def deal_ends(self, deal: DealResult) -> None:
        """Every hand, the score, the points and totals of the two players, and the deal's analysis."""
        final = deal.record.positions()[-1]
        you, bot = deal.player_points[PERSON], deal.player_points[1 - PERSON]
        total_you, total_bot = deal.running_totals[PERSON], deal.running_totals[1 - PERSON]
        self.write(f"\n{diagram(final)}\n{score_line(deal.score)}\n"
                   f"Deal {deal.number}: you {you}, the bot {bot}. Totals: you {total_you}, the bot {total_bot}.")
        if self.analysis_ms:
            self.write(f"Analysing the deal's {len(deal.record.moves)} moves ...")
            self.write(deal_review(self.searching, deal.record, person_side(deal.number), self.analysis_ms))

    def match_ends(self, match: MatchResult) -> None:
        """The totals and who won (the lower total), or where the match stopped."""
        you, bot = match.totals[PERSON], match.totals[1 - PERSON]
        played = len(match.deals)
        if match.unfinished is not None:
            self.write(f"\nMatch stopped in deal {played + 1}. Totals after {played} deal{'s' * (played != 1)}: "
                       f"you {you}, the bot {bot}.")
            return
        verdict = "you win" if you < bot else "the bot wins" if bot < you else "a tie"
        self.write(f"\nMatch over after {played} deal{'s' * (played != 1)}: you {you}, the bot {bot}: {verdict}.")

    def _line(self, prompt: str) -> str:
        """A line typed at the prompt; the end of input stops the match."""
        try:
            return self.read(prompt)
        except EOFError:
            raise StopMatch from None

    def _command(self, line: str, position: Position, moves: Sequence[Move]) -> Move | None:
        """The move ``line`` makes, or None after answering a command or bad input in one line."""
        words = line.lower().split()
        command = words[0] if words else ""
        if command in ("play", "draw"):
            return self._move(line, position, moves)
        if command == "moves":
            self.write(", ".join(move.notation() for move in moves))
        elif words == ["undo"]:
            raise Undo
        elif words == ["hint"] or words == ["hint", "dd"]:
            self.write(self._hint(position, double_dummy=len(words) == 2))
        elif command == "help":
            self.write(HELP)
        elif command == "quit":
            raise StopMatch
        elif command in ("undo", "hint"):
            self.write(f"{line.strip()!r}: type undo, hint or hint dd")
        elif command:
            self.write(f"unknown command {line.split()[0]!r}: type a move (play 9H, play 8D/S, draw), "
                       "moves, undo, hint, hint dd, help or quit")
        return None

    def _hint(self, position: Position, double_dummy: bool) -> str:
        """The fair hint from the person's view, or the double-dummy one; a search the service
        refuses is one line."""
        try:
            return self._double_dummy_hint(position) if double_dummy else self._fair_hint(position)
        except ProblemError as error:
            return f"no hint: {error}"

    def _fair_hint(self, position: Position) -> str:
        """Each move compared over deals sampled from the person's view (``eights hint`` on a view,
        /v1/fair-hint): their concealed hand, both dummies, the upcard and the discard pile."""
        view = View.of(position, CONCEALED[self.side])
        check_view(view)
        options = fair_options(self.searching, {"samples": DEFAULT_SAMPLES, "evaluation": DEFAULT_EVALUATION,
                                                "time_ms": self.hint_ms})
        answer = hint_fairly(self.searching, view, DEFAULT_SAMPLES, options, DEFAULT_SEED)
        return "fair hint, from what you see (the bot's hand never; hint dd for double dummy):\n" + fair_text(answer)

    def _double_dummy_hint(self, position: Position) -> str:
        """Each move's value seeing every hand (``eights hint``, /v1/hint); the stock's order stays unknown."""
        options = self.searching.options({"mode": EXPECTIMAX, "evaluation": DEFAULT_EVALUATION,
                                          "time_ms": self.hint_ms}, self.hint_ms)
        return ("double-dummy hint (it sees the bot's hand too; the stock's order stays unknown), values to your "
                "side:\n" + solution_text(self.searching.solve(position, options).solution, find_game(SCE2)))

    def _move(self, line: str, position: Position, moves: Sequence[Move]) -> Move | None:
        """The legal move ``line`` names, or None after saying why it is not one."""
        try:
            move = Move.from_notation(line)
        except NotationError as error:
            self.write(str(error))
            return None
        if move.is_draw and move.cards is not None:
            self.write("a draw takes its cards from the stock: type draw")
            return None
        move = normalised(position, move)
        if move not in moves:
            self.write(f"{move.notation()} is not legal here (legal: {', '.join(m.notation() for m in moves)})")
            return None
        return move
