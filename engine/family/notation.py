"""The notation of family positions: a compact line and a JSON form, checked field by field.

Seats are numbered ``0`` to ``N-1`` clockwise (pyspiel's player ids), a hand is written as
``sce2``'s (``spades.hearts.diamonds.clubs``, high to low) with a card held twice written
twice (``KK4.5..``). ``sce2`` positions keep their own notation (``eights.engine.notation``).

>>> p = parse_family("rules:classic/6 0:KK4.5.. 1:...2 2:Q... 3:J... 4:T... 5:9... up:7C turn:0 stock:AA...")
>>> compact_family(p)
'rules:classic/6 0:KK4.5.. 1:...2 2:Q... 3:J... 4:T... 5:9... up:7C turn:0 dir:cw draw:0 stock:AA...'
>>> parse_family("rules:classic/2 0:KKK... 1:... up:7C turn:0")
Traceback (most recent call last):
...
eights.engine.family.notation.FamilyNotationError: 0: KS is held 3 times: classic/2 has 1 deck
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from eights.engine.cards import (
    RANKS,
    RANKS_HIGH_FIRST,
    SUITS,
    Card,
    card_name,
    make_card,
    parse_card,
    parse_suit,
    split_words,
)
from eights.engine.errors import NotationError
from eights.engine.family.position import Cards, FamilyPosition, cards_of
from eights.engine.family.ruleset import EIGHT_RANK, MAX_RESHUFFLES, Ruleset, parse_rules

_FLAGS = ("penalty", "free", "ext")
_NUMBERS = ("draw", "owed", "draws", "passes", "plays", "reshuffles", "dealer")
_KEYS = ("rules", "up", "under", "turn", "dir", "stock", "discard", "order", "piles", "out", *_NUMBERS)


class FamilyNotationError(NotationError):
    """A family position that cannot be read, or describes no possible state."""


class RulesMismatch(FamilyNotationError):
    """A position whose rules are not the ruleset named beside it (``read_game``)."""


def parse_hand(text: str, field: str) -> Cards:
    """A dotted hand (``KK4.5..2``: spades, hearts, diamonds, clubs), or cards
    comma-separated (``KS,KS,4S``); ``-`` is the empty hand.

    >>> [card_name(c) for c in parse_hand("KK4.5..2", "0")]
    ['4S', 'KS', 'KS', '5H', '2C']
    """
    if not isinstance(text, str):
        raise FamilyNotationError(field, f"a hand is a text, not {type(text).__name__}")
    if text in ("", "-"):
        return ()
    if "." not in text:
        return cards_of(parse_card(word, field) for word in text.split(","))
    groups = text.split(".")
    if len(groups) != 4:
        raise FamilyNotationError(field, f"a hand has four dot-separated suits, not {text!r}")
    cards: list[Card] = []
    for suit, group in enumerate(groups):
        for letter in re.findall(r"10|.", group):
            rank = "T" if letter == "10" else letter.upper()
            if rank not in RANKS:
                raise FamilyNotationError(field, f"unknown rank {letter!r} in {text!r}")
            cards.append(make_card(RANKS.index(rank), suit))
    return cards_of(cards)


def hand_text(cards: Iterable[Card]) -> str:
    """The dotted form of some cards, high to low in each suit, a card twice written twice."""
    groups = [""] * 4
    for card in sorted(cards, key=lambda c: (c // 13, RANKS_HIGH_FIRST.index(RANKS[c % 13]))):
        groups[card // 13] += RANKS[card % 13]
    return ".".join(groups)


def _card_list(text: str, field: str) -> list[Card]:
    return [parse_card(word, field) for word in text.split(",") if word]


def _number(value: object, field: str, highest: int) -> int:
    """A count or a seat, 0 to ``highest``: digits in the compact form, a JSON integer in the
    JSON form (``family_from_json`` has refused any other type there)."""
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}", value))):
        raise FamilyNotationError(field, f"a whole number, not {value!r}")
    number = int(value)
    if not 0 <= number <= highest:
        raise FamilyNotationError(field, f"a whole number 0 to {highest}, not {number}")
    return number


def _upcard(text: str, field: str) -> tuple[Card, int | None]:
    card_text, slash, suit_text = text.partition("/")
    card = parse_card(card_text, field)
    if not slash:
        return card, None
    if card % 13 != EIGHT_RANK:
        raise FamilyNotationError(field, f"a called suit on {card_name(card)}, which is not an 8")
    return card, parse_suit(suit_text, field)


def parse_family(text: str) -> FamilyPosition:
    """A family position from its compact form (``rules:`` first or anywhere, then
    ``key:value`` fields and flags). Every field is checked; an error names it."""
    if not isinstance(text, str):
        raise FamilyNotationError("position", f"a text, not {type(text).__name__}")
    fields: dict[str, str] = {}
    flags: set[str] = set()
    for word in split_words(text):
        key, colon, value = word.partition(":")
        if not colon:
            if word not in _FLAGS:
                raise FamilyNotationError(word, "unknown flag (penalty, free, ext)")
            flags.add(word)
            continue
        if key in fields:
            raise FamilyNotationError(key, "given twice")
        fields[key] = value
    return _build(fields, flags)


def _build(fields: dict[str, Any], flags: set[str], order_field: str = "order") -> FamilyPosition:
    if "rules" not in fields:
        raise FamilyNotationError("rules", "required (a family position names its ruleset)")
    rules = parse_rules(fields.pop("rules")) if isinstance(fields.get("rules"), str) else Ruleset.from_json(fields.pop("rules"))
    if rules.preset == "sce2":
        raise FamilyNotationError("rules", "sce2 positions are written in NOTATION.md's form, without rules:")
    unknown = [key for key in fields if key not in _KEYS and not key.isdigit()]
    if unknown:
        raise FamilyNotationError(unknown[0], "unknown field")
    n = rules.players
    hands = []
    for seat in range(n):
        if str(seat) not in fields:
            raise FamilyNotationError(str(seat), f"the hand of seat {seat} is required ({rules.name} has {n} players)")
        hands.append(parse_hand(fields.pop(str(seat)), str(seat)))
    extra = [key for key in fields if key.isdigit()]
    if extra:
        raise FamilyNotationError(extra[0], f"no such seat: {rules.name} has seats 0 to {n - 1}")
    layout = bool(rules.centre)
    upcard: Card | None = None
    called: int | None = None
    under: Card | None = None
    piles: tuple[Cards, ...] = ()
    if layout:
        for key in ("up", "under", "stock", "discard", "draw", "order"):
            if key in fields:
                raise FamilyNotationError(order_field if key == "order" else key,
                                          "the layout game has no such field (piles:, out:)")
        if "piles" not in fields:
            raise FamilyNotationError("piles", "required in the layout game")
        piles = tuple(tuple(_card_list(pile.replace("-", ","), "piles")) for pile in str(fields.pop("piles")).split("/"))
        if len(piles) != rules.centre or not all(piles):
            raise FamilyNotationError("piles", f"{rules.centre} piles of at least one card each, separated by /")
        if any(len({card % 13 for card in pile}) != 1 for pile in piles):
            raise FamilyNotationError("piles", "a pile holds cards of one rank")
    else:
        if "piles" in fields or "out" in fields:
            raise FamilyNotationError("piles" if "piles" in fields else "out", f"{rules.preset} has no centre piles")
        if "up" not in fields:
            raise FamilyNotationError("up", "required")
        upcard, called = _upcard(str(fields.pop("up")), "up")
        if "under" in fields:
            under = parse_card(str(fields.pop("under")), "under")
            if rules.eights_name_suit or upcard % 13 != EIGHT_RANK:
                raise FamilyNotationError("under", "only an 8 of eights=nosuit keeps the card under it")
    if "turn" not in fields:
        raise FamilyNotationError("turn", "required")
    turn = _number(fields.pop("turn"), "turn", n - 1)
    direction = {"cw": 1, "ccw": -1}.get(str(fields.pop("dir", "cw")))
    if direction is None:
        raise FamilyNotationError("dir", "cw or ccw")
    highest = _highest_numbers(rules)
    numbers = {key: _number(fields.pop(key), key, highest[key]) for key in _NUMBERS if key in fields}
    pending = numbers.get("draw", 0)
    if pending % 2 or (pending and (upcard is None or rules.effect_of(upcard % 13) != "draw2")):
        raise FamilyNotationError("draw", "a pending count is even, and only on a draw-two card")
    _check_flags(rules, flags, upcard, called, numbers.get("owed", 0))
    _check_reshuffles(rules, numbers.get("reshuffles", 0))
    stock_text, discard_text, out_text = fields.pop("stock", None), fields.pop("discard", None), fields.pop("out", None)
    known = [card for hand in hands for card in hand] + [card for pile in piles for card in pile]
    if upcard is not None:
        known.append(upcard)
    for seat, hand in enumerate(hands):
        _check_counts(rules, list(hand), str(seat))
    _check_counts(rules, known, "hands")
    rest = Counter({card: rules.decks for card in range(52)})
    rest.subtract(known)
    given = {key: cards_of(parse_hand(str(value), key)) for key, value in (("stock", stock_text), ("discard", discard_text), ("out", out_text)) if value is not None}
    for key, cards in given.items():
        _check_counts(rules, known + list(cards), key)
    stock: Cards
    discard: Cards
    if layout:
        out = given.get("out", cards_of(rest.elements()))
        stock, discard = (), out
    else:
        stock, discard = _stock_and_discard(rest, given.get("stock"), given.get("discard"))
    for key, cards in (("stock", stock), ("out" if layout else "discard", discard)):
        _check_counts(rules, known + list(stock) + list(discard), key)
    if len(known) + len(stock) + len(discard) != 52 * rules.decks:
        raise FamilyNotationError("stock", f"the cards do not add up to {rules.name}'s {rules.decks * 52}")
    _check_pending(rules, pending, upcard, stock, discard)
    owed = numbers.get("owed", 0)
    if owed and not stock:
        raise FamilyNotationError("owed", "a draw under way needs a stock")
    if owed > 1 and "penalty" not in flags:
        raise FamilyNotationError("owed", f"a draw under way owes one card, not {owed}, unless it is a draw-two "
                                          "penalty (the penalty flag)")
    order = _order(fields.pop("order"), stock, order_field) if "order" in fields else None
    return FamilyPosition(rules, tuple(hands), turn, upcard, stock, discard, called, under, "free" in flags, direction,
                          pending, owed, "penalty" in flags, numbers.get("draws", 0), numbers.get("passes", 0),
                          numbers.get("plays", 0), "ext" in flags, piles, numbers.get("dealer", 0), order,
                          numbers.get("reshuffles", 0))


def _check_reshuffles(rules: Ruleset, reshuffles: int) -> None:
    """The reshuffles a deal has made: at most its ruleset's cap (RULES-FAMILY "Every deal
    ends"); OpenSpiel's are not counted, so it records none.

    >>> _check_reshuffles(parse_rules("classic/3,reshuffle=1"), 2)
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.FamilyNotationError: reshuffles: classic/3,reshuffle=1 allows at most 1 reshuffle a deal, not 2
    """
    cap = rules.reshuffle_cap
    if cap is None and reshuffles:
        raise FamilyNotationError("reshuffles", f"{rules.preset} does not count its reshuffles (none is recorded)")
    if cap is not None and reshuffles > cap:
        raise FamilyNotationError("reshuffles", f"{rules.name} allows at most {cap} reshuffle{'' if cap == 1 else 's'}"
                                                f" a deal, not {reshuffles}")


MAX_PLAYS = 65_535  # the most card plays a position may count: the solver's counter


def _highest_numbers(rules: Ruleset) -> dict[str, int]:
    """The most each count of a position of ``rules`` can reach (RULES-FAMILY.md), so that a
    position no deal reaches is refused here, before any search sees it:

    - ``draw``, ``owed``: 2 for each card of the draw-two rank in the decks (a run of them
      makes the count; ``_check_pending`` then asks for the cards of the run);
    - ``draws``: the cards of the decks (a turn draws no more than there are; none in the
      layout game, which has no stock);
    - ``passes``: the passes in a row that block the deal (one more and it is over);
    - ``plays``: OpenSpiel's ``max_turns``, else MAX_PLAYS;
    - ``reshuffles``: MAX_RESHUFFLES, the most any ruleset allows (``_check_reshuffles`` then
      asks for this ruleset's cap);
    - ``dealer``: a seat.
    """
    most_pending = 2 * 4 * rules.decks if _has_draw_two(rules) else 0
    return {"draw": most_pending, "owed": max(1, most_pending), "draws": 52 * rules.decks if rules.has_stock else 0,
            "passes": rules.blocked_after, "plays": rules.plays_cap if rules.plays_cap is not None else MAX_PLAYS,
            "reshuffles": MAX_RESHUFFLES, "dealer": rules.players - 1}


def _has_draw_two(rules: Ruleset) -> bool:
    """Whether a rank of ``rules`` makes the next hand draw (a pending count can exist)."""
    return any(effect == "draw2" for _, effect in rules.effects)


def _check_pending(rules: Ruleset, pending: int, upcard: Card | None, stock: Cards, discard: Cards) -> None:
    """A pending count of 2k is made by an unbroken run of k cards of the draw-two rank, the
    last the upcard (RULES-FAMILY.md: 2 per card of the run): so k cards of that rank are out
    of the hands, the upcard and k-1 more in the discard pile or the stock (a position that
    does not place them puts them in the stock, NOTATION.md's default; pyspiel's eager
    reshuffle moves them there too). A count the cards cannot make is no position of a deal.

    >>> from eights.engine.family.ruleset import parse_rules
    >>> _check_pending(parse_rules("classic/2,draw2=2"), 4, 0 + 13 * 3 + 1, (1, 14), ())
    >>> _check_pending(parse_rules("classic/2,draw2=2"), 8, 0 + 13 * 3 + 1, (1, 14), ())
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.FamilyNotationError: draw: a pending count of 8 needs 4 cards of rank 2 out of the hands (the upcard, the discard pile and the stock), and there are 3
    """
    if not pending:
        return
    assert upcard is not None
    rank = upcard % 13
    out = 1 + sum(card % 13 == rank for card in (*stock, *discard))
    if pending > 2 * out:
        raise FamilyNotationError("draw", f"a pending count of {pending} needs {pending // 2} cards of rank "
                                          f"{RANKS[rank]} out of the hands (the upcard, the discard pile and the "
                                          f"stock), and there are {out}")


def _check_flags(rules: Ruleset, flags: set[str], upcard: Card | None, called: int | None, owed: int) -> None:
    """The flags and the called suit a game of ``rules`` has: ``ext`` where going out may not
    end the deal (sce), ``free`` only on an 8 turned up (not in OpenSpiel's game, which turns
    no 8 up, nor the layout game), ``penalty`` only on a draw-two penalty under way, a called
    suit only where an 8 names one."""
    if "ext" in flags and not rules.going_out_continues:
        raise FamilyNotationError("ext", f"{rules.preset} has no extended play (only sce's 2s and 3s go out "
                                         "without ending the deal)")
    if "free" in flags and (upcard is None or upcard % 13 != EIGHT_RANK or rules.upcard_rule == "redraw8"):
        raise FamilyNotationError("free", "only an 8 turned up at the deal's start frees the first play"
                                          + (f" ({rules.preset} turns no 8 up)" if rules.upcard_rule == "redraw8"
                                             else ""))
    if "penalty" in flags and not (owed and _has_draw_two(rules)):
        raise FamilyNotationError("penalty", "a draw-two penalty is a draw under way (owed:) in a game with a "
                                             "draw-two rank")
    if called is not None and not rules.eights_name_suit:
        raise FamilyNotationError("up", "with eights=nosuit an 8 names no suit")


def _order(text: object, stock: Cards, field: str) -> Cards | None:
    """The stock's order, top first, from card names comma-separated: exactly the stock's
    cards, a card held twice listed twice (None with an empty stock, which has no order).

    >>> _order("2C,2H", (14, 40), "order")
    (40, 14)
    >>> _order("2C,2C", (14, 40), "order")
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.FamilyNotationError: order: must list exactly the cards of the stock (2H missing, 2C once too often)
    """
    if not isinstance(text, str):
        raise FamilyNotationError(field, f"card names comma-separated, not {type(text).__name__}")
    order = tuple(_card_list(text, field))
    if cards_of(order) != stock:
        missing, extra = Counter(stock), Counter(order)
        missing.subtract(order)
        extra.subtract(stock)
        problems = [f"{card_name(card)} missing" for card, count in sorted(missing.items()) if count > 0]
        problems += [f"{card_name(card)} {'once' if count == 1 else f'{count} times'} too often"
                     for card, count in sorted(extra.items()) if count > 0]
        raise FamilyNotationError(field, f"must list exactly the cards of the stock ({', '.join(problems)})")
    return order or None


def _stock_and_discard(rest: Counter[Card], stock: Cards | None, discard: Cards | None) -> tuple[Cards, Cards]:
    """The stock and the discard pile, the one not given being the rest (NOTATION.md's
    defaults: every card not elsewhere in the stock when neither is given)."""
    every = cards_of(rest.elements())
    if stock is None and discard is None:
        return every, ()
    if stock is not None and discard is not None:
        if cards_of((*stock, *discard)) != every:
            raise FamilyNotationError("stock", "stock and discard do not make up the cards left")
        return stock, discard
    part = stock if stock is not None else discard
    assert part is not None
    remainder = Counter(every)
    remainder.subtract(part)
    if any(count < 0 for count in remainder.values()):
        raise FamilyNotationError("stock" if stock is not None else "discard", "holds a card that is not left")
    other = cards_of(remainder.elements())
    return (part, other) if stock is not None else (other, part)


def _check_counts(rules: Ruleset, cards: list[Card], field: str) -> None:
    """No card more often than the ruleset has decks."""
    for card, count in Counter(cards).items():
        if count > rules.decks:
            decks = f"{rules.decks} deck" + ("s" if rules.decks > 1 else "")
            raise FamilyNotationError(field, f"{card_name(card)} is held {count} times: {rules.name} has {decks}")


def compact_family(position: FamilyPosition) -> str:
    """The compact line of a position (fields in a fixed order, defaults left out but
    ``dir:`` and ``draw:``; the stock's order, when known, as ``order:`` card names
    comma-separated, top first, as NOTATION.md's).

    >>> compact_family(parse_family("rules:classic/2 0:7... 1:...K up:7C turn:0 stock:.2..2 order:2C,2H"))
    'rules:classic/2 0:7... 1:...K up:7C turn:0 dir:cw draw:0 stock:.2..2 order:2C,2H'
    """
    words = [f"rules:{position.rules.name}"]
    words += [f"{seat}:{hand_text(hand)}" for seat, hand in enumerate(position.hands)]
    if position.rules.centre:
        words.append("piles:" + "/".join("-".join(card_name(c) for c in pile) for pile in position.piles))
    else:
        assert position.upcard is not None
        up = card_name(position.upcard) + ("" if position.called is None else "/" + SUITS[position.called])
        words.append(f"up:{up}")
        if position.under is not None:
            words.append(f"under:{card_name(position.under)}")
    words.append(f"turn:{position.turn}")
    if not position.rules.centre:
        words += [f"dir:{'cw' if position.direction == 1 else 'ccw'}", f"draw:{position.pending}",
                  f"stock:{hand_text(position.stock)}"]
        if position.order is not None:
            words.append("order:" + ",".join(card_name(card) for card in position.order))
    elif position.discard:
        words.append(f"out:{hand_text(position.discard)}")
    for key, value in (("owed", position.owed), ("draws", position.draws), ("passes", position.passes),
                       ("plays", position.plays), ("reshuffles", position.reshuffles), ("dealer", position.dealer)):
        if value:
            words.append(f"{key}:{value}")
    words += [flag for flag, on in (("penalty", position.penalty), ("free", position.free), ("ext", position.extended)) if on]
    return " ".join(words)


_JSON_KEYS = {"rules": "rules", "upcard": "up", "under": "under", "turn": "turn", "stock": "stock",
              "discard": "discard", "out": "out", "pending_draw": "draw", "owed": "owed", "draws": "draws",
              "passes": "passes", "plays": "plays", "reshuffles": "reshuffles", "dealer": "dealer"}


def family_to_json(position: FamilyPosition) -> dict[str, Any]:
    """The JSON form: ``rules`` (its short name), ``hands`` (a list, seat 0 first), and the
    compact form's fields under longer names (``order`` as ``stock_order``, a list of card
    names top first or null, as NOTATION.md's)."""
    data: dict[str, Any] = {"rules": position.rules.name, "hands": [hand_text(h) for h in position.hands],
                            "turn": position.turn, "direction": "cw" if position.direction == 1 else "ccw"}
    if position.rules.centre:
        data["piles"] = [[card_name(c) for c in pile] for pile in position.piles]
        data["out"] = hand_text(position.discard)
    else:
        assert position.upcard is not None
        data.update(upcard=card_name(position.upcard), called=None if position.called is None else SUITS[position.called],
                    under=None if position.under is None else card_name(position.under),
                    pending_draw=position.pending, stock=hand_text(position.stock), discard=hand_text(position.discard),
                    stock_order=None if position.order is None else [card_name(card) for card in position.order])
    data.update(owed=position.owed, penalty=position.penalty, draws=position.draws, passes=position.passes,
                plays=position.plays, reshuffles=position.reshuffles, free=position.free, extended_play=position.extended, dealer=position.dealer)
    return data


def _json_cards(value: object, field: str) -> object:
    """A JSON list of card names as the compact form's comma-separated list; other values as
    they are (the compact form's reader checks them)."""
    if not isinstance(value, list):
        return value
    if not all(isinstance(card, str) and card for card in value):
        raise FamilyNotationError(field, "a list of card names such as \"KS\"")
    return ",".join(value)


def family_from_json(data: object) -> FamilyPosition:
    """A family position from its JSON form (``family_to_json``'s; omitted keys default).

    >>> p = parse_family("rules:sce/3 0:A... 1:K... 2:Q... up:2C turn:1 draw:2")
    >>> family_from_json(family_to_json(p)) == p
    True
    """
    if not isinstance(data, dict):
        raise FamilyNotationError("position", f"an object, not {type(data).__name__}")
    fields: dict[str, Any] = {}
    flags = set()
    for key, value in data.items():
        if key == "hands":
            if not isinstance(value, list):
                raise FamilyNotationError("hands", "a list of hands, seat 0 first")
            fields.update({str(seat): _json_cards(hand, str(seat)) for seat, hand in enumerate(value)})
        elif key == "piles":
            if not isinstance(value, list) or not all(isinstance(p, list) for p in value):
                raise FamilyNotationError("piles", "a list of piles, each a list of cards bottom first")
            fields["piles"] = "/".join(str(_json_cards(pile, "piles")).replace(",", "-") for pile in value)
        elif key == "direction":
            fields["dir"] = value
        elif key == "called":
            if value is not None:
                fields["called"] = value
        elif key in ("penalty", "free", "extended_play"):
            if not isinstance(value, bool):
                raise FamilyNotationError(key, "true or false")
            if value:
                flags.add("ext" if key == "extended_play" else key)
        elif key == "stock_order":
            if value is not None:
                if not isinstance(value, list):
                    raise FamilyNotationError("stock_order", "a list of card names, top first, or null")
                fields["order"] = _json_cards(value, "stock_order")
        elif key in _JSON_KEYS:
            if value is not None:
                name = _JSON_KEYS[key]
                fields[name] = _json_cards(value, name) if name in ("stock", "discard", "out") else value
        else:
            raise FamilyNotationError(key, "unknown key")
    _check_json_types(fields)
    if "called" in fields:
        if "up" not in fields:
            raise FamilyNotationError("called", "a called suit needs an upcard")
        fields["up"] = f"{fields['up']}/{fields.pop('called')}"
    return _build(fields, flags, "stock_order")


def _check_json_types(fields: dict[str, Any]) -> None:
    """The JSON form's types, strictly (a JSON reader must not guess): counts and seats are
    integers (``"turn": "0"`` is refused), cards and names are texts (the stock, the discard
    and the cards out may also be lists, already joined), the ruleset a text or an object.
    An error names the compact form's field, as every other error of the form does."""
    for key, value in fields.items():
        if key in _NUMBERS or key == "turn":
            if isinstance(value, bool) or not isinstance(value, int):
                raise FamilyNotationError(key, f"a whole number, not {type(value).__name__} {value!r}")
        elif key == "rules":
            if not isinstance(value, (str, dict)):
                raise FamilyNotationError(key, f"a ruleset's name or object, not {type(value).__name__}")
        elif not key.isdigit() and not isinstance(value, str):
            raise FamilyNotationError(key, f"a text, not {type(value).__name__}")


def read_game(value: object, ruleset: Ruleset | None, rules_field: str = "rules") -> FamilyPosition | None:
    """A position of any game, as an interface reads it beside its ``rules`` option: the
    family position when it is one (a ``rules:`` word or key other than sce2's, or ``ruleset``
    other than sce2), else None, for sce2's own reader (``sce2_text`` drops a ``rules:sce2``
    word). ``value`` is the compact text or the JSON object; a position whose rules are not
    ``ruleset`` is a FamilyNotationError naming ``rules_field``.

    >>> read_game("rules:classic/2 0:7... 1:...K up:7C turn:0", None).players
    2
    >>> read_game({"hands": ["7...", "...K"], "upcard": "7C", "turn": 0}, parse_rules("classic/2")).rules.name
    'classic/2'
    >>> read_game("N:K... E:Q... S:5... W:9... up:5H turn:S", None) is None
    True
    >>> read_game("rules:classic/3 0:7... 1:...K 2:... up:7C turn:0", parse_rules("classic/2"))
    Traceback (most recent call last):
    ...
    eights.engine.family.notation.RulesMismatch: rules: classic/2, but the position's rules are classic/3
    """
    if isinstance(value, dict):
        if "rules" not in value and (ruleset is None or ruleset.preset == "sce2"):
            return None
        position = family_from_json({**value, "rules": value.get("rules", ruleset.name if ruleset else None)})
    elif isinstance(value, str):
        given = [parse_rules(word[len("rules:"):]) for word in value.split() if word.startswith("rules:")]
        named = given[0] if given else ruleset
        if named is None or named.preset == "sce2":
            if ruleset is not None and named is not None and ruleset != named:
                raise RulesMismatch(rules_field, f"{ruleset.name}, but the position's rules are {named.name}")
            return None
        position = parse_family(value if given else f"rules:{named.name} {value}")
    else:
        return None  # sce2's reader says what the value should be
    if ruleset is not None and position.rules != ruleset:
        raise RulesMismatch(rules_field, f"{ruleset.name}, but the position's rules are {position.rules.name}")
    return position


def sce2_text(value: str) -> str:
    """A compact sce2 position for sce2's own reader: a ``rules:sce2`` word dropped.

    >>> sce2_text("rules:sce2 N:K... E:Q... S:5... W:9... up:5H turn:S")
    'N:K... E:Q... S:5... W:9... up:5H turn:S'
    """
    return " ".join(word for word in value.split() if word != "rules:sce2")
