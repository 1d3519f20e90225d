"""``solve``: the family games' double-dummy search in the native core (``_core.family_search``),
answering as ``eights.solver.family.solve`` (the pure-Python reference) answers, with the
same ``FamilySolution``: the same values (to 1e-9), best move, order of the moves, line,
depth; in ``maxn`` the same bounds and exactness too.

``utility`` plays a deal of two seats whose winner collects (classic/2) for the game around it
(``eights.solver.utility``: the core's max-n reads each finished deal's and each horizon leaf's
payoff to seat 0 through the utility's tables, seat 1's worth the rest of the total): every
value is then a seat's worth (its chance of winning the game), and the solution says
``play_for``. Without one the core searches the payoffs, exactly as before.

``brs`` (Best-Reply Search, docs/family-solver.md) is the core's alone: its values are the
search's estimates, never exact, its bounds the payoff range.

In ``paranoid`` the core runs alpha-beta, so its proof is sce2's: the same search with every
horizon leaf at the least and at the most a payoff of the deal can be; ``exact`` when the two
meet (within ``SAME_VALUE``), and ``bounds`` those two values. They hold wherever the
reference's do and are never wider; where a move that may tie the best is unproven but
cannot beat it (a hand going out for 0 beside a horizon leaf that can at most reach 0), the
core calls exact what the reference leaves open.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/2 0:5.K.. 1:9... up:5C turn:0 stock:..2.")
>>> s = solve(p, depth=2, evaluation="material")
>>> s.best.notation(), s.value, s.values, s.exact
('play 5S', -10.0, (-10.0, 10.0), False)
>>> solve(p, depth=2, mode="paranoid", player=1, evaluation="material").value
10.0
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from eights.engine.cards import Seat
from eights.engine.family.position import FamilyPosition
from eights.solver.limits import DEFAULT_TIME_MS, MAX_DEPTH
from eights.solver.family.api import finished, ms_since, prepared, shown_values
from eights.solver.family.evaluation import DEFAULT_EVALUATION, PLAYOUTS, default_evaluation, payoff_range
from eights.solver.family.objective import BRS, MAXN, PARANOID, Objective
from eights.solver.errors import FirstDepthOutlasted, SolverError
from eights.solver.family.solution import FamilyMoveValue, FamilySolution
from eights.solver.family.trained import weights_for
from eights.solver.family_convert import move_of, to_state
from eights.solver.modes import EXPECTIMAX
from eights.solver.utility import Utility, read

if TYPE_CHECKING:
    from eights.solver._core import FamilySearchResult, FamilyTable

DEFAULT_TABLE_MB = 64
DEFAULT_PLAYOUTS = 64  # a horizon leaf's playouts with the playouts evaluation at a depth or node limit
SOLVE_SHARE = 0.5  # by time with playouts, no stock: the time's share that first tries to solve the position exactly
UCT_EXPLORATION = 0.08  # UCT's bound constant on payoffs scaled to [0, 1] by the deal's payoff range
UCT_MAX_NODES = 1 << 20  # UCT's tree at most (the core's FAM_UCT_MAX_NODES): 52 MB at four seats, 84 MB at eight
MODE_CODES = {MAXN: 0, PARANOID: 1, BRS: 2}

_tables = threading.local()


def default_table() -> FamilyTable:
    """This thread's family table (``DEFAULT_TABLE_MB``), made on first use."""
    table = getattr(_tables, "table", None)
    if table is None:
        from eights.solver import _core  # imported here so that the pure-Python parts work without it

        table = _tables.table = _core.FamilyTable(DEFAULT_TABLE_MB)
    return table


def solve(position: FamilyPosition, depth: int | None = None, time_ms: float | None = None, mode: str = MAXN,
          player: Seat | None = None, evaluation: str | None = None, node_limit: int | None = None,
          table: FamilyTable | None = None, stock: str = EXPECTIMAX, utility: Utility | None = None,
          playouts: int = 0, playout_seed: int = 0) -> FamilySolution:
    """Search a family position in the core: the arguments, defaults and errors of
    ``eights.solver.family.solve`` (``depth`` alone searches exactly that deep; a time or node
    limit deepens from 1, stopping once every root move is exact; with neither ``depth`` nor
    ``time_ms``, ``DEFAULT_TIME_MS``; ``stock``: ``expectimax`` drops the position's order,
    ``fixed-order`` draws in it until a reshuffle), ``table`` (by default this thread's,
    kept warm between calls; a known order is part of a position's key), and ``utility`` (the
    module docstring; SolverError naming ``play_for`` for a game or an objective without one).

    ``evaluation`` (None: ``playouts`` with a count of them, else ``default_evaluation``: ``playouts``
    by time alone, ``trained`` at a depth or node limit):
    with ``playouts`` each horizon leaf is the mean of ``playouts`` (0: ``DEFAULT_PLAYOUTS``)
    playouts by the heuristic in every seat (``_core.family_playout``, seeded by
    ``playout_seed`` and the leaf). By time alone, without a count, a known order or a draw
    under way, the time goes to playouts rather than depth (``played_out``, for the game too);
    with one of those, the search by time is the trained model's (and the solution says so)."""
    if evaluation is None:
        evaluation = PLAYOUTS if playouts else default_evaluation(depth, node_limit)
    elif playouts and evaluation != PLAYOUTS:
        raise SolverError("playouts", f"a count of playouts is the playouts evaluation's, not {evaluation}'s")
    start = time.perf_counter()
    position, objective, player = prepared(position, depth, time_ms, mode, player, evaluation, node_limit, stock)
    check_utility(position, mode, utility)
    seat = position.turn if player is None else player
    worth = worth_of(utility)
    if position.is_over:
        solution = finished(position, objective, player, evaluation, start)
        if utility is None:
            return solution
        assert solution.values is not None  # max-n's, every seat's payoff
        core = read(utility.core_tables[0], solution.values[0])
        worths = worth((core, -core))
        return replace(solution, value=worths[seat], values=worths, bounds=(worths[seat], worths[seat]),
                       play_for=utility.play_for)
    deepen = not (time_ms is None and node_limit is None and depth is not None)
    budget = DEFAULT_TIME_MS if time_ms is None and depth is None else time_ms  # None: no time limit
    table = table or default_table()
    if evaluation == PLAYOUTS and not playouts and depth is None and node_limit is None:
        assert budget is not None
        if position.order is None and not position.owed:
            return played_out(position, objective, seat, budget, table, utility, playout_seed, start)
        evaluation = DEFAULT_EVALUATION  # the playouts cannot take the time here: the tree search's, as at a depth
    found = _search(position, objective, seat, depth or MAX_DEPTH, deepen,
                    0 if budget is None or not deepen else max(1, round(budget)), node_limit or 0, evaluation, table,
                    utility, (playouts or DEFAULT_PLAYOUTS) if evaluation == PLAYOUTS else 0, playout_seed)
    if found["depth"] == 0:  # depth 1 outlasted the core's limit for it: 10 times the time and 1 s more
        raise FirstDepthOutlasted("time_ms", f"one action deep, this position's search outlasts {budget:g} ms more than "
                                     "tenfold (each card of a draw of several is a chance node of its own): "
                                     "ask for more time, or search it as a job")
    return _solution(position, objective, seat, found, evaluation, utility, start)


def played_out(position: FamilyPosition, objective: Objective, seat: Seat, budget: float, table: FamilyTable,
               utility: Utility | None, playout_seed: int, start: float) -> FamilySolution:
    """A search by time with ``playouts``: without a stock to draw from, a share of the time
    (``SOLVE_SHARE``) to solve the position exactly, as such an endgame (and a layout deal)
    often is (with a stock, chance keeps every line open far beyond a hint's reach); if it is
    not solved, the rest of the time to UCT over the plans of the hand to act, the other
    hands playing the heuristic and the heuristic's playouts below the tree
    (``_core.family_uct``, each iteration's stock order seeded by ``playout_seed`` and the
    position; every root move searched alike, round after round, from common stock orders;
    below it she maximises her own mean payoff, or with a paranoid objective for another seat
    pushes that seat's down): each move valued by the mean payoffs through it, ranked by them,
    its line the move itself, its depth 1. Paired deals
    measured this stronger than any deeper alpha-beta search of the same time, at least as
    strong as the heuristic's playouts of every move (the rollout) in each game and stronger
    in sce/4, and stronger than a tree in which every hand branches (docs/family-evaluation.md).
    Played for the game (``utility``), both read each deal's end through its worths, as the
    tree search's leaves do: the values are worths, and the solution says ``play_for``."""
    from eights.solver import _core

    nodes = 0
    if not position.stock:  # with a stock to draw from, an exact answer is out of reach in a hint's time
        found = _search(position, objective, seat, MAX_DEPTH, True, max(1, round(budget * SOLVE_SHARE)), 0,
                        DEFAULT_EVALUATION, table, utility, 0, 0)
        if found["depth"] and found["root"][3] and not found["sampled"]:
            return _solution(position, objective, seat, found, PLAYOUTS, utility, start)
        nodes = found["nodes"]
    left = max(1, round(budget - ms_since(start)))
    searched = _core.family_uct(to_state(position), 0, left, UCT_EXPLORATION, -1 if objective.name == MAXN else seat,
                                UCT_MAX_NODES, playout_seed, None if utility is None else utility.core_tables)
    worth = worth_of(utility)
    moves = [(move_of(position, code), objective.terminal(worth(tuple(means)))) for code, means, _ in searched["moves"]]
    order = objective.rank(position, [values for _, values in moves])
    ranked = [FamilyMoveValue(moves[index][0], *shown_values(position, objective, moves[index][1])) for index in order]
    value, values = shown_values(position, objective, moves[order[0]][1])
    low, high = payoff_range(position)
    if utility is not None:  # a seat's worths of the least and the most payoff (seat 1's the opposite of seat 0's)
        least, most = (read(utility.core_tables[0], payoff) for payoff in (low, high))
        low, high = utility.equity(min(least, -most)), utility.equity(max(most, -least))
    return FamilySolution(position.rules.name, objective.name, seat, position.turn, value, values, ranked[0].move,
                          ranked, [ranked[0].move], 1, False, (low, high), nodes + searched["nodes"],
                          ms_since(start), PLAYOUTS, False, "points" if utility is None else utility.play_for)


def _search(position: FamilyPosition, objective: Objective, seat: Seat, depth: int, deepen: bool, time_ms: int,
            node_limit: int, evaluation: str, table: FamilyTable, utility: Utility | None, playouts: int,
            playout_seed: int) -> FamilySearchResult:
    """The core's search (``_core.family_search``) of ``position`` with these limits."""
    from eights.solver import _core

    return _core.family_search(table, to_state(position), MODE_CODES[objective.name], seat, depth, deepen, time_ms,
                               node_limit, weights_for(position.rules) if evaluation == "trained" else None,
                               None if utility is None else utility.core_tables, playouts, playout_seed)


def _solution(position: FamilyPosition, objective: Objective, seat: Seat, found: FamilySearchResult, evaluation: str,
              utility: Utility | None, start: float) -> FamilySolution:
    """The solution of the core's search ``found``."""
    worth = worth_of(utility)
    moves = [(move_of(position, code), value) for code, value in found["moves"]]
    order = objective.rank(position, [value[0] for _, value in moves])
    ranked = [FamilyMoveValue(moves[index][0], *shown_values(position, objective, worth(moves[index][1][0])))
              for index in order]
    values_found, low, high, exact = found["root"]
    exact = exact and not found["sampled"]
    entry = objective.entry(position)
    value, values = shown_values(position, objective, worth(values_found))
    return FamilySolution(position.rules.name, objective.name, seat, position.turn, value, values,
                          ranked[0].move if ranked else None, ranked, _line(position, found["pv"]), found["depth"], exact,
                          (worth(low)[entry], worth(high)[entry]), found["nodes"], ms_since(start), evaluation,
                          found["sampled"], "points" if utility is None else utility.play_for)


def check_utility(position: FamilyPosition, mode: str, utility: Utility | None) -> None:
    """SolverError naming ``play_for`` when a deal is played for a game the core cannot: a
    utility is max-n's, of two seats whose deal's winner collects (``classic/2``)."""
    if utility is None:
        return
    if position.players != 2 or position.rules.target_score is None:
        raise SolverError("play_for", f"{position.rules.name} has no game around its deals to play for: only "
                                      "classic/2's (a game to 100 points) and sce2's")
    if mode != MAXN:
        raise SolverError("play_for", f"a deal played for the game is searched in maxn, not {mode}")


def worth_of(utility: Utility | None) -> Callable[[tuple[float, ...]], tuple[float, ...]]:
    """How the core's values become the solution's: as they are, or each seat's worth (``Utility.equity``)."""
    if utility is None:
        return tuple
    return lambda values: tuple(utility.equity(value) for value in values)


def _line(position: FamilyPosition, codes: list[int]) -> list[Any]:
    """The moves of the core's line, each read in the position it is played from."""
    from eights.engine.family.rules import apply_move

    line = []
    for code in codes:
        move = move_of(position, code)
        line.append(move)
        position = apply_move(position, move)
    return line
