"""What a seat learns of the hidden hands from the deal's public events, and deals sampled to
agree with it: the family's fair bot's model of the cards it cannot see.

A hand that draws or passes where it could have played shows that it holds no card it could
have played (``eights.engine.family.rules.playable``): the heuristic (the seeds' advice,
``eights.play.family.heuristic``) never draws or passes holding a play, and a player who
sheds cards to win seldom does. So every card a hand held when it drew or passed is outside
that set, and stays outside it until the card is played; a card it draws later is not known
to be. ``HiddenHands`` keeps, for each hand, its cards in *layers*: how many cards it still
holds from one stretch of its draws, and the cards none of them can be (every set shown
while they were held). A card played is taken from the most constrained layer it may come
from: if it came from another, the layers still hold (the one left holds cards that satisfy
more than it says). It reads only what every seat sees: who acted, the move (a draw names
no card) and the public state before it, never a drawn card nor a hidden hand.

``sample`` deals the unseen cards as ``FamilyView.sample`` does, but each layer's cards
from those it may hold, the most constrained layers first; a layer the cards left cannot
fill (the other hand did draw holding a play) is filled from any of them, so a deal is
always made.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/2 0:7.8.. 1:...K turn:1 up:7C stock:..2.5")
>>> hidden = HiddenHands()
>>> hidden.observe(p, "draw")  # seat 1 draws on the 7C: it holds no 7, no club, no 8 (19 cards)
>>> sorted(hidden.excluded(1))[:3], len(hidden.excluded(1))
([6, 7, 19], 19)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from eights.engine.cards import Card, Seat
from eights.engine.family.moves import DRAW, PASS, PLAY, FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import playable
from eights.engine.family.view import FamilyView

DECK = range(52)  # the card numbers (a second deck repeats them)


@dataclass
class Layer:
    """Cards a hand still holds from one stretch of its draws, and the cards none of them can be."""

    count: int
    excluded: frozenset[Card] = frozenset()


@dataclass
class HiddenHands:
    """Every hand as the table has seen it (the module docstring): its layers, made at its
    first event, for one deal (``forget`` them before the next); a view's own hand is never
    sampled, so its layers go unread."""

    layers: dict[Seat, list[Layer]] = field(default_factory=dict)

    def moved(self, before: FamilyPosition, move: FamilyMove) -> None:
        """Learn from ``move``, made by the hand to act in ``before`` (its public state alone is read)."""
        hand = before.turn
        layers = self._of(hand, before)
        if move.action in (DRAW, PASS):  # no play in hand: every card held is outside the playable ones
            shown = frozenset(card for card in DECK if playable(before, card))
            self.layers[hand] = [Layer(layer.count, layer.excluded | shown) for layer in layers if layer.count]
        elif move.action == PLAY:
            assert move.card is not None
            held = [layer for layer in layers if layer.count and move.card not in layer.excluded]
            if not held:  # the model was wrong (it drew holding a play): start again from its count
                self.layers[hand] = [Layer(len(before.hands[hand]) - 1)]
            else:  # from the layer that knows the most: if the card came from another, the rest stays true
                max(held, key=lambda layer: len(layer.excluded)).count -= 1

    def drew(self, before: FamilyPosition, cards: int = 1) -> None:
        """The hand to act in ``before`` was dealt ``cards`` cards of a draw (none of them read):
        a new layer, nothing known of it."""
        if cards:
            self._of(before.turn, before).append(Layer(cards))

    def observe(self, before: FamilyPosition, event: str) -> None:
        """Learn from one event of the engine's (``play_family_deal``'s observer): a move's
        notation, or a drawn card's ``card ...`` (its card never read), made in ``before``."""
        if before.owed:
            self.drew(before)
        else:
            self.moved(before, FamilyMove.from_notation(event))

    def _of(self, hand: Seat, before: FamilyPosition) -> list[Layer]:
        """``hand``'s layers, one of its whole count (nothing known) at its first event."""
        return self.layers.setdefault(hand, [Layer(len(before.hands[hand]))])

    def forget(self) -> None:
        """Forget every hand (a new deal)."""
        self.layers.clear()

    def excluded(self, hand: Seat) -> frozenset[Card]:
        """The cards ``hand`` is known to hold none of (every layer's): what the doctest shows."""
        layers = [layer for layer in self.layers.get(hand, []) if layer.count]
        return frozenset.intersection(*(layer.excluded for layer in layers)) if layers else frozenset()

    def sample(self, view: FamilyView, rng: random.Random) -> FamilyPosition:
        """A deal ``view`` cannot tell apart, each other hand's layers dealt from the unseen
        cards they may be (the most constrained first, a layer that cannot be filled so from
        any), the rest as ``FamilyView.sample`` deals it (``FamilyView.dealt``)."""
        pool = list(view.unseen)
        rng.shuffle(pool)
        dealt: dict[Seat, list[Card]] = {hand: [] for hand in range(len(view.counts)) if hand != view.seat}
        wanted = []
        for hand in dealt:
            layers = [layer for layer in self.layers.get(hand, []) if layer.count]
            if sum(layer.count for layer in layers) != view.counts[hand]:  # not seen from its start: nothing known
                layers = [Layer(view.counts[hand])]
            wanted += [(layer, hand) for layer in layers]
        wanted.sort(key=lambda pair: -len(pair[0].excluded))
        for layer, hand in wanted:
            allowed = [index for index, card in enumerate(pool) if card not in layer.excluded][:layer.count]
            if len(allowed) < layer.count:
                allowed += [index for index in range(len(pool)) if index not in allowed][:layer.count - len(allowed)]
            for index in sorted(allowed, reverse=True):
                dealt[hand].append(pool.pop(index))
        return view.dealt(dealt, pool)
