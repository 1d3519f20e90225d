"""Whole games simulated with the cube: each deal's payoff drawn from its measured distribution
(the tables' kernels), the players' doubles and takes chosen by cube policies, many games at
once (numpy arrays, one entry a game).

It checks the tables (``eights.bench.series``: the DP's values against the mean of simulated
games from the same state) and compares cube policies (the tables' against simpler ones).

>>> from eights.play.series.tables import shipped
>>> games = simulate(shipped(), Start(deal=15, lead=0), (TablePolicy(shipped()),) * 2, 1000, seed=1)
>>> games.payoff.shape, set(np.unique(games.cube)) <= {1, 2}
((1000,), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from eights.engine.deal import DEALS
from eights.engine.game import MAX_CUBE, PASS_POINTS
from eights.play.series.tables import LEAD_LIMIT, MIDDLE, PLAYER_0, PLAYER_1, Tables


@dataclass(frozen=True)
class Start:
    """Where the games start: before deal ``deal``'s cube actions, player 0's ``lead``, the cube
    and its owner (PLAYER_0, PLAYER_1 or MIDDLE)."""

    deal: int
    lead: int
    cube: int = 1
    owner: int = MIDDLE


class Policy(Protocol):
    """How a player uses the cube: whether ``player`` doubles (asked only where she may) and
    whether she takes her opponent's double, in each game; ``lead`` is player 0's."""

    def doubles(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Where ``player`` doubles."""
        ...

    def takes(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Where ``player`` takes the double just offered (the cube not yet turned)."""
        ...


@dataclass(frozen=True)
class TablePolicy:
    """The tables' optimal doubles and takes (``eights.play.series.tables.with_doubles``)."""

    tables: Tables

    def _playing(self, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """The tables' value of playing the deal with this cube (a cube past 64, asked of games
        where no one may double, read as 64)."""
        cube = np.minimum(cube, MAX_CUBE)
        index = np.clip(lead, -LEAD_LIMIT, LEAD_LIMIT) + LEAD_LIMIT
        return np.asarray(self.tables.playing[left, np.log2(cube).astype(int), owner, index])

    def doubles(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Where doubling pays more than not (the opponent answering best)."""
        taker = np.full_like(owner, 1 - player)
        taken = self._playing(left, lead, 2 * cube, taker)
        now = self._playing(left, lead, cube, owner)
        if player == PLAYER_0:
            return np.asarray(np.minimum(taken, PASS_POINTS * cube) > now)
        return np.asarray(np.maximum(taken, -PASS_POINTS * cube) < now)

    def takes(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Where taking costs less than passing."""
        taken = self._playing(left, lead, 2 * cube, np.full_like(owner, player))
        return np.asarray(taken < PASS_POINTS * cube if player == PLAYER_1 else taken > -PASS_POINTS * cube)


@dataclass(frozen=True)
class NeverDouble:
    """Never double, always take."""

    def doubles(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Nowhere."""
        return np.zeros(lead.shape, dtype=bool)

    def takes(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Everywhere."""
        return np.ones(lead.shape, dtype=bool)


@dataclass(frozen=True)
class Threshold:
    """One number, ``points``: double when leading by at least that many points per remaining
    deal's square root (``lead >= points * sqrt(deals left)``), pass when trailing by twice that."""

    points: float

    def doubles(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Where the lead is over the threshold."""
        own = lead if player == PLAYER_0 else -lead
        return np.asarray(own >= self.points * np.sqrt(left))

    def takes(self, player: int, left: int, lead: np.ndarray, cube: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """Unless the deficit is twice the threshold."""
        own = lead if player == PLAYER_0 else -lead
        return np.asarray(own > -2 * self.points * np.sqrt(left))


@dataclass(frozen=True)
class Games:
    """Simulated games: each one's payoff to player 0 in points (the lead times the cube, or a
    pass's points), whether player 0 won it (1, 1/2 for a draw, 0; a pass loses the game), and
    its last cube."""

    payoff: np.ndarray
    won: np.ndarray
    cube: np.ndarray


def simulate(tables: Tables, start: Start, policies: tuple[Policy, Policy], games: int, seed: int) -> Games:
    """Play ``games`` games from ``start`` to their end, player p's cube by ``policies[p]``,
    each deal's payoff drawn from ``tables``' kernel of it."""
    rng = np.random.default_rng(seed)
    lead = np.full(games, start.lead, dtype=np.int64)
    cube = np.full(games, start.cube, dtype=np.int64)
    owner = np.full(games, start.owner, dtype=np.int64)
    passed = np.zeros(games, dtype=np.int64)  # +1: player 1 passed, -1: player 0 passed, 0: playing on
    for deal in range(start.deal, DEALS + 1):
        left = DEALS + 1 - deal
        if deal >= 2:
            for player in (PLAYER_0, PLAYER_1):
                own = lead if player == PLAYER_0 else -lead
                may = (passed == 0) & (own > 0) & (cube < MAX_CUBE) & ((owner == MIDDLE) | (owner == player))
                doubled = may & policies[player].doubles(player, left, lead, cube, owner)
                taken = doubled & policies[1 - player].takes(1 - player, left, lead, cube, owner)
                passed = np.where(doubled & ~taken, 1 if player == PLAYER_0 else -1, passed)
                cube = np.where(taken, 2 * cube, cube)
                owner = np.where(taken, 1 - player, owner)
        kernel = tables.kernels[deal - 1]
        payoffs = rng.choice(np.arange(-kernel.reach, kernel.reach + 1), size=games, p=kernel.probabilities)
        lead = np.where(passed == 0, lead + payoffs, lead)
    payoff = np.where(passed != 0, passed * PASS_POINTS * cube, lead * cube)
    won = np.where(passed != 0, (passed > 0).astype(float), np.where(lead > 0, 1.0, np.where(lead == 0, 0.5, 0.0)))
    return Games(payoff.astype(float), won, cube)
