"""Bots: players of one side of a deal, made from specs such as ``random``, ``heuristic``,
``solver:time=100``, ``solver:depth=4,eval=material`` or ``fair:time=100,samples=16``
(``eights.play.bots.spec``).

>>> make_bot("solver:depth=4").spec
'solver:depth=4'
>>> make_bot("minimax")
Traceback (most recent call last):
...
eights.play.bots.spec.BotSpecError: bot 'minimax': unknown bot 'minimax' (known: random, heuristic, solver, fair)
"""

from __future__ import annotations

from collections.abc import Callable

from eights.play.bot import Bot
from eights.play.bots.delegate import DelegatingBot
from eights.play.bots.fair_bot import FairBot
from eights.play.bots.heuristic import HeuristicBot
from eights.play.bots.random_bot import RandomBot
from eights.play.bots.searching import SearchingBot
from eights.play.bots.solver_bot import SolverBot
from eights.play.bots.spec import BotSpec, BotSpecError, build


BOTS: dict[str, Callable[[BotSpec], Bot]] = {
    "random": RandomBot.from_spec,
    "heuristic": HeuristicBot.from_spec,
    "solver": SolverBot.from_spec,
    "fair": FairBot.from_spec,
}


def make_bot(spec: str | BotSpec) -> Bot:
    """The bot a spec describes; raises BotSpecError naming the problem."""
    return build(spec, BOTS)


__all__ = ["BOTS", "Bot", "BotSpec", "BotSpecError", "DelegatingBot", "FairBot", "HeuristicBot", "RandomBot", "SearchingBot", "SolverBot", "make_bot"]
