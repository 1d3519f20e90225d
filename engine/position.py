"""A position: everything the rules need to go on from a moment of a deal.

Positions are immutable; the rules (``eights.engine.rules``) make new ones. Seats are
N=0, E=1, S=2, W=3 and clockwise is +1, so ``(seat + direction) % 4`` is the next hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from eights.engine.cards import (
    CONCEALED,
    EIGHT,
    EMPTY,
    Card,
    CardSet,
    Seat,
    Suit,
    rank_of,
    side_of,
)

CW, CCW = 1, -1


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a deal, all four hands visible.

    ``called`` is the suit named by the 8 on top (None: no suit yet, any card may be
    played). ``order`` is the stock top first when the draws are known, else None.
    ``extended`` is true while a hand has gone out and 2s or 3s keep the deal going.
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    upcard: Card
    turn: Seat
    called: Suit | None = None
    direction: int = CW
    pending: int = 0
    stock: CardSet = EMPTY
    discard: CardSet = EMPTY
    order: tuple[Card, ...] | None = None
    extended: bool = False
    penalised: frozenset[Seat] = field(default_factory=frozenset)

    @property
    def side_to_act(self) -> int:
        """0 when side NS is to act, 1 for EW."""
        return side_of(self.turn)

    @property
    def is_over(self) -> bool:
        """True once the deal has ended (a hand is empty and play is not extended)."""
        return not self.extended and EMPTY in self.hands

    @property
    def free_play(self) -> bool:
        """True when the upcard is an 8 with no suit called: any card may be played."""
        return rank_of(self.upcard) == EIGHT and self.called is None

    @property
    def drawable(self) -> CardSet:
        """Every card a draw could bring: the stock, and the discard pile reshuffled."""
        return self.stock | self.discard

    @property
    def draw_count(self) -> int:
        """How many cards a draw takes now: the pending count, else one."""
        return self.pending or 1

    def is_concealed(self, seat: Seat) -> bool:
        """True for the concealed hands S and W."""
        return seat in CONCEALED
