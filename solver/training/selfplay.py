"""Self-play data: every position of deals a player plays against itself, labelled with the
deal's final payoff to the side to act there, as the model's features (``solver.trained``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.match import play_deal
from engine.position import Position
from solver.trained import features
from solver.training.deals import Deal
from solver.training.players import SearchPlayer


@dataclass(frozen=True)
class Samples:
    """Feature rows and labels (payoff to the side to act), and how many deals they came from."""

    rows: list[list[int]]
    labels: list[float]
    deals: int

    def __add__(self, other: Samples) -> Samples:
        return Samples(self.rows + other.rows, self.labels + other.labels, self.deals + other.deals)


def self_play(player: SearchPlayer, deals: list[Deal]) -> Samples:
    """Play each deal with ``player`` on both sides; every position in which a hand had to act
    becomes a sample."""
    rows: list[list[int]] = []
    labels: list[float] = []
    for deal in deals:
        seen: list[Position] = []
        strategy = player.strategy(seen.append)
        _, score = play_deal(deal.start, [strategy], random.Random(deal.draw_seed), (0, 0))
        for position in seen:
            rows.append(features(position))
            labels.append(float(score.payoff_ns if position.side_to_act == 0 else -score.payoff_ns))
    return Samples(rows, labels, len(deals))
