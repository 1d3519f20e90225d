"""Reading a bot spec in a request: the bot, its errors naming the field, and a searching
bot held to the service's limits (depth, time per move, samples)."""

from __future__ import annotations

import math

from api.service import SolveService
from engine.errors import NotationError
from play.bots import Bot, BotSpecError, FairBot, SearchingBot, make_bot


def read_bot(service: SolveService, spec: str, field: str = "bot") -> Bot:
    """The bot ``spec`` names; NotationError naming ``field`` for a bad spec, LimitExceeded
    for a searching bot over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS or EIGHTS_MAX_SAMPLES."""
    try:
        bot = make_bot(spec)
    except BotSpecError as error:
        raise NotationError(field, f"{spec!r}: {error.problem}") from None
    if isinstance(bot, SearchingBot):
        service.limit(field, bot.depth, "max_depth")
        service.limit(field, None if bot.time_ms is None else math.ceil(bot.time_ms), "max_time_ms")
    if isinstance(bot, FairBot):
        service.limit(field, bot.samples, "max_samples")
    return bot
