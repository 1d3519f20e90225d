"""What a finished deal of a family game pays each player (RULES-FAMILY's scoring of each game).

Payoffs are exact fractions (the layout game's halves of the pool), one per seat.

>>> from eights.engine.family.notation import parse_family
>>> from eights.engine.family.ruleset import parse_rules
>>> p = parse_family("rules:classic/3 0:... 1:K.3.. 2:8... turn:1 up:7C")
>>> payoffs(p)
(Fraction(63, 1), Fraction(-13, 1), Fraction(-50, 1))
>>> card_points(parse_rules("openspiel/2"), 9)
37
"""

from __future__ import annotations

from fractions import Fraction

from eights.engine.cards import Card, Seat
from eights.engine.errors import IllegalMoveError
from eights.engine.family.position import Cards, FamilyPosition
from eights.engine.family.ruleset import Ruleset

# points of a card left in a hand, by rank A 2 3 4 5 6 7 8 9 T J Q K
_TABLES = {
    "sce": (1, 20, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10),
    "classic": (1, 2, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10),
    "layout": (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
}


def openspiel_penalty(card: Card) -> int:
    """pyspiel's penalty for one card: 8 = 50, J Q K A = 10, and a 2 to T its pyspiel card
    id + 2 (id = rank x 4 + suit, 2 = rank 0, clubs diamonds hearts spades = 0..3): pyspiel
    reads the id where it means the rank, a quirk this preset keeps.

    >>> [openspiel_penalty(c) for c in (39 + 1, 1, 8, 39 + 9, 9)]
    [2, 5, 33, 34, 37]
    """
    rank = card % 13
    if rank == 7:
        return 50
    if rank == 0 or rank >= 10:
        return 10
    pyspiel_id = (rank - 1) * 4 + (3 - card // 13)
    return pyspiel_id + 2


def card_points(rules: Ruleset, card: Card) -> int:
    """What one card left in a hand counts in the ruleset's scoring table."""
    if rules.scoring == "openspiel":
        return openspiel_penalty(card)
    return _TABLES[rules.scoring][card % 13]


def hand_points(rules: Ruleset, hand: Cards) -> int:
    """What a hand left counts."""
    return sum(card_points(rules, card) for card in hand)


def classic_winner(position: FamilyPosition) -> Seat:
    """The winner of a finished ``classic`` deal: the hand that went out; in a blocked deal
    the fewest points, ties to the first clockwise from the dealer's left."""
    out = position.gone_out
    if out:
        return out[0]
    order = [(position.dealer + 1 + step) % position.players for step in range(position.players)]
    return min(order, key=lambda seat: hand_points(position.rules, position.hands[seat]))


def _layout(position: FamilyPosition) -> tuple[Fraction, ...]:
    """The pool (one unit a player) to the hand that went out; when blocked, half to the
    highest count and half to the lowest, ties sharing; a payoff is the take less the stake."""
    n = position.players
    takes = [Fraction(0)] * n
    out = position.gone_out
    if out:
        takes[out[0]] = Fraction(n)
    else:
        counts = [hand_points(position.rules, hand) for hand in position.hands]
        for best in (max(counts), min(counts)):
            sharers = [seat for seat, c in enumerate(counts) if c == best]
            for seat in sharers:
                takes[seat] += Fraction(n, 2 * len(sharers))
    return tuple(take - 1 for take in takes)


def payoffs(position: FamilyPosition) -> tuple[Fraction, ...]:
    """Each seat's payoff for a finished deal.

    Raises ``IllegalMoveError`` (field ``position``) while the deal goes on.
    """
    if not position.is_over:
        raise IllegalMoveError("position", "the deal is not over")
    rules = position.rules
    if rules.scoring == "layout":
        return _layout(position)
    own = [Fraction(hand_points(rules, hand)) for hand in position.hands]
    if rules.scoring == "classic":
        winner = classic_winner(position)
        return tuple(sum((p for s, p in enumerate(own) if s != winner), Fraction(0)) if seat == winner else -own[seat]
                     for seat in range(position.players))
    return tuple(-points for points in own)
