"""The solver's public API: a Solver whose native transposition table stays warm across
calls, and the Solution it returns.

Defaults: with neither ``depth`` nor ``time_ms``, search for ``DEFAULT_TIME_MS``
(iterative deepening up to ``MAX_DEPTH``); ``depth`` alone searches exactly that deep;
``time_ms`` deepens until the time is up (``depth`` then caps it). Bounding the value
takes two more searches, every horizon leaf at NS's worst and at NS's best, each deepening
up to the depth reached within PROOF_SHARE of ``time_ms`` and of ``node_limit``, so a call
takes at most about CALL_ALLOWANCE × ``time_ms``. A bound found at one depth holds at every
deeper one, so the deepest each completes is the tightest; ``exact`` when the two meet.
Values within SAME_VALUE of each other are one value (the first of them best first), so
that ties are ties everywhere: in the order of the moves, the best move and any loss.

Past that, by a small margin: each search stops within a fraction of a millisecond of its
time (the clock is read every 1024 nodes) but always completes depth 1, so that there is an
answer. The heaviest depth 1 the notation allows, an 8-card draw from a full stock with
a hand out (``N:... E:Q... S:5... W:9... up:2S turn:S draw:8``), takes about 200,000
nodes, measured at most 20 ms of CPU; so a call ends within 1.5 × ``time_ms`` + 50 ms
of CPU (more on a loaded machine's wall clock).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, overload

from eights.engine.family.position import FamilyPosition
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.scoring import score
from eights.solver.convert import LEAF_CODES, LEAF_OPTIMISTIC, LEAF_PESSIMISTIC, State, line_of, move_of, to_state
from eights.solver.errors import SolverError
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.limits import DEFAULT_TIME_MS as DEFAULT_TIME_MS  # re-exported: sce2's callers import them here
from eights.solver.limits import JSON_DIGITS as JSON_DIGITS
from eights.solver.limits import MAX_DEPTH as MAX_DEPTH
from eights.solver.limits import MAX_NODE_LIMIT as MAX_NODE_LIMIT
from eights.solver.limits import MAX_TIME_MS as MAX_TIME_MS
from eights.solver.limits import SAME_VALUE as SAME_VALUE
from eights.solver.limits import rounded as rounded
from eights.solver.modes import EXPECTIMAX, searched_position
from eights.solver.trained import shipped_model
from eights.solver.utility import DECK_POINTS, Utility

if TYPE_CHECKING:
    from eights.solver._core import FamilyTable, Model, SearchResult, TableStats
    from eights.solver.family.solution import FamilySolution

MAX_TT_MB = 4096
PROOF_SHARE = 0.25
CALL_ALLOWANCE = 1 + 2 * PROOF_SHARE  # a call's time, in time_ms: the search and its two proof searches
SIDES = ("NS", "EW")


@dataclass(frozen=True)
class MoveValue:
    """A root move and its value for the side to act."""

    move: Move
    value: float

    def to_json(self, digits: int | None = JSON_DIGITS) -> dict[str, Any]:
        """``{"move": "play 9H", "value": 4.0}``, the value to ``digits`` decimals (None: as it is)."""
        return {"move": self.move.notation(), "value": rounded(self.value, digits)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveValue:
        """The move value ``to_json`` wrote."""
        return cls(Move.from_notation(data["move"]), float(data["value"]))


@dataclass(frozen=True)
class Solution:
    """What a search found. ``value`` and ``moves`` are for the side to act, ``value_ns``
    for NS; ``moves`` run best first (ties in the engine's move order); ``pv`` stops after
    the first draw left to chance (or where the time ran out); ``exact`` means no horizon leaf influenced the value;
    ``nodes`` and ``time_ms`` cover every search the call ran. ``bounds`` (for the side to
    act) hold the true value of the deal, whatever lies beyond the horizon. ``previous`` holds each
    root move's value at the depth before the last (none after depth 1 alone): how much the
    values still moved as the search deepened, which ``stable`` and ``margin`` read.
    ``play_for``: what the values are (``points``, the deal's payoff; ``game``, the side's
    chance of winning the game; ``series``, its equity in points of the series: a Utility's)."""

    value: float
    value_ns: float
    best: Move | None
    moves: list[MoveValue]
    pv: list[Move]
    depth: int
    exact: bool
    bounds: tuple[float, float]
    side: int
    nodes: int
    time_ms: float
    table: TableStats
    mode: str
    evaluation: str
    previous: tuple[MoveValue, ...] = ()
    play_for: str = "points"

    def value_of(self, move: Move) -> float:
        """The value of root move ``move`` for the side to act (StopIteration: not a root move)."""
        return next(move_value.value for move_value in self.moves if move_value.move == move)

    @property
    def stable(self) -> bool:
        """True when the best move was also a best move at the depth before the last (``previous``:
        each move's value there), or the value is exact; False after depth 1 alone."""
        if self.exact:
            return True
        if not self.previous or self.best is None:
            return False
        before = {move_value.move: move_value.value for move_value in self.previous}
        return before[self.best] >= max(before.values()) - SAME_VALUE

    def margin(self, move: Move) -> float | None:
        """The least loss of ``move`` this search tells apart from none: 0 when the value is exact;
        else how far the best move's value or ``move``'s moved between the last two depths (a
        difference smaller than the search's own movement is not told apart); None after depth 1
        alone, when there is no movement to measure."""
        if self.exact:
            return 0.0
        if not self.previous or self.best is None:
            return None
        before = {move_value.move: move_value.value for move_value in self.previous}
        return max(abs(self.value_of(each) - before[each]) for each in (self.best, move))

    def to_json(self, digits: int | None = JSON_DIGITS) -> dict[str, Any]:
        """The JSON form, moves in NOTATION form, values to ``digits`` decimals (None: every
        digit, so that ``from_json`` gives this solution back, as a shared cache needs);
        ``side`` is the side to act, whose view ``value``, ``moves`` and ``bounds`` take."""
        return {
            "side": SIDES[self.side], "value": rounded(self.value, digits),
            "value_ns": rounded(self.value_ns, digits),
            "best": self.best.notation() if self.best is not None else None,
            "moves": [move_value.to_json(digits) for move_value in self.moves],
            "pv": [move.notation() for move in self.pv],
            "depth": self.depth, "exact": self.exact, "stable": self.stable, "bounds": [rounded(bound, digits) for bound in self.bounds],
            "nodes": self.nodes, "time_ms": self.time_ms,
            "mode": self.mode, "evaluation": self.evaluation, "table": dict(self.table),
            "previous": [move_value.to_json(digits) for move_value in self.previous],
            **({} if self.play_for == "points" else {"play_for": self.play_for}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Solution:
        """The solution ``to_json`` wrote; ``to_json(digits=None)`` round-trips exactly.

        >>> solution = Solution(1.5, -1.5, Move.draw(), [MoveValue(Move.draw(), 1.5)], [Move.draw()], 2,
        ...                     True, (1.5, 1.5), 1, 10, 0.5, {}, "expectimax", "material")
        >>> Solution.from_json(solution.to_json(digits=None)) == solution
        True
        """
        low, high = data["bounds"]
        return cls(float(data["value"]), float(data["value_ns"]),
                   None if data["best"] is None else Move.from_notation(data["best"]),
                   [MoveValue.from_json(move_value) for move_value in data["moves"]],
                   [Move.from_notation(move) for move in data["pv"]], int(data["depth"]), bool(data["exact"]),
                   (float(low), float(high)), SIDES.index(data["side"]), int(data["nodes"]),
                   float(data["time_ms"]), data["table"], data["mode"], data["evaluation"],
                   tuple(MoveValue.from_json(move_value) for move_value in data.get("previous", ())),
                   data.get("play_for", "points"))


@dataclass(frozen=True)
class _Limits:
    depth: int
    time_ms: int  # 0: none
    nodes: int  # 0: none


class Solver:
    """A double-dummy solver with a transposition table of ``tt_mb`` MB kept across calls.

    Safe to share between threads: calls on one Solver take turns (a lock guards the
    table); use one Solver per thread to search in parallel. A call overruns its
    ``time_ms`` (1.5 × with the exactness proof) by at most the three depth-1 searches it
    may have to finish: about 50 ms of CPU at worst (see the module docstring).
    """

    def __init__(self, tt_mb: int = 64) -> None:
        from eights.solver import _core  # imported here so that the pure-Python parts work without it

        if not _positive_int(tt_mb) or tt_mb > MAX_TT_MB:
            raise SolverError("tt_mb", f"must be a whole number of MB from 1 to {MAX_TT_MB}, got {tt_mb!r}")
        self._core = _core
        self._table = _core.Table(tt_mb)
        self._tt_mb = tt_mb
        self._family_table: FamilyTable | None = None  # the family's table, made when a family position comes
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Empty the transposition tables (sce2's, and the family's once made)."""
        with self._lock:
            self._table.clear()
            if self._family_table is not None:
                self._family_table.clear()

    @overload
    def solve(self, position: Position, depth: int | None = None, time_ms: float | None = None,
              mode: str | None = None, evaluation: str | None = None, node_limit: int | None = None,
              *, utility: Utility | None = None) -> Solution: ...

    @overload
    def solve(self, position: FamilyPosition, depth: int | None = None, time_ms: float | None = None,
              mode: str | None = None, evaluation: str | None = None, node_limit: int | None = None,
              player: int | None = None, stock: str = EXPECTIMAX, *, utility: Utility | None = None) -> FamilySolution: ...

    def solve(self, position: Position | FamilyPosition, depth: int | None = None, time_ms: float | None = None,
              mode: str | None = None, evaluation: str | None = None, node_limit: int | None = None,
              player: int | None = None, stock: str = EXPECTIMAX, *,
              utility: Utility | None = None) -> Solution | FamilySolution:
        """Search ``position`` (see the module docstring for depth and time); raises SolverError
        on bad arguments (``time_ms`` over MAX_TIME_MS, ``node_limit`` over MAX_NODE_LIMIT).
        ``node_limit`` stops the deepening like ``time_ms``. ``mode``: ``expectimax`` (the
        default) or ``fixed-order``; ``evaluation``: ``trained`` by default.

        A position of a game of the family (``eights.engine.family``) is searched by the family's
        core (``eights.solver.family_native``, in this Solver's own family table): ``mode``
        ``maxn`` (the default) or ``paranoid`` for ``player`` (the hand to act by default),
        ``stock`` ``expectimax`` or ``fixed-order``, ``evaluation`` ``material``; its answer is a
        FamilySolution, values per player.

        ``utility`` (sce2, and classic/2 in max-n: ``eights.solver.family_native``) plays the deal
        for what each payoff is worth (``eights.solver.utility``): every value is then the side's
        (the seat's) worth (its ``equity``), and the solution's ``play_for`` says which."""
        if isinstance(position, FamilyPosition):
            return self._solve_family(position, depth, time_ms, mode, evaluation, node_limit, player, stock, utility)
        if player is not None or stock != EXPECTIMAX:
            raise SolverError("player" if player is not None else "stock",
                              "sce2 takes no player or stock: its modes are expectimax and fixed-order")
        mode = EXPECTIMAX if mode is None else mode
        evaluation = DEFAULT_EVALUATION if evaluation is None else evaluation
        limits = _limits(depth, time_ms, node_limit)
        _check_evaluation(evaluation)
        searched = searched_position(position, mode)
        start = time.perf_counter()
        worth = _worth_of(utility)
        play_for = "points" if utility is None else utility.play_for
        if searched.is_over:
            payoff = _for_side(searched, float(score(searched).payoff_ns))
            if utility is not None:
                worth_ns = utility.finished[round(payoff if searched.side_to_act == 0 else -payoff) + DECK_POINTS]
                payoff = worth_ns if searched.side_to_act == 0 else utility.total - worth_ns
            return Solution(payoff, _ns_of(payoff, searched.side_to_act, utility), None, [], [], 0, True,
                            (payoff, payoff), searched.side_to_act, 0, _ms_since(start), self.stats(), mode,
                            evaluation, (), play_for)
        state = to_state(searched)
        with self._lock:
            result = self._search(state, limits, LEAF_CODES[evaluation], utility)
            (low, high), bound_nodes = self._bounds(state, result["depth"], limits, utility)
            stats = self._table.stats()
        moves = _ranked(searched, result, worth)
        exact = math.isclose(low, high, abs_tol=SAME_VALUE)
        value = moves[0].value
        bounds = (value, value) if exact else tuple(sorted((worth(_for_side(searched, low)),
                                                            worth(_for_side(searched, high)))))
        return Solution(value, _ns_of(value, searched.side_to_act, utility), moves[0].move, moves,
                        line_of(searched, result["pv"]), result["depth"], exact, (bounds[0], bounds[1]),
                        searched.side_to_act, result["nodes"] + bound_nodes, _ms_since(start), stats, mode, evaluation,
                        _previous(searched, result, worth), play_for)

    def _solve_family(self, position: FamilyPosition, depth: int | None, time_ms: float | None, mode: str | None,
                      evaluation: str | None, node_limit: int | None, player: int | None,
                      stock: str, utility: Utility | None = None) -> FamilySolution:
        """``solve`` of a family position, in this Solver's family table (made on first use)."""
        from eights.solver.family.objective import MAXN
        from eights.solver.family_native import solve as solve_family

        with self._lock:
            if self._family_table is None:
                self._family_table = self._core.FamilyTable(self._tt_mb)
            return solve_family(position, depth, time_ms, MAXN if mode is None else mode, player, evaluation,
                                node_limit, self._family_table, stock, utility)

    def rank(self, position: Position, depth: int | None = None, time_ms: float | None = None,
             evaluation: str = DEFAULT_EVALUATION, utility: Utility | None = None) -> list[MoveValue]:
        """Every legal move's value for the side to act, best first as in ``solve``, from the
        search alone (expectimax): no proof searches and no principal variation, so that a
        player that only needs its move (a bot, a rollout, a sampled deal) pays for the search
        and nothing else; ``utility`` as in ``solve``. Raises SolverError on bad arguments or a
        finished deal."""
        limits = _limits(depth, time_ms, None)
        _check_evaluation(evaluation)
        searched = searched_position(position, EXPECTIMAX)
        if searched.is_over:
            raise SolverError("position", "the deal is over: there is no move to rank")
        with self._lock:
            result = self._search(to_state(searched), limits, LEAF_CODES[evaluation], utility)
        return _ranked(searched, result, _worth_of(utility))

    def stats(self) -> TableStats:
        """The table's statistics (``bytes``, ``entries``, ``used``, ``probes``, ``hits``, ...)."""
        with self._lock:
            return self._table.stats()

    def _search(self, state: State, limits: _Limits, leaf: int, utility: Utility | None = None) -> SearchResult:
        model = _shipped_core_model() if leaf == LEAF_CODES["trained"] else None
        return self._core.search(self._table, state, limits.depth, limits.time_ms, limits.nodes, leaf, model,
                                 None if utility is None else utility.core_tables)

    def _bounds(self, state: State, depth: int, limits: _Limits,
                utility: Utility | None = None) -> tuple[tuple[float, float], int]:
        """Proven bounds of the value to NS: the values with every horizon leaf at NS's worst
        and at NS's best, each search deepening up to ``depth`` within its share of the call's
        limits; and the nodes spent."""
        at = _Limits(depth, math.ceil(limits.time_ms * PROOF_SHARE), math.ceil(limits.nodes * PROOF_SHARE))
        low = self._search(state, at, LEAF_PESSIMISTIC, utility)
        high = self._search(state, at, LEAF_OPTIMISTIC, utility)
        return (low["value_ns"], high["value_ns"]), low["nodes"] + high["nodes"]


def _ranked(position: Position, result: SearchResult, worth: Callable[[float], float] = float) -> list[MoveValue]:
    """The root moves of a search of ``position``, best first for the side to act, values
    within SAME_VALUE made one (ties in the engine's order, the order the core lists them in),
    each turned by ``worth`` (the identity, or a Utility's ``equity``)."""
    ranked = sorted(((index, move_of(code), worth(_for_side(position, value)))
                     for index, (code, value) in enumerate(result["moves"])),
                    key=lambda entry: (-entry[2], entry[0]))
    values = tied([value for _, _, value in ranked])
    return [MoveValue(move, value) for (_, move, _), value in sorted(
        zip(ranked, values), key=lambda pair: (-pair[1], pair[0][0]))]


def _previous(position: Position, result: SearchResult,
              worth: Callable[[float], float] = float) -> tuple[MoveValue, ...]:
    """Each root move's value at the depth before the last, for the side to act, in the core's
    order (none after depth 1 alone), turned by ``worth``."""
    return tuple(MoveValue(move_of(code), worth(_for_side(position, value)))
                 for (code, _), value in zip(result["moves"], result["previous"]))


def tied(values: list[float]) -> list[float]:
    """Values best first, each within SAME_VALUE of the one before it made equal to it.

    >>> tied([3.0, 3.0 - 1e-12, 1.0])
    [3.0, 3.0, 1.0]
    """
    result: list[float] = []
    for value in values:
        result.append(result[-1] if result and result[-1] - value <= SAME_VALUE else value)
    return result


@cache
def _shipped_core_model() -> Model:
    """The shipped trained model, handed to the core once per process."""
    from eights.solver import _core

    return _core.Model(shipped_model().weights)


def _limits(depth: int | None, time_ms: float | None, node_limit: int | None) -> _Limits:
    """Check the arguments and apply the defaults."""
    if depth is not None and (not _positive_int(depth) or depth > MAX_DEPTH):
        raise SolverError("depth", f"must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}")
    if time_ms is not None and (isinstance(time_ms, bool) or not isinstance(time_ms, (int, float))
                                or not 0 < time_ms <= MAX_TIME_MS):
        raise SolverError("time_ms", f"must be a positive number of milliseconds up to {MAX_TIME_MS}, "
                          f"got {time_ms!r}")
    if node_limit is not None and (not _positive_int(node_limit) or node_limit > MAX_NODE_LIMIT):
        raise SolverError("node_limit", f"must be a whole number from 1 to {MAX_NODE_LIMIT}, got {node_limit!r}")
    if depth is None and time_ms is None:
        time_ms = DEFAULT_TIME_MS
    budget = 0 if time_ms is None else max(1, math.ceil(time_ms))
    return _Limits(depth or MAX_DEPTH, budget, node_limit or 0)


def _check_evaluation(evaluation: str) -> None:
    if evaluation not in EVALUATIONS:
        raise SolverError("evaluation", f"unknown evaluation {evaluation!r} (expected {', '.join(EVALUATIONS)})")


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _for_side(position: Position, value_ns: float) -> float:
    """A value from NS's view turned to the side to act's (+ 0.0 turns -0.0 into 0.0)."""
    return (value_ns if position.side_to_act == 0 else -value_ns) + 0.0


def _ns_of(value: float, side: int, utility: Utility | None) -> float:
    """NS's value from the side to act's: the same, the opposite payoff, or the rest of the total worth."""
    if side == 0:
        return value
    return -value if utility is None else utility.total - value


def _worth_of(utility: Utility | None) -> Callable[[float], float]:
    """How a core value, turned to a side, becomes the solution's: as it is, or its equity."""
    return float if utility is None else utility.equity


def _ms_since(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 3)
