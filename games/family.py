"""Every ruleset of the family (``classic/4``, ``sce/3``, ``openspiel/5,...``) behind the one
game interface: the family's engine (``eights.engine.family``), its notation and views
(``eights.engine.family.view``) and its native core (``eights.solver.Solver`` searches a
family position with it).

>>> from eights.games import find_game
>>> game = find_game("classic/3")
>>> p = game.read_position("0:7.8.. 1:K... 2:.2.. up:7C turn:0 discard:...3")
>>> [move.notation() for move in game.legal_moves(p)], game.to_act(p), game.player_names
(['play 7S', 'play 8H/S', 'play 8H/H', 'play 8H/D', 'play 8H/C', 'draw'], 0, ('0', '1', '2'))
>>> view = game.view_of(p, 0)
>>> game.notation(view)
'rules:classic/3 0:7.8.. 1:?1 2:?1 up:7C turn:0 dir:cw draw:0 discard:...3 view:0'
>>> game.legal_moves(view) == game.legal_moves(p)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from eights.engine.cards import card_name
from eights.engine.errors import EightsError, NotationError
from eights.engine.family.deal import deal
from eights.engine.family.display import family_diagram
from eights.engine.family.moves import FamilyMove
from eights.engine.family.notation import RulesMismatch, compact_family, family_to_json, read_game
from eights.engine.family.perft import perft
from eights.engine.family.position import FamilyPosition
from eights.engine.family.record import (
    VERSION,
    FamilyDealRecord,
    FamilyRecordError,
    card_event,
    record_events,
    written_moves,
)
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes, legal_moves
from eights.engine.family.match import deal_rules, match_over, match_so_far
from eights.engine.family.ruleset import Ruleset, at_deal
from eights.engine.family.scoring import payoffs
from eights.engine.family.steps import (
    FamilyStep,
    play_step,
    read_asked_move,
    read_asked_moves,
    read_recorded_moves,
    rolled_out_actions,
)
from eights.engine.family.view import FamilyView, is_family_view, parse_family_view
from eights.games import family_records
from eights.games.family_state import family_state
from eights.engine.record import DEAL, FORMAT
from eights.games.game import (PLAY_LEVEL, Game, JudgedMove, MatchDeal, MatchDeals, PlayedStep, SavedMatch,
                               SearchAnswer, Standing, WholeGameFormat, later)
from eights.solver import Solver
from eights.solver.api import rounded
from eights.solver.family import DEFAULT_EVALUATION, MAXN, MODES, FamilySolution
from eights.solver.family import solve as reference_solve
from eights.solver.family.evaluation import SEARCH_EVALUATIONS, default_evaluation, spends_time_on_playouts, trained
from eights.solver.modes import EXPECTIMAX
from eights.solver.utility import Utility

# A rollout's bot unless one is named: the heuristic plays every preset's deals to their end, a few
# ms a game (the solver bots are slower and go round through reshuffles in openspiel's deals, whose
# reshuffles are not capped: docs/rollouts.md).
ROLLOUT_BOT = "heuristic"


class FamilyGame(Game[FamilyPosition, FamilyView, FamilyMove]):
    """A ruleset of the family: N seats, numbered 0 to N-1 clockwise; any seat has a view."""

    fair_objective = MAXN
    evaluation = DEFAULT_EVALUATION
    evaluations = SEARCH_EVALUATIONS
    player_word = "seat"
    objectives = MODES

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.name = ruleset.name
        self.player_names = tuple(str(seat) for seat in range(ruleset.players))

    def default_evaluation(self, depth: int | None) -> str:
        """``playouts`` by time, ``trained`` at a depth (``eights.solver.family.evaluation.default_evaluation``)."""
        return default_evaluation(depth, None)

    def searches_samples_alone(self, evaluation: str, depth: int | None) -> bool:
        """By time with ``playouts`` (``eights.solver.family_native.played_out``): each sample its share."""
        return spends_time_on_playouts(evaluation, depth)

    def _named(self, value: Any) -> Any:
        """``value`` with this game's rules when it names none (a ``rules:`` word, a ``rules`` key)."""
        if isinstance(value, str) and not any(word.startswith("rules:") for word in value.split()):
            return f"rules:{self.name} {value}"
        if isinstance(value, dict) and "rules" not in value:
            return {**value, "rules": self.name}
        return value

    def read_position(self, value: Any) -> FamilyPosition:
        """The family's position (``read_game``); RulesMismatch (naming ``rules``) for another ruleset's."""
        position = read_game(self._named(value), self.ruleset)
        assert position is not None  # a ruleset of the family always reads a family position
        return position

    def read_view(self, value: Any) -> FamilyView:
        """A position with ``view:K`` (``parse_family_view``); RulesMismatch for another ruleset's."""
        view = parse_family_view(self._named(value))
        if view.shown.rules != self.ruleset:
            raise RulesMismatch("rules", f"{self.name}, but the position's rules are {view.rules_name}")
        return view

    def is_view(self, value: Any) -> bool:
        """A FamilyView, text with a ``view:`` word or JSON with a ``view``."""
        return isinstance(value, FamilyView) or is_family_view(value)

    def notation(self, item: FamilyPosition | FamilyView) -> str:
        """``compact_family`` of a position, a view's canonical form."""
        return item.notation() if isinstance(item, FamilyView) else compact_family(item)

    def to_json(self, item: FamilyPosition | FamilyView) -> dict[str, Any]:
        """``family_to_json``, a view's with the other hands as counts."""
        return item.to_json() if isinstance(item, FamilyView) else family_to_json(item)

    def diagram(self, item: FamilyPosition | FamilyView) -> str:
        """``family_diagram``, a view's other hands face down."""
        if isinstance(item, FamilyView):
            return family_diagram(_stand_in(item), hidden=[seat for seat in range(item.shown.players) if seat != item.seat])
        return family_diagram(item)

    def _known(self, item: FamilyPosition | FamilyView) -> FamilyPosition:
        """The position whose moves are known: a view's when its seat is to act."""
        if not isinstance(item, FamilyView):
            return item
        if item.seat != item.shown.turn and not _stand_in(item).is_over:
            raise NotationError("view", f"seat {item.seat}'s view cannot see seat {item.shown.turn}'s moves: "
                                        "the view must be the hand to act's")
        return _stand_in(item)

    def legal_moves(self, item: FamilyPosition | FamilyView) -> list[FamilyMove]:
        """``eights.engine.family.legal_moves`` (none during a draw under way)."""
        position = self._known(item)
        return [] if position.owed else list(legal_moves(position))

    def read_move(self, value: Any, field: str = "move") -> FamilyMove:
        """A move's notation or JSON (``read_asked_move``)."""
        return read_asked_move(value, field).move

    def rolled_out_moves(self, position: FamilyPosition, values: list[Any], field: str = "moves") -> list[FamilyMove]:
        """``rolled_out_actions`` of ``read_asked_moves``: each played first as /v1/apply plays it."""
        return rolled_out_actions(position, read_asked_moves(values, field))

    def play(self, position: FamilyPosition, value: Any, rng: random.Random,
             field: str = "move") -> PlayedStep[FamilyPosition]:
        """``eights.engine.family.steps.play_step``: a draw may name its cards (``draw KS,2C``)."""
        return _played(play_step(position, read_asked_move(value, field), rng, field))

    def outcomes(self, position: FamilyPosition, move: FamilyMove) -> list[tuple[Fraction, FamilyPosition]]:
        """The move applied, then each card of a draw under way (``chance_outcomes``) in turn."""
        chances: dict[FamilyPosition, Fraction] = {}
        frontier = [(Fraction(1), apply_move(position, move))]
        while frontier:
            chance, reached_position = frontier.pop()
            if not reached_position.owed:
                chances[reached_position] = chances.get(reached_position, Fraction(0)) + chance
                continue
            frontier += [(chance * weight, apply_chance(reached_position, card))
                         for card, weight in chance_outcomes(reached_position)]
        return [(chance, after) for after, chance in chances.items()]

    def check_choosing(self, position: FamilyPosition, field: str = "position") -> None:
        """NotationError naming ``field`` for a draw under way (``owed:``): its cards come before any hand's choice."""
        if position.owed:
            raise NotationError(field, f"a draw is under way (owed:{position.owed}): its cards come before any "
                                       "hand's choice; give the position before the draw or after it")

    def to_act(self, item: FamilyPosition | FamilyView) -> int | None:
        """The seat to act (None when the deal is over or a draw's cards are under way)."""
        position = _stand_in(item) if isinstance(item, FamilyView) else item
        return None if position.is_over or position.owed else position.turn

    def is_over(self, item: FamilyPosition | FamilyView) -> bool:
        """``FamilyPosition.is_over`` (a view's: over with any of the hidden cards)."""
        return (_stand_in(item) if isinstance(item, FamilyView) else item).is_over

    def exact_payoffs(self, position: FamilyPosition) -> tuple[Fraction, ...]:
        """``eights.engine.family.payoffs``."""
        return tuple(payoffs(position))

    def state(self, position: FamilyPosition) -> dict[str, Any]:
        """``eights.games.family_state.family_state`` and the common fields (``common_state``)."""
        return {**family_state(position), **self.common_state(position)}

    def deal_numbered(self, seed: int, number: int | None = None, dealer: str | None = None,
                      fields: tuple[str, str] = ("--deal", "--dealer")) -> FamilyPosition:
        """``eights.engine.family.deal``: ``number``, sce's deal of its match (``at_deal``; the
        other games' hands do not change, and a number is refused naming ``fields[0]``); ``dealer``
        a seat number (0 by default), another refused naming ``fields[1]``."""
        rules = self.ruleset if number is None else at_deal(self.ruleset, number, fields[0])
        seat = 0
        if dealer is not None:
            if not (dealer.isascii() and dealer.isdigit()) or int(dealer) >= rules.players:
                raise NotationError(fields[1], f"a seat 0 to {rules.players - 1} in {rules.name}, not {dealer!r}")
            seat = int(dealer)
        return deal(rules, seed, seat)

    def whole_game_format(self) -> WholeGameFormat | None:
        """``classic`` with two players: a game to 100 points (RULES-FAMILY.md), no cube (RULES.md's
        cube and resignation are sce2's); None for the other rulesets."""
        target = self.ruleset.target_score
        return WholeGameFormat(None, target, cube=False) if self.ruleset.players == 2 and target is not None else None

    def answer_fields(self, position: FamilyPosition) -> dict[str, Any]:
        """``rules``: the position's ruleset (sce's names its deal)."""
        return {"rules": position.rules.name}

    def deal_result(self, position: FamilyPosition) -> tuple[dict[str, Any], str]:
        """``payoffs``: each seat's, as exact fractions written as text (``"-7/2"``)."""
        result = payoffs(position)
        return ({"payoffs": [str(payoff) for payoff in result]},
                "deal over: payoffs " + ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(result)))

    def perft(self, position: FamilyPosition, depth: int) -> int:
        """``eights.engine.family.perft``."""
        return perft(position, depth)

    def deal_record(self, start: FamilyPosition, events: Sequence[str],
                    players: Sequence[str] | None = None) -> dict[str, Any]:
        """``eights.engine.family.record``: every event, a draw's cards each its own (``card 5D``)."""
        record = record_events(start, events)
        return replace(record, players=None if players is None else tuple(players)).to_json()

    def replay(self, data: Any) -> tuple[dict[str, Any], str]:
        """``eights.games.family_records.replay``: every event of a deal, or a match's deals."""
        return family_records.replay(self.ruleset, data)

    def read_deal_record(self, data: Any) -> tuple[FamilyPosition, list[PlayedStep[FamilyPosition]],
                                                   tuple[str, ...] | None]:
        """``FamilyDealRecord.from_json``, its moves played again exactly a step at a time (a
        draw and the cards it brought are one step, ``draw 5D``, as this version writes it, and
        as ``Game.play`` gives it; a record that ends while a draw is under way ends so, no card
        invented)."""
        record = FamilyDealRecord.from_json(data)
        return record.start, _steps_of(record.start, written_moves(record.events)), record.players

    def read_played_deal(self, data: dict[str, Any]) -> tuple[FamilyPosition, list[PlayedStep[FamilyPosition]]]:
        """A deal record whose moves may also be written as /v1/apply takes them: each read and
        played as /v1/apply plays it (``read_recorded_moves``, ``play_step``: a draw names its
        cards in the move, ``draw 5D,2C``, or as the record's ``card 5D`` events after it, the
        last draw perhaps still under way; errors naming the move or its card's event), then the
        record's other keys checked as the format has them (``FamilyDealRecord.from_json``:
        ``end``, ``result``, ``players``; a key of sce2's, ``dealt``, refused), its rules the position's."""
        start = self.read_position(data.get("position"))
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise FamilyRecordError("moves", "a list of moves (play 7S, draw 2C, pass...)")
        steps = _steps_of(start, moves)
        record = {key: data[key] for key in ("version", "end", "result", "dealt", "players") if data.get(key) is not None}
        record.update({"format": FORMAT, "version": record.get("version", VERSION), "kind": DEAL, "rules": start.rules.name,
                       "position": compact_family(start), "moves": [event for step in steps for event in step.events]})
        FamilyDealRecord.from_json(record)
        return start, steps

    def read_match_record(self, data: Any) -> MatchDeals:
        """A family match record (``family_records.read_match``: errors named under ``deals[2]``,
        ``unfinished``): its finished deals, then the one under way; the players keep their seats."""
        match = family_records.read_match(self.ruleset, data)
        deals = [*match.deals, *([] if match.unfinished is None else [match.unfinished])]
        where = [*(f"deals[{index}]" for index in range(len(match.deals))), *(["unfinished"] if match.unfinished else [])]
        written = match.to_json()
        names = match.players or tuple(self.player_label(seat) for seat in range(self.players))
        as_given = [*data["deals"], *([] if match.unfinished is None else [data["unfinished"]])]  # its moves' numbers
        return MatchDeals(tuple(as_given), tuple(where),
                          tuple(tuple(range(self.players)) for _ in deals), tuple(names),
                          {"rules": self.name, "totals": written["totals"]},
                          tuple({"finished": record.end.is_over} for record in deals))

    def deal(self, seed: int, dealer: int = 0) -> FamilyPosition:
        """``eights.engine.family.deal``."""
        return deal(self.ruleset, seed, dealer)

    def search(self, position: FamilyPosition, depth: int | None = None, time_ms: float | None = None,
               solver: Any = None) -> SearchAnswer:
        """The family's native core (max-n), values for the seat to act and every seat."""
        solution = (solver or Solver()).solve(position, depth=depth, time_ms=time_ms)
        return SearchAnswer(solution.mover, tuple((value.move, value.value) for value in solution.moves),
                            solution.values, solution.depth, solution.exact)

    def solve(self, position: FamilyPosition, depth: int | None = None, time_ms: float | None = None,
              stock: str = EXPECTIMAX, evaluation: str | None = None, objective: str | None = None,
              player: int | None = None, solver: Any = None, utility: Utility | None = None) -> FamilySolution:
        """``Solver.solve`` of a family position: ``objective`` max-n (the default) or paranoid for
        ``player``; ``utility`` classic/2's deal played for the game around it (``play_for_utility``;
        None: its points, searched exactly as before)."""
        searching: Solver = solver or Solver()
        return searching.solve(position, depth=depth, time_ms=time_ms, mode=objective or MAXN, evaluation=evaluation,
                               player=player, stock=stock, utility=utility)

    def estimate(self, position: FamilyPosition) -> tuple[float, ...]:
        """``eights.solver.family.evaluation.trained``: each seat's."""
        return trained(position)

    def read_game_context(self, value: Any) -> tuple[Any, Any]:
        """``value`` (text or JSON) without its game context, and the context (None: none):
        classic/2's ``totals:40,75`` (``eights.play.series.target.split_target_context``);
        NotationError naming ``totals`` for a bad one, or for one in a game with no game around its deals."""
        target = self.whole_game_format()
        read: tuple[Any, Any] = later(f"{PLAY_LEVEL}.series.target").split_target_context(
            value, None if target is None else target.target, self.name)
        return read

    def target_context(self, totals: tuple[int, int]) -> Any:
        """classic/2's ``totals:`` (``eights.play.series.target.TargetContext``), checked against its
        target; None for a game with no target."""
        target = self.whole_game_format()
        if target is None or target.target is None:
            return None
        return later(f"{PLAY_LEVEL}.series.target").TargetContext.of(totals, target.target)

    def play_for_utility(self, position: FamilyPosition, context: Any, play_for: str | None,
                         horizon: str | None = None) -> Utility | None:
        """The utility ``solve`` plays ``position``'s deal with for ``play_for`` (None: its points;
        by default ``game`` with a context): classic/2's ``game`` table read for the position's
        dealer (``eights.play.series.target.target_utility_asked``); SolverError naming
        ``play_for`` for what the game cannot be played for."""
        target = self.whole_game_format()
        target_play_for = later(f"{PLAY_LEVEL}.series.target")
        utility: Utility | None = target_play_for.target_utility_asked(
            self.name, None if target is None else target.target, position.dealer, context, play_for,
            horizon or target_play_for.SPREAD)
        return utility

    def search_notation(self, position: FamilyPosition, stock: str = EXPECTIMAX) -> str:
        """``compact_family``, without the stock's order in expectimax (the search drops it too)."""
        return compact_family(replace(position, order=None) if stock == EXPECTIMAX else position)

    def reference_search(self, position: FamilyPosition, time_ms: float) -> tuple[int, int, float]:
        """``eights.solver.family.solve`` (the family's reference), deepening within ``time_ms``."""
        solution = reference_solve(position, time_ms=time_ms)
        return solution.depth, solution.nodes, solution.time_ms / 1000

    def own_valued_fields(self, item: FamilyPosition | FamilyView, values: list[float] | None) -> dict[str, Any]:
        """The seat to act (``player``), whose value ``value`` is."""
        return {"player": self.to_act(item)}

    def search_values(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The seat to act (``mover``) and every seat's value (``values``)."""
        return {"to_act": answer["mover"], "values": answer["values"]}

    def solution_values(self, solution: FamilySolution) -> tuple[float, ...]:
        """Every seat's value (a max-n search's: ``FamilySolution.values``)."""
        if solution.values is None:
            raise NotationError("objective", f"{solution.mode} values one player's payoff alone: an analysis is max-n's")
        return solution.values

    def judge(self, position: FamilyPosition, move: str, solution: FamilySolution) -> JudgedMove:
        """The move against the best one for its mover (max-n). The family's core keeps no values
        of the depth before the last: a loss is told apart at the depth searched (``margin`` 0),
        and ``stable`` is not known."""
        played, best = solution.value_of(FamilyMove.from_notation(move)), solution.moves[0]
        return JudgedMove(best.move.notation(), best.value, played.value, self.solution_values(solution),
                          tuple(played.values or ()), 0.0, None, len(solution.moves))

    def solution_from_json(self, data: dict[str, Any]) -> FamilySolution:
        """``FamilySolution.from_json``."""
        return FamilySolution.from_json(data)

    def solution_words(self, solution: FamilySolution) -> tuple[str, str, str]:
        """The values of the solution's player, its objective before the search's account."""
        played_for = "" if solution.play_for == "points" else f", for the {solution.play_for}"
        return f"seat {solution.player}", f"values for seat {solution.player} ({solution.mode}{played_for}); ", ""

    def view_of(self, position: FamilyPosition, seat: int) -> FamilyView:
        """``FamilyView.of``: any seat."""
        return FamilyView.of(position, seat)

    def sample(self, view: FamilyView, rng: random.Random) -> FamilyPosition:
        """``FamilyView.sample``."""
        return view.sample(rng)

    def own_view(self, position: FamilyPosition) -> FamilyView:
        """The view of the seat to act (``FamilyView.of``)."""
        return FamilyView.of(position)

    def hint_view(self, item: FamilyPosition | FamilyView) -> FamilyView:
        """A view (``view:K``) of the seat to act, or a full position seen by its seat to act;
        NotationError during a draw under way (``owed:``), or for another seat's view."""
        view = item if isinstance(item, FamilyView) else FamilyView.of(item)
        self.check_choosing(view.shown)
        self._known(view)
        return view

    @property
    def rollout_bot(self) -> str:
        """``ROLLOUT_BOT``: the heuristic."""
        return ROLLOUT_BOT

    def make_bot(self, spec: str) -> Any:
        """``eights.play.family.make_family_bot``."""
        return later(f"{PLAY_LEVEL}.family").make_family_bot(spec)

    def capped_bot(self, bot: Any, cap: Callable[[], float], solver: Any = None) -> Any:
        """``eights.play.family.capped.capped_family_bot``: a family bot searches in its own table, not ``solver``'s."""
        return later(f"{PLAY_LEVEL}.family.capped").capped_family_bot(bot, cap)

    def bot_objective(self, bot: Any) -> str | None:
        """The bot's ``mode=`` (max-n or paranoid)."""
        return str(bot.mode)

    def bot_searches(self, bot: Any, item: FamilyPosition | FamilyView) -> FamilyPosition | FamilyView:
        """``item`` under the rules the bot searches (``FamilySearchingBot.searched``: classic under
        ``must_play=yes`` where the bot assumes it, ``default_must_play``); a bot that does not
        search, ``item``."""
        searched: Callable[[FamilyPosition], FamilyPosition] | None = getattr(bot, "searched", None)
        if searched is None:
            return item
        if isinstance(item, FamilyView):
            return replace(item, shown=searched(item.shown))
        return searched(item)

    def bot_choice(self, bot: Any, solution: FamilySolution) -> tuple[FamilyMove, float, list[float] | None]:
        """The solution's best move, its value for the seat to act and every seat's (none: paranoid with more than two)."""
        assert solution.best is not None  # a position with moves has a best one
        best = solution.value_of(solution.best)
        return best.move, rounded(best.value), None if best.values is None else [rounded(value) for value in best.values]

    def step_json(self, before: FamilyPosition, step: PlayedStep[FamilyPosition]) -> dict[str, Any]:
        """The move as played (a draw naming its cards, also in its JSON form's ``cards``) and the position after."""
        if not step.drawn:
            return {"move": step.move, "move_json": self.read_move(step.move).to_json(), "position": compact_family(step.after)}
        return {"move": f"{step.move} {','.join(step.drawn)}", "move_json": {**self.read_move(step.move).to_json(),
                "cards": list(step.drawn)}, "position": compact_family(step.after)}

    def heuristic_bot(self) -> Any:
        """``eights.play.family.heuristic.FamilyHeuristicBot``."""
        return later(f"{PLAY_LEVEL}.family.heuristic").FamilyHeuristicBot()

    def mover_fields(self, position: FamilyPosition) -> dict[str, Any]:
        """``mover``: the seat to act."""
        return {"mover": position.turn}

    def payoffs_to(self, position: FamilyPosition) -> str:
        """``classic/4, payoffs to seat 0, the hand to act``."""
        return f"{position.rules.name}, payoffs to seat {position.turn}, the hand to act"

    def play_round(self, position: FamilyPosition, moves: Sequence[FamilyMove], index: int, bot: Any, seed: int,
                   stop: Callable[[], bool] | None = None) -> list[list[float]]:
        """``eights.play.family.rollout.play_family_round``: the bot in every seat."""
        return list(later(f"{PLAY_LEVEL}.family.rollout").play_family_round(position, moves, index, bot, seed, stop))

    def fair_ranker(self, solver: Any, objective: str | None = None) -> Any:
        """The family's search of a sample with ``objective`` (max-n by default: ``eights.games.family_fair.FamilyRanker``)."""
        return later("eights.games.family_fair").FamilyRanker(solver, objective or MAXN)

    def fair_answer(self, view: FamilyView, values: list[list[Any]], seed: int, asked: int,
                    depths: tuple[int, int], time_ms: float, objective: str | None = None) -> Any:
        """Each move's values for the seat to act compared over the samples, every seat's mean
        (``eights.games.family_fair.family_fair_answer``)."""
        return later("eights.games.family_fair").family_fair_answer(
            self.name, view, self.legal_moves(view), values, seed, asked, depths, time_ms, objective or MAXN)

    def seat_name(self, seat: int) -> str:
        """The seat's number."""
        return str(seat)

    def bot_matches(self, specs: Sequence[str], count: int, seed: int, workers: int | None = None,
                    progress: Any = None, cluster: Any = None) -> Any:
        """``eights.play.family.rotation.run``: ``count`` deals, each once a seat with the seats
        rotated; a number of bots other than the seats refused naming ``--bot``."""
        if len(specs) != self.players:
            raise NotationError("--bot", f"one a seat, {self.players} in {self.name}, not {len(specs)}")
        return later(f"{PLAY_LEVEL}.family.rotation").run(self.ruleset, specs, count, seed, workers, progress, cluster)

    def bot_strength(self, specs: Sequence[str], deals: int, seed: int, workers: int | None = None,
                     progress: Any = None, cluster: Any = None, deal_size: int | None = None) -> Any:
        """``bot_matches``' rotated run (``eights.play.family.rotation.RotatedResult``); a
        ``deal_size`` refused: the hand size is the ruleset's."""
        if deal_size is not None:
            raise NotationError("--deal-size",
                                f"{self.name} deals the hand size of its rules (name another in --rules)")
        return self.bot_matches(specs, deals, seed, workers, progress, cluster)

    # -- a person at the table, and the family's match (eights.engine.family.match) -----------
    def deal_intro(self, deal: MatchDeal[FamilyPosition], player: int) -> str:
        """``5 cards a hand; seat 0 deals. You are seat 2. The upcard is 7D.``"""
        start = deal.start
        upcard = "" if start.upcard is None else f" The upcard is {card_name(start.upcard)}."
        return (f"{len(start.hands[player])} cards a hand; seat {start.dealer} deals. "
                f"You are seat {deal.sides[player]}.{upcard}")

    def match_deal(self, seed: int, number: int) -> MatchDeal[FamilyPosition]:
        """Deal ``number`` of the match of ``seed``: seat 0 deals first, the deal passing to the
        left (as ``eights.engine.family.match`` deals), sce's hand size by its schedule
        (``deal_rules``); each player keeps their seat."""
        rules = deal_rules(self.ruleset, number)
        dealt = deal(rules, later(f"{PLAY_LEVEL}.paired").derive(seed, "deal", number) % 2**53,
                     (number - 1) % rules.players)
        return MatchDeal(number, dealt, tuple(range(rules.players)))

    def _records(self, deals: Sequence[MatchDeal[FamilyPosition]]) -> list[FamilyDealRecord]:
        return [record_events(deal.start, deal.events) for deal in deals]

    def match_record(self, players: Sequence[str], seed: int, planned: int,
                     deals: Sequence[MatchDeal[FamilyPosition]],
                     under_way: MatchDeal[FamilyPosition] | None) -> dict[str, Any]:
        """The family's match record (``family_records.match_record``): the players, the seed,
        the schedule, the finished deals and the deal under way, as sce2's match record has them."""
        unfinished = None if under_way is None else self._records([under_way])[0]
        return family_records.match_record(self.ruleset, players, seed, planned, self._records(deals), unfinished)

    def read_saved_match(self, data: Any) -> SavedMatch[FamilyPosition]:
        """``family_records.read_match``, each deal's events played again exactly (``read_deal_record``'s
        steps); a record of the format before names neither the players nor the seed."""
        match = family_records.read_match(self.ruleset, data)
        seats = tuple(range(self.players))

        def played(number: int, record: FamilyDealRecord) -> MatchDeal[FamilyPosition]:
            steps = _steps_of(record.start, written_moves(record.events))
            return MatchDeal(number, record.start, seats, tuple(steps))

        return SavedMatch(match.players, match.seed, match.planned,
                          tuple(played(number, record) for number, record in enumerate(match.deals, start=1)),
                          None if match.unfinished is None else played(len(match.deals) + 1, match.unfinished))

    def match_standing(self, deals: Sequence[MatchDeal[FamilyPosition]], planned: int) -> Standing:
        """``match_so_far``'s points (sce's points against, negated; classic's winnings; the
        others' payoffs), its best player, and over at the match's end (``match_over``) or ``planned``."""
        if not deals:
            return Standing(tuple(Fraction(0) for _ in range(self.players)), None, False)
        result = match_so_far(self.ruleset, self._records(deals))
        return Standing(result.points, result.winner, match_over(result) or len(deals) >= planned)


def _steps_of(start: FamilyPosition, moves: list[Any]) -> list[PlayedStep[FamilyPosition]]:
    """A played deal's moves (``read_recorded_moves``: a draw naming its cards, ``draw 5D``, or
    followed by its ``card 5D`` events) played again from ``start`` exactly: a draw's cards are
    the ones recorded, never drawn at random (a draw naming none is refused, naming its field,
    but the last, which may still be under way); errors name the move or its card's event."""
    steps: list[PlayedStep[FamilyPosition]] = []
    for move in read_recorded_moves(moves):
        try:
            step = play_step(steps[-1].after if steps else start, move.asked, random.Random(0), move.field,
                             move.unfinished)
        except EightsError as error:
            raise move.located(error) from None
        steps.append(_played(step, move.card_fields))
    return steps


def _played(step: FamilyStep, card_events: Sequence[str] = ()) -> PlayedStep[FamilyPosition]:
    """A step ``play_step`` played as the interface gives it: its cards' names, and its events
    as a record writes them (``draw 5D,2C``; with ``card_events``, the fields of the cards a
    record of the format before wrote as events of their own, the move then each ``card 5D``)."""
    drawn = tuple(card_name(card) for card in step.drawn)
    events = (step.move.notation(), *map(card_event, step.drawn)) if card_events else (step.notation(),)
    return PlayedStep(step.move.notation(), drawn, step.after, events)


@lru_cache(maxsize=256)
def _stand_in(view: FamilyView) -> FamilyPosition:
    """A deal the view cannot tell from the one seen (the same every time): whatever the view
    knows (the seat's moves, whether the deal is over, the counts) reads the same in it."""
    return view.sample(random.Random(0))
