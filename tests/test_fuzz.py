"""Fuzzing every parser and apply_move: garbled input raises the documented error, nothing else.

NOTATION.md: every parser must reject bad input "with a message that names the field and
the problem, and never crash" — so the only exception allowed is NotationError (for
apply_move, IllegalMoveError or NotationError: the EightsError family).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from eights.engine import (
    DealRecord,
    EightsError,
    Move,
    NotationError,
    Position,
    apply_move,
    compact,
    deal_position,
    legal_moves,
    parse_position,
    to_json,
)
from eights.engine.cards import FULL_DECK, S, W, parse_card, parse_cards


def derandomized(examples: int) -> settings:
    return settings(derandomize=True, deadline=None, max_examples=examples, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def only_notation_errors(parse: Callable[[Any], Any], data: Any) -> None:
    """``parse(data)`` returns, or raises NotationError naming a field; nothing else."""
    try:
        parse(data)
    except NotationError as error:
        assert isinstance(error.field, str) and error.problem
        assert str(error) == f"{error.field}: {error.problem}"


# --- valid material to garble ----------------------------------------------------------------

VALID_POSITIONS = [
    "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0",
    "N:K... E:Q... S:... W:9... up:2S turn:W dir:ccw draw:4 discard:...2 ext",
    "N:K... E:Q... S:5... W:9... up:5H turn:S dir:cw draw:0 stock:...32 order:3C,2C",
    "N:K... E:Q... S:4... W:... up:3S turn:E dir:cw draw:0 ext penalty:S",
    "N:K... E:Q... S:5... W:9... up:8H turn:S",
    *(compact(deal_position(deal, dealer, seed)) for deal, dealer, seed in [(1, S, 1), (8, W, 2), (15, S, 3)]),
]
VALID_MOVES = ["play 9H", "play 8D/S", "draw", "draw KS,2C", "play 10C", "PLAY 8d/h"]
VALID_RECORD = {"position": "N:K... E:Q... S:5... W:9... up:4H turn:S stock:...2",
                "moves": ["draw 2C", {"action": "draw", "cards": ["4S"]}, "draw", "play 9S"]}

# Words the parsers know, so that garbling reaches past the first check.
TOKENS = ["N:", "E:", "S:", "W:", "up:", "turn:", "dir:", "draw:", "stock:", "discard:", "order:",
          "ext", "penalty:", "...", "K...", ".", ",", "/", ":", " ", "8D", "8D/S", "10S", "2C", "TS",
          "AKQJT98765432", "cw", "ccw", "0", "2", "8", "N", "S", "W", "E", "play", "draw", "²", "٢",
          "\u00df", "\u017f", "\x00", "{", "}", "[", "]", '"']

json_scalars = (st.none() | st.booleans() | st.integers() | st.integers(-10**100, 10**100)
                | st.floats() | st.text(max_size=12) | st.sampled_from(TOKENS))
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
garbage_text = st.text(max_size=80) | st.lists(st.sampled_from(TOKENS), max_size=20).map("".join)


@st.composite
def garbled_text(draw: st.DrawFn, valid: list[str]) -> str:
    """A valid text with a few characters or tokens deleted, inserted or replaced."""
    text = draw(st.sampled_from(valid))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 6)))
        kind = draw(st.sampled_from(["delete", "insert", "replace"]))
        piece = "" if kind == "delete" else draw(st.sampled_from(TOKENS) | st.text(min_size=1, max_size=3))
        text = text[:i] + piece + text[j if kind != "insert" else i:]
    return text


@st.composite
def reshuffled_fields(draw: st.DrawFn) -> str:
    """A valid compact text with fields dropped, duplicated, or values swapped between keys."""
    fields = draw(st.sampled_from(VALID_POSITIONS)).split()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "duplicate", "swap values", "swap keys"]))
        i, j = draw(st.integers(0, len(fields) - 1)), draw(st.integers(0, len(fields) - 1))
        if kind == "drop" and len(fields) > 1:
            del fields[i]
        elif kind == "duplicate":
            fields.insert(j, fields[i])
        else:
            (ki, _, vi), (kj, _, vj) = fields[i].partition(":"), fields[j].partition(":")
            fields[i], fields[j] = (f"{ki}:{vj}", f"{kj}:{vi}") if kind == "swap values" else (f"{kj}:{vi}", f"{ki}:{vj}")
    return " ".join(draw(st.permutations(fields)))


@st.composite
def garbled_json(draw: st.DrawFn) -> dict[str, Any]:
    """The JSON form of a valid position with keys dropped, swapped or given wrong values."""
    data = to_json(parse_position(draw(st.sampled_from(VALID_POSITIONS))))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(data) + ["hands.N", "hands.S", "hands.turn", "extra"]))
        kind = draw(st.sampled_from(["drop", "wrong value", "swap"]))
        target, name = (data["hands"], key[6:]) if key.startswith("hands.") and isinstance(data.get("hands"), dict) \
            else (data, key)
        if kind == "drop":
            target.pop(name, None)
        elif kind == "wrong value":
            target[name] = draw(json_values)
        else:
            other = draw(st.sampled_from(sorted(data)))
            data[other], target[name] = target.get(name), data[other]
    return data


# --- positions ---------------------------------------------------------------------------------

@derandomized(200)
@given(garbage_text)
@example("N:K... E:Q... S:5... W:9... up:2H turn:S draw:\u00b2")
def test_parse_position_of_any_text_raises_only_notation_error(text: str) -> None:
    only_notation_errors(parse_position, text)


@derandomized(200)
@given(garbled_text(VALID_POSITIONS))
def test_parse_position_of_a_garbled_compact_text_raises_only_notation_error(text: str) -> None:
    only_notation_errors(parse_position, text)


@derandomized(200)
@given(reshuffled_fields())
def test_parse_position_with_fields_dropped_duplicated_or_swapped_raises_only_notation_error(text: str) -> None:
    only_notation_errors(parse_position, text)


@derandomized(200)
@given(garbled_json())
@example({"hands": {"N": "K...", "E": "Q...", "S": "5...", "W": "9..."}, "upcard": "5H", "turn": "S",
          "direction": []})
def test_parse_position_of_a_garbled_json_object_raises_only_notation_error(data: dict[str, Any]) -> None:
    only_notation_errors(parse_position, data)


@derandomized(200)
@given(garbled_json())
def test_parse_position_of_a_garbled_json_text_raises_only_notation_error(data: dict[str, Any]) -> None:
    only_notation_errors(parse_position, json.dumps(data))


@derandomized(200)
@given(st.sampled_from(VALID_POSITIONS).map(lambda t: json.dumps(to_json(parse_position(t))))
       .flatmap(lambda text: garbled_text([text])))
def test_parse_position_of_a_json_text_with_characters_garbled_raises_only_notation_error(text: str) -> None:
    only_notation_errors(parse_position, text)


@derandomized(200)
@given(json_values)
def test_parse_position_of_any_json_value_raises_only_notation_error(data: Any) -> None:
    only_notation_errors(parse_position, data)


def test_parse_position_rejects_a_json_direction_that_is_a_list() -> None:
    data = {"hands": {"N": "K...", "E": "Q...", "S": "5...", "W": "9..."}, "upcard": "5H", "turn": "S",
            "direction": ["cw"]}
    with pytest.raises(NotationError):
        parse_position(data)


def test_parse_position_rejects_a_json_direction_that_is_an_object() -> None:
    text = '{"hands": {"N": "K...", "E": "Q...", "S": "5...", "W": "9..."}, "upcard": "5H", ' \
           '"turn": "S", "direction": {}}'
    with pytest.raises(NotationError):
        parse_position(text)


def test_parse_position_rejects_a_pending_count_written_with_a_superscript_digit() -> None:
    with pytest.raises(NotationError):
        parse_position("N:K... E:Q... S:5... W:9... up:2H turn:S draw:\u00b2")


def test_parse_position_rejects_deeply_nested_json_text() -> None:
    text = '{"hands": ' + "[" * 2000 + "]" * 2000 + "}"
    assert len(text) < 4096
    with pytest.raises(NotationError):
        parse_position(text)


# --- moves, records, cards ----------------------------------------------------------------------

@derandomized(200)
@given(garbage_text | garbled_text(VALID_MOVES))
def test_move_from_notation_raises_only_notation_error(text: str) -> None:
    only_notation_errors(Move.from_notation, text)


@derandomized(200)
@given(json_values | st.fixed_dictionaries(
    {"action": st.sampled_from(["play", "draw"]) | json_values},
    optional={"card": json_values | st.sampled_from(TOKENS), "suit": json_values | st.sampled_from(TOKENS),
              "cards": json_values | st.lists(st.sampled_from(TOKENS), max_size=4)}))
def test_move_from_json_raises_only_notation_error(data: Any) -> None:
    only_notation_errors(Move.from_json, data)


@st.composite
def garbled_record(draw: st.DrawFn) -> Any:
    data: dict[str, Any] = json.loads(json.dumps(VALID_RECORD))
    kind = draw(st.sampled_from(["position", "moves", "move", "key", "whole"]))
    if kind == "position":
        data["position"] = draw(garbled_text(VALID_POSITIONS) | garbled_json() | json_values)
    elif kind == "moves":
        data["moves"] = draw(json_values)
    elif kind == "move":
        i = draw(st.integers(0, len(data["moves"]) - 1))
        data["moves"][i] = draw(json_values | garbled_text(VALID_MOVES))
    elif kind == "key":
        data[draw(st.text(max_size=6))] = draw(json_values)
    else:
        return draw(json_values)
    return data


def read_and_replay(data: Any) -> None:
    DealRecord.from_json(data).positions()


@derandomized(200)
@given(garbled_record())
def test_deal_record_from_json_raises_only_notation_error(data: Any) -> None:
    only_notation_errors(DealRecord.from_json, data)


@derandomized(150)
@given(garbled_record())
def test_deal_record_replay_raises_only_eights_errors(data: Any) -> None:
    try:
        read_and_replay(data)
    except EightsError as error:
        assert str(error) == f"{error.field}: {error.problem}"


@derandomized(200)
@given(garbage_text | json_values)
def test_parse_card_raises_only_notation_error(data: Any) -> None:
    only_notation_errors(parse_card, data)


@derandomized(200)
@given(st.lists(st.sampled_from(TOKENS) | st.text(max_size=4) | json_values, max_size=8))
def test_parse_cards_raises_only_notation_error(data: list[Any]) -> None:
    only_notation_errors(parse_cards, data)


# --- apply_move ---------------------------------------------------------------------------------

@st.composite
def random_positions(draw: st.DrawFn) -> Position:
    """A position some random legal actions into a seeded deal."""
    position = deal_position(draw(st.integers(1, 15)), draw(st.sampled_from([S, W])), draw(st.integers(0, 2**32 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, 40))):
        if position.is_over:
            break
        move = rng.choice(list(legal_moves(position)))
        position = apply_move(position, move, rng)
    return position


move_arguments = st.tuples(
    st.sampled_from(["play", "draw", "pass", ""]),
    st.none() | st.integers(-1, 52),
    st.none() | st.integers(-1, 4),
    st.none() | st.integers(-1, FULL_DECK + 1)
    | st.sets(st.integers(0, 51), max_size=3).map(lambda cards: sum(1 << card for card in cards)),
)


@derandomized(120)
@given(random_positions(), move_arguments, st.booleans())
def test_apply_move_of_any_move_raises_only_eights_errors(position: Position, arguments: tuple[Any, ...],
                                                          with_rng: bool) -> None:
    try:
        move = Move(*arguments)
        after = apply_move(position, move, random.Random(0) if with_rng else None)
    except EightsError as error:
        assert error.field == "move" and error.problem
    else:
        assert move.unnamed() in legal_moves(position)
        assert isinstance(after, Position)


@derandomized(60)
@given(random_positions(), st.data())
def test_apply_move_of_a_legal_move_with_a_random_generator_never_raises(position: Position, data: st.DataObject) -> None:
    moves = list(legal_moves(position))
    if moves:
        apply_move(position, data.draw(st.sampled_from(moves)), random.Random(0))


def test_apply_move_of_a_play_naming_no_card_raises_an_eights_error() -> None:
    position = parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S")
    with pytest.raises(EightsError):
        apply_move(position, Move("play"))


def test_apply_move_of_an_unknown_action_raises_an_eights_error() -> None:
    position = parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S")
    with pytest.raises(EightsError):
        apply_move(position, Move("pass"))
