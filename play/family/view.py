"""A family position seen from one seat: what that player knows, and deals drawn at random
among the ones she cannot tell apart (the family's counterpart of ``eights.engine.view``).

The player sees her own hand, the upcard and what an 8 called, the discard pile (every
card played; the layout game's centre piles), how many cards each other hand and the
stock hold, and the turn's public state (whose turn, direction, a pending draw-two, draws
and passes so far). Hidden from her: the other hands, the stock, and the layout game's
cards out of play (never shown). A FamilyView keeps those hidden cards only as one sorted
multiset, ``unseen``, so that two positions that differ only in how the hidden cards are
split (between other hands, or a hand and the stock) make equal views, and whatever is
computed from a view cannot depend on the split.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/3 0:7.8.. 1:K... 2:.2.. turn:0 up:7C stock:...2")
>>> q = parse_family("rules:classic/3 0:7.8.. 1:.2.. 2:K... turn:0 up:7C stock:...2")
>>> FamilyView.of(p) == FamilyView.of(q), FamilyView.of(p).counts
(True, (2, 1, 1))
>>> deal = FamilyView.of(p).sample(random.Random(1))
>>> deal.hands[0] == p.hands[0], sorted(deal.hands[1] + deal.hands[2] + deal.stock) == sorted(p.hands[1] + p.hands[2] + p.stock)
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from eights.engine.cards import Seat
from eights.engine.family import FamilyPosition
from eights.engine.family.position import Cards, cards_of


@dataclass(frozen=True)
class FamilyView:
    """What ``seat`` knows of a position: ``shown``, the position with every hidden part
    (other hands, the stock and its order, the layout game's cards out of play) emptied;
    ``counts``, every hand's size; ``stock_count`` and ``out_count`` (the layout game's
    cards out of play); ``unseen``, the hidden cards as one sorted multiset."""

    seat: Seat
    shown: FamilyPosition
    counts: tuple[int, ...]
    stock_count: int
    out_count: int
    unseen: Cards

    @classmethod
    def of(cls, position: FamilyPosition, seat: Seat | None = None) -> FamilyView:
        """The view of ``seat`` (by default the seat to act)."""
        seat = position.turn if seat is None else seat
        out_hidden = bool(position.rules.centre)  # the layout game's rest of the pack is never shown
        hidden = [card for other, hand in enumerate(position.hands) if other != seat for card in hand]
        hidden += list(position.stock) + (list(position.discard) if out_hidden else [])
        hands = tuple(hand if other == seat else () for other, hand in enumerate(position.hands))
        shown = replace(position, hands=hands, stock=(), order=None, discard=() if out_hidden else position.discard)
        return cls(seat, shown, tuple(len(hand) for hand in position.hands), len(position.stock),
                   len(position.discard) if out_hidden else 0, cards_of(hidden))

    def sample(self, rng: random.Random) -> FamilyPosition:
        """A position the seat cannot tell from the one seen: the unseen cards shuffled and
        dealt to the other hands (their counts), then the stock, then the cards out of play."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands, at = [], 0
        for other, size in enumerate(self.counts):
            if other == self.seat:
                hands.append(self.shown.hands[other])
            else:
                hands.append(cards_of(cards[at:at + size]))
                at += size
        stock = cards_of(cards[at:at + self.stock_count])
        out = cards_of(cards[at + self.stock_count:]) if self.out_count else self.shown.discard
        return replace(self.shown, hands=tuple(hands), stock=stock, discard=out)
