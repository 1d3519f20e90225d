"""/v1/apply for the family's games (RULES-FAMILY.md): moves played on a family position, one
call per action, the state reached (``Game.state``: its legal moves,
the seat to act, the payoffs once over), and the hints asked for the player to act there."""

from __future__ import annotations

from typing import Any

from eights.answers.common.family_play import family_steps_json, hinted_seats, played_family_moves
from eights.answers.common.schemas import FamilySearchResultSchema
from eights.games import game_for
from eights.answers.fair.family import family_hint_fairly
from eights.answers.fair.hinting import fair_options
from eights.answers.request_clock import begin_part
from eights.answers.service import current_service
from eights.engine.family.position import FamilyPosition
from eights.engine.family.steps import FamilyStep, LocatedMove
from eights.solver.family import DEFAULT_EVALUATION as FAMILY_EVALUATION

HINTS = ("hint", "fair_hint")


def family_applied(position: FamilyPosition, moves: tuple[LocatedMove, ...], seed: int,
                   asked: dict[str, Any]) -> dict[str, Any]:
    """/v1/apply's answer for a family game: ``moves`` played from ``position`` (draws naming
    no cards from ``seed``), every step, the state reached, and each hint ``asked`` (``hint``,
    ``fair_hint``) for the position reached when one of its players is to act there (else,
    or not asked, null). A hint's seats are checked before any move is played."""
    seats = {field: hinted_seats(asked[field], position, field) for field in HINTS if field in asked}
    steps = played_family_moves(position, moves, seed)
    return {**family_played(position, steps, seed),
            **{field: family_hint(steps[-1].after, asked[field], field == "fair_hint")
               if field in seats and seat_to_act(steps[-1].after) in seats[field] else None for field in HINTS}}


def family_played(position: FamilyPosition, steps: list[FamilyStep], seed: int) -> dict[str, Any]:
    """The ruleset, the seed, the steps and the state reached (no hints)."""
    return {"rules": position.rules.name, "seed": seed, "steps": family_steps_json(steps),
            **game_for(position).state(steps[-1].after)}


def seat_to_act(position: FamilyPosition) -> int | None:
    """The seat to act in ``position``; None once the deal is over."""
    return None if position.is_over else position.turn


def family_hint(position: FamilyPosition, asked: dict[str, Any], fair: bool) -> dict[str, Any]:
    """The hint ``asked`` of ``position`` (a hand to act), as /v1/hint answers it (``fair``: as
    /v1/fair-hint, from the player to act's view), in its schema's form."""
    service = current_service()
    begin_part("fair_hint" if fair else "hint")
    if fair:
        search = fair_options(service, asked, evaluation=FAMILY_EVALUATION)
        return family_hint_fairly(service, position, asked["samples"], search, asked["seed"]).to_json()
    result = service.solve(position, service.hint_options(asked, family=True))
    hint: dict[str, Any] = FamilySearchResultSchema().dump(result.to_json())
    return hint
