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
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from eights.engine.cards import CONCEALED, S, SEATS, W, card_names, count, parse_seat
from eights.engine.deal import DEALS, deal_position
from eights.engine.display import diagram
from eights.engine.effects import effects
from eights.engine.errors import EightsError, NotationError
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position, to_json
from eights.engine.perft import perft
from eights.engine.position import Position
from eights.engine.match import MatchRecord, dealer_seat, south_player
from eights.engine.record import MATCH, DealRecord, record_kind
from eights.engine.rules import apply_draw, apply_move, apply_play, draw_outcomes, legal_moves, normalised
from eights.engine.scoring import Score, score
from eights.engine.view import View, parse_view
from eights.games import sce2_match
from eights.games.game import (PLAY_LEVEL, Game, JudgedMove, MatchDeal, MatchDeals, PlayedStep, SavedMatch,
                               SearchAnswer, Standing, WholeGameFormat, later)
from eights.games.sce2_state import position_state
from eights.solver import MAX_DEPTH, Solution, Solver, reference
from eights.solver.api import JSON_DIGITS, SIDES, rounded
from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX, searched_position
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.utility import Utility

SCE2 = "sce2"
# A rollout's bot unless one is named: depth 3 is as fast as depth 2 (its deals are shorter) and
# stronger, a third of depth 4's time; its 4 MB table empties at every game in a tenth of the 64 MB
# default's time (eights.bench.rollout: 1,000 games of each move of an 8-card deal well within a
# minute on one core).
ROLLOUT_BOT = "solver:depth=3,tt=4"


def without_rules_word(value: Any) -> Any:
    """A compact sce2 position without its ``rules:sce2`` word (JSON as it is).

    >>> without_rules_word("rules:sce2 N:K... E:Q... S:5... W:9... up:5H turn:S")
    'N:K... E:Q... S:5... W:9... up:5H turn:S'
    """
    if isinstance(value, str) and not value.lstrip().startswith("{"):
        return " ".join(word for word in value.split() if word != f"rules:{SCE2}")
    return value


def other_side_value(value: float, play_for: str) -> float:
    """The other side's value of a deal one side's is ``value`` (6 decimals, no -0.0): played for
    the game, its chance of winning it (1 minus the side's); else the side's negated (the points,
    a series's equity: zero-sum).

    >>> other_side_value(12.5, "points"), other_side_value(0.0, "points"), other_side_value(0.25, "game")
    (-12.5, 0.0, 0.75)
    """
    return round(1.0 - value, JSON_DIGITS) if play_for == "game" else 0.0 - value


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
    player_word = "side"
    deal_requires = ("number", "dealer")
    evaluation = DEFAULT_EVALUATION
    evaluations = tuple(EVALUATIONS)
    two_sided = True

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

    def replay(self, data: Any) -> tuple[dict[str, Any], str]:
        """A match record's deals with their points and totals, or a deal record's every position
        and the score it reaches (``MatchRecord``, ``DealRecord``, each replayed and checked)."""
        if record_kind(data) == MATCH:
            read = MatchRecord.from_json(data)
            match = read.result
            seed = "" if read.seed is None else f", seed {read.seed}"
            lines = [f"{read.players[0]} (player 0) against {read.players[1]} (player 1), "
                     f"{len(match.deals)} of {read.planned} deals finished{seed}"]
            lines += [f"deal {deal.number:>2} ({count(deal.record.start.hands[0])} cards, dealer {SEATS[deal.dealer]}): "
                      f"points {deal.player_points[0]:>3} {deal.player_points[1]:>3}, "
                      f"totals {deal.running_totals[0]:>4} {deal.running_totals[1]:>4}" for deal in match.deals]
            lines.append(f"totals {match.totals[0]} {match.totals[1]}")
            if match.unfinished is not None:
                lines.append(f"stopped in deal {len(match.deals) + 1} after {len(match.unfinished.moves)} moves")
            return read.to_json(), "\n".join(lines)
        record = DealRecord.from_json(data)
        positions = record.positions()
        lines = [compact(positions[0])]
        lines += [f"{move.notation():<16} {compact(after)}" for move, after in zip(record.moves, positions[1:])]
        if positions[-1].is_over:
            lines.append(score_line(score(positions[-1])))
        return record.to_json(), "\n".join(lines)

    def read_deal_record(self, data: Any) -> tuple[Position, list[PlayedStep[Position]], tuple[str, ...] | None]:
        """``DealRecord.from_json``, its moves played again."""
        record = DealRecord.from_json(data)
        return record.start, self.replayed(record.start, [move.notation() for move in record.moves]), record.players

    def read_played_deal(self, data: dict[str, Any]) -> tuple[Position, list[PlayedStep[Position]]]:
        """``DealRecord.from_json`` (a family record's ``rules`` and ``end`` are not sce2's: left
        aside), every move played as the record writes it (a draw naming no cards must have
        one outcome: IllegalMoveError naming ``moves[3]`` otherwise)."""
        record = DealRecord.from_json({key: value for key, value in data.items() if key not in ("rules", "end")})
        positions = record.positions()
        steps = []
        for before, move, after in zip(positions, record.moves, positions[1:]):
            drawn = after.hands[before.turn] & ~before.hands[before.turn] if move.is_draw else 0
            steps.append(PlayedStep(move.notation(), tuple(card_names(drawn)), after, (move.notation(),)))
        return record.start, steps

    def read_match_record(self, data: Any) -> MatchDeals:
        """``MatchRecord.from_json``: its finished deals then the one under way; the players change
        sides every two deals (``south_player``), and each deal says its dealer, who played NS and
        EW, and whether it was finished."""
        match = MatchRecord.from_json(data)
        unfinished = match.result.unfinished
        records = [deal.record for deal in match.result.deals] + ([] if unfinished is None else [unfinished])
        numbers = range(1, len(records) + 1)
        return MatchDeals(
            tuple(record.to_json() for record in records),
            tuple(f"deals[{index}].record" if index < len(match.result.deals) else "unfinished"
                  for index in range(len(records))),
            tuple((south_player(number), 1 - south_player(number)) for number in numbers), tuple(match.players),
            {"players": list(match.players), "totals": list(match.result.totals)},
            tuple({"dealer": SEATS[dealer_seat(number)], "south_player": south_player(number),
                   "players": dict(zip(SIDES, match.side_players(number))),
                   "finished": number <= len(match.result.deals)} for number in numbers))

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
        ``eights.play.series.play_for``); no objective or player: sce2 is two-sided (``solve_options``)."""
        evaluation = self.solve_options(evaluation, objective, player)[0]
        searching = solver or Solver()
        if utility is None:  # the points: asked exactly as before
            return searching.solve(position, depth=depth, time_ms=time_ms, mode=stock, evaluation=evaluation)
        return searching.solve(position, depth=depth, time_ms=time_ms, mode=stock, evaluation=evaluation,
                               utility=utility)

    def search_notation(self, position: Position, stock: str = EXPECTIMAX) -> str:
        """``compact`` of ``searched_position`` (fixed-order needs the stock's order)."""
        return compact(searched_position(position, stock))

    def reference_search(self, position: Position, time_ms: float) -> tuple[int, int, float]:
        """``eights.solver.reference.search`` one depth deeper at a time, each from an empty memo,
        until ``time_ms`` is spent (the last depth finishes past it): its nodes summed."""
        started, depth, nodes = time.perf_counter(), 0, 0
        while depth < MAX_DEPTH and (time.perf_counter() - started) * 1000 < time_ms:
            depth += 1
            nodes += reference.search(position, depth).nodes
        return depth, nodes, time.perf_counter() - started

    def own_valued_fields(self, item: Position | View, values: list[float] | None) -> dict[str, Any]:
        """The side to act (``side``, NS or EW) and NS's value (``value_ns``; null with no values)."""
        to_act = self.to_act(item)
        return {"side": None if to_act is None else SIDES[to_act], "value_ns": None if values is None else values[0]}

    def search_values(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The side to act (0 NS, 1 EW) and both sides' values, NS's (``value_ns``) first (played
        for the game, chances of winning it: EW's is 1 minus NS's)."""
        value_ns = answer["value_ns"]
        return {"to_act": SIDES.index(answer["side"]),
                "values": [value_ns, other_side_value(value_ns, answer.get("play_for", "points"))]}

    def solution_values(self, solution: Solution) -> tuple[float, ...]:
        """NS's value and EW's."""
        return solution.value_ns, -solution.value_ns

    def judge(self, position: Position, move: str, solution: Solution) -> JudgedMove:
        """The move as the legal moves write it (``normalised``: a draw is valued before its
        cards) against the best, for the side to act; ``Solution.margin`` and ``stable``."""
        chosen = normalised(position, self.read_move(move))
        played, best = solution.value_of(chosen), solution.moves[0]
        played_ns = played if position.side_to_act == 0 else -played
        return JudgedMove(best.move.notation(), best.value, played, self.solution_values(solution),
                          (played_ns, -played_ns), solution.margin(chosen), solution.stable, len(solution.moves))

    def analysis_step_fields(self, step: dict[str, Any]) -> dict[str, Any]:
        """The side that moved (``side``) and the values for NS: of the position (``value_ns``),
        of the played move (``played_value_ns``), after the step (``after_ns``) and a draw's luck (``luck_ns``)."""
        return {"side": SIDES[step["to_act"]], "value_ns": step["values"][0], "played_value_ns": step["played_values"][0],
                "after_ns": step["after"][0],
                "luck_ns": None if step["luck"] is None else rounded(step["luck"] if step["to_act"] == 0 else -step["luck"])}

    def analysis_summary_fields(self, summary: dict[str, Any], final: Position) -> dict[str, Any]:
        """Per side its loss (``loss``) and account (``sides``); NS's start, skill, luck, drift
        and result (``start_ns``... ``result_ns``); the score of a finished deal (``score``)."""
        accounts = {name: {key: value for key, value in account.items() if key != "player"}
                    for name, account in zip(SIDES, summary["players"])}
        return {"loss": {name: account["loss"] for name, account in accounts.items()}, "sides": accounts,
                **{f"{key}_ns": summary[key][0] for key in ("start", "skill", "luck", "drift", "result")},
                "score": score(final).to_json() if final.is_over else None}

    def player_label(self, player: int) -> str:
        """The side's name alone: ``NS``."""
        return self.player_names[player]

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

    def own_view(self, position: Position) -> View:
        """The view of the side to act's concealed hand (S for NS, W for EW)."""
        return View.of(position, (S, W)[position.side_to_act])

    def hint_view(self, item: Position | View) -> View:
        """A view (``view:S`` or ``view:W``) of the side to act, the deal going on (``check_view``);
        a position with every hand is refused, naming ``view``."""
        if not isinstance(item, View):
            raise NotationError("view", "required: the concealed hand whose view it is (S or W)")
        later(f"{PLAY_LEVEL}.fair").check_view(item)
        return item

    @property
    def rollout_bot(self) -> str:
        """``ROLLOUT_BOT``: searching 3 actions deep with a 4 MB table."""
        return ROLLOUT_BOT

    def make_bot(self, spec: str) -> Any:
        """``eights.play.bots.make_bot``."""
        return later(f"{PLAY_LEVEL}.bots").make_bot(spec)

    def capped_bot(self, bot: Any, cap: Callable[[], float], solver: Any = None) -> Any:
        """A searching bot's ``time_cap`` (``eights.play.bots.searching.SearchingBot``) set to ``cap``,
        and ``solver`` its own (``use_solver``) when given."""
        if hasattr(bot, "time_cap"):
            bot.time_cap = cap
            if solver is not None:
                bot.use_solver(solver)
        return bot

    def bot_choice(self, bot: Any, solution: Solution) -> tuple[Move, float, list[float] | None]:
        """The solver bot's ``pick`` of the solution's moves (``hold8=``), its value for the side to act and
        each side's (NS's first; played for the game, chances of winning it)."""
        move = bot.pick(solution.moves)
        value = rounded(solution.value_of(move))
        other = other_side_value(value, solution.play_for)
        return move, value, [value, other] if solution.side == 0 else [other, value]

    def step_json(self, before: Position, step: PlayedStep[Position]) -> dict[str, Any]:
        """The move as played, its JSON form and effects (``eights.engine.effects``), and the position after."""
        move = self.read_move(step.move)
        return {"move": move.notation(), "move_json": move.to_json(), "effects": effects(before, move).to_json(),
                "position": compact(step.after)}

    def heuristic_bot(self) -> Any:
        """``eights.play.bots.heuristic.HeuristicBot``."""
        return later(f"{PLAY_LEVEL}.bots.heuristic").HeuristicBot()

    def legal_form(self, position: Position, move: Move) -> Move | None:
        """The legal move ``move`` names, normalised (an 8 that goes out may name a suit: ``play 8S/H`` is ``play 8S``)."""
        unnamed = move.unnamed()
        return normalised(position, unnamed) if unnamed in legal_moves(position) else None

    def mover_fields(self, position: Position) -> dict[str, Any]:
        """``side``: the side to act, ``NS`` or ``EW``."""
        return {"side": SIDES[position.side_to_act]}

    def payoffs_to(self, position: Position) -> str:
        """``payoffs to EW, the side to act``."""
        return f"payoffs to {SIDES[position.side_to_act]}, the side to act"

    def play_round(self, position: Position, moves: Sequence[Move], index: int, bot: Any, seed: int,
                   stop: Callable[[], bool] | None = None) -> list[list[float]]:
        """``eights.games.sce2_rollout.play_round``: the bot plays both sides."""
        return list(later("eights.games.sce2_rollout").play_round(position, moves, index, bot, seed, stop))

    def fair_ranker(self, solver: Any, objective: str | None = None) -> Any:
        """The solver itself ranks sce2's samples."""
        return solver

    def fair_answer(self, view: View, values: list[list[Any]], seed: int, asked: int, depths: tuple[int, int],
                    time_ms: float, objective: str | None = None) -> Any:
        """``eights.play.fair.fair_hint`` over the samples' values (``eights.games.sce2_fair.FairAnswer``)."""
        hint = later(f"{PLAY_LEVEL}.fair").fair_hint(view, values, seed)
        return later("eights.games.sce2_fair").FairAnswer(hint, asked, depths, time_ms)

    def whole_game_format(self) -> WholeGameFormat:
        """RULES.md "The game": 15 deals, the cube and resignation between them."""
        return WholeGameFormat(DEALS, None, cube=True)

    def play_for_utility(self, position: Position, context: Any, play_for: str | None,
                         horizon: str | None = None) -> Utility | None:
        """``eights.play.series.play_for``'s utility (``choose``, ``utility_of_position``);
        SolverError naming ``play_for`` for an unknown one, or a game asked without a context."""
        series_play_for = later(f"{PLAY_LEVEL}.series.play_for")
        try:
            chosen = series_play_for.choose(play_for, context)
        except ValueError as error:
            raise SolverError("play_for", str(error)) from None
        if chosen == series_play_for.POINTS:
            return None
        utility: Utility | None = series_play_for.utility_of_position(position, context, chosen,
                                                                      horizon or series_play_for.SPREAD)
        return utility

    def seat_name(self, seat: int) -> str:
        """N, E, S or W."""
        return SEATS[seat]

    bot_match_unit = ("matches", 20)

    def bot_matches(self, specs: Sequence[str], count: int, seed: int, workers: int | None = None,
                    progress: Any = None, cluster: Any = None) -> Any:
        """``sce2_match.bot_matches``: ``count`` matches of 15 deals between two bots, each paired."""
        return sce2_match.bot_matches(specs, count, seed, workers, progress, cluster)

    strength_deals = 200

    def bot_strength(self, specs: Sequence[str], deals: int, seed: int, workers: int | None = None,
                     progress: Any = None, cluster: Any = None, deal_size: int | None = None) -> Any:
        """``sce2_match.bot_strength``: ``deals`` paired deals between bots A and B."""
        return sce2_match.bot_strength(specs, deals, seed, workers, progress, cluster, deal_size)

    # -- a person at the table: one side, both its hands (eights.games.sce2_match) -------------
    default_deals = DEALS
    max_deals = DEALS

    def person_view(self, item: Position, player: int) -> View:
        """The view of the side's concealed hand (S for NS, W for EW): it sees both dummies."""
        return View.of(item, CONCEALED[player])

    def typed_move(self, position: Position, value: Any, field: str = "move") -> Move:
        """``read_move``, ``normalised``: an 8 that goes out drops the suit it names."""
        return normalised(position, self.read_move(value, field))

    def prompt(self, position: Position, player: int) -> str:
        """The hand to act, the person's: ``N (your dummy)>`` and a space."""
        return f"{sce2_match.hand_label(position.turn, True)}> "

    def told(self, before: Position, step: PlayedStep[Position], player: int) -> str:
        """``sce2_match.told``: each hand named, the other side's concealed draws hidden."""
        return sce2_match.told(before, step, player)

    def deal_intro(self, deal: MatchDeal[Position], player: int) -> str:
        """``sce2_match.deal_intro``."""
        return sce2_match.deal_intro(deal, player)

    def match_deal(self, seed: int, number: int) -> MatchDeal[Position]:
        """``sce2_match.match_deal``."""
        return sce2_match.match_deal(seed, number)

    def match_record(self, players: Sequence[str], seed: int, planned: int, deals: Sequence[MatchDeal[Position]],
                     under_way: MatchDeal[Position] | None) -> dict[str, Any]:
        """``sce2_match.match_record``: ``eights.engine.match.MatchRecord``."""
        return sce2_match.match_record(players, seed, planned, deals, under_way)

    def read_saved_match(self, data: Any) -> SavedMatch[Position]:
        """``sce2_match.read_saved_match``."""
        return sce2_match.read_saved_match(data, self.replayed)

    def match_standing(self, deals: Sequence[MatchDeal[Position]], planned: int) -> Standing:
        """``sce2_match.match_standing``: points against, the lower total leading."""
        return sce2_match.match_standing(deals, planned)
