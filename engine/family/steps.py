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
from collections.abc import Iterator, Sequence
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
        """The move as played: ``play 7S``, ``pass``, a draw naming its cards ``draw KS,2C``
        (``draw`` when none came yet: a record's last draw, still under way)."""
        if self.move.action != DRAW or not self.drawn:
            return self.move.notation()
        return f"draw {','.join(card_name(card) for card in self.drawn)}"

    def to_json(self) -> dict[str, Any]:
        """The move as played in the JSON form, a draw's cards as ``cards``."""
        if self.move.action != DRAW or not self.drawn:
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


@dataclass(frozen=True, slots=True)
class LocatedMove:
    """A move as asked with where it was asked: the move, its field (``moves[3]``) and, for a
    draw written as a record writes it, the fields of its ``card`` events (``moves[4]``,
    ``moves[5]``), which errors about its cards name."""

    asked: AskedMove
    field: str
    card_fields: tuple[str, ...] = ()
    unfinished: bool = False  # a record's last draw, which may end before all its cards came

    def located(self, error: EightsError) -> EightsError:
        """``error`` from ``play_step`` (naming ``field.cards[i]`` or ``field.cards``) naming the
        card event it is about, when the cards were given as events."""
        if not self.card_fields or not error.field.startswith(f"{self.field}.cards"):
            return error
        index = error.field[len(f"{self.field}.cards"):].strip("[]")
        where = self.card_fields[int(index)] if index.isdigit() else self.field
        return type(error)(where, error.problem)


def read_asked_moves(values: list[Any], field: str = "moves") -> tuple[LocatedMove, ...]:
    """The moves given in ``field``, each as a string or an object (a draw may name its cards),
    with its field (``moves[3]``): what ``POST /v1/apply``, ``/v1/rollout`` and ``eights rollout
    --moves`` read.

    >>> [(each.asked.move.notation(), each.field) for each in read_asked_moves(["play 5H", "draw 2C"])]
    [('play 5H', 'moves[0]'), ('draw', 'moves[1]')]
    """
    return tuple(LocatedMove(read_asked_move(value, f"{field}[{index}]"), f"{field}[{index}]")
                 for index, value in enumerate(values))


def rolled_out_actions(position: FamilyPosition, moves: Sequence[LocatedMove]) -> list[FamilyMove]:
    """The actions of a rollout's root ``moves``, each first played from ``position`` as
    /v1/apply plays it (the same errors: a draw naming a card the stock does not hold is
    refused alike); the rollout rolls the action out, a draw's cards coming by chance in
    every game, as sce2's rollouts do with a draw naming its cards."""
    for move in moves:
        try:
            play_step(position, move.asked, random.Random(0), move.field, move.unfinished)
        except EightsError as error:
            raise move.located(error) from None
    return [move.asked.move for move in moves]


def read_recorded_moves(values: list[Any], field: str = "moves") -> Iterator[LocatedMove]:
    """The moves of a played deal (a record's, or /v1/apply's steps), each read as
    ``read_asked_move`` reads a move: a draw names the cards it brought, either in the move
    (``draw 5D,2C``) or, as a record writes them, as the events after it (``draw``, ``card 5D``,
    ``card 2C``). A draw naming no cards, or a card event after no draw, is IllegalMoveError
    naming its field: a played deal's draws brought known cards; only the last draw, where a
    record may end while it is under way, may name fewer cards than it brings (in either form).
    The moves come one by one, so that a move played before a bad one is refused first.

    >>> [(m.asked.cards, m.field, m.card_fields) for m in read_recorded_moves(["draw", "card 5D", "draw 2C"])]
    [((30,), 'moves[0]', ('moves[1]',)), ((40,), 'moves[2]', ())]
    >>> list(read_recorded_moves(["card 5D"]))
    Traceback (most recent call last):
    ...
    eights.engine.errors.IllegalMoveError: moves[0]: card 5D follows no draw (a draw names the cards it brought: draw 5D)
    """
    index = 0
    while index < len(values):
        where = f"{field}[{index}]"
        value = values[index]
        named = _card_event(value)
        if named is not None:
            raise IllegalMoveError(where, f"card {named} follows no draw (a draw names the cards it brought: "
                                          f"draw {named})")
        asked = read_asked_move(value, where)
        index += 1
        if asked.move.action != DRAW or asked.cards is not None:
            yield LocatedMove(asked, where, unfinished=asked.cards is not None and index == len(values))
            continue
        names: list[str] = []
        while index < len(values) and (name := _card_event(values[index])) is not None:
            names.append(name)
            index += 1
        last = index == len(values)
        if not names and not last:
            raise IllegalMoveError(where, "a draw of a played deal names the cards it brought (draw 5D,2C, or draw "
                                          "then card 5D, card 2C)")
        card_fields = tuple(f"{field}[{at}]" for at in range(index - len(names), index))
        cards = tuple(parse_card(name, at) for name, at in zip(names, card_fields))
        yield LocatedMove(AskedMove(asked.move, cards), where, card_fields, unfinished=last)


def _card_event(value: object) -> str | None:
    """The card a record's ``card 5D`` event names (as written), or None for any other value."""
    if isinstance(value, str):
        words = split_words(value)
        if len(words) == 2 and words[0].lower() == "card":
            return words[1]
    return None


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


def play_step(position: FamilyPosition, asked: AskedMove, rng: random.Random, field: str,
              unfinished: bool = False) -> FamilyStep:
    """``asked`` played from ``position`` (a hand to act, no draw under way), a draw's cards
    those it names or, naming none, drawn from ``rng``; IllegalMoveError naming ``field``
    (``moves[3]``, ``moves[3].cards[1]``) for a move the rules do not allow or cards the
    draw cannot bring, in their number or their order. ``unfinished``: a draw may stop after
    the cards it names, still under way (a record's last draw)."""
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
        elif unfinished:
            break
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
