"""A family searching bot (and the rollout bot) held to a time per move that a caller sets (the service's limit,
or what is left of a rollout's deadline), as sce2's ``SearchingBot.time_cap`` holds sce2's.

Each of the bot's searches gets at most ``cap()`` ms, shared by the fair bot's samples (one
search each), so that a spec asking by depth alone (``solver:depth=9``) still deepens only
as far as the cap allows; a spec's own time is kept when it is less. The bot's spec, and so
its moves when the cap is not reached, are unchanged.

>>> from eights.play.family import make_family_bot
>>> bot = capped_family_bot(make_family_bot("fair:depth=2,samples=4"), lambda: 100.0)
>>> bot.spec, bot.time_cap()
('fair:depth=2,samples=4', 100.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from eights.engine.family import FamilyPosition
from eights.play.family.rollout_bot import FamilyRolloutBot
from eights.play.family.searching import FamilySearchingBot
from eights.solver.utility import Utility
from eights.solver.family.solution import FamilySolution

Cap = Callable[[], float]
AnyFamilyBot = TypeVar("AnyFamilyBot")


def capped_family_bot(bot: AnyFamilyBot, cap: Cap | None) -> AnyFamilyBot:
    """``bot``, each of its searches (when it searches) held to ``cap()`` ms a move; ``bot``
    unchanged when ``cap`` is None or it does not search. The cap is kept as ``bot.time_cap``."""
    if cap is not None and isinstance(bot, FamilyRolloutBot):  # its playouts stop at the cap
        bot.time_cap = cap
    if cap is None or not isinstance(bot, FamilySearchingBot):
        return bot
    searches = getattr(bot, "samples", 1)  # the fair bot searches each of its samples
    searching: FamilySearchingBot = bot

    def capped(position: FamilyPosition, time_ms: float | None, utility: Utility | None = None) -> FamilySolution:
        most = cap() / searches
        return FamilySearchingBot.search(searching, position, most if time_ms is None else min(time_ms, most), utility)

    bot.search = capped  # type: ignore[method-assign]
    bot.time_cap = cap  # type: ignore[attr-defined]
    return bot
