"""Moves: play a card (an 8 with the suit it names), or draw (naming the cards in a record).

>>> Move.from_notation("play 8d/s")
Move.from_notation('play 8D/S')
>>> Move.from_notation("draw KS,2C").to_json()
{'action': 'draw', 'cards': ['KS', '2C']}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import (
    EIGHT,
    SUITS,
    Card,
    CardSet,
    Suit,
    card_name,
    card_names,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
    split_words,
)
from eights.engine.errors import NotationError

PLAY, DRAW = "play", "draw"


@dataclass(frozen=True, slots=True)
class Move:
    """``play`` a card (``suit``: the suit an 8 names) or ``draw``.

    A draw takes what the rules say; ``cards`` names what it brought (a record of a
    played deal), or is None when the cards are left to chance. A draw that can
    bring nothing is the pass of RULES.md.
    """

    action: str
    card: Card | None = None
    suit: Suit | None = None
    cards: CardSet | None = None

    def __post_init__(self) -> None:
        """Only well-formed moves exist, so the rules never meet a malformed one."""
        if self.action == PLAY:
            if not isinstance(self.card, int) or not 0 <= self.card < 52 or self.cards is not None:
                raise NotationError("move", "a play takes exactly one card (0..51) and no drawn cards")
            if self.suit is not None and (not isinstance(self.suit, int) or not 0 <= self.suit < 4):
                raise NotationError("move", f"unknown suit {self.suit!r}")
            if self.suit is not None and rank_of(self.card) != EIGHT:
                raise NotationError("move", f"only an 8 names a suit, not {card_name(self.card)}")
        elif self.action == DRAW:
            if self.card is not None or self.suit is not None:
                raise NotationError("move", "a draw takes no card or suit")
            if self.cards is not None and (not isinstance(self.cards, int) or self.cards >> 52 or self.cards < 0):
                raise NotationError("move", "the drawn cards must be a set of cards")
        else:
            raise NotationError("move", f"unknown action {self.action!r} (expected play or draw)")

    @classmethod
    def play(cls, card: Card, suit: Suit | None = None) -> Move:
        """Play ``card``; an 8 names ``suit``."""
        return cls(PLAY, card, suit)

    @classmethod
    def draw(cls, cards: CardSet | None = None) -> Move:
        """Draw, the cards left to chance or named."""
        return cls(DRAW, cards=cards)

    @property
    def is_draw(self) -> bool:
        """True for a draw (or the pass it becomes when nothing can be drawn)."""
        return self.action == DRAW

    def unnamed(self) -> Move:
        """The move without the cards a draw named: the action as chosen."""
        return Move.draw() if self.is_draw else self

    def notation(self) -> str:
        """``play 9H``, ``play 8D/S``, ``draw`` or ``draw KS,2C``."""
        if self.is_draw:
            if self.cards is None:
                return DRAW
            return f"{DRAW} {','.join(card_names(self.cards))}".rstrip()
        assert self.card is not None
        called = f"/{SUITS[self.suit]}" if self.suit is not None else ""
        return f"{PLAY} {card_name(self.card)}{called}"

    @classmethod
    def from_notation(cls, text: str, field: str = "move") -> Move:
        """Read a move written as NOTATION.md shows."""
        if not isinstance(text, str):
            raise NotationError(field, f"expected a move string, got {type(text).__name__}")
        words = split_words(text)
        if not words:
            raise NotationError(field, "empty move")
        action, rest = words[0].lower(), words[1:]
        if action == DRAW:
            if len(rest) > 1:
                raise NotationError(field, f"unexpected text after draw: {' '.join(rest[1:])!r}")
            if not rest:
                return cls.draw()
            names = [name for name in rest[0].split(",") if name]
            return cls.draw(parse_cards(names, field))
        if action != PLAY:
            raise NotationError(field, f"unknown action {words[0]!r} (expected play or draw)")
        if len(rest) != 1:
            raise NotationError(field, "play takes exactly one card, as 'play 9H' or 'play 8D/S'")
        card_text, slash, suit_text = rest[0].partition("/")
        card = parse_card(card_text, field)
        suit = parse_suit(suit_text, field) if slash else None
        return _with_field(lambda: cls.play(card, suit), field)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"action": "play", "card": "8D", "suit": "S"}``."""
        if self.is_draw:
            if self.cards is None:
                return {"action": DRAW}
            return {"action": DRAW, "cards": card_names(self.cards)}
        assert self.card is not None
        result: dict[str, Any] = {"action": PLAY, "card": card_name(self.card)}
        if self.suit is not None:
            result["suit"] = SUITS[self.suit]
        return result

    @classmethod
    def from_json(cls, data: Any, field: str = "move") -> Move:
        """Read the JSON form, or a move string."""
        if isinstance(data, str):
            return cls.from_notation(data, field)
        if not isinstance(data, dict):
            raise NotationError(field, f"expected an object or a string, got {type(data).__name__}")
        unknown = set(data) - {"action", "card", "suit", "cards"}
        if unknown:
            raise NotationError(field, f"unknown key {sorted(unknown)[0]!r}")
        action = data.get("action")
        if action == DRAW:
            if "card" in data or "suit" in data:
                raise NotationError(field, "a draw takes no card or suit (use cards)")
            names = data.get("cards")
            if names is None:
                return cls.draw()
            if not isinstance(names, list):
                raise NotationError(f"{field}.cards", "expected a list of cards")
            return cls.draw(parse_cards(names, f"{field}.cards"))
        if action != PLAY:
            raise NotationError(f"{field}.action", f"unknown action {action!r} (expected play or draw)")
        if "cards" in data:
            raise NotationError(field, "a play takes card (and suit), not cards")
        if "card" not in data:
            raise NotationError(f"{field}.card", "missing")
        card = parse_card(data["card"], f"{field}.card")
        suit_text = data.get("suit")
        suit = None if suit_text is None else parse_suit(_text(suit_text, f"{field}.suit"), f"{field}.suit")
        return _with_field(lambda: cls.play(card, suit), field)

    def __repr__(self) -> str:
        return f"Move.from_notation({self.notation()!r})"


def _with_field(make: Callable[[], Move], field: str) -> Move:
    """Build a move, its errors naming ``field``."""
    try:
        return make()
    except NotationError as error:
        raise NotationError(field, error.problem) from None


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise NotationError(field, f"expected a string, got {type(value).__name__}")
    return value
