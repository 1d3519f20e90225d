"""A family position seen from one seat: what that player knows, in the notation (``view:K``,
other hands as their counts) and as deals drawn at random among the ones she cannot tell apart
(the family's counterpart of ``eights.engine.view``; docs/rules/views.md, "The family").

The player sees her own hand, the upcard and what an 8 called, the discard pile (every
card played; the layout game's centre piles), how many cards each other hand and the
stock hold, and the turn's public state (whose turn, direction, a pending draw-two, draws
and passes so far). Hidden from her: the other hands, the stock, and the layout game's
cards out of play (never shown). A FamilyView keeps those hidden cards only as one sorted
multiset, ``unseen``, so that two positions that differ only in how the hidden cards are
split (between other hands, or a hand and the stock) make equal views, and whatever is
computed from a view cannot depend on the split.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/3 0:7.8.. 1:K... 2:.2.. turn:0 up:7C stock:...2")
>>> q = parse_family("rules:classic/3 0:7.8.. 1:.2.. 2:K... turn:0 up:7C stock:...2")
>>> FamilyView.of(p) == FamilyView.of(q), FamilyView.of(p).counts
(True, (2, 1, 1))
>>> deal = FamilyView.of(p).sample(random.Random(1))
>>> deal.hands[0] == p.hands[0], sorted(deal.hands[1] + deal.hands[2] + deal.stock) == sorted(p.hands[1] + p.hands[2] + p.stock)
(True, True)

In the notation, the other hands are written as their counts (``1:?1``; JSON a number),
the stock is left out (it is every unseen card the counts leave), and ``view:K`` names the seat:

>>> r = parse_family("rules:classic/3 0:7.8.. 1:K... 2:.2.. turn:0 up:7C discard:...3")
>>> FamilyView.of(r).notation()
'rules:classic/3 0:7.8.. 1:?1 2:?1 up:7C turn:0 dir:cw draw:0 discard:...3 view:0'
>>> parse_family_view(FamilyView.of(r).notation()) == FamilyView.of(r)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eights.engine.cards import Card, Seat, split_words
from eights.engine.family.notation import FamilyNotationError, family_from_json, family_to_json, hand_text, parse_family, compact_family
from eights.engine.family.position import Cards, FamilyPosition, cards_of

HIDDEN_MARK = "?"  # a hand given as its count: 1:?5


@dataclass(frozen=True)
class FamilyView:
    """What ``seat`` knows of a position: ``shown``, the position with every hidden part
    (other hands, the stock and its order, the layout game's cards out of play) emptied;
    ``counts``, every hand's size; ``stock_count`` and ``out_count`` (the layout game's
    cards out of play); ``unseen``, the hidden cards as one sorted multiset."""

    seat: Seat
    shown: FamilyPosition
    counts: tuple[int, ...]
    stock_count: int
    out_count: int
    unseen: Cards

    @classmethod
    def of(cls, position: FamilyPosition, seat: Seat | None = None) -> FamilyView:
        """The view of ``seat`` (by default the seat to act)."""
        seat = position.turn if seat is None else seat
        out_hidden = bool(position.rules.centre)  # the layout game's rest of the pack is never shown
        hidden = [card for other, hand in enumerate(position.hands) if other != seat for card in hand]
        hidden += list(position.stock) + (list(position.discard) if out_hidden else [])
        hands = tuple(hand if other == seat else () for other, hand in enumerate(position.hands))
        shown = replace(position, hands=hands, stock=(), order=None, discard=() if out_hidden else position.discard)
        return cls(seat, shown, tuple(len(hand) for hand in position.hands), len(position.stock),
                   len(position.discard) if out_hidden else 0, cards_of(hidden))

    def sample(self, rng: random.Random) -> FamilyPosition:
        """A position the seat cannot tell from the one seen: the unseen cards shuffled and
        dealt to the other hands (their counts), then the stock, then the cards out of play."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        others, at = {}, 0
        for other, size in enumerate(self.counts):
            if other != self.seat:
                others[other], at = cards[at:at + size], at + size
        return self.dealt(others, cards[at:])

    def dealt(self, others: Mapping[Seat, Sequence[Card]], rest: Sequence[Card]) -> FamilyPosition:
        """The position the view sees with the unseen cards dealt: ``others[k]`` to hand k (each
        other hand, its count of them), and ``rest`` to the stock (its count, the first of them)
        and then to the cards out of play."""
        hands = tuple(self.shown.hands[hand] if hand == self.seat else cards_of(others[hand])
                      for hand in range(len(self.counts)))
        stock = cards_of(rest[:self.stock_count])
        out = cards_of(rest[self.stock_count:]) if self.out_count else self.shown.discard
        return replace(self.shown, hands=hands, stock=stock, discard=out)

    @property
    def rules_name(self) -> str:
        """The short name of the view's ruleset."""
        return self.shown.rules.name

    def notation(self) -> str:
        """The canonical compact form: every other hand as its count (``1:?5``), no stock (nor
        the layout game's cards out of play), the discard pile as ``discard:``, ``view:`` last."""
        words = [word for word in compact_family(self.shown).split(" ")
                 if not word.startswith(("stock:", "order:", "out:"))]
        for other, size in enumerate(self.counts):
            if other != self.seat:
                words[1 + other] = f"{other}:{HIDDEN_MARK}{size}"
        if self.shown.discard and not self.out_count:
            at = next(index for index, word in enumerate(words) if word.startswith("draw:")) + 1
            words.insert(at, f"discard:{hand_text(self.shown.discard)}")
        return " ".join([*words, f"view:{self.seat}"])

    def to_json(self) -> dict[str, Any]:
        """The JSON form: every other hand as its count, the stock (and its order, and the layout
        game's cards out of play) null, and ``view``, the seat."""
        data = family_to_json(self.shown)
        data["hands"] = [hand if other == self.seat else self.counts[other]
                         for other, hand in enumerate(data["hands"])]
        for key in ("stock", "stock_order", "out"):
            if key in data:
                data[key] = None
        data["view"] = self.seat
        return data


def parse_family_view(data: object) -> FamilyView:
    """A view from either form of a family position with ``view:K`` (JSON ``"view": K``):
    the position seen from seat K, the other hands given as their cards (then forgotten) or
    their counts (``1:?5``, JSON ``5``). FamilyNotationError naming the field for anything
    the position's reader refuses, a missing or bad ``view``, a count on the view's own hand,
    a count that is not a whole number or that the unseen cards cannot make up, and
    ``stock:``/``order:``/``out:`` beside a count (the stock is then every unseen card left).

    >>> parse_family_view("rules:classic/2 0:7... 1:?2 up:7C turn:0 view:0").counts
    (1, 2)
    >>> parse_family_view("rules:classic/2 0:?7 1:K... up:7C turn:0 view:0")
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.FamilyNotationError: 0: the view's own hand (seat 0) is given by its cards, not a count
    >>> parse_family_view({"rules": "classic/2", "hands": ["7...", 60], "upcard": "7C", "turn": 0, "view": 0})
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.FamilyNotationError: hands.1: 60 cards hidden, but only 50 unseen cards are left
    """
    if isinstance(data, dict):
        return _json_view(data)
    if not isinstance(data, str):
        raise FamilyNotationError("position", f"a text or an object, not {type(data).__name__}")
    words, seat, counts = [], None, {}
    for word in split_words(data):
        key, colon, value = word.partition(":")
        if colon and key == "view":
            if seat is not None:
                raise FamilyNotationError("view", "given twice")
            seat = _seat_number(value)
        elif colon and key.isdigit() and value.startswith(HIDDEN_MARK):
            counts[int(key)] = _count(value[1:], key)
            words.append(f"{key}:-")
        else:
            words.append(word)
    if seat is None:
        raise FamilyNotationError("view", "required: the seat whose view it is (view:0, view:1, ...)")
    if counts:
        for word in words:
            key = word.partition(":")[0]
            if key in ("stock", "order", "out"):
                raise FamilyNotationError(key, _NOT_BESIDE_COUNTS)
    return _view_of(parse_family(" ".join(words)), seat, counts, str)


def is_family_view(data: object) -> bool:
    """Whether ``data`` (a compact text or a JSON object) is written as a view (``view:`` or a ``view`` key).

    >>> is_family_view("rules:classic/2 0:7... 1:?2 up:7C turn:0 view:0"), is_family_view({"view": None})
    (True, False)
    """
    if isinstance(data, dict):
        return data.get("view") is not None
    return isinstance(data, str) and any(word.startswith("view:") for word in split_words(data))


_NOT_BESIDE_COUNTS = "unknown to a view whose other hands are counts: give discard: only (the stock is every unseen card left)"


def _json_view(data: dict[str, Any]) -> FamilyView:
    seat = data.get("view")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise FamilyNotationError("view", f"the seat whose view it is, a whole number, not {seat!r}")
    hands = data.get("hands")
    counts: dict[int, int] = {}
    if isinstance(hands, list):
        for other, hand in enumerate(hands):
            if isinstance(hand, int) and not isinstance(hand, bool):
                counts[other] = _count(str(hand), f"hands.{other}")
        hands = ["-" if other in counts else hand for other, hand in enumerate(hands)]
    if counts:
        for key in ("stock", "stock_order", "out"):
            if data.get(key) is not None:
                raise FamilyNotationError(key, _NOT_BESIDE_COUNTS)
    rest = {key: value for key, value in data.items() if key not in ("view", "hands")}
    position = family_from_json({**rest, "hands": hands} if hands is not None else rest)
    return _view_of(position, seat, counts, lambda other: f"hands.{other}")


def _seat_number(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,2}", text):
        raise FamilyNotationError("view", f"the seat whose view it is, a whole number, not {text!r}")
    return int(text)


def _count(text: str, field: str) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", text):
        raise FamilyNotationError(field, f"a hidden hand is ?N, its number of cards, not ?{text}")
    return int(text)


def _view_of(position: FamilyPosition, seat: int, counts: dict[int, int], hand_field: Any) -> FamilyView:
    """The view of ``seat`` of ``position`` read with the counted hands empty: each counted
    hand dealt stand-in cards from the unseen cards left (the stock, the layout game's cards
    out of play), which the view then forgets."""
    if seat >= position.players:
        raise FamilyNotationError("view", f"a seat 0 to {position.players - 1} in {position.rules.name}, not {seat}")
    if seat in counts:
        raise FamilyNotationError(hand_field(seat), f"the view's own hand (seat {seat}) is given by its cards, not a count")
    layout = bool(position.rules.centre)
    pool = list(position.discard if layout else position.stock)
    hands = list(position.hands)
    for other, size in sorted(counts.items()):
        if size > len(pool):
            raise FamilyNotationError(hand_field(other), f"{size} cards hidden, but only {len(pool)} unseen cards are left")
        hands[other], pool = cards_of(pool[:size]), pool[size:]
    if counts:
        rest = cards_of(pool)
        position = replace(position, hands=tuple(hands), stock=() if layout else rest,
                           discard=rest if layout else position.discard)
        if position.owed and not position.stock:
            raise FamilyNotationError("owed", "a draw under way needs a stock: the counts leave no unseen card")
    return FamilyView.of(position, seat)
