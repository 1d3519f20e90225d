"""A rollout request read and checked, for POST /v1/rollout and for a rollout job alike: a
position of sce2 or of a game of the family (its ``rules``), its root moves and the bot."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from eights.api.common.bots import read_bot
from eights.api.common.games import AnyPosition, is_family, read_any_position
from eights.api.common.reading import read_moves
from eights.api.service import SolveService
from eights.engine.errors import EightsError, NotationError
from eights.engine.family import FamilyMove
from eights.play.bots import BotSpecError
from eights.play.family import FamilyBot, FamilyFairBot, make_family_bot
from eights.play.family.capped import capped_family_bot
from eights.play.family.searching import FamilySearchingBot
from eights.play.rollout import AnyBot, default_bot, root_moves


@dataclass(frozen=True)
class RolloutRequest:
    """A rollout request read and checked: the position, its root moves and the bot."""

    position: AnyPosition
    moves: list[Any]
    bot: AnyBot

    @classmethod
    def read(cls, service: SolveService, args: dict[str, Any], games_limit: str) -> RolloutRequest:
        """The request's position (of the game ``rules`` names), moves and bot (the game's
        default when none is named), each error naming its field; LimitExceeded over the
        setting ``games_limit`` or a searching bot over the service's limits."""
        position = read_any_position(args["position"], args.get("rules"))
        family = is_family(position)
        asked = args.get("moves")
        moves = root_moves(position, None if asked is None else
                           read_family_moves(asked) if family else read_moves(asked))
        service.limit("games", args["games"], games_limit)
        spec = args.get("bot") or default_bot(position)
        return cls(position, moves, read_family_bot(service, spec) if family else read_bot(service, spec))


def read_family_moves(values: list[Any], field: str = "moves") -> list[FamilyMove]:
    """A family game's moves given in ``field``, each in its notation (``play 7S``, ``play 8H/S``,
    ``play 7S on 7C``, ``draw``, ``pass``); NotationError naming ``field[i]``."""
    moves = []
    for index, value in enumerate(values):
        if not isinstance(value, str):
            raise NotationError(f"{field}[{index}]", "a game of the family's move is a string: play 7S, draw, pass")
        try:
            moves.append(FamilyMove.from_notation(value))
        except EightsError as error:
            raise NotationError(f"{field}[{index}]", str(error)) from None
    return moves


def read_family_bot(service: SolveService, spec: str, field: str = "bot") -> FamilyBot:
    """The family bot ``spec`` names (``eights.play.family.make_family_bot``), held to the
    service's limits as ``read_bot`` holds sce2's: NotationError naming ``field`` for a bad
    spec, LimitExceeded over EIGHTS_MAX_DEPTH, EIGHTS_MAX_TIME_MS or EIGHTS_MAX_SAMPLES; each
    move of a searching bot searched for at most EIGHTS_MAX_TIME_MS."""
    try:
        bot = make_family_bot(spec)
    except BotSpecError as error:
        raise NotationError(field, f"{spec!r}: {error.problem}") from None
    if isinstance(bot, FamilySearchingBot):
        service.limit(field, bot.depth, "max_depth")
        service.limit(field, None if bot.time_ms is None else math.ceil(bot.time_ms), "max_time_ms")
    if isinstance(bot, FamilyFairBot):
        service.limit(field, bot.samples, "max_samples")
    return capped_family_bot(bot, lambda: float(service.settings.max_time_ms))
