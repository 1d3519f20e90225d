"""Analysing a played deal: each move's value against the best move's, and the loss between.

Values are for the side that moved. A played draw is worth the draw's expectation in
the solution (what drawing was worth), not what the cards it happened to bring made of it.
In ``fixed-order`` mode a step after a reshuffle, whose stock has no known order, is
searched with its draws random (``expectimax``), and the step says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from eights.api.common.reading import ns_value, side_name
from eights.api.plan import Plan
from eights.api.service import SearchOptions, SolveResult, SolveService
from eights.engine.moves import Move
from eights.engine.notation import compact
from eights.engine.position import Position
from eights.engine.record import DEAL, DealRecord
from eights.engine.rules import normalised
from eights.engine.scoring import score
from eights.solver.api import rounded
from eights.solver.modes import EXPECTIMAX, FIXED_ORDER

MISTAKES_SHOWN = 5
RECORD_KEYS = ("format", "version", "kind", "position", "moves", "result", "dealt", "players")  # a deal record's


def plan(service: SolveService, args: dict[str, Any]) -> Plan:
    """The plan of a validated analyse request, a deal record of any version
    (``eights.engine.record``) and the search options: NotationError naming the field of a bad
    position, move, result, dealt or players, IllegalMoveError naming the step of a move the rules forbid."""
    data = {key: args[key] for key in RECORD_KEYS if key in args}
    if "format" in data:  # a job's body has a kind of its own (analyse): a record's is a deal's
        data.setdefault("kind", DEAL)
    record = DealRecord.from_json(data)
    return record_plan(record, service.options(args, service.settings.solve_time_ms))


def record_plan(record: DealRecord, options: SearchOptions) -> Plan:
    """The searches of every step of ``record`` and, from their results, the analysis: every
    step with its loss, and a summary (loss per side, largest mistakes).

    Raises IllegalMoveError naming the step (``moves[3]``) of a move the rules forbid.
    """
    positions = record.positions()
    searches = [(before, step_options(before, options)) for before in positions[:-1]]
    return Plan(searches, "moves", partial(_analysis, record, positions))


def _analysis(record: DealRecord, positions: list[Position], results: Sequence[SolveResult]) -> dict[str, Any]:
    steps = [_step(index, before, move, result)
             for index, (before, move, result) in enumerate(zip(positions, record.moves, results))]
    last = positions[-1]
    return {
        "position": compact(record.start),
        "steps": steps,
        "summary": {
            "loss": {side: sum(step["loss"] for step in steps if step["side"] == side) for side in ("NS", "EW")},
            "mistakes": sorted((step for step in steps if step["loss"] > 0), key=lambda step: -step["loss"])
            [:MISTAKES_SHOWN],
            "final": compact(last),
            "over": last.is_over,
            "score": score(last).to_json() if last.is_over else None,
        },
    }


def step_options(position: Position, options: SearchOptions) -> SearchOptions:
    """The options a step is searched with: ``fixed-order`` turns to ``expectimax`` where a
    reshuffle left the stock's order unknown."""
    if options.mode == FIXED_ORDER and position.order is None and position.stock:
        return replace(options, mode=EXPECTIMAX)
    return options


def _step(index: int, before: Position, move: Move, result: SolveResult) -> dict[str, Any]:
    solution = result.solution
    chosen = normalised(before, move)
    played_value = solution.value_of(chosen)
    best = solution.moves[0]
    side = before.side_to_act
    return {
        "step": index,
        "position": result.position,
        "side": side_name(side),
        "value_ns": ns_value(best.value, side),
        "played": move.notation(),
        "played_value": rounded(played_value),
        "played_value_ns": ns_value(played_value, side),
        "best": best.move.notation(),
        "best_value": rounded(best.value),
        "loss": rounded(best.value - played_value),
        "mode": solution.mode,
        "depth": solution.depth,
        "exact": solution.exact,
        "cached": result.cached,
    }
