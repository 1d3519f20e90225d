"""Reading and writing positions in both forms of NOTATION.md (compact and JSON).

Printing is canonical: ``compact(parse_position(x))`` is the canonical form of x and
``parse_position(compact(p)) == p``. Every rejection raises NotationError naming the field.

Reading is two steps, so that ``eights.engine.view`` can read a position seen from one seat
(``view:S``, the hidden hand as a count ``W:?7``) with the same code: ``read_fields``
reads each field by itself, ``position_from_fields`` checks them against each other.

>>> p = parse_position("W:T.AJ.AQ97.J N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 up:8S/C turn:W")
>>> compact(p)
'N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import (
    ASCII_SPACE,
    EIGHT,
    EMPTY,
    FULL_DECK,
    RANKS,
    RANKS_HIGH_FIRST,
    SEATS,
    SUITS,
    TWO,
    Card,
    CardSet,
    Seat,
    bit,
    card_name,
    card_names,
    count,
    parse_card,
    parse_cards,
    parse_rank,
    parse_seat,
    parse_suit,
    rank_mask,
    rank_of,
    scan,
    split_words,
    suit_mask,
)
from eights.engine.errors import NotationError
from eights.engine.position import CCW, CW, Position

DIRECTIONS = {"cw": CW, "ccw": CCW}
# A position's game context (docs/rules/game.md), read here and set aside for eights.engine.game.
COMPACT_GAME_KEYS = ("deal", "lead", "totals", "cube")
JSON_GAME_KEYS = ("deal_number", "lead", "totals", "cube", "cube_owner")
COMPACT_KEYS = ("N", "E", "S", "W", "up", "turn", "dir", "draw", "stock", "discard", "order", "ext", "penalty",
                "view", *COMPACT_GAME_KEYS)
JSON_KEYS = ("hands", "upcard", "called", "turn", "direction", "pending_draw", "stock", "discard",
             "stock_order", "extended_play", "penalised", "view", *JSON_GAME_KEYS)
MAX_TEXT = 4096
HIDDEN_MARK = "?"  # a hand given as a count: W:?7


@dataclass(frozen=True, slots=True)
class Hidden:
    """A hand given as its number of cards only (``W:?7``, ``"W": 7``): the hand hidden
    from a view (``eights.engine.view``)."""

    count: int


def hand_text(cards: CardSet) -> str:
    """The dotted form ``K43.5.K82.`` (spades.hearts.diamonds.clubs, high to low)."""
    groups = []
    for suit in range(4):
        ranks = {rank_of(card) for card in scan(cards & suit_mask(suit))}
        groups.append("".join(r for r in RANKS_HIGH_FIRST if RANKS.index(r) in ranks))
    return ".".join(groups)


def parse_hand(value: Any, field: str) -> CardSet:
    """A hand given as the dotted string or as a list of card names."""
    if isinstance(value, list):
        return parse_cards(value, field)
    if not isinstance(value, str):
        raise NotationError(field, f"expected a dotted hand or a list of cards, got {type(value).__name__}")
    groups = value.split(".")
    if len(groups) != 4:
        raise NotationError(field, f"expected four dot-separated suit groups, got {len(groups)}")
    cards = EMPTY
    for suit, group in enumerate(groups):
        for rank_text in group.replace("10", "T"):
            card = parse_rank(rank_text, field) + 13 * suit
            if cards & bit(card):
                raise NotationError(field, f"card {card_name(card)} appears twice")
            cards |= bit(card)
    return cards


def compact(position: Position) -> str:
    """The canonical one-line form. The stock is implied by the discard pile."""
    fields = [f"{SEATS[seat]}:{hand_text(position.hands[seat])}" for seat in range(4)]
    called = f"/{SUITS[position.called]}" if position.called is not None else ""
    fields.append(f"up:{card_name(position.upcard)}{called}")
    fields.append(f"turn:{SEATS[position.turn]}")
    fields.append(f"dir:{'cw' if position.direction == CW else 'ccw'}")
    fields.append(f"draw:{position.pending}")
    if position.discard:
        fields.append(f"discard:{hand_text(position.discard)}")
    if position.order is not None:
        fields.append(f"order:{','.join(card_name(card) for card in position.order)}")
    if position.extended and not position.pending:  # pending 2s with a hand out imply it
        fields.append("ext")
    if position.penalised:
        fields.append(f"penalty:{''.join(SEATS[s] for s in sorted(position.penalised))}")
    return " ".join(fields)


def to_json(position: Position) -> dict[str, Any]:
    """The JSON form with every key, hands and piles as dotted strings."""
    return {
        "hands": {SEATS[seat]: hand_text(position.hands[seat]) for seat in range(4)},
        "upcard": card_name(position.upcard),
        "called": SUITS[position.called] if position.called is not None else None,
        "turn": SEATS[position.turn],
        "direction": "cw" if position.direction == CW else "ccw",
        "pending_draw": position.pending,
        "stock": hand_text(position.stock),
        "discard": hand_text(position.discard),
        "stock_order": [card_name(card) for card in position.order] if position.order is not None else None,
        "extended_play": position.extended,
        "penalised": [SEATS[s] for s in sorted(position.penalised)],
    }


def parse_position(data: Any) -> Position:
    """A position from the compact string, a JSON text, or the JSON object (a dict)."""
    return position_from_fields(read_fields(data))


def read_fields(data: Any) -> dict[str, Any]:
    """Each field of a position in either form, read by itself: hands as card sets (or
    Hidden), the upcard, called suit, seats, counts, piles; ``keys`` maps each to the name
    the input gave it (``hands.N`` or ``N``), for errors. The game context's fields, if any,
    are set aside unread under ``game`` (the form and the values by key) for
    ``eights.engine.game``."""
    if isinstance(data, str):
        text = data.strip(ASCII_SPACE)
        if len(text) > MAX_TEXT:
            raise NotationError("position", f"longer than {MAX_TEXT} characters")
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except (ValueError, RecursionError) as error:
                raise NotationError("position", f"invalid JSON: {error}") from None
        else:
            return _compact_fields(text)
    if isinstance(data, dict):
        return _json_fields(data)
    raise NotationError("position", f"expected a compact string or a JSON object, got {type(data).__name__}")


def _compact_fields(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if not text:
        raise NotationError("position", "empty")
    for word in split_words(text):
        key, colon, value = word.partition(":")
        if not colon and key != "ext":
            raise NotationError(word, "unknown field (fields are key:value, such as turn:S)"
                                if key not in COMPACT_KEYS else "expected key:value")
        if key not in COMPACT_KEYS:
            raise NotationError(key, "unknown key")
        if key in fields:
            raise NotationError(key, "given twice")
        fields[key] = value
    for seat in "NESW":
        if seat in fields:
            text = fields[seat]
            fields[seat] = (_hidden(text[1:], seat) if text.startswith(HIDDEN_MARK) else parse_hand(text, seat))
    if "up" in fields:
        card_text, slash, suit_text = fields.pop("up").partition("/")
        fields["upcard"] = parse_card(card_text, "up")
        fields["called"] = parse_suit(suit_text, "up") if slash else None
    if "turn" in fields:
        fields["turn"] = parse_seat(fields["turn"], "turn")
    if "dir" in fields:
        fields["direction"] = _direction(fields.pop("dir"), "dir")
    if "draw" in fields:
        fields["pending"] = _pending(fields.pop("draw"), "draw")
    for key in ("stock", "discard"):
        if key in fields:
            fields[key] = parse_hand(fields[key], key)
    if "order" in fields:
        fields["order"] = _order([name for name in fields["order"].split(",") if name], "order")
    if "ext" in fields:
        if fields.pop("ext"):
            raise NotationError("ext", "a flag takes no value")
        fields["extended"] = True
    if "penalty" in fields:
        fields["penalised"] = [parse_seat(s, "penalty") for s in fields.pop("penalty")]
    if "view" in fields:
        fields["view"] = parse_seat(fields["view"], "view")
    game = {key: fields.pop(key) for key in COMPACT_GAME_KEYS if key in fields}
    if game:
        fields["game"] = ("compact", game)
    fields["keys"] = {"N": "N", "E": "E", "S": "S", "W": "W", "upcard": "up", "turn": "turn",
                      "pending": "draw", "stock": "stock", "discard": "discard", "order": "order",
                      "extended": "ext", "penalised": "penalty", "view": "view"}
    return fields


def _json_fields(data: dict[str, Any]) -> dict[str, Any]:
    unknown = [key for key in data if key not in JSON_KEYS]
    if unknown:
        raise NotationError(str(unknown[0]), "unknown key")
    fields: dict[str, Any] = {}
    hands = data.get("hands")
    if not isinstance(hands, dict):
        raise NotationError("hands", "required: an object with N, E, S and W")
    for key, value in hands.items():
        seat = "NESW"[parse_seat(key, f"hands.{key}")]
        if seat in fields:
            raise NotationError(f"hands.{key}", "given twice")
        if isinstance(value, int) and not isinstance(value, bool):
            fields[seat] = _hidden(str(value), f"hands.{key}")
        else:
            fields[seat] = parse_hand(value, f"hands.{key}")
    if "upcard" in data:
        fields["upcard"] = parse_card(data["upcard"], "upcard")
    called = data.get("called")
    fields["called"] = None if called is None else parse_suit(_string(called, "called"), "called")
    if "turn" in data:
        fields["turn"] = parse_seat(data["turn"], "turn")
    if data.get("direction") is not None:
        fields["direction"] = _direction(data["direction"], "direction")
    if data.get("pending_draw") is not None:
        fields["pending"] = _pending(data["pending_draw"], "pending_draw")
    for key in ("stock", "discard"):
        if data.get(key) is not None:
            fields[key] = parse_hand(data[key], key)
    if data.get("stock_order") is not None:
        if not isinstance(data["stock_order"], list):
            raise NotationError("stock_order", "expected a list of cards")
        fields["order"] = _order(data["stock_order"], "stock_order")
    extended = data.get("extended_play", False)
    if not isinstance(extended, bool):
        raise NotationError("extended_play", "expected true or false")
    fields["extended"] = extended
    penalised = data.get("penalised")
    penalised = [] if penalised is None else penalised
    if not isinstance(penalised, list):
        raise NotationError("penalised", "expected a list of seats")
    fields["penalised"] = [parse_seat(s, "penalised") for s in penalised]
    if data.get("view") is not None:
        fields["view"] = parse_seat(data["view"], "view")
    game = {key: data[key] for key in JSON_GAME_KEYS if data.get(key) is not None}
    if game:
        fields["game"] = ("json", game)
    fields["keys"] = {"N": "hands.N", "E": "hands.E", "S": "hands.S", "W": "hands.W", "upcard": "upcard",
                      "turn": "turn", "pending": "pending_draw", "stock": "stock", "discard": "discard",
                      "order": "stock_order", "extended": "extended_play", "penalised": "penalised",
                      "view": "view"}
    return fields


def _string(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise NotationError(field, f"expected a string, got {type(value).__name__}")
    return value


def _direction(value: Any, field: str) -> int:
    if not isinstance(value, str) or value not in DIRECTIONS:
        raise NotationError(field, f"unknown direction {value!r} (expected cw or ccw)")
    return DIRECTIONS[value]


def _pending(value: Any, field: str) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 2, 4, 6, 8):
        raise NotationError(field, f"pending count must be 0, 2, 4, 6 or 8, got {value!r}")
    return value


def _order(names: list[Any], field: str) -> tuple[Card, ...]:
    parse_cards(names, field)
    return tuple(parse_card(name, field) for name in names)


def _hidden(text: str, field: str) -> Hidden:
    """The count of a hand given as ``?7`` (or 7 in JSON): 0 to 52 cards."""
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) > 52:
        raise NotationError(field, f"a hidden hand's count must be a whole number from 0 to 52, got {text!r}")
    return Hidden(int(text))


def require(fields: dict[str, Any]) -> None:
    """NotationError naming the first field a position needs that the input lacks."""
    for name in ("N", "E", "S", "W", "upcard", "turn"):
        if name not in fields:
            raise NotationError(fields["keys"][name], "required")


def position_from_fields(fields: dict[str, Any]) -> Position:
    """Check the fields against each other (NOTATION "What every parser must do"). A view
    or a hand given as a count is refused: it is read by ``eights.engine.view.parse_view``."""
    keys = fields.pop("keys")
    if "game" in fields:
        form, game = fields["game"]
        raise NotationError(next(iter(game)), "a game context (the deal, the lead, the cube) is not a single deal's: "
                                              "the solver plays the deal for its points; read it with eights cube, "
                                              "POST /v1/cube or eights.engine.game.parse_game_position")
    if "view" in fields:
        raise NotationError(keys["view"], "a position seen from one seat is not double dummy: "
                                          "read it as a view (a fair hint samples what the seat cannot see)")
    require({**fields, "keys": keys})
    for name in SEATS:
        if isinstance(fields[name], Hidden):
            raise NotationError(keys[name], "a hand given as a count needs view: (the seat it is hidden from)")
    hands = (fields["N"], fields["E"], fields["S"], fields["W"])
    upcard: Card = fields["upcard"]
    placed = bit(upcard)
    for seat, hand in enumerate(hands):
        _disjoint(placed, hand, keys[SEATS[seat]])
        placed |= hand
    rest = FULL_DECK & ~placed
    stock, discard = fields.get("stock"), fields.get("discard")
    for name, pile in (("stock", stock), ("discard", discard)):
        if pile is not None:
            _disjoint(placed, pile, keys[name])
    if stock is not None and discard is not None:
        _disjoint(stock, discard, keys["discard"])
        if stock | discard != rest:
            raise NotationError(keys["stock"], "stock and discard do not hold every card left "
                                f"(missing {','.join(card_names(rest & ~(stock | discard)))})")
    elif stock is not None:
        discard = rest & ~stock
    elif discard is not None:
        stock = rest & ~discard
    else:
        stock, discard = rest, EMPTY
    order = fields.get("order")
    if order is not None:
        ordered = 0
        for card in order:
            ordered |= bit(card)
        if ordered != stock:
            raise NotationError(keys["order"], "must list exactly the cards of the stock")
    called = fields.get("called")
    if called is not None and rank_of(upcard) != EIGHT:
        raise NotationError(keys["upcard"], f"a called suit needs an 8 on top, not {card_name(upcard)}")
    pending = fields.get("pending", 0)
    if pending and rank_of(upcard) != TWO:
        raise NotationError(keys["pending"], f"a pending count needs a 2 on top, not {card_name(upcard)}")
    free_twos = count((rest | bit(upcard)) & rank_mask(TWO))  # the run's 2s (2 counts each) are in no hand
    if pending // 2 > free_twos:
        raise NotationError(keys["pending"], f"a pending count of {pending} needs {pending // 2} 2s played, "
                            f"but only {free_twos} 2s are in no hand")
    penalised: list[Seat] = fields.get("penalised", [])
    for seat in penalised:
        if seat not in (2, 3):
            raise NotationError(keys["penalised"], f"only a concealed hand (S, W) can be penalised, not {SEATS[seat]}")
    extended = fields.get("extended", False) or (pending > 0 and EMPTY in hands)
    if extended and EMPTY not in hands:
        raise NotationError(keys["extended"], "extended play needs a hand that has gone out")
    turn: Seat = fields["turn"]
    if hands[turn] == EMPTY and not extended and any(hands):  # every hand out: finished, turn anywhere
        raise NotationError(keys["turn"], f"the hand to act ({SEATS[turn]}) has no cards and play is not extended")
    return Position(
        hands=hands, upcard=upcard, turn=turn, called=called,
        direction=fields.get("direction", CW), pending=pending,
        stock=stock, discard=discard, order=order if stock else None,
        extended=extended, penalised=frozenset(penalised),
    )


def _disjoint(placed: CardSet, cards: CardSet, field: str) -> None:
    twice = placed & cards
    if twice:
        raise NotationError(field, f"card {card_names(twice)[0]} appears twice")
