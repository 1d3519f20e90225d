"""Reading a bot spec in a request, in any game (``Game.make_bot``): the bot, its errors naming
the field, and a searching bot (``solver:``, ``fair:``) held to the service's limits (depth,
time per move, samples, table size), its every move's search stopping at EIGHTS_MAX_TIME_MS
even when the spec asks by depth alone."""

from __future__ import annotations

import math
from typing import Any

from eights.answers.errors import LimitExceeded
from eights.answers.service import SolveService
from eights.engine.errors import NotationError
from eights.games import Game
from eights.play.bots import BotSpecError
from eights.play.bots.searching import TABLE_MB

SOLVER, FAIR = "solver", "fair"  # the kinds of bot that search, in every game
ROLLOUT = "rollout"  # the family's rollout bot: playouts by the heuristic, for a time or a number of games


def bot_kind(bot: Any) -> str:
    """What a bot is, in every game: the kind its spec names (``random``, ``heuristic``, ``solver``, ``fair``).

    >>> from eights.games import find_game
    >>> bot_kind(find_game("classic/4").make_bot("fair:depth=2")), bot_kind(find_game("sce2").make_bot("random"))
    ('fair', 'random')
    """
    return str(bot.spec).partition(":")[0]


def read_game_bot(service: SolveService, game: Game[Any, Any, Any], spec: str, field: str = "bot") -> Any:
    """The bot ``spec`` names in ``game`` (``Game.make_bot``); NotationError naming ``field`` for
    a spec the game's bots do not take (sce2's ``hold8=`` in the family), LimitExceeded for a
    searching bot (or the family's rollout bot) over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS or
    EIGHTS_MAX_SAMPLES, or with a
    table (``tt=``) larger than the service's (EIGHTS_TT_MB, or the bots' default when larger: a
    rollout job's bots make their tables on the cluster's workers). Each move's search is at
    most EIGHTS_MAX_TIME_MS (``Game.capped_bot``), a rollout bot's playouts too."""
    try:
        bot = game.make_bot(spec)
    except BotSpecError as error:
        raise NotationError(field, f"{spec!r}: {error.problem}") from None
    if bot_kind(bot) in (SOLVER, FAIR):
        service.limit(field, bot.depth, "max_depth")
        service.limit(field, None if bot.time_ms is None else math.ceil(bot.time_ms), "max_time_ms")
        table_mb = getattr(bot, "tt_mb", None)  # a bot whose spec sizes its own table (tt=MB)
        if table_mb is not None and table_mb > (most_mb := max(service.settings.tt_mb, TABLE_MB)):
            raise LimitExceeded(field, "tt_mb", most_mb)
    if bot_kind(bot) == ROLLOUT:
        service.limit(field, None if bot.time_ms is None else math.ceil(bot.time_ms), "max_time_ms")
    if bot_kind(bot) in (FAIR, ROLLOUT):
        service.limit(field, bot.samples, "max_samples")
    return game.capped_bot(bot, lambda: float(service.settings.max_time_ms))
