"""A family position drawn for people, as ``eights.engine.display`` draws ``sce2``'s: one block
per seat, clockwise from seat 0 (up to eight hands stay readable in a terminal), then the
centre (the upcard and the suit in force, or the layout game's piles) and the state of play.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/3 0:K4.5.. 1:...2 2:Q.T.. up:7C turn:1 stock:A...")
>>> print(family_diagram(p))
seat 0 (dealer)            S K4  H 5  D -  C -      3 cards,   19 points
seat 1 <- to act           S -  H -  D -  C 2       1 card,     2 points
seat 2                     S Q  H T  D -  C -       2 cards,   20 points
upcard: 7C   suit to follow: C
classic/3   direction: clockwise   pending draw: 0
stock: 1 card   discard: 44 cards   cards played: 0
>>> print(family_diagram(p, hidden=2).splitlines()[2])
seat 2                     2 cards, face down
>>> for row in family_diagram(p, hidden=(1, 2)).splitlines()[1:3]: print(row)
seat 1 <- to act           1 card, face down
seat 2                     2 cards, face down
"""

from __future__ import annotations

from collections.abc import Collection

from eights.engine.cards import SUITS, Seat, card_name
from eights.engine.family.notation import hand_text
from eights.engine.family.position import Cards, FamilyPosition
from eights.engine.family.scoring import hand_points

_LABEL_WIDTH = 27
_SUITS_WIDTH = 24


def _count(cards: int, noun: str = "card") -> str:
    return f"{cards} {noun}{'' if cards == 1 else 's'}"


def _label(position: FamilyPosition, seat: Seat) -> str:
    marks = ["(dealer)"] if seat == position.dealer else []
    if seat == position.turn and not position.is_over:
        marks.append("<- to act")
    return " ".join([f"seat {seat}", *marks])


def _hand(position: FamilyPosition, hand: Cards) -> str:
    suits = "  ".join(f"{suit} {ranks or '-'}" for suit, ranks in zip(SUITS, hand_text(hand).split(".")))
    return f"{suits:<{_SUITS_WIDTH}} {_count(len(hand)) + ',':<9}{hand_points(position.rules, hand):>4} points"


def _centre(position: FamilyPosition) -> list[str]:
    if position.rules.centre:
        return [f"pile {index}: {' '.join(card_name(card) for card in pile) or '-'}"
                for index, pile in enumerate(position.piles)]
    assert position.upcard is not None
    line = f"upcard: {card_name(position.upcard)}"
    if position.free:
        return [line + "   any card may be played"]
    follow = position.suit_in_force
    called = "   suit called" if position.called is not None else "   suit to follow"
    under = f"   or match {card_name(position.under)}" if position.under is not None else ""
    return [f"{line}{called}: {SUITS[follow] if follow is not None else '-'}{under}"]


def family_diagram(position: FamilyPosition, hidden: Seat | Collection[Seat] | None = None) -> str:
    """Each seat's hand (suit by suit, its count and points by the game's card values; the
    hand at ``hidden``, or at each seat of it, shows only how many cards it holds), the
    centre, and the state."""
    face_down = {hidden} if isinstance(hidden, int) else set(hidden or ())
    rows = []
    for seat, hand in enumerate(position.hands):
        shown = _count(len(hand)) + ", face down" if seat in face_down else _hand(position, hand)
        rows.append(f"{_label(position, seat):<{_LABEL_WIDTH}}{shown}")
    state = "deal over" if position.is_over else f"{position.rules.name}"
    play = [f"{state}"]
    if not position.rules.centre:
        play += [f"direction: {'clockwise' if position.direction == 1 else 'anticlockwise'}",
                 f"pending draw: {position.pending}"]
    rows += [*_centre(position), "   ".join(play)]
    stock = f"stock: {_count(len(position.stock))}{' (order known)' if position.order else ''}"
    out = "out of play" if position.rules.centre else "discard"
    rows.append(f"{stock}   {out}: {_count(len(position.discard))}   cards played: {position.plays}")
    return "\n".join(row.rstrip() for row in rows)
