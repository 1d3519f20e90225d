"""Playing a family game's moves one after another, as a game is played (the family's
counterpart of ``eights.engine.steps``): a draw naming no cards takes them from a seeded
generator, card by card by their chances (``chance_outcomes``), and its step names them
(``draw KS,2C``), so that the steps replay exactly; a draw naming its cards takes those.

A move as asked is a move's notation or JSON form (``eights.engine.family.moves``), or a
draw naming its cards: ``draw KS,2C`` or ``{"action": "draw", "cards": ["KS", "2C"]}``.

>>> import random
>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2")
>>> step = play_step(p, read_asked_move("draw", "moves[0]"), random.Random(1), "moves[0]")
>>> step.notation(), step.to_json(), step.after.hands[0] == (6, 20, 40)
('draw 2C', {'action': 'draw', 'cards': ['2C']}, True)
>>> play_step(p, read_asked_move("draw 2S", "moves[0]"), random.Random(1), "moves[0]")
Traceback (most recent call last):
...
eights.engine.errors.IllegalMoveError: moves[0].cards[0]: the stock does not hold 2S
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import Card, card_name, parse_card, split_words
from eights.engine.errors import EightsError, IllegalMoveError, NotationError
from eights.engine.family.moves import DRAW, FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes


@dataclass(frozen=True, slots=True)
class AskedMove:
    """A move as asked: the move, and for a draw the cards it is to bring (None: by chance)."""

    move: FamilyMove
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class FamilyStep:
    """One move played: the position before, the move, the cards a draw brought (in the
    order drawn; none for another move) and the position after."""

    before: FamilyPosition
    move: FamilyMove
    drawn: tuple[Card, ...]
    after: FamilyPosition

    def notation(self) -> str:
        """The move as played: ``play 7S``, ``pass``, a draw naming its cards ``draw KS,2C``."""
        if self.move.action != DRAW:
            return self.move.notation()
        return f"draw {','.join(card_name(card) for card in self.drawn)}"

    def to_json(self) -> dict[str, Any]:
        """The move as played in the JSON form, a draw's cards as ``cards``."""
        if self.move.action != DRAW:
            return self.move.to_json()
        return {**self.move.to_json(), "cards": [card_name(card) for card in self.drawn]}


def read_asked_move(value: object, field: str) -> AskedMove:
    """A move as asked (text or JSON form), errors naming ``field`` (``moves[3]``, ``moves[3].card``)."""
    try:
        if isinstance(value, dict) and value.get("action") == DRAW and "cards" in value:
            rest = {key: item for key, item in value.items() if key != "cards"}
            return AskedMove(FamilyMove.from_json(rest), _cards(value["cards"], f"{field}.cards"))
        if isinstance(value, str):
            words = split_words(value)
            if len(words) == 2 and words[0].lower() == DRAW:
                return AskedMove(FamilyMove(DRAW), _cards(words[1].split(","), f"{field}.cards"))
            return AskedMove(FamilyMove.from_notation(value))
        return AskedMove(FamilyMove.from_json(value))
    except EightsError as error:
        raise type(error)(_located(error.field, field), error.problem) from None


def read_asked_moves(values: list[Any], field: str = "moves") -> tuple[AskedMove, ...]:
    """The moves given in ``field``, each as a string or an object (a draw may name its cards),
    an error naming the move's place (``moves[1]``): what ``POST /v1/apply``, ``/v1/rollout`` and
    ``eights rollout --moves`` read.

    >>> [(asked.move.notation(), asked.cards) for asked in read_asked_moves(["play 5H", "draw 2C"])]
    [('play 5H', None), ('draw', (40,))]
    """
    return tuple(read_asked_move(value, f"{field}[{index}]") for index, value in enumerate(values))


def _located(error_field: str, field: str) -> str:
    """A move's error field (``move``, ``move.card``, ``moves[3].cards[0]``) under ``field``."""
    if error_field == "move" or error_field.startswith("move."):
        return field + error_field[len("move"):]
    return error_field


def _cards(names: object, field: str) -> tuple[Card, ...]:
    """The cards a draw names, in order (a card may be named twice in a game of two decks)."""
    if not isinstance(names, list) or not names:
        raise NotationError(field, "the cards drawn: a list of one card or more")
    return tuple(parse_card(name, f"{field}[{index}]") for index, name in enumerate(names))


def play_step(position: FamilyPosition, asked: AskedMove, rng: random.Random, field: str) -> FamilyStep:
    """``asked`` played from ``position`` (a hand to act, no draw under way), a draw's cards
    those it names or, naming none, drawn from ``rng``; IllegalMoveError naming ``field``
    (``moves[3]``, ``moves[3].cards[1]``) for a move the rules do not allow or cards the
    draw cannot bring, in their number or their order."""
    if position.owed:
        raise IllegalMoveError(field, "a draw is under way: its cards come first, no hand chooses")
    try:
        after = apply_move(position, asked.move)
    except EightsError as error:
        raise IllegalMoveError(field, error.problem) from None
    drawn: list[Card] = []
    while after.owed:
        if asked.cards is None:
            cards, weights = zip(*chance_outcomes(after))
            card = rng.choices(cards, [float(weight) for weight in weights])[0]
        elif len(drawn) < len(asked.cards):
            card = asked.cards[len(drawn)]
            _check_named(after, card, f"{field}.cards[{len(drawn)}]")
        else:
            raise IllegalMoveError(f"{field}.cards", f"the draw brings more cards than the {len(drawn)} named")
        after = apply_chance(after, card)
        drawn.append(card)
    if asked.cards is not None and len(drawn) < len(asked.cards):
        raise IllegalMoveError(f"{field}.cards", f"the draw brought {len(drawn)} card(s), not the {len(asked.cards)} "
                                                 "named")
    return FamilyStep(position, asked.move, tuple(drawn), after)


def _check_named(position: FamilyPosition, card: Card, field: str) -> None:
    """IllegalMoveError naming ``field`` unless the draw under way can bring ``card``, which
    it names: the stock holds it and, when the stock's order is known, it is on top."""
    if card not in position.stock:
        raise IllegalMoveError(field, f"the stock does not hold {card_name(card)}")
    if position.order is not None and position.order[0] != card:
        raise IllegalMoveError(field, f"the stock's order brings {card_name(position.order[0])} first, "
                                      f"not {card_name(card)}")
