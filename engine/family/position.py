"""A position of a family game: N hands, cards that may be held twice, and the turn's state.

Cards are ``eights.engine.cards``'s ints (``suit * 13 + rank``); a hand, the stock and the
discard pile are *sorted tuples* of cards, so that with two decks a card can be held twice
(``(12, 12)`` is two kings of spades). ``sce2`` keeps its own int-mask engine.

>>> from eights.engine.family.ruleset import parse_rules
>>> p = FamilyPosition(parse_rules("classic/2"), hands=((0, 1), (2,)), turn=0, upcard=3, stock=(4, 4))
>>> p.is_over, p.drawable
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from eights.engine.cards import Card, Seat, Suit
from eights.engine.family.ruleset import EIGHT_RANK, Ruleset

Cards = tuple[Card, ...]


def cards_of(cards: Iterable[Card]) -> Cards:
    """The sorted tuple of some cards (a card may appear twice).

    >>> cards_of([5, 1, 5])
    (1, 5, 5)
    """
    return tuple(sorted(cards))


def without(cards: Cards, card: Card) -> Cards:
    """``cards`` less one copy of ``card`` (which it holds).

    >>> without((1, 5, 5), 5)
    (1, 5)
    """
    index = cards.index(card)
    return cards[:index] + cards[index + 1:]


def adding(cards: Cards, card: Card) -> Cards:
    """``cards`` with one more copy of ``card``.

    >>> adding((1, 5), 3)
    (1, 3, 5)
    """
    return cards_of((*cards, card))


@dataclass(frozen=True)
class FamilyPosition:
    """One moment of a deal of a family game, every hand visible.

    - ``hands``: one sorted tuple per seat 0..N-1 (clockwise is +1).
    - ``upcard``: the top of the discard pile (None in the layout game); ``called``: the suit
      an 8 on top named (None: none named); ``under``: with ``eights=nosuit``, the card under
      the 8 (the next card may match it too); ``free``: the hand to act may play any card
      (an 8 turned up at the start).
    - ``stock``: the stock's composition; ``discard``: the pile under the upcard (the
      layout game: the cards out of play).
    - ``pending``: the draw-two count the hand to act faces; ``owed``: cards still to be
      drawn by the draw under way (a chance node while above 0), ``penalty``: that draw is
      a draw-two penalty (it ends the turn).
    - ``draws``: cards drawn in this turn; ``passes``: passes in a row (the blocked rule);
      ``plays``: cards played in the deal (OpenSpiel's ``max_turns``); ``reshuffles``: the
      times the deal's discard pile became the stock (RULES-FAMILY "Every deal ends": up to
      the ruleset's ``reshuffle_cap``; OpenSpiel's are not counted).
    - ``extended``: a hand has gone out on a card that does not end the deal (``sce``'s 2s
      and 3s); ``piles``: the layout game's centre piles, each bottom card first.
    - ``dealer``: the seat that dealt (ties of a blocked ``classic`` deal go from its left).
    - ``order``: the stock's order, top first (NOTATION.md's stock order), when it is known:
      a draw then brings its top card, with no chance; None (always with an empty stock)
      when unknown, as after a reshuffle (the pile is shuffled). It holds exactly the
      stock's cards (``cards_of(order) == stock``).
    """

    rules: Ruleset
    hands: tuple[Cards, ...]
    turn: Seat
    upcard: Card | None = None
    stock: Cards = ()
    discard: Cards = ()
    called: Suit | None = None
    under: Card | None = None
    free: bool = False
    direction: int = 1
    pending: int = 0
    owed: int = 0
    penalty: bool = False
    draws: int = 0
    passes: int = 0
    plays: int = 0
    extended: bool = False
    piles: tuple[Cards, ...] = ()
    dealer: Seat = 0
    order: Cards | None = None
    reshuffles: int = 0

    @property
    def players(self) -> int:
        """How many hands there are."""
        return len(self.hands)

    @property
    def is_chance(self) -> bool:
        """Whether the next event is a card drawn at random (a draw under way)."""
        return self.owed > 0

    @property
    def gone_out(self) -> tuple[Seat, ...]:
        """The seats whose hands hold no cards."""
        return tuple(seat for seat, hand in enumerate(self.hands) if not hand)

    @property
    def is_blocked(self) -> bool:
        """Whether every hand in turn passed with nothing to draw (RULES-FAMILY "A deal that
        cannot go on"; OpenSpiel: players + 1 passes)."""
        return self.passes >= self.rules.blocked_after

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended: a hand went out (not during ``sce``'s extended play),
        the deal is blocked, or OpenSpiel's ``max_turns`` card plays were made."""
        if self.owed:
            return False
        cap = self.rules.plays_cap
        if cap is not None and self.plays >= cap:
            return True
        return (bool(self.gone_out) and not self.extended) or self.is_blocked

    @property
    def drawable(self) -> bool:
        """Whether a draw can bring a card: the stock, or the pile a lazy reshuffle brings
        while the deal's reshuffles are not spent."""
        return bool(self.stock) or (self.may_reshuffle and bool(self.discard))

    @property
    def may_reshuffle(self) -> bool:
        """Whether an empty stock may still be refilled lazily: the ruleset reshuffles when a
        draw needs a card and the deal has not made its ``reshuffle_cap`` reshuffles."""
        cap = self.rules.reshuffle_cap
        return self.rules.reshuffle_mode == "lazy" and (cap is None or self.reshuffles < cap)

    @property
    def suit_in_force(self) -> Suit | None:
        """The suit a card must follow: the called suit after an 8, else the upcard's."""
        if self.upcard is None:
            return None
        if self.upcard % 13 == EIGHT_RANK and self.called is not None:
            return self.called
        return self.upcard // 13

    def all_cards(self) -> Cards:
        """Every card of the position (hands, piles, upcard, stock, discard), sorted."""
        every: list[Card] = [card for hand in self.hands for card in hand]
        every += [card for pile in self.piles for card in pile]
        every += list(self.stock) + list(self.discard)
        if self.upcard is not None:
            every.append(self.upcard)
        return cards_of(every)
