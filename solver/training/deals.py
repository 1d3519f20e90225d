"""The deals training plays: the match's schedule of hand sizes (8 down to 1 and back up to 8
cards a hand), dealers alternating, each deal and its draws seeded from one generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from eights.engine.deal import DEALS, deal_position
from eights.engine.position import Position

SOUTH, WEST = 2, 3


@dataclass(frozen=True)
class Deal:
    """A starting position and the seed of its draws."""

    start: Position
    draw_seed: int


def schedule(count: int, rng: random.Random) -> list[Deal]:
    """``count`` deals: deal numbers 1..15 in turn, the dealer S for one round of 15, W for the next."""
    deals = []
    for index in range(count):
        number = index % DEALS + 1
        dealer = SOUTH if (index // DEALS) % 2 == 0 else WEST
        deals.append(Deal(deal_position(number, dealer, rng.randrange(2**32)), rng.randrange(2**32)))
    return deals
