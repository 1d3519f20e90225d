"""Reading a bot spec in a request: the bot, its errors naming the field, and a searching
bot held to the service's limits (depth, time per move, samples, table size), its every
move's search stopping at EIGHTS_MAX_TIME_MS even when the spec asks by depth alone."""

from __future__ import annotations

import math

from eights.api.errors import LimitExceeded
from eights.api.service import SolveService
from eights.engine.errors import NotationError
from eights.play.bots import Bot, BotSpecError, FairBot, SearchingBot, make_bot
from eights.play.bots.searching import TABLE_MB


def read_bot(service: SolveService, spec: str, field: str = "bot") -> Bot:
    """The bot ``spec`` names; NotationError naming ``field`` for a bad spec, LimitExceeded
    for a searching bot over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS, EIGHTS_MAX_SAMPLES or
    with a table (``tt=``) larger than the service's (EIGHTS_TT_MB, or the bots' default
    when larger: a rollout job's bots make their tables on the cluster's workers). Each
    move of a searching bot is searched for at most EIGHTS_MAX_TIME_MS."""
    try:
        bot = make_bot(spec)
    except BotSpecError as error:
        raise NotationError(field, f"{spec!r}: {error.problem}") from None
    if isinstance(bot, SearchingBot):
        service.limit(field, bot.depth, "max_depth")
        service.limit(field, None if bot.time_ms is None else math.ceil(bot.time_ms), "max_time_ms")
        if bot.tt_mb > (most_mb := max(service.settings.tt_mb, TABLE_MB)):
            raise LimitExceeded(field, "tt_mb", most_mb)
        bot.time_cap = lambda: service.settings.max_time_ms
    if isinstance(bot, FairBot):
        service.limit(field, bot.samples, "max_samples")
    return bot
