"""A rollout request read and checked, for POST /v1/rollout and for a rollout job alike: a
position of the game its ``rules`` names (``eights.games``), its root moves and the game's bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.api.common.bots import read_game_bot
from eights.answers.common.game_reading import read_position_in_game
from eights.answers.service import SolveService
from eights.games import Game
from eights.play.rollout import root_moves


@dataclass(frozen=True)
class RolloutRequest:
    """A rollout request read and checked: the game, the position, its root moves and the bot."""

    game: Game[Any, Any, Any]
    position: Any  # of the game the request names
    moves: list[Any]
    bot: Any  # the game's (Game.make_bot)

    @classmethod
    def read(cls, service: SolveService, args: dict[str, Any], games_limit: str) -> RolloutRequest:
        """The request's position (of the game ``rules`` names), moves and bot (the game's
        default when none is named), each error naming its field; LimitExceeded over the
        setting ``games_limit`` or a searching bot over the service's limits."""
        game, position = read_position_in_game(args["position"], args.get("rules"))
        asked = args.get("moves")
        moves = root_moves(position, None if asked is None else
                           game.rolled_out_moves(position, asked, "moves"))
        service.limit("games", args["games"], games_limit)
        return cls(game, position, moves, read_game_bot(service, game, args.get("bot") or game.rollout_bot))
