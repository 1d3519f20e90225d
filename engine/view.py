"""A position seen from one concealed hand (single dummy): what that seat knows, and deals
drawn at random among the ones it cannot tell apart.

The seat (S or W) sees its own hand, both dummies, the upcard and the discard pile; the
other concealed hand and the stock are hidden from it, and it knows only how many cards
the hidden hand holds. Such a position is written with ``view:S`` (JSON ``"view": "S"``),
the hidden hand given either as its cards (a full position, seen from S: the cards are
then forgotten) or as its count, ``W:?7`` (JSON ``"W": 7``). With a count the stock is
every unseen card not in the hidden hand, so ``stock:`` and ``order:`` are refused: only
``discard:`` tells the seen cards from the unseen. A view is always a concealed hand's
(a dummy has no view of its own).

A View keeps nothing of how the unseen cards were split between the hidden hand and the
stock: inputs that differ only in that split make equal Views, so whatever is computed
from a View cannot depend on the hidden cards.

>>> view = parse_view("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W view:W")
>>> view.notation()
'N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0 view:W'
>>> parse_view(view.notation()) == view, count(view.unseen)
(True, 28)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from math import comb
from typing import Any

from eights.engine.cards import (
    CONCEALED,
    EMPTY,
    FULL_DECK,
    SEATS,
    TWO,
    CardSet,
    S,
    Seat,
    W,
    bit,
    count,
    rank_mask,
    scan,
)
from eights.engine.errors import NotationError
from eights.engine.notation import HIDDEN_MARK, Hidden, compact, position_from_fields, read_fields, require, to_json
from eights.engine.position import Position

TWOS = rank_mask(TWO)


@dataclass(frozen=True, slots=True)
class View:
    """What concealed hand ``seat`` knows: every card but the ``unseen`` ones, which are
    the hidden hand's ``hidden_count`` cards and the stock. ``template`` is the position
    with a stand-in hidden hand (the lowest unseen cards, 2s last): it carries the known
    state of play and is never shown."""

    seat: Seat
    hidden_count: int
    unseen: CardSet
    template: Position

    @classmethod
    def of(cls, position: Position, seat: Seat, field: str = "view") -> View:
        """The view ``seat`` (S or W) has of a full position; NotationError naming ``field``
        for a dummy's seat."""
        _check_seat(seat, field)
        hidden_seat = hidden_from(seat)
        unseen = position.hands[hidden_seat] | position.stock
        hidden_count = count(position.hands[hidden_seat])
        stand_in = _stand_in(unseen, hidden_count)
        return cls(seat, hidden_count, unseen, _dealt(position, hidden_seat, stand_in, unseen))

    @property
    def hidden_seat(self) -> Seat:
        """The concealed hand the view cannot see."""
        return hidden_from(self.seat)

    @property
    def spare_twos(self) -> int:
        """The most 2s the hidden hand can hold: the run of 2s pending is in no hand."""
        position = self.template
        return count((self.unseen | position.discard | bit(position.upcard)) & TWOS) - position.pending // 2

    def deal(self, hidden: CardSet) -> Position:
        """The full position in which the hidden hand holds ``hidden`` (that many unseen
        cards) and the stock the other unseen cards, its order unknown."""
        if hidden & ~self.unseen or count(hidden) != self.hidden_count:
            raise ValueError(f"the hidden hand holds {self.hidden_count} of the unseen cards")
        return _dealt(self.template, self.hidden_seat, hidden, self.unseen)

    def sample(self, rng: random.Random) -> Position:
        """A deal drawn uniformly from those the view cannot tell apart: every set of
        ``hidden_count`` unseen cards with no more than ``spare_twos`` 2s is equally likely.

        >>> from eights.engine.cards import card_names
        >>> view = parse_view("N:K... E:Q... S:5... W:?1 up:5H turn:S view:S "
        ...                   "discard:AJT98764.AKQJT9876432.AKQJT98765432.AKQJT98765432")
        >>> sorted({card_names(view.sample(random.Random(seed)).hands[W])[0] for seed in range(20)})
        ['2S', '3S']
        """
        twos, others = sorted(scan(self.unseen & TWOS)), sorted(scan(self.unseen & ~TWOS))
        wanted = self.hidden_count
        choices = range(max(0, wanted - len(others)), min(len(twos), self.spare_twos, wanted) + 1)
        held = rng.choices(choices, weights=[comb(len(twos), j) * comb(len(others), wanted - j) for j in choices])[0]
        hidden = EMPTY
        for card in rng.sample(twos, held) + rng.sample(others, wanted - held):
            hidden |= bit(card)
        return self.deal(hidden)

    def notation(self) -> str:
        """The canonical compact form: the hidden hand as its count, no stock, ``view:`` last."""
        words = compact(self.template).split(" ")
        words[self.hidden_seat] = f"{SEATS[self.hidden_seat]}:{HIDDEN_MARK}{self.hidden_count}"
        return " ".join([*words, f"view:{SEATS[self.seat]}"])

    def to_json(self) -> dict[str, Any]:
        """The JSON form: the hidden hand as its count, the stock and its order null."""
        data = to_json(self.template)
        data["hands"][SEATS[self.hidden_seat]] = self.hidden_count
        data.update(stock=None, stock_order=None, view=SEATS[self.seat])
        return data


def hidden_from(seat: Seat) -> Seat:
    """The concealed hand hidden from concealed hand ``seat``: W from S, S from W."""
    return W if seat == S else S


def parse_view(data: Any) -> View:
    """A view from either form of a position with ``view:``; NotationError naming the
    field for anything ``parse_position`` refuses, a view of a dummy, a hand other than the
    hidden one given as a count, or a count that the unseen cards cannot make up."""
    fields = read_fields(data)
    if "view" not in fields:
        raise NotationError(fields["keys"]["view"], "required: the concealed hand whose view it is (S or W)")
    return _view_from_fields(fields)


def parse_any(data: Any) -> Position | View:
    """A view when the input has ``view:``, else a (double-dummy) position."""
    fields = read_fields(data)
    return _view_from_fields(fields) if "view" in fields else position_from_fields(fields)


def _view_from_fields(fields: dict[str, Any]) -> View:
    keys = fields["keys"]
    seat = fields.pop("view")
    require(fields)
    _check_seat(seat, keys["view"])
    hidden_seat = SEATS[hidden_from(seat)]
    for name in SEATS:
        if isinstance(fields[name], Hidden) and name != hidden_seat:
            raise NotationError(keys[name], f"only the hand hidden from {SEATS[seat]}'s view "
                                            f"({hidden_seat}) may be given as a count")
    hidden = fields[hidden_seat]
    if isinstance(hidden, Hidden):
        for name in ("stock", "order"):
            if name in fields:
                raise NotationError(keys[name], f"{SEATS[seat]} cannot know it while {hidden_seat} is a count: "
                                                "give discard: only (the stock is every unseen card left)")
        fields[hidden_seat] = _hidden_stand_in(fields, hidden_seat, hidden.count, keys[hidden_seat])
    return View.of(position_from_fields(fields), seat, keys["view"])


def _check_seat(seat: Seat, field: str) -> None:
    if seat not in CONCEALED:
        raise NotationError(field, f"a dummy ({SEATS[seat]}) has no view of its own: a view is a concealed "
                                   "hand's, S or W")


def _hidden_stand_in(fields: dict[str, Any], hidden_seat: str, wanted: int, field: str) -> CardSet:
    """A hidden hand of ``wanted`` unseen cards (any will do: the View forgets which), or
    NotationError naming ``field`` when fewer cards are unseen."""
    seen = bit(fields["upcard"]) | fields.get("discard", EMPTY)
    for name in SEATS:
        if name != hidden_seat:
            seen |= fields[name]
    unseen = FULL_DECK & ~seen
    if wanted > count(unseen):
        raise NotationError(field, f"{wanted} cards hidden, but only {count(unseen)} cards are unseen "
                                   "(in no other hand, not the upcard, not in the discard pile)")
    return _stand_in(unseen, wanted)


def _stand_in(unseen: CardSet, wanted: int) -> CardSet:
    """The ``wanted`` lowest unseen cards, 2s last (so that a pending run of 2s can be in no hand)."""
    cards = sorted(scan(unseen & ~TWOS)) + sorted(scan(unseen & TWOS))
    hand = EMPTY
    for card in cards[:wanted]:
        hand |= bit(card)
    return hand


def _dealt(position: Position, hidden_seat: Seat, hidden: CardSet, unseen: CardSet) -> Position:
    hands = list(position.hands)
    hands[hidden_seat] = hidden
    return replace(position, hands=(hands[0], hands[1], hands[2], hands[3]), stock=unseen & ~hidden, order=None)

