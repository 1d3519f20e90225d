"""``solve``: the family games' double-dummy search behind one call, in the manner of
``eights.solver.Solver.solve``, on the pure-Python reference search.

``depth`` alone searches exactly that deep (a function of the position and the depth);
``time_ms`` or ``node_limit`` deepens from depth 1 until either is spent (``depth`` then
caps it; depth 1 is always completed, so that there is an answer), and stops early once
every root move's value is exact (a deeper search cannot change an exact value: the bounds
only narrow as the search deepens, and each value lies within its own). With neither
``depth`` nor ``time_ms``, ``DEFAULT_TIME_MS`` (beside any ``node_limit``).

``stock`` says how the search treats the stock's order, with ``sce2``'s words
(``eights.solver.modes``), and combines with either ``mode``: ``expectimax`` (the default)
drops any order the position carries, so that every draw is a chance node uniform over the
stock; ``fixed-order`` follows the position's ``order`` (required with a non-empty stock), each
draw bringing the top card, until a reshuffle makes the order unknown again.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/2 0:5.K.. 1:9... up:5C turn:0 stock:..2.")
>>> s = solve(p, depth=2, evaluation="material")   # seat 1 goes out on 9S and collects KH; or draws 2D (horizon)
>>> s.best.notation(), s.value, s.values, s.exact
('play 5S', -10.0, (-10.0, 10.0), False)
>>> solve(p, depth=2, mode="paranoid", player=1, evaluation="material").value
10.0
>>> q = parse_family("rules:classic/2 0:4... 1:9.K.. up:5C turn:0 stock:..2.4 order:4C,2D")
>>> # in fixed-order, 4C is drawn, then played
>>> [solve(q, depth=3, stock=stock, evaluation="material").value for stock in ("expectimax", "fixed-order")]
[20.0, 21.0]
"""

from __future__ import annotations

import time
from dataclasses import replace

from eights.engine.cards import Seat
from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.scoring import payoffs
from eights.solver.limits import DEFAULT_TIME_MS, MAX_DEPTH, MAX_NODE_LIMIT, MAX_TIME_MS
from eights.solver.errors import SolverError
from eights.solver.modes import EXPECTIMAX, FIXED_ORDER
from eights.solver.modes import MODES as STOCK_MODES
from eights.solver.family.evaluation import DEFAULT_EVALUATION, EVALUATIONS, PLAYOUTS, SEARCH_EVALUATIONS
from eights.solver.family.objective import (BRS, MAXN, MODES, PARANOID, BestReply, MaxN, Objective, Paranoid, Values,
                                            zero_sum)
from eights.solver.family.reference import OutOfBudget, Search, Value
from eights.solver.family.solution import FamilyMoveValue, FamilySolution

NAMED_PLAYER = (PARANOID, BRS)  # the modes that search for one named player


def solve(position: FamilyPosition, depth: int | None = None, time_ms: float | None = None, mode: str = MAXN,
          player: Seat | None = None, evaluation: str = DEFAULT_EVALUATION,
          node_limit: int | None = None, stock: str = EXPECTIMAX) -> FamilySolution:
    """Search a family position (the module docstring for depth, time and ``stock``):
    ``maxn`` (every player for herself) or ``paranoid`` for ``player`` (by default the hand to
    act); draws at random (``expectimax``) or in the position's order (``fixed-order``).

    Raises SolverError naming the argument: not a family position, an unknown mode, stock
    mode or evaluation, ``fixed-order`` without an order, a seat that is not one, a player
    named in ``maxn``, a depth, time or node limit out of range; ``brs`` and the ``playouts``
    evaluation, which only the native core searches (``eights.solver.family_native.solve``).
    """
    start = time.perf_counter()
    if mode == BRS:
        raise SolverError("mode", "brs is searched by the native core only (eights.solver.family_native.solve)")
    if evaluation == PLAYOUTS:
        raise SolverError("evaluation", "playouts are the native core's only (eights.solver.family_native.solve)")
    position, objective, player = prepared(position, depth, time_ms, mode, player, evaluation, node_limit, stock)
    search = Search(position.rules, objective, EVALUATIONS[evaluation])
    if position.is_over:
        return finished(position, objective, player, evaluation, start)
    if time_ms is None and node_limit is None and depth is not None:
        reached, root = depth, search.value(position, depth)
    else:
        budget = DEFAULT_TIME_MS if time_ms is None and depth is None else time_ms
        reached, root = _deepen(search, position, depth or MAX_DEPTH, budget, node_limit)
    nodes = search.nodes
    moves = [] if position.owed else search.moves(position, reached)
    order = objective.rank(position, [value.values for _, value in moves])
    ranked = [FamilyMoveValue(moves[index][0], *shown_values(position, objective, moves[index][1].values))
              for index in order]
    seat = position.turn if player is None else player
    entry = objective.entry(position)
    value, values = shown_values(position, objective, root.values)
    return FamilySolution(position.rules.name, mode, seat, position.turn, value, values,
                          ranked[0].move if ranked else None, ranked, _pv(search, position, reached), reached,
                          root.exact, (root.low[entry], root.high[entry]), nodes, ms_since(start), evaluation)


def searched_position(position: FamilyPosition, stock: str) -> FamilyPosition:
    """The position the search sees with ``stock``: without its order in ``expectimax``;
    as it is in ``fixed-order``, which needs the order of a non-empty stock (``sce2``'s
    ``eights.solver.modes.searched_position``).

    >>> from eights.engine.family.notation import parse_family
    >>> p = parse_family("rules:classic/2 0:4... 1:9... up:5C turn:0 stock:..2.4 order:4C,2D")
    >>> searched_position(p, "expectimax").order, searched_position(p, "fixed-order").order
    (None, (42, 27))
    """
    if stock == EXPECTIMAX:
        return replace(position, order=None) if position.order is not None else position
    if stock != FIXED_ORDER:
        raise SolverError("stock", f"unknown stock mode {stock!r} (expected {' or '.join(STOCK_MODES)})")
    if position.order is None and position.stock:
        raise SolverError("stock", "fixed-order needs a position with the stock's order (order:)")
    return position


def _deepen(search: Search, position: FamilyPosition, cap: int, time_ms: float | None,
            node_limit: int | None) -> tuple[int, Value]:
    """Iterative deepening: the deepest depth up to ``cap`` completed within the budget (no
    time limit when ``time_ms`` is None; depth 1 always)."""
    reached, root = 1, search.value(position, 1)
    search.deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000
    search.max_nodes = node_limit
    for depth in range(2, cap + 1):
        try:
            if _settled(search, position, reached, root):
                break
            root = search.value(position, depth)
        except OutOfBudget:
            break
        reached = depth
    search.deadline = search.max_nodes = None
    return reached, root


def _settled(search: Search, position: FamilyPosition, depth: int, root: Value) -> bool:
    """Whether the root and every root move are exact, so that no deeper search changes them."""
    if position.owed:
        return root.exact
    return all(value.exact for _, value in search.moves(position, depth))


def shown_values(position: FamilyPosition, objective: Objective, found: Values) -> tuple[float, tuple[float, ...] | None]:
    """A value as a solution shows it: for the solution's player (the mover in ``maxn``), and
    every seat's payoff where the mode has them (``paranoid``: two players of a zero-sum game)."""
    if isinstance(objective, Paranoid):
        value = found[0]
        if position.players == 2 and zero_sum(position.rules):
            return value, (value, -value) if objective.player == 0 else (-value, value)
        return value, None
    return found[position.turn], tuple(found)


def _pv(search: Search, position: FamilyPosition, depth: int) -> list[FamilyMove]:
    """The line the players choose from ``position``, up to the horizon, a finished deal, or
    just after a draw left to chance."""
    line: list[FamilyMove] = []
    nodes = search.nodes
    while depth > 0 and not position.is_over and not position.owed:
        moves = search.moves(position, depth)
        move, _ = moves[search.objective.choose(position, [value.values for _, value in moves])]
        line.append(move)
        position, depth = search.child(position, move), depth - 1
    search.nodes = nodes
    return line


def prepared(position: FamilyPosition, depth: int | None, time_ms: float | None, mode: str, player: Seat | None,
             evaluation: str, node_limit: int | None, stock: str) -> tuple[FamilyPosition, Objective, Seat | None]:
    """What a solve searches, its arguments checked (``check_arguments``): the position as the
    ``stock`` mode sees it, the objective and its player (paranoid's, the hand to act by
    default; None in maxn). The native core's solve starts with it too."""
    check_arguments(position, depth, time_ms, mode, player, evaluation, node_limit)
    position = searched_position(position, stock)
    if mode in NAMED_PLAYER and player is None:
        player = position.turn
    objective: Objective = MaxN() if player is None else BestReply(player) if mode == BRS else Paranoid(player)
    return position, objective, player


def finished(position: FamilyPosition, objective: Objective, player: Seat | None, evaluation: str,
             start: float) -> FamilySolution:
    """The solution of a deal already over: its payoffs, exact, no move."""
    paid = tuple(float(payoff) for payoff in payoffs(position))
    value, values = shown_values(position, objective, objective.terminal(paid))
    seat = position.turn if player is None else player
    return FamilySolution(position.rules.name, objective.name, seat, None, value, values, None, [], [], 0,
                          True, (value, value), 0, ms_since(start), evaluation)


def check_arguments(position: FamilyPosition, depth: int | None, time_ms: float | None, mode: str, player: Seat | None,
           evaluation: str, node_limit: int | None) -> None:
    """Refuse bad arguments, each error naming its argument (the native core's solve checks
    its own with this too)."""
    if not isinstance(position, FamilyPosition):
        raise SolverError("position", f"a family position (eights.engine.family), not {type(position).__name__}; "
                          "sce2 positions are solved by eights.solver.Solver")
    if mode not in MODES:
        raise SolverError("mode", f"unknown mode {mode!r} (expected {' or '.join(MODES)})")
    if player is not None:
        if mode not in NAMED_PLAYER:
            raise SolverError("player", "only the paranoid and brs modes name a player")
        if not _whole(player) or not 0 <= player < position.players:
            raise SolverError("player", f"a seat from 0 to {position.players - 1}, not {player!r}")
    if evaluation not in SEARCH_EVALUATIONS:
        raise SolverError("evaluation", f"unknown evaluation {evaluation!r} (expected {', '.join(SEARCH_EVALUATIONS)})")
    if depth is not None and (not _whole(depth) or not 1 <= depth <= MAX_DEPTH):
        raise SolverError("depth", f"must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}")
    if time_ms is not None and (isinstance(time_ms, bool) or not isinstance(time_ms, (int, float))
                                or not 0 < time_ms <= MAX_TIME_MS):
        raise SolverError("time_ms", f"must be a positive number of milliseconds up to {MAX_TIME_MS}, got {time_ms!r}")
    if node_limit is not None and (not _whole(node_limit) or not 1 <= node_limit <= MAX_NODE_LIMIT):
        raise SolverError("node_limit", f"must be a whole number from 1 to {MAX_NODE_LIMIT}, got {node_limit!r}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def ms_since(start: float) -> float:
    """Milliseconds since ``start`` (``time.perf_counter``), to the microsecond."""
    return round((time.perf_counter() - start) * 1000, 3)
