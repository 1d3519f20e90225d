"""Cards, suits, seats and card sets as plain ints, in the spirit of python-chess.

A card is ``suit * 13 + rank`` (rank 0 = ace ... 12 = king; suits S H D C), and a
set of cards is a 52-bit mask, so set algebra is bit algebra.

>>> card_name(parse_card("10S"))
'TS'
>>> points(parse_cards(["8D", "2C", "KH"]))
80
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from eights.engine.errors import NotationError

Card = int
CardSet = int
Suit = int
Rank = int
Seat = int

SUITS = "SHDC"
RANKS = "A23456789TJQK"
RANKS_HIGH_FIRST = "AKQJT98765432"
SEATS = "NESW"

ACE, TWO, THREE, EIGHT = 0, 1, 2, 7
N, E, S, W = 0, 1, 2, 3
CONCEALED: tuple[Seat, ...] = (S, W)

EMPTY: CardSet = 0
FULL_DECK: CardSet = (1 << 52) - 1
DECK_POINTS = 580

_RANK_POINTS = (1, 20, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10)
ASCII_SPACE = " \t\n\r\f\v"  # the whitespace between the words of a notation


def make_card(rank: Rank, suit: Suit) -> Card:
    """The card of that rank and suit."""
    return suit * 13 + rank


def rank_of(card: Card) -> Rank:
    """The rank of a card (0 = ace ... 12 = king)."""
    return card % 13


def suit_of(card: Card) -> Suit:
    """The suit of a card (0..3 for S H D C)."""
    return card // 13


def bit(card: Card) -> CardSet:
    """The one-card set holding ``card``."""
    return 1 << card


def suit_mask(suit: Suit) -> CardSet:
    """Every card of one suit."""
    return 0x1FFF << (13 * suit)


def rank_mask(rank: Rank) -> CardSet:
    """The four cards of one rank."""
    return (1 | 1 << 13 | 1 << 26 | 1 << 39) << rank


def count(cards: CardSet) -> int:
    """How many cards the set holds."""
    return cards.bit_count()


def scan(cards: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest-numbered first."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def card_points(card: Card) -> int:
    """What one card left in a hand is worth (8 = 50, 2 = 20, faces 10, ace 1)."""
    return _RANK_POINTS[rank_of(card)]


def points(cards: CardSet) -> int:
    """What a set of cards left in a hand is worth."""
    return sum(card_points(card) for card in scan(cards))


def next_seat(seat: Seat, direction: int) -> Seat:
    """The seat after ``seat`` going clockwise (+1) or anticlockwise (-1)."""
    return (seat + direction) % 4


def side_of(seat: Seat) -> int:
    """0 for side NS (N, S), 1 for side EW (E, W)."""
    return seat & 1


def card_name(card: Card) -> str:
    """Rank then suit, as ``TS`` or ``8D``."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_names(cards: CardSet) -> list[str]:
    """The names of a set's cards in canonical order: by suit S H D C, high to low."""
    return [card_name(c) for c in sorted(scan(cards), key=_canonical_key)]


def _canonical_key(card: Card) -> tuple[int, int]:
    return suit_of(card), RANKS_HIGH_FIRST.index(RANKS[rank_of(card)])


def parse_rank(text: str, field: str) -> Rank:
    """A rank letter (``A K Q J T 9..2``, or ``10``)."""
    return _letter("T" if text == "10" else text, RANKS, "rank", field)


def parse_suit(text: str, field: str) -> Suit:
    """A suit letter ``S H D C``."""
    return _letter(text, SUITS, "suit", field)


def parse_seat(text: str, field: str) -> Seat:
    """A seat letter ``N E S W``."""
    return _letter(text, SEATS, "seat", field)


def _letter(text: object, letters: str, kind: str, field: str) -> int:
    """The index of a one-letter name among ``letters``, in either case. ASCII only:
    ``"ſ".upper()`` is ``"S"``, and no notation has such a letter."""
    upper = text.upper() if isinstance(text, str) and text.isascii() else ""
    if len(upper) != 1 or upper not in letters:
        raise NotationError(field, f"unknown {kind} {text!r}")
    return letters.index(upper)


def split_words(text: str) -> list[str]:
    """The words of a text, split at ASCII whitespace only (``str.split()`` also splits at
    U+00A0 and the other Unicode spaces, which no notation has)."""
    return [word for word in re.split(f"[{ASCII_SPACE}]+", text) if word]


def parse_card(text: str, field: str = "card") -> Card:
    """A card written rank then suit (``TS``, ``10S``, ``8d``)."""
    if not isinstance(text, str) or len(text) not in (2, 3):
        raise NotationError(field, f"unknown card {text!r}")
    return make_card(parse_rank(text[:-1], field), parse_suit(text[-1], field))


def parse_cards(texts: Iterable[str], field: str = "cards") -> CardSet:
    """A list of card names as a set; a card named twice is an error."""
    cards = EMPTY
    for text in texts:
        card = parse_card(text, field)
        if cards & bit(card):
            raise NotationError(field, f"card {card_name(card)} appears twice")
        cards |= bit(card)
    return cards
