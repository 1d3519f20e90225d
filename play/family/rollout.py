"""Rollouts of a family position (``eights.play.rollout`` plays them; this module holds what
differs from sce2's): the root moves, one round of games (game i of every root move) with
a family bot in every seat, and the result, which gives every seat's mean payoff.

Common random numbers, as sce2's rollouts have them: game i of every move is played from
the same stock order (a seeded permutation of the stock), the n-th reshuffle orders the
same pile the same way, and the bot gets the same seed, all derived from the rollout's
seed and i. The bots never see the stock's order. The moves are compared on the payoff
of the hand to act at the root (``eights.play.compare``); each seat's mean payoff and its
95% interval are given beside.

>>> from eights.engine.family import parse_family
>>> from eights.play.family import make_family_bot
>>> start = parse_family("rules:classic/3 0:7.8.. 1:K.Q.. 2:.2.4. turn:0 up:7C stock:...2")
>>> [move.notation() for move in family_root_moves(start, None)]
['play 7S', 'play 8H/S', 'play 8H/H', 'play 8H/D', 'play 8H/C', 'draw']
>>> round_ = play_family_round(start, family_root_moves(start, None)[:2], 0, make_family_bot("random"), seed=1)
>>> len(round_), len(round_[0])
(2, 3)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eights.engine.errors import EightsError, IllegalMoveError, NotationError
from eights.engine.family import FamilyMove, FamilyPosition, apply_chance, apply_move, compact_family, legal_moves
from eights.engine.family.scoring import payoffs
from eights.play.compare import MoveComparison, compare
from eights.play.family.bot import FamilyBot
from eights.play.paired import derive
from eights.play.stats import finite, mean_interval, std_error
from eights.solver.api import rounded

Stop = Callable[[], bool]
MAX_GAME_EVENTS = 5_000  # a game played out longer than this is taken to be endless (openspiel's reshuffles are not capped)


class Stopped(Exception):
    """Raised inside a game when the rollout's ``stop`` says so; the game is dropped."""


class EndlessGame(EightsError):
    """A game played out from a root move that had no end after MAX_GAME_EVENTS events: the
    bots (searching bots of ``classic/2`` can) pass the same cards round through reshuffles."""


def family_root_moves(position: FamilyPosition, moves: Sequence[FamilyMove] | None) -> list[FamilyMove]:
    """The moves to roll out: every legal move, or the ones given. Raises NotationError for a
    finished deal or a draw under way (a chance node: no one chooses), IllegalMoveError naming
    ``moves[i]`` for a move that is not legal or is given twice."""
    legal = list(legal_moves(position))
    if not legal:
        state = "the deal is over" if position.is_over else "a draw is under way (its cards come by chance)"
        raise NotationError("position", f"{state}: there is no move to roll out")
    if moves is None:
        return legal
    chosen: list[FamilyMove] = []
    for index, move in enumerate(moves):
        if move not in legal:
            raise IllegalMoveError(f"moves[{index}]", f"{move.notation()} is not legal here "
                                   f"(legal: {', '.join(m.notation() for m in legal)})")
        if move in chosen:
            raise IllegalMoveError(f"moves[{index}]", f"{move.notation()} is given twice")
        chosen.append(move)
    if not chosen:
        raise IllegalMoveError("moves", "no move to roll out")
    return chosen


def play_family_round(position: FamilyPosition, moves: Sequence[FamilyMove], index: int, bot: FamilyBot, seed: int,
                      stop: Stop | None = None) -> list[list[float]]:
    """Game ``index`` of every move: each move's payoffs (seat 0 first), every game from the
    same stock order and reshuffles, the bot (in every seat) seeded alike."""
    game_seed = derive(seed, "game", index)
    start = _ordered(position, derive(game_seed, "stock"))
    results = []
    for move in moves:
        bot.new_game(derive(game_seed, "bot"))
        end = _played_out(apply_move(start, move), bot, game_seed, stop)
        if end is None:
            raise EndlessGame("bot", f"game {index} after {move.notation()} had no end after {MAX_GAME_EVENTS} "
                                     f"events: {bot.spec} goes round through reshuffles here; roll out with another bot")
        results.append([float(paid) for paid in payoffs(end)])
    return results


def _played_out(position: FamilyPosition, bot: FamilyBot, game_seed: int, stop: Stop | None) -> FamilyPosition | None:
    """The end of the deal from ``position``, ``bot`` choosing every move (shown no stock
    order), the draws following the stock's order, a reshuffled pile ordered by ``game_seed``
    and the number of the reshuffle; None when there is none within MAX_GAME_EVENTS events."""
    reshuffles = 0
    for _ in range(MAX_GAME_EVENTS):
        if position.is_over:
            return position
        if position.owed:
            if position.order is None:
                position = _ordered(position, derive(game_seed, "reshuffle", reshuffles))
                reshuffles += 1
            position = apply_chance(position, position.order[0])  # type: ignore[index]  # ordered just above
        else:
            if stop is not None and stop():
                raise Stopped()
            position = apply_move(position, bot.choose(replace(position, order=None), list(legal_moves(position))))
    return None


def _ordered(position: FamilyPosition, seed: int) -> FamilyPosition:
    """``position`` with its stock in the order ``seed`` gives that set of cards."""
    order = list(position.stock)
    random.Random(seed).shuffle(order)
    return replace(position, order=tuple(order) or None)


@dataclass(frozen=True)
class SeatMean:
    """One seat's payoffs after a root move: the mean, its standard error and 95% interval."""

    mean: float
    std_error: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> SeatMean:
        """The mean of ``values`` with its spread."""
        interval = mean_interval(values)
        return cls(statistics.fmean(values), std_error(values), interval.low, interval.high)


@dataclass(frozen=True)
class FamilyRolledOutMove:
    """A root move over the rollout's games: its comparison for the hand to act (``eights.play.compare``)
    and every seat's mean payoff."""

    comparison: MoveComparison
    seats: tuple[SeatMean, ...]

    def to_json(self) -> dict[str, Any]:
        """The comparison's JSON (``games``, the mover's ``mean``...) with ``values`` (each seat's mean,
        seat 0 first) and ``values_ci95`` (each seat's 95% interval)."""
        data: dict[str, Any] = self.comparison.to_json("games")
        data["values"] = [rounded(seat.mean) for seat in self.seats]
        data["values_ci95"] = finite([[rounded(seat.low), rounded(seat.high)] for seat in self.seats])
        return data


@dataclass(frozen=True)
class FamilyRolloutResult:
    """The moves rolled out, best first for the hand to act; ``played`` games each (fewer
    than the ``games`` asked for when the rollout was stopped)."""

    position: FamilyPosition
    bot: str
    seed: int
    games: int
    played: int
    moves: tuple[FamilyRolledOutMove, ...]
    time_ms: float

    @property
    def complete(self) -> bool:
        """True when every game asked for was played."""
        return self.played == self.games

    def to_json(self) -> dict[str, Any]:
        """The position, its ruleset and mover, the settings, and each move best first: the mover's
        mean payoff compared with the best's, and every seat's mean with its interval."""
        return {"position": compact_family(self.position), "rules": self.position.rules.name,
                "mover": self.position.turn, "bot": self.bot, "seed": self.seed, "games": self.games,
                "played": self.played, "complete": self.complete,
                "best": self.moves[0].comparison.move.notation() if self.moves else None,
                "moves": [move.to_json() for move in self.moves], "time_ms": self.time_ms}


def family_rollout_result(position: FamilyPosition, moves: Sequence[FamilyMove], bot: str, seed: int, games: int,
                          played: Mapping[int, list[list[float]]], time_ms: float) -> FamilyRolloutResult:
    """The result of the rounds ``played`` (by index: each move's payoffs, in the order of
    ``moves``): the moves compared on the mover's payoff, best first, each with every seat's mean."""
    columns = [round_ for _, round_ in sorted(played.items())]
    if not columns:
        return FamilyRolloutResult(position, bot, seed, games, 0, (), round(time_ms, 3))
    mover = position.turn
    per_move = {move: [column[i] for column in columns] for i, move in enumerate(moves)}
    comparisons = compare({move: [paid[mover] for paid in games_] for move, games_ in per_move.items()})  # type: ignore[misc]
    rolled = tuple(FamilyRolledOutMove(comparison, tuple(
        SeatMean.of([paid[seat] for paid in per_move[comparison.move]])  # type: ignore[index]
        for seat in range(position.rules.players))) for comparison in comparisons)
    return FamilyRolloutResult(position, bot, seed, games, len(columns), rolled, round(time_ms, 3))
