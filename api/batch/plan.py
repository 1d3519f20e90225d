"""A batch request as a plan: its positions, each searched with the request's options."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from eights.api.common.game_reading import read_position_in_game
from eights.api.common.schemas import FamilySolutionSchema, SolutionSchema
from eights.api.plan import Plan
from eights.engine.errors import NotationError
from eights.api.service import SolveResult, SolveService


def plan(service: SolveService, args: dict[str, Any]) -> Plan:
    """The plan of a validated batch request, its positions of the game ``rules`` names (or
    each position's own); NotationError naming ``positions[i]`` for a bad one."""
    read = [read_position_in_game(value, args.get("rules"), f"positions[{index}]")
            for index, value in enumerate(args["positions"])]
    objectives = {bool(game.objectives) for game, _ in read}
    if len(objectives) > 1:
        raise NotationError("positions", "sce2 positions and a family game's cannot share one batch's options")
    options = service.options(args, service.settings.solve_time_ms, objectives.pop())
    return Plan([(position, options) for _, position in read], "positions", partial(answer, len(read)))


def answer(asked: int, results: Sequence[SolveResult]) -> dict[str, Any]:
    """/v1/batch's answer: the results in order, how many distinct positions they are, and
    whether all ``asked`` positions were solved (``complete``; else ``not_done``: the indexes
    of the positions the request's time ran out before, the last ones)."""
    return {"results": [answered(result) for result in results], "unique": len({result.position for result in results}),
            "complete": len(results) == asked, "not_done": list(range(len(results), asked))}


def answered(result: SolveResult) -> dict[str, Any]:
    """A result as the document gives it: /v1/solve's answer, sce2's or a family game's."""
    schema = FamilySolutionSchema() if result.family else SolutionSchema()
    return schema.dump(result.to_json())  # type: ignore[no-any-return]
