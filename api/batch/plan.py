"""A batch request as a plan: its positions, each searched with the request's options."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from eights.api.common.game_reading import read_position_in_game
from eights.api.common.schemas import SolutionSchema
from eights.api.plan import Plan
from eights.api.service import SolveResult, SolveService


def plan(service: SolveService, args: dict[str, Any]) -> Plan:
    """The plan of a validated batch request, its positions of the game ``rules`` names (or
    each position's own: a batch may hold several games, each searched with its own defaults);
    NotationError naming ``positions[i]`` for a bad one."""
    read = [read_position_in_game(value, args.get("rules"), f"positions[{index}]")[1]
            for index, value in enumerate(args["positions"])]
    options = service.options(args, service.settings.solve_time_ms)
    return Plan([(position, options) for position in read], "positions", partial(answer, len(read)))


def answer(asked: int, results: Sequence[SolveResult]) -> dict[str, Any]:
    """/v1/batch's answer: the results in order, how many distinct positions they are, and
    whether all ``asked`` positions were solved (``complete``; else ``not_done``: the indexes
    of the positions the request's time ran out before, the last ones)."""
    return {"results": [answered(result) for result in results], "unique": len({result.position for result in results}),
            "complete": len(results) == asked, "not_done": list(range(len(results), asked))}


def answered(result: SolveResult) -> dict[str, Any]:
    """A result as the document gives it: /v1/solve's answer, in any game."""
    return SolutionSchema().dump(result.to_json())  # type: ignore[no-any-return]
