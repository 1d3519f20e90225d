"""Bots for every game of the family (RULES-FAMILY.md), made from specs as sce2's are
(``eights.play.bots.spec``): ``random``, ``heuristic``, ``solver:time=MS`` or
``solver:depth=D`` (``mode=paranoid`` beside max-n), ``fair:time=MS,samples=N`` and
``rollout:games=N`` (the heuristic's playouts of every move, ``eights.play.family.rollout_bot``; with
``samples=S`` from its own view); and
matches with one bot a seat (``eights.play.family.seats``).

>>> make_family_bot("solver:depth=3,mode=paranoid").spec
'solver:depth=3,mode=paranoid'
>>> make_family_bot("fair:time=100,samples=0")
Traceback (most recent call last):
...
eights.play.bots.spec.BotSpecError: bot 'fair:time=100,samples=0': samples must be a whole number from 1 to 10000, got '0'
"""

from __future__ import annotations

from collections.abc import Callable

from eights.play.bots.spec import BotSpec, build
from eights.play.family.bot import FamilyBot, strategy
from eights.play.family.fair_bot import FamilyFairBot
from eights.play.family.heuristic import FamilyHeuristicBot
from eights.play.family.random_bot import FamilyRandomBot
from eights.play.family.rollout_bot import FamilyRolloutBot
from eights.play.family.solver_bot import FamilySolverBot

FAMILY_BOTS: dict[str, Callable[[BotSpec], FamilyBot]] = {
    "random": FamilyRandomBot.from_spec,  # type: ignore[dict-item]  # sce2's from_spec (typed as sce2's), making the family's class
    "heuristic": FamilyHeuristicBot.from_spec,  # type: ignore[dict-item]
    "solver": FamilySolverBot.from_spec,
    "fair": FamilyFairBot.from_spec,
    "rollout": FamilyRolloutBot.from_spec,
}


def make_family_bot(spec: str | BotSpec) -> FamilyBot:
    """The family bot a spec describes; raises BotSpecError naming the problem."""
    return build(spec, FAMILY_BOTS)


__all__ = ["FAMILY_BOTS", "FamilyBot", "FamilyFairBot", "FamilyHeuristicBot", "FamilyRandomBot", "FamilyRolloutBot", "FamilySolverBot",
           "make_family_bot", "strategy"]
