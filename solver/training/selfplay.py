"""Self-play data: every position of deals a player plays against itself, labelled with the
deal's outcome to the side to act there, as the model's features (``eights.solver.trained``).

The label is the TD(lambda) return: with ``lam`` = 1 the deal's final payoff; below 1 it mixes
in the values the player's own searches found later in the deal, which carry less of the
deal's luck than its final payoff (the later the value, the more weight the payoff keeps)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from eights.engine.match import play_deal
from eights.engine.position import Position
from eights.solver.trained import features
from eights.solver.training.deals import Deal
from eights.solver.training.parallel import map_chunks
from eights.solver.training.players import SearchPlayer


@dataclass(frozen=True)
class Samples:
    """Feature rows and labels (payoff to the side to act), and how many deals they came from."""

    rows: list[list[int]]
    labels: list[float]
    deals: int

    def __add__(self, other: Samples) -> Samples:
        return Samples.joined([self, other])

    @staticmethod
    def joined(parts: Sequence[Samples]) -> Samples:
        """The samples of ``parts``, in order, as one."""
        return Samples([row for part in parts for row in part.rows],
                       [label for part in parts for label in part.labels], sum(part.deals for part in parts))


def lambda_returns(values_ns: Sequence[float | None], payoff_ns: float, lam: float) -> list[float]:
    """The TD(lambda) return to NS of every position of a deal, given the searched value to NS at
    each (None where nothing was searched) and the final payoff: G_t = (1 - lam) V_t+1 + lam G_t+1,
    G_T = the payoff; a position with no value of its own passes its successor's return through.

    >>> lambda_returns([1.0, 4.0, None], 10.0, 0.5)
    [7.0, 10.0, 10.0]
    >>> lambda_returns([1.0, 4.0, 8.0], 10.0, 1.0)
    [10.0, 10.0, 10.0]
    """
    returns = [0.0] * len(values_ns)
    following = payoff_ns
    for index in range(len(values_ns) - 1, -1, -1):
        returns[index] = following
        value = values_ns[index]
        if value is not None:
            following = (1 - lam) * value + lam * following
    return returns


def self_play(player: SearchPlayer, deals: list[Deal], lam: float = 1.0, workers: int = 1) -> Samples:
    """Play each deal with ``player`` on both sides (on ``workers`` processes); every position in
    which a hand had to act becomes a sample, labelled with its TD(``lam``) return (``lambda_returns``)."""
    return Samples.joined(map_chunks(partial(_play_deals, player, lam), deals, workers))


def played(player: SearchPlayer, deal: Deal) -> tuple[list[tuple[Position, float | None]], float]:
    """``deal`` played by ``player`` on both sides with a table of its own: every position in which
    a hand had to act, with the searched value to NS there (None for a forced move), and the payoff to NS."""
    seen: list[tuple[Position, float | None]] = []
    strategy = player.strategy(lambda position, value: seen.append((position, value)))
    _, score = play_deal(deal.start, [strategy], random.Random(deal.draw_seed), (0, 0))
    return seen, float(score.payoff_ns)


def _play_deals(player: SearchPlayer, lam: float, deals: Sequence[Deal]) -> Samples:
    """The samples of ``deals``, each played by a strategy (a table) of its own."""
    rows: list[list[int]] = []
    labels: list[float] = []
    for deal in deals:
        seen, payoff_ns = played(player, deal)
        returns = lambda_returns([value for _, value in seen], payoff_ns, lam)
        for (position, _), label_ns in zip(seen, returns, strict=True):
            rows.append(features(position))
            labels.append(label_ns if position.side_to_act == 0 else -label_ns)
    return Samples(rows, labels, len(deals))
