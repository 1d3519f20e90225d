"""Analysing a played deal: each move's value against the best move's, how sure the search is
of the loss between, what each draw brought, and per side the skill and the luck.

Values are for the side that moved. A played draw is worth the draw's expectation in the
solution (what drawing was worth), not what the cards it happened to bring made of it: what
they made of it is the draw's luck (``eights.answers.analyse.accounts``). In ``fixed-order`` mode a
step after a reshuffle, whose stock has no known order, is searched with its draws random
(``expectimax``), and the step says so.

How sure: a step says the depth its search reached and whether its best move was also the
best one depth shallower (``stable``). A loss is a **mistake** only when it is larger than what
the search tells apart (``margin``): nothing when the value is exact, else how far the best and
the played move's values moved between the last two depths (``Solution.margin``). A search that
reached depth 1 alone tells no loss apart.

A synchronous request asked with neither ``time_ms`` nor ``depth`` shares the request budget
(EIGHTS_MAX_REQUEST_MS) over its positions, up to the default search time each and no less
than SHARED_FLOOR_MS; a job searches each position for the default time. A synchronous
request whose time runs out before its last searches answers the analysis of the moves up to
the last position searched (``complete`` false, the rest in ``not_done``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from eights.answers.analyse.accounts import Entry, summary
from eights.answers.common.reading import side_name
from eights.games.sce2_fair import ns_value
from eights.answers.plan import Plan
from eights.answers.service import SearchOptions, SolveResult, SolveService
from eights.engine.moves import Move
from eights.engine.notation import compact
from eights.engine.position import Position
from eights.engine.record import DEAL, DealRecord
from eights.engine.rules import normalised
from eights.engine.scoring import score
from eights.solver.api import CALL_ALLOWANCE, SAME_VALUE, rounded
from eights.solver.modes import EXPECTIMAX, FIXED_ORDER

RECORD_KEYS = ("format", "version", "kind", "position", "moves", "result", "dealt", "players")  # a deal record's
SHARED_FLOOR_MS = 20  # the least time a position gets when a request's budget is shared over its positions
SHARED_PART = 0.8  # the part of the budget shared out: the rest is room for searches that overrun on a busy machine


def plan(service: SolveService, args: dict[str, Any], shared_ms: int | None = None) -> Plan:
    """The plan of a validated analyse request, a deal record of any version
    (``eights.engine.record``) and the search options: NotationError naming the field of a bad
    position, move, result, dealt or players, IllegalMoveError naming the step of a move the
    rules forbid. ``shared_ms``: a budget to share over the positions when the request asks for
    neither time_ms nor depth (a synchronous request's), None to search each for the default time (a job)."""
    data = {key: args[key] for key in RECORD_KEYS if key in args}
    if "format" in data:  # a job's body has a kind of its own (analyse): a record's is a deal's
        data.setdefault("kind", DEAL)
    record = DealRecord.from_json(data)
    options = service.options(args, service.settings.solve_time_ms)
    return record_plan(record, sharing(record, options, shared_ms if asks_neither(args) else None))


def asks_neither(args: dict[str, Any]) -> bool:
    """True when a request asks for neither time_ms nor depth: its budget may be shared."""
    return args.get("time_ms") is None and args.get("depth") is None


def sharing(record: DealRecord, options: SearchOptions, shared_ms: int | None) -> SearchOptions:
    """``options`` for analysing ``record``: with ``shared_ms``, each position gets its share of
    that budget (``shared_time_ms``, at most ``options.time_ms``); without, ``options``."""
    if shared_ms is None:
        return options
    return replace(options, time_ms=shared_time_ms(searches_of(record), options.time_ms, shared_ms), shared=True)


def shared_time_ms(searches: int, default_ms: int, budget_ms: int) -> int:
    """Each search's time when ``searches`` share SHARED_PART of ``budget_ms`` (proofs included),
    at most ``default_ms`` and at least SHARED_FLOOR_MS (a record too long for that is analysed
    up to the request's deadline, its answer partial: ``_analysis``).

    >>> shared_time_ms(30, 1000, 60000), shared_time_ms(300, 1000, 60000), shared_time_ms(2001, 1000, 60000)
    (1000, 106, 20)
    """
    share = int(budget_ms * SHARED_PART / (CALL_ALLOWANCE * max(searches, 1)))
    return min(default_ms, max(SHARED_FLOOR_MS, share))


def searches_of(record: DealRecord) -> int:
    """How many positions analysing ``record`` searches: each a move was played in, and the
    last one unless the deal is over there (its value ends the account of skill and luck)."""
    return len(record.moves) + (not record.positions()[-1].is_over)


def record_plan(record: DealRecord, options: SearchOptions) -> Plan:
    """The searches of every step of ``record`` (and of its last position, unless the deal is
    over) and, from their results, the analysis: every step with its loss and luck, and a
    summary (``eights.answers.analyse.accounts``).

    Raises IllegalMoveError naming the step (``moves[3]``) of a move the rules forbid.
    """
    positions = record.positions()
    searched = positions if not positions[-1].is_over else positions[:-1]
    searches = [(position, step_options(position, options)) for position in searched]
    return Plan(searches, "moves", partial(_analysis, record, positions, options))


def _analysis(record: DealRecord, positions: list[Position], options: SearchOptions,
              results: Sequence[SolveResult]) -> dict[str, Any]:
    """The analysis of ``record`` from its searches' ``results``: of the whole deal, or when the
    request's time ran out before the last ones (fewer results than searches), of its moves up
    to the last position searched, the rest named in ``not_done``."""
    complete = len(results) == searches_of(record)
    moves = record.moves if complete else record.moves[:len(results) - 1]
    last = positions[len(moves)]
    end_ns = float(score(last).payoff_ns) if last.is_over else results[-1].solution.value_ns
    values_after = [result.solution.value_ns for result in results[1:len(moves)]] + [end_ns]
    accounted = [_step(index, before, move, result, after_ns) for index, (before, move, result, after_ns)
                 in enumerate(zip(positions, moves, results, values_after))]
    start_ns = results[0].solution.value_ns if results else end_ns
    return {
        "position": compact(record.start),
        "complete": complete,
        "not_done": list(range(len(moves), len(record.moves))),
        "steps": [step for step, _ in accounted],
        "summary": {
            **summary(accounted, start_ns, end_ns),
            "searched": {"time_ms": options.time_ms or None, "depth": options.depth},
            "final": compact(last),
            "over": last.is_over,
            "score": score(last).to_json() if last.is_over else None,
        },
    }


def step_options(position: Any, options: SearchOptions) -> SearchOptions:
    """The options a step of a position of any game is searched with: ``fixed-order`` turns to
    ``expectimax`` where a reshuffle left the stock's order unknown (or, in a game of the
    family, none was given)."""
    if options.mode == FIXED_ORDER and position.order is None and position.stock:
        return replace(options, mode=EXPECTIMAX)
    return options


def _step(index: int, before: Position, move: Move, result: SolveResult,
          after_ns: float) -> tuple[dict[str, Any], Entry]:
    """One step: the played move against the best, how sure the search is, and a draw's luck
    (the value for NS after it, ``after_ns``, minus the draw's expectation); and its entry in
    the accounts, unrounded."""
    solution = result.solution
    chosen = normalised(before, move)
    played_value = solution.value_of(chosen)
    best = solution.moves[0]
    side = before.side_to_act
    loss = best.value - played_value
    margin = solution.margin(chosen)
    played_ns = played_value if side == 0 else -played_value
    luck_ns = after_ns - played_ns if chosen.is_draw and before.drawable else None  # a pass draws nothing
    mistake = loss > SAME_VALUE and margin is not None and loss > margin
    entry = Entry(side, loss, mistake, len(solution.moves) > 1, luck_ns, after_ns - played_ns)
    return {
        "step": index,
        "position": result.position,
        "side": side_name(side),
        "value_ns": ns_value(best.value, side),
        "played": move.notation(),
        "played_value": rounded(played_value),
        "played_value_ns": ns_value(played_value, side),
        "after_ns": rounded(after_ns),
        "best": best.move.notation(),
        "best_value": rounded(best.value),
        "loss": rounded(loss),
        "mistake": mistake,
        "margin": None if margin is None else rounded(margin),
        "stable": solution.stable,
        "choices": len(solution.moves),
        "luck": None if luck_ns is None else ns_value(luck_ns, side),
        "luck_ns": None if luck_ns is None else rounded(luck_ns),
        "mode": solution.mode,
        "depth": solution.depth,
        "exact": solution.exact,
        "cached": result.cached,
    }, entry
