"""The moves of a family game: ``play 7S``, ``play 8S/H``, ``play 7S on 7C``, ``draw``, ``pass``.

>>> FamilyMove.from_notation("play 8s/h")
FamilyMove.from_notation('play 8S/H')
>>> FamilyMove.from_notation("play 7S on 7C").to_json()
{'action': 'play', 'card': '7S', 'pile': '7C'}
>>> FamilyMove.from_json({"action": "pass"}).notation()
'pass'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.engine.cards import SUITS, Card, Suit, card_name, parse_card, parse_suit, split_words
from eights.engine.errors import NotationError
from eights.engine.family.ruleset import EIGHT_RANK

PLAY, DRAW, PASS = "play", "draw", "pass"


class FamilyMoveError(NotationError):
    """A move of a family game that cannot be read."""


@dataclass(frozen=True, slots=True)
class FamilyMove:
    """``play`` a card (``suit``: what an 8 names; ``pile``: the top card of the layout
    game's pile it is laid on), ``draw`` (what the rules say: one card or the draw-two
    count) or ``pass``."""

    action: str
    card: Card | None = None
    suit: Suit | None = None
    pile: Card | None = None

    def __post_init__(self) -> None:
        """Only well-formed moves exist."""
        if self.action == PLAY:
            if not isinstance(self.card, int) or not 0 <= self.card < 52:
                raise FamilyMoveError("move.card", "a play takes one card")
            if self.suit is not None and (self.card % 13 != EIGHT_RANK or not 0 <= self.suit < 4):
                raise FamilyMoveError("move.suit", f"only an 8 names a suit, not {card_name(self.card)}")
            if self.pile is not None and not 0 <= self.pile < 52:
                raise FamilyMoveError("move.pile", "a pile is named by its top card")
        elif self.action in (DRAW, PASS):
            if (self.card, self.suit, self.pile) != (None, None, None):
                raise FamilyMoveError("move", f"a {self.action} takes no card")
        else:
            raise FamilyMoveError("move.action", f"unknown action {self.action!r} (play, draw or pass)")

    def notation(self) -> str:
        """The move as written: ``play 8S/H``, ``play 7S on 7C``, ``draw``, ``pass``."""
        if self.action != PLAY:
            return self.action
        assert self.card is not None
        text = f"play {card_name(self.card)}"
        if self.suit is not None:
            text += f"/{SUITS[self.suit]}"
        if self.pile is not None:
            text += f" on {card_name(self.pile)}"
        return text

    @classmethod
    def from_notation(cls, text: str) -> FamilyMove:
        """The move a text names."""
        if not isinstance(text, str):
            raise FamilyMoveError("move", f"a text, not {type(text).__name__}")
        words = split_words(text)
        if words and words[0].lower() in (DRAW, PASS) and len(words) == 1:
            return cls(words[0].lower())
        if len(words) in (2, 4) and words[0].lower() == PLAY:
            card_text, slash, suit_text = words[1].partition("/")
            card = parse_card(card_text, "move.card")
            suit = parse_suit(suit_text, "move.suit") if slash else None
            pile = None
            if len(words) == 4:
                if words[2].lower() != "on":
                    raise FamilyMoveError("move", f"expected 'on', not {words[2]!r}")
                pile = parse_card(words[3], "move.pile")
            return cls(PLAY, card, suit, pile)
        raise FamilyMoveError("move", f"cannot read {text!r} (play 7S, play 8S/H, play 7S on 7C, draw, pass)")

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"action": "play", "card": "8S", "suit": "H"}``."""
        data: dict[str, Any] = {"action": self.action}
        if self.card is not None:
            data["card"] = card_name(self.card)
        if self.suit is not None:
            data["suit"] = SUITS[self.suit]
        if self.pile is not None:
            data["pile"] = card_name(self.pile)
        return data

    @classmethod
    def from_json(cls, data: object) -> FamilyMove:
        """The move of a JSON form."""
        if not isinstance(data, dict):
            raise FamilyMoveError("move", f"an object, not {type(data).__name__}")
        unknown = set(data) - {"action", "card", "suit", "pile"}
        if unknown:
            raise FamilyMoveError("move", f"unknown key {sorted(unknown)[0]!r}")
        action = data.get("action")
        if action not in (PLAY, DRAW, PASS):
            raise FamilyMoveError("move.action", f"unknown action {action!r} (play, draw or pass)")
        if action != PLAY:
            if len(data) != 1:
                raise FamilyMoveError("move", f"a {action} takes no card")
            return cls(str(action))
        card = parse_card(data.get("card"), "move.card")  # type: ignore[arg-type]
        suit = None if data.get("suit") is None else parse_suit(data["suit"], "move.suit")
        pile = None if data.get("pile") is None else parse_card(data["pile"], "move.pile")
        return cls(PLAY, card, suit, pile)

    def __repr__(self) -> str:
        return f"FamilyMove.from_notation({self.notation()!r})"
