"""Dealing: the seeded starting position of deal k (RULES "A deal").

>>> from eights.engine.notation import compact
>>> compact(deal_position(8, dealer=2, seed=1)).split()[4:]
['up:3S', 'turn:N', 'dir:cw', 'draw:0']
"""

from __future__ import annotations

import random

from eights.engine.cards import ACE, FULL_DECK, THREE, TWO, CardSet, Seat, bit, rank_of
from eights.engine.errors import NotationError
from eights.engine.position import CCW, CW, Position

HAND_SIZES = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
DEALS = len(HAND_SIZES)


def hand_size(deal: int) -> int:
    """Cards in each hand in deal ``deal`` (1..15): 8, 7, ... 1, ... 8."""
    if not isinstance(deal, int) or not 1 <= deal <= DEALS:
        raise NotationError("deal", f"must be a deal number from 1 to {DEALS}, got {deal!r}")
    return HAND_SIZES[deal - 1]


def deal_position(deal: int, dealer: Seat, seed: int) -> Position:
    """Shuffle with ``random.Random(seed)``, deal each hand its cards from the dealer's
    left, and turn up the next card; the upcard's effects decide who acts first."""
    size = hand_size(deal)
    if dealer not in (2, 3):
        raise NotationError("dealer", "the dealer sits at S or W")
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hands: list[CardSet] = [0, 0, 0, 0]
    for i in range(4 * size):
        seat = (dealer + 1 + i) % 4
        hands[seat] |= bit(deck[i])
    upcard = deck[4 * size]
    stock = FULL_DECK & ~bit(upcard)
    for hand in hands:
        stock &= ~hand
    left, right, dummy = (dealer + 1) % 4, (dealer + 3) % 4, (dealer + 2) % 4
    rank = rank_of(upcard)
    turn = {ACE: right, THREE: dummy}.get(rank, left)
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        upcard=upcard,
        turn=turn,
        called=None,
        direction=CCW if rank == ACE else CW,
        pending=2 if rank == TWO else 0,
        stock=stock,
    )

