"""sce2, Super Crazy Eights For Two, behind the one game interface: its own engine
(``eights.engine``), its notation and views, and its fast C core (``eights.solver.Solver``).

>>> from eights.games import find_game
>>> game = find_game("sce2")
>>> p = game.read_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W")
>>> [move.notation() for move in game.legal_moves(p)], game.to_act(p), game.player_names
(['play JC', 'draw'], 1, ('NS', 'EW'))
>>> game.notation(game.view_of(p, 3))
'N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0 view:W'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from eights.engine.cards import S, SEATS, card_names, parse_seat
from eights.engine.deal import deal_position
from eights.engine.display import diagram
from eights.engine.errors import EightsError, NotationError
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position, to_json
from eights.engine.perft import perft
from eights.engine.position import Position
from eights.engine.record import DealRecord
from eights.engine.rules import apply_draw, apply_move, apply_play, draw_outcomes, legal_moves, normalised
from eights.engine.scoring import Score, score
from eights.engine.view import View, parse_view
from eights.games.game import PLAY_LEVEL, Game, PlayedStep, SearchAnswer, later
from eights.games.sce2_state import position_state
from eights.solver import Solution, Solver
from eights.solver.api import JSON_DIGITS, SIDES
from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX
from eights.solver.evaluation import DEFAULT_EVALUATION
from eights.solver.utility import Utility

SCE2 = "sce2"


def without_rules_word(value: Any) -> Any:
    """A compact sce2 position without its ``rules:sce2`` word (JSON as it is).

    >>> without_rules_word("rules:sce2 N:K... E:Q... S:5... W:9... up:5H turn:S")
    'N:K... E:Q... S:5... W:9... up:5H turn:S'
    """
    if isinstance(value, str) and not value.lstrip().startswith("{"):
        return " ".join(word for word in value.split() if word != f"rules:{SCE2}")
    return value


def score_line(deal_score: Score) -> str:
    """``deal over: 0 against NS, 5 against EW, payoff to NS +5 (opponent counted W)``."""
    option = f" (opponent counted {deal_score.option})" if deal_score.option else ""
    return (f"deal over: {deal_score.against_ns} against NS, {deal_score.against_ew} against EW, "
            f"payoff to NS {deal_score.payoff_ns:+d}{option}")


class Sce2Game(Game[Position, View, Move]):
    """Super Crazy Eights For Two: two sides (NS, EW) of two hands each, a dummy and a
    concealed hand; a view is a concealed hand's (S or W)."""

    name = SCE2
    player_names = ("NS", "EW")
    deal_requires = ("number", "dealer")
    evaluation = DEFAULT_EVALUATION

    def read_position(self, value: Any) -> Position:
        """NOTATION.md's position (``parse_position``), a ``rules:sce2`` word allowed."""
        return parse_position(without_rules_word(value))

    def read_view(self, value: Any) -> View:
        """A position with ``view:S`` or ``view:W`` (``eights.engine.view.parse_view``)."""
        return parse_view(without_rules_word(value))

    def is_view(self, value: Any) -> bool:
        """A View, text with a ``view:`` word or JSON with a ``view``."""
        if isinstance(value, View):
            return True
        if isinstance(value, dict):
            return value.get("view") is not None
        return isinstance(value, str) and any(word.startswith("view:") for word in value.split())

    def notation(self, item: Position | View) -> str:
        """``compact`` of a position, a view's canonical form."""
        return item.notation() if isinstance(item, View) else compact(item)

    def to_json(self, item: Position | View) -> dict[str, Any]:
        """The JSON form (a view's hidden hand as its count)."""
        return item.to_json() if isinstance(item, View) else to_json(item)

    def diagram(self, item: Position | View) -> str:
        """The table (``eights.engine.display``), a view's hidden hand face down."""
        if isinstance(item, View):
            return diagram(item.template, hidden=item.hidden_seat)
        return diagram(item)

    def _known(self, item: Position | View) -> Position:
        """The position whose moves a view's side to act knows (its own side's)."""
        if not isinstance(item, View):
            return item
        later(f"{PLAY_LEVEL}.fair").check_view(item)
        return item.template

    def legal_moves(self, item: Position | View) -> list[Move]:
        """``eights.engine.legal_moves``; of a view, when it is the side to act's."""
        return list(legal_moves(self._known(item)))

    def read_move(self, value: Any, field: str = "move") -> Move:
        """``Move.from_json`` (a string or an object)."""
        return Move.from_json(value, field)

    def rolled_out_moves(self, position: Position, values: list[Any], field: str = "moves") -> list[Move]:
        """Each move read (``read_move``), its field ``field[i]``."""
        return [self.read_move(value, f"{field}[{index}]") for index, value in enumerate(values)]

    def deal_record(self, start: Position, events: Sequence[str], players: Sequence[str] | None = None) -> dict[str, Any]:
        """``eights.engine.record.DealRecord``: each move, a draw naming its cards (``draw 5D,2C``)."""
        moves = tuple(self.read_move(event, f"moves[{index}]") for index, event in enumerate(events))
        named = None if players is None else (players[0], players[1])
        return DealRecord(start, moves, players=named).to_json()

    def read_deal_record(self, data: Any) -> tuple[Position, list[PlayedStep[Position]], tuple[str, ...] | None]:
        """``DealRecord.from_json``, its moves played again."""
        record = DealRecord.from_json(data)
        return record.start, self.replayed(record.start, [move.notation() for move in record.moves]), record.players

    def play(self, position: Position, value: Any, rng: random.Random, field: str = "move") -> PlayedStep[Position]:
        """``eights.engine.apply_move``, the cards drawn named."""
        move = self.read_move(value, field)
        try:
            after = apply_move(position, move, rng)
        except EightsError as error:
            raise type(error)(field, error.problem) from None
        drawn = after.hands[position.turn] & ~position.hands[position.turn] if move.is_draw else 0
        played = Move.draw(drawn or None).notation() if move.is_draw else normalised(position, move).notation()
        return PlayedStep(played, tuple(card_names(drawn)), after, (played,))

    def outcomes(self, position: Position, move: Move) -> list[tuple[Fraction, Position]]:
        """A play's one position, a draw's every set of cards (``draw_outcomes``)."""
        if move.is_draw:
            return [(outcome.probability, apply_draw(position, outcome.cards)) for outcome in draw_outcomes(position)]
        return [(Fraction(1), apply_play(position, normalised(position, move)))]

    def to_act(self, item: Position | View) -> int | None:
        """The side to act, 0 (NS) or 1 (EW)."""
        position = item.template if isinstance(item, View) else item
        return None if position.is_over else position.side_to_act

    def is_over(self, item: Position | View) -> bool:
        """A hand went out or the deal ended (``Position.is_over``)."""
        return (item.template if isinstance(item, View) else item).is_over

    def exact_payoffs(self, position: Position) -> tuple[Fraction, ...]:
        """NS's payoff and EW's (``eights.engine.score``)."""
        payoff = score(position).payoff_ns
        return Fraction(payoff), Fraction(-payoff)

    def state(self, position: Position) -> dict[str, Any]:
        """``eights.games.sce2_state.position_state`` and the common fields (``common_state``)."""
        return {**position_state(position), **self.common_state(position)}

    def deal_numbered(self, seed: int, number: int | None = None, dealer: str | None = None,
                      fields: tuple[str, str] = ("--deal", "--dealer")) -> Position:
        """``deal_position``: deal ``number`` (1 to 15; the first, 8 cards a hand, by default)
        dealt by S or W (S by default; a seat it cannot read refused naming ``fields[1]``)."""
        return deal_position(1 if number is None else number, S if dealer is None else parse_seat(dealer, fields[1]),
                             seed)

    def deal_result(self, position: Position) -> tuple[dict[str, Any], str]:
        """``score``: the points against each side and NS's payoff (``score_line``)."""
        deal_score = score(position)
        return {"score": deal_score.to_json()}, score_line(deal_score)

    def perft(self, position: Position, depth: int) -> int:
        """``eights.engine.perft``."""
        return perft(position, depth)

    def deal(self, seed: int, dealer: int = S) -> Position:
        """Deal 1 of a match, ``dealer`` (S or W) dealing (``eights.engine.deal_position``)."""
        return deal_position(1, dealer, seed)

    def search(self, position: Position, depth: int | None = None, time_ms: float | None = None,
               solver: Any = None) -> SearchAnswer:
        """The native core (``eights.solver.Solver``), values for the side to act and per side."""
        solution = (solver or Solver()).solve(position, depth=depth, time_ms=time_ms)
        return SearchAnswer(None if position.is_over else solution.side,
                            tuple((value.move, value.value) for value in solution.moves),
                            (solution.value_ns, -solution.value_ns), solution.depth, solution.exact)

    def solve(self, position: Position, depth: int | None = None, time_ms: float | None = None,
              stock: str = EXPECTIMAX, evaluation: str | None = None, objective: str | None = None,
              player: int | None = None, solver: Any = None, utility: Utility | None = None) -> Solution:
        """``Solver.solve`` (``stock`` its ``mode``, ``utility`` the game around the deal:
        ``eights.play.series.play_for``); no objective or player: sce2 is two-sided."""
        for field, value in (("objective", objective), ("player", player)):
            if value is not None:
                raise SolverError(field, "sce2 is two-sided, with no objective or player to choose")
        searching = solver or Solver()
        if utility is None:  # the points: asked exactly as before
            return searching.solve(position, depth=depth, time_ms=time_ms, mode=stock, evaluation=evaluation)
        return searching.solve(position, depth=depth, time_ms=time_ms, mode=stock, evaluation=evaluation,
                               utility=utility)

    def search_values(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The side to act (0 NS, 1 EW) and both sides' values, NS's (``value_ns``) first (played
        for the game, chances of winning it: EW's is 1 minus NS's)."""
        value_ns = answer["value_ns"]
        other = round(1.0 - value_ns, JSON_DIGITS) if answer.get("play_for") == "game" else 0.0 - value_ns
        return {"to_act": SIDES.index(answer["side"]), "values": [value_ns, other]}

    def solution_from_json(self, data: dict[str, Any]) -> Solution:
        """``Solution.from_json``."""
        return Solution.from_json(data)

    def solution_words(self, solution: Solution) -> tuple[str, str, str]:
        """The side to act's values, the search's mode after its account."""
        played_for = "" if solution.play_for == "points" else f", for the {solution.play_for}"
        return "the side to act", "", f" ({solution.mode}{played_for})"

    def view_of(self, position: Position, seat: int) -> View:
        """``View.of``: ``seat`` is S (2) or W (3)."""
        return View.of(position, seat)

    def sample(self, view: View, rng: random.Random) -> Position:
        """``View.sample``."""
        return view.sample(rng)

    def hint_view(self, item: Position | View) -> View:
        """A view (``view:S`` or ``view:W``) of the side to act, the deal going on (``check_view``);
        a position with every hand is refused, naming ``view``."""
        if not isinstance(item, View):
            raise NotationError("view", "required: the concealed hand whose view it is (S or W)")
        later(f"{PLAY_LEVEL}.fair").check_view(item)
        return item

    @property
    def rollout_bot(self) -> str:
        """``eights.play.rollout.DEFAULT_BOT``."""
        return str(later(f"{PLAY_LEVEL}.rollout").DEFAULT_BOT)

    def make_bot(self, spec: str) -> Any:
        """``eights.play.bots.make_bot``."""
        return later(f"{PLAY_LEVEL}.bots").make_bot(spec)

    def heuristic_bot(self) -> Any:
        """``eights.play.bots.heuristic.HeuristicBot``."""
        return later(f"{PLAY_LEVEL}.bots.heuristic").HeuristicBot()

    def fair_ranker(self, solver: Any, objective: str | None = None) -> Any:
        """The solver itself ranks sce2's samples."""
        return solver

    def fair_answer(self, view: View, values: list[list[Any]], seed: int, asked: int, depths: tuple[int, int],
                    time_ms: float, objective: str | None = None) -> Any:
        """``eights.play.fair.fair_hint`` over the samples' values (``eights.games.sce2_fair.FairAnswer``)."""
        hint = later(f"{PLAY_LEVEL}.fair").fair_hint(view, values, seed)
        return later("eights.games.sce2_fair").FairAnswer(hint, asked, depths, time_ms)

    def seat_name(self, seat: int) -> str:
        """N, E, S or W."""
        return SEATS[seat]
