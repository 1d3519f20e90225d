"""A rollout request read and checked, for POST /v1/rollout and for a rollout job alike: a
position of sce2 or of a game of the family (its ``rules``), its root moves and the bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.api.common.bots import read_bot, read_family_bot
from eights.api.common.games import AnyPosition, is_family, read_any_position
from eights.api.common.reading import read_moves
from eights.api.service import SolveService
from eights.engine.family.steps import read_asked_moves, rolled_out_actions
from eights.play.family.capped import capped_family_bot
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
                           rolled_out_actions(position, read_asked_moves(asked)) if family  # type: ignore[arg-type]
                           else read_moves(asked))
        service.limit("games", args["games"], games_limit)
        spec = args.get("bot") or default_bot(position)
        if not family:
            return cls(position, moves, read_bot(service, spec))
        # each move of a family bot searched for at most EIGHTS_MAX_TIME_MS, as read_bot holds sce2's
        capped = capped_family_bot(read_family_bot(service, spec), lambda: float(service.settings.max_time_ms))
        return cls(position, moves, capped)
