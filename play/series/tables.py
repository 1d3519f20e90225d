"""The equity tables of the game, by dynamic programming over the measured deal payoffs.

Every table is player 0's (she deals deals 1, 3, 5 ... 15: ``eights.engine.match``), before a
deal, indexed by the deals left (this one included: 15 before deal 1, 1 before deal 15, 0 at
the game's end) and player 0's **lead** (player 1's total minus hers). Player 1's values are
player 0's at the opposite lead (``Tables.value``). Deal k's payoff x to player 0 is drawn from
its measured distribution (``eights.play.series.distributions``: the dealer's payoff, negated
when player 1 deals), so the value before deal k is the convolution of the value after it with
that distribution, ``sum_x p_k(x) V(lead + x)``.

- ``game``: the chance that player 0 wins the game (a draw counts 1/2): 1, 1/2 or 0 by the
  lead's sign at the end. It has no cube: under ``game`` a double is always taken (a pass loses
  the game, a take keeps a chance), so the cube changes no chance of winning.
- ``series``: the game's payoff to player 0 in a series, in points (the lead times the cube at
  the end, 200 x the cube at a pass), by (deals left, cube 1 ... 64, owner, lead), the doubles,
  takes and passes played optimally before each of deals 2 to 15. Resignations change no value:
  an offer at 200 x the cube is worth making only when continuing is worth more than that to
  the opponent, who then refuses; so the hint says when to accept, and the table is the same.

The lead is an integer (the payoffs are), on a grid of -LEAD_LIMIT ... LEAD_LIMIT. Beyond it
(a lead the games measured almost never reach) the tails are closed: ``game`` is 1 above the
grid and 0 below, ``series`` is the cube times the lead plus the mean payoff of the deals left
(no cube action changes a game that one-sided). How sure each entry is comes from a bootstrap
over the self-play deals: ``bootstrap`` resamples each deal's measured payoffs and solves again.

>>> tables = Tables.of(load())
>>> 0.4 < tables.win_chance(15, 0) < 0.6  # before deal 1, level
True
>>> 250 < tables.series_value(1, 300, cube=1, owner=None) < 350  # 300 up before the last deal: too good to double
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from eights.engine.deal import DEALS
from eights.engine.game import CUBE_VALUES, MAX_CUBE, PASS_POINTS
from eights.play.series.payoffs import Distributions, load

LEAD_LIMIT = 1000
LEADS = np.arange(-LEAD_LIMIT, LEAD_LIMIT + 1)
PLAYER_0, PLAYER_1, MIDDLE = 0, 1, 2  # the cube's owner, as an index of the series table
OWNERS = (PLAYER_0, PLAYER_1, MIDDLE)
CUBES = len(CUBE_VALUES)
Tail = tuple[np.ndarray, np.ndarray]  # a value beyond the lead grid: slope * lead + constant


def dealer_of(deal: int) -> int:
    """The player who deals deal ``deal``: player 0 the odd ones."""
    return (deal - 1) % 2


@dataclass(frozen=True)
class Kernel:
    """Deal k's payoff distribution to player 0: ``probabilities[i]`` of payoff ``i - reach``."""

    reach: int
    probabilities: np.ndarray

    @classmethod
    def of(cls, counts: dict[int, int], player0_deals: bool) -> Kernel:
        """The kernel of a deal's counts of payoffs to its dealer."""
        sign = 1 if player0_deals else -1
        reach = max(abs(payoff) for payoff in counts)
        probabilities = np.zeros(2 * reach + 1)
        for payoff, n in counts.items():
            probabilities[sign * payoff + reach] += n
        return cls(reach, probabilities / probabilities.sum())

    @property
    def mean(self) -> float:
        """The mean payoff to player 0."""
        return float(np.dot(self.probabilities, np.arange(-self.reach, self.reach + 1)))

    def expect(self, values: np.ndarray, tail_low: Tail, tail_high: Tail) -> np.ndarray:
        """``sum_x p(x) values[..., lead + x]`` for every lead of the grid, ``values`` given on
        the grid (last axis) and extended by the tails (functions of the lead beyond it: each
        an array of the shape of ``values`` without its last axis, times the lead, plus a
        constant: ``tail_*[0] * lead + tail_*[1]``)."""
        beyond = np.arange(1, self.reach + 1)
        low = tail_low[0][..., None] * (-LEAD_LIMIT - beyond[::-1]) + tail_low[1][..., None]
        high = tail_high[0][..., None] * (LEAD_LIMIT + beyond) + tail_high[1][..., None]
        extended = np.concatenate([low, values, high], axis=-1)
        size = extended.shape[-1] + self.probabilities.size - 1
        spectrum = np.fft.rfft(extended, size) * np.fft.rfft(self.probabilities[::-1], size)
        convolved = np.fft.irfft(spectrum, size)
        start = self.probabilities.size - 1
        return convolved[..., start:start + LEADS.size]


@dataclass(frozen=True)
class Tables:
    """``game[n, lead]`` and ``series[n, cube, owner, lead]`` (cube an index of CUBE_VALUES,
    owner PLAYER_0, PLAYER_1 or MIDDLE, lead an index of LEADS), n the deals left;
    ``playing[n, cube, owner, lead]`` the series value when the deal is played with that cube
    (no cube action before it); and the kernels they came from (``kernels[k - 1]``, deal k)."""

    game: np.ndarray
    series: np.ndarray
    playing: np.ndarray
    kernels: tuple[Kernel, ...]

    @classmethod
    def of(cls, distributions: Distributions) -> Tables:
        """Solve both tables backwards from the game's end."""
        kernels = tuple(Kernel.of(distributions.deal(k).counts, dealer_of(k) == 0) for k in range(1, DEALS + 1))
        return cls.of_kernels(kernels)

    @classmethod
    def of_kernels(cls, kernels: tuple[Kernel, ...]) -> Tables:
        """Solve both tables for these deal kernels."""
        cubes = np.array(CUBE_VALUES, dtype=float)[:, None, None]
        game = np.empty((DEALS + 1, LEADS.size))
        series = np.empty((DEALS + 1, CUBES, len(OWNERS), LEADS.size))
        playing = np.empty_like(series)
        game[0] = np.where(LEADS > 0, 1.0, np.where(LEADS == 0, 0.5, 0.0))
        series[0] = playing[0] = cubes * LEADS
        still_to_come = 0.0  # the mean payoff to player 0 of the deals after this one
        for deal in range(DEALS, 0, -1):
            kernel, left = kernels[deal - 1], DEALS + 1 - deal
            game[left] = np.clip(kernel.expect(game[left - 1], (np.zeros(()), np.zeros(())),
                                               (np.zeros(()), np.ones(()))), 0.0, 1.0)
            slope = np.broadcast_to(cubes[..., 0], series.shape[1:3])
            tail = (slope, slope * still_to_come)
            playing[left] = kernel.expect(series[left - 1], tail, tail)
            series[left] = playing[left] if deal == 1 else with_doubles(playing[left])
            still_to_come += kernel.mean
        return cls(game, series, playing, kernels)

    def win_chance(self, deals_left: int, lead: int) -> float:
        """Player 0's chance of winning the game (a draw 1/2) with ``deals_left`` to play."""
        return float(self.win_chances(deals_left, np.array([lead]))[0])

    def win_chances(self, deals_left: int, leads: np.ndarray) -> np.ndarray:
        """``win_chance`` at each of ``leads``, the tails beyond the grid included (1 above, 0 below)."""
        row = self.game[deals_left]
        tail = np.where(leads > 0, 1.0, 0.0)
        return np.where(np.abs(leads) <= LEAD_LIMIT, row[np.clip(leads, -LEAD_LIMIT, LEAD_LIMIT) + LEAD_LIMIT], tail)

    def series_value(self, deals_left: int, lead: int, cube: int, owner: int | None) -> float:
        """Player 0's equity in points before the cube actions of the deal (``owner`` None: in
        the middle, 0 or 1: that player's)."""
        return float(self.series_values(deals_left, np.array([lead]), cube, owner)[0])

    def series_values(self, deals_left: int, leads: np.ndarray, cube: int, owner: int | None) -> np.ndarray:
        """``series_value`` at each of ``leads``, the tails beyond the grid included."""
        row = self.series[deals_left, CUBE_VALUES.index(cube), MIDDLE if owner is None else owner]
        tail = cube * (leads + self.mean_to_come(deals_left))
        return np.where(np.abs(leads) <= LEAD_LIMIT, row[np.clip(leads, -LEAD_LIMIT, LEAD_LIMIT) + LEAD_LIMIT], tail)

    def continuing(self, deals_left: int, lead: int, cube: int, owner: int | None) -> float:
        """Player 0's equity when the deal is played with this cube (no cube action before it)."""
        if deals_left == 0:
            return float(cube * lead)
        kernel = self.kernels[DEALS - deals_left]
        after = self.series_values(deals_left - 1, lead + np.arange(-kernel.reach, kernel.reach + 1), cube, owner)
        return float(np.dot(kernel.probabilities, after))

    def mean_to_come(self, deals_left: int) -> float:
        """The mean payoff to player 0 of the last ``deals_left`` deals."""
        return sum(kernel.mean for kernel in self.kernels[DEALS - deals_left:])


def with_doubles(continuing: np.ndarray) -> np.ndarray:
    """The equity before a deal's cube actions, from ``continuing[cube, owner, lead]`` (the deal
    played with that cube): player 0 doubles when she leads and may, and it pays her; player
    1 takes (``continuing`` of the doubled cube, hers) or passes (200 x the cube), whichever
    costs her less; and the same for player 1 when player 0 is behind."""
    value = continuing.copy()
    ahead, behind = LEADS > 0, LEADS < 0
    for index, cube in enumerate(CUBE_VALUES):
        if cube == MAX_CUBE:
            break
        doubled = index + 1
        for owner in (PLAYER_0, MIDDLE):  # player 0 may double
            offered = np.minimum(continuing[doubled, PLAYER_1], PASS_POINTS * cube)
            value[index, owner] = np.where(ahead, np.maximum(continuing[index, owner], offered), value[index, owner])
        for owner in (PLAYER_1, MIDDLE):  # player 1 may double
            offered = np.maximum(continuing[doubled, PLAYER_0], -PASS_POINTS * cube)
            value[index, owner] = np.where(behind, np.minimum(continuing[index, owner], offered), value[index, owner])
    return value


@cache
def shipped() -> Tables:
    """The tables of the shipped distributions, solved once."""
    return Tables.of(load())


def bootstrap(distributions: Distributions, replicates: int, seed: int) -> list[Tables]:
    """The tables solved again for ``replicates`` resamplings of each deal's measured payoffs
    (a multinomial of its counts): their spread is each entry's standard error."""
    rng = np.random.default_rng(seed)
    solved = []
    for _ in range(replicates):
        kernels = []
        for k in range(1, DEALS + 1):
            deal = distributions.deal(k)
            payoffs = np.array(sorted(deal.counts))
            drawn = rng.multinomial(deal.samples, np.array([deal.counts[p] for p in payoffs]) / deal.samples)
            kernels.append(Kernel.of({int(p): int(n) for p, n in zip(payoffs, drawn) if n}, dealer_of(k) == 0))
        solved.append(Tables.of_kernels(tuple(kernels)))
    return solved
