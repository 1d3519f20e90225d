"""A rollout request read and checked, for POST /v1/rollout and for a rollout job alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.api.common.bots import read_bot
from eights.api.common.reading import read_moves, read_position
from eights.api.service import SolveService
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.play.bots import Bot
from eights.play.rollout import root_moves


@dataclass(frozen=True)
class RolloutRequest:
    """A rollout request read and checked: the position, its root moves and the bot."""

    position: Position
    moves: list[Move]
    bot: Bot

    @classmethod
    def read(cls, service: SolveService, args: dict[str, Any], games_limit: str) -> RolloutRequest:
        """The request's position, moves and bot, each error naming its field; LimitExceeded
        over the setting ``games_limit`` or a searching bot over the service's limits."""
        position = read_position(args["position"])
        moves = root_moves(position, read_moves(args["moves"]) if "moves" in args else None)
        service.limit("games", args["games"], games_limit)
        return cls(position, moves, read_bot(service, args["bot"]))
