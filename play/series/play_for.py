"""Playing a deal for the game around it (RULES.md "The game, the series, the cube and
resignation", objectives ``points``, ``game``, ``series``): what each payoff of the deal is
worth, as a ``eights.solver.utility.Utility`` the solver maximises instead of the payoff.

What a deal is played for is called ``play_for`` everywhere (the solver's Solution, the hint's
and solve's request field, ``eights hint/solve --play-for``, the bots' ``play_for=`` option):
the game family's own *objective* (``maxn``, ``paranoid``) is another concept and keeps its name.

- ``points``: the deal's payoff itself (no utility): the single deal's answers, unchanged.
- ``game``: a payoff x to NS is worth NS's player's chance of winning the game after the deal,
  her lead plus x with one deal fewer (``Tables.win_chances``; at the last deal, 1, 1/2 or 0).
- ``series``: x is worth NS's equity in points of the series after the deal, with the cube as it
  is (``Tables.series_values``: the doubles, takes and passes before the next deal played well).

**The horizon.** A finished deal's payoff is known; a horizon leaf's value is the evaluation's
estimate of the payoff, and the payoff it stands for may still move by tens of points. Two ways
turn it into an equity (``HORIZONS``):

- ``mean``: the estimate read through the table as if it were the payoff (``worth(e)``);
- ``spread``: the expected worth over the payoffs the estimate stands for, taken as a normal
  around it with the standard deviation measured for that many cards in the hands
  (``SPREADS``, measured by ``eights.play.series.spreads``): ``sum_d N(d; 0, sd) worth(e + d)``. The worth is not
  linear (a chance of winning is flat far ahead and far behind), so the two differ most where
  the game is close.

docs/game-and-series.md measures the choice (``eights.bench.play_for``); ``spread`` is the default.

>>> from eights.engine.game import GameContext
>>> utility = utility_for(GameContext.of(15, lead=-30), GAME, cards=16)
>>> round(read(utility.finished, 29), 3), round(read(utility.finished, 31), 3)  # to NS, 30 behind
(0.0, 1.0)
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from eights.engine.cards import count
from eights.engine.game import GameContext
from eights.engine.position import Position
from eights.play.series.cube import Frame
from eights.play.series.tables import Tables, shipped
from eights.solver.utility import DECK_POINTS, Utility, read

POINTS, GAME, SERIES = "points", "game", "series"
PLAY_FOR = (POINTS, GAME, SERIES)
MEAN, SPREAD = "mean", "spread"
HORIZONS = (MEAN, SPREAD)
PAYOFFS = np.arange(-DECK_POINTS, DECK_POINTS + 1)

# The standard deviation of a deal's final payoff around the trained evaluation's estimate, by
# the cards left in the four hands (at least that many: the first entry not above them), as
# measured by ``python -m eights.play.series.spreads --deals 1500 --seed 1`` (solver:depth=4
# playing both sides of deals of random hand sizes; 132,000 positions).
SPREADS: tuple[tuple[int, float], ...] = (
    (0, 18.4), (4, 27.6), (6, 38.6), (8, 45.2), (10, 51.8), (12, 54.7), (14, 55.4), (16, 58.2), (18, 60.1),
    (20, 59.9), (22, 60.9), (24, 64.4))

__all__ = ["GAME", "HORIZONS", "MEAN", "PLAY_FOR", "POINTS", "SERIES", "SPREAD", "choose", "read",
           "spread_of", "utility_for", "utility_of_position"]


def choose(play_for: str | None, context: GameContext | None) -> str:
    """What a deal is played for: as asked, else ``game`` with a game context and ``points``
    without; ValueError naming the choices for an unknown one, or for ``game`` or ``series``
    asked of a deal with no game around it."""
    if play_for is None:
        return POINTS if context is None else GAME
    if play_for not in PLAY_FOR:
        raise ValueError(f"must be one of {', '.join(PLAY_FOR)}, got {play_for!r}")
    if play_for != POINTS and context is None:
        raise ValueError(f"a deal is played for the {play_for} only in a game: give the position its game "
                         "context (deal:12 lead:60 cube:2/NS)")
    return play_for


def spread_of(cards: int) -> float:
    """The payoff's standard deviation around a horizon's estimate with ``cards`` in the hands."""
    return next(spread for least, spread in reversed(SPREADS) if cards >= least)


def after_deal(context: GameContext, play_for: str, tables: Tables) -> tuple[np.ndarray, float]:
    """NS's worth of each payoff -580 ... 580 of the deal (what the game is worth after it, to
    NS's player), and the total of both sides' worths (1 for ``game``, 0 for ``series``)."""
    frame = Frame.of(context)
    sign = 1 if frame.ns_player == 0 else -1
    leads = frame.lead + sign * PAYOFFS  # player 0's lead after each payoff to NS
    left = context.deals_left - 1
    if play_for == GAME:
        chances = tables.win_chances(left, leads)
        return (chances if frame.ns_player == 0 else 1.0 - chances), 1.0
    values = tables.series_values(left, leads, context.cube, frame.owner)
    return sign * values, 0.0


def smoothed(worths: np.ndarray, spread: float) -> np.ndarray:
    """``sum_d N(d; 0, spread) worths[x + d]`` at each payoff x, the worths held at their ends
    beyond -580 and 580 (a discrete normal over whole d within 4 standard deviations)."""
    reach = max(1, math.ceil(4 * spread))
    offsets = np.arange(-reach, reach + 1)
    weights = np.exp(-0.5 * (offsets / spread) ** 2)
    padded = np.concatenate([np.full(reach, worths[0]), worths, np.full(reach, worths[-1])])
    return np.convolve(padded, weights[::-1] / weights.sum(), mode="valid")


def utility_for(context: GameContext, play_for: str, cards: int, horizon: str = SPREAD) -> Utility:
    """The utility of a deal played for ``game`` or ``series`` in ``context`` (the shipped
    tables), with ``cards`` in the four hands; ``horizon`` ``mean`` or ``spread``."""
    return _utility(context, play_for, 0.0 if horizon == MEAN else spread_of(cards))


@lru_cache(maxsize=256)
def _utility(context: GameContext, play_for: str, spread: float) -> Utility:
    """``utility_for``, the horizon's spread 0 for ``mean`` (a bot asks it again at every move)."""
    finished, total = after_deal(context, play_for, shipped())
    finished = np.maximum.accumulate(finished)  # nondecreasing: rounding in the tables' FFTs aside, it is
    leaf = smoothed(finished, spread) if spread else finished
    label = f"{play_for}/{' '.join(context.compact_fields())}/spread:{spread:g}"
    return Utility.of(play_for, finished.tolist(), np.maximum.accumulate(leaf).tolist(), total, label)


def utility_of_position(position: Position, context: GameContext | None, play_for: str | None = None,
                        horizon: str = SPREAD) -> Utility | None:
    """The utility to search ``position`` with (None: for its points), ``play_for`` as ``choose``
    reads it."""
    chosen = choose(play_for, context)
    if chosen == POINTS or context is None:
        return None
    return utility_for(context, chosen, sum(count(hand) for hand in position.hands), horizon)
