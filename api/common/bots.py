"""Reading a bot spec in a request: the bot, its errors naming the field, and a searching
bot held to the service's limits (depth, time per move, samples, table size), its every
move's search stopping at EIGHTS_MAX_TIME_MS even when the spec asks by depth alone; a game
of the family's bots (``eights.play.family``) held to the same limits."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from eights.answers.errors import LimitExceeded
from eights.answers.service import SolveService
from eights.engine.errors import NotationError
from eights.play.bots import Bot, BotSpecError, FairBot, SearchingBot, make_bot
from eights.play.bots.searching import TABLE_MB
from eights.play.family import FamilyBot, FamilyFairBot, make_family_bot
from eights.play.family.capped import capped_family_bot
from eights.play.family.searching import FamilySearchingBot
from eights.games import Game


def read_bot(service: SolveService, spec: str, field: str = "bot") -> Bot:
    """The bot ``spec`` names; NotationError naming ``field`` for a bad spec, LimitExceeded
    for a searching bot over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS, EIGHTS_MAX_SAMPLES or
    with a table (``tt=``) larger than the service's (EIGHTS_TT_MB, or the bots' default
    when larger: a rollout job's bots make their tables on the cluster's workers). Each
    move of a searching bot is searched for at most EIGHTS_MAX_TIME_MS."""
    bot: Bot = held(service, made(make_bot, spec, field), field)
    return bot


def read_family_bot(service: SolveService, spec: str, field: str = "bot") -> FamilyBot:
    """The family bot ``spec`` names (``eights.play.family.make_family_bot``); NotationError
    naming ``field`` for a spec the family's bots do not take (sce2's ``hold8=``...),
    LimitExceeded for a searching bot over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS or
    EIGHTS_MAX_SAMPLES."""
    bot: FamilyBot = held(service, made(make_family_bot, spec, field), field)
    return bot


def read_game_bot(service: SolveService, game: Game[Any, Any, Any], spec: str, field: str = "bot") -> Any:
    """The bot ``spec`` names in ``game`` (``Game.make_bot``), held to the service's limits as
    ``read_bot`` and ``read_family_bot`` hold them, each move's search at most EIGHTS_MAX_TIME_MS
    (a family bot's by ``eights.play.family.capped``, as ``read_bot`` holds sce2's)."""
    bot = held(service, made(game.make_bot, spec, field), field)
    return capped_family_bot(bot, lambda: float(service.settings.max_time_ms))


def made(make: Callable[[str], Any], spec: str, field: str) -> Any:
    """``make(spec)``, a BotSpecError as NotationError naming ``field``."""
    try:
        return make(spec)
    except BotSpecError as error:
        raise NotationError(field, f"{spec!r}: {error.problem}") from None


def held(service: SolveService, bot: Any, field: str) -> Any:
    """``bot`` held to the service's limits (``read_bot``'s and ``read_family_bot``'s), LimitExceeded naming ``field``."""
    if isinstance(bot, SearchingBot):
        limit_search(service, bot.depth, bot.time_ms, field)
        if bot.tt_mb > (most_mb := max(service.settings.tt_mb, TABLE_MB)):
            raise LimitExceeded(field, "tt_mb", most_mb)
        bot.time_cap = lambda: service.settings.max_time_ms
    if isinstance(bot, FamilySearchingBot):
        limit_search(service, bot.depth, bot.time_ms, field)
    if isinstance(bot, FairBot | FamilyFairBot):
        service.limit(field, bot.samples, "max_samples")
    return bot


def limit_search(service: SolveService, depth: int | None, time_ms: float | None, field: str) -> None:
    """LimitExceeded naming ``field`` for a bot's search over EIGHTS_MAX_DEPTH or EIGHTS_MAX_TIME_MS."""
    service.limit(field, depth, "max_depth")
    service.limit(field, None if time_ms is None else math.ceil(time_ms), "max_time_ms")
