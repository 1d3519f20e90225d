"""Seeded deals of the family games, and the start of a deal from its cards.

>>> from eights.engine.family.ruleset import parse_rules
>>> p = deal(parse_rules("classic/4"), seed=3)
>>> [len(h) for h in p.hands], p.turn, len(p.stock)
([5, 5, 5, 5], 1, 31)
>>> q = deal(parse_rules("layout/3"), seed=1)
>>> len(q.piles), len(q.discard)
(8, 29)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from eights.engine.cards import Card, Seat
from eights.engine.family.position import Cards, FamilyPosition, cards_of
from eights.engine.family.ruleset import EIGHT_RANK, Ruleset, RulesetError


def start(rules: Ruleset, hands: Sequence[Iterable[Card]], upcard: Card | None, stock: Cards, dealer: Seat = 0,
          piles: Sequence[Card] = (), out: Cards = ()) -> FamilyPosition:
    """The first position of a deal dealt by ``dealer``: the first upcard acts as played by
    the dealer where the ruleset says so (``sce``; ``openspiel`` with special cards), an 8
    turned up frees the first hand's play (``sce``, ``classic``), and the hand to the
    dealer's left acts first (RULES-FAMILY "What every game shares", each game's deal).

    >>> from eights.engine.family.ruleset import parse_rules
    >>> p = start(parse_rules("sce/4"), [(1,), (2,), (3,), (4,)], 0, (5, 6), dealer=2)
    >>> p.turn, p.direction
    (1, -1)
    """
    n = rules.players
    turn, direction, pending, free = (dealer + 1) % n, 1, 0, False
    if upcard is not None and upcard % 13 == EIGHT_RANK:
        free = True
    elif upcard is not None and rules.upcard_rule in ("played", "redraw8"):
        effect = rules.effect_of(upcard % 13)
        if effect == "skip":
            turn = (dealer + 2) % n
        elif effect == "reverse":
            turn, direction = (dealer - 1) % n, -1
        elif effect == "draw2":
            pending = 2
    return FamilyPosition(rules, hands=tuple(cards_of(h) for h in hands), turn=turn, upcard=upcard,
                          stock=cards_of(stock), discard=cards_of(out), free=free, direction=direction,
                          pending=pending, piles=tuple((card,) for card in piles), dealer=dealer)


def deal(rules: Ruleset, seed: int | None = None, dealer: Seat = 0) -> FamilyPosition:
    """A random deal, reproducible from ``seed``: the decks shuffled, each hand dealt the
    ruleset's count, then the upcard (``openspiel``: an 8 turned up goes back into the stock
    and another card is turned), or the layout game's 8 centre cards with the rest out of
    play.

    Raises ``RulesetError`` for ``sce2``, which deals in ``eights.engine.deal_position``.
    """
    if rules.preset == "sce2":
        raise RulesetError("rules", "sce2 deals with eights.engine.deal_position, not the family engine")
    if not 0 <= dealer < rules.players:
        raise RulesetError("dealer", f"a seat 0 to {rules.players - 1}, not {dealer}")
    rng = random.Random(seed)
    deck = list(range(52)) * rules.decks
    rng.shuffle(deck)
    size = rules.hand_size()
    hands = [deck[i * size:(i + 1) * size] for i in range(rules.players)]
    rest = deck[rules.players * size:]
    if rules.centre:
        return start(rules, hands, None, (), dealer, rest[:rules.centre], cards_of(rest[rules.centre:]))
    index = 0
    if rules.upcard_rule == "redraw8":
        index = next(i for i, card in enumerate(rest) if card % 13 != EIGHT_RANK)
    upcard = rest.pop(index)
    return start(rules, hands, upcard, cards_of(rest), dealer)
