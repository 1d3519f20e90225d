"""NOTATION.md: both forms of a position, moves and deal records; every rejection it lists.

The expected texts below were worked out by hand from NOTATION.md, not copied from output.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from eights.engine import (
    DealRecord,
    Move,
    NotationError,
    apply_move,
    compact,
    legal_moves,
    parse_position,
    to_json,
)
from eights.engine.cards import FULL_DECK, N, S, W, count, parse_card, parse_cards
from eights.engine.errors import IllegalMoveError
from eights.engine.position import CCW, CW
from tests.time_limit import time_limit

# The engine's own example, checked by hand: 31 cards in hands, upcard 8S (called C), 20 in stock.
EXAMPLE = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"
EXAMPLE_STOCK = "AQ75.Q8632.T63.KQT98543"
# A small position: KS, QS, 5S, 9S in the hands, 5H up; the other 47 cards are left.
SMALL = "N:K... E:Q... S:5... W:9... up:5H turn:S"
SMALL_CANONICAL = SMALL + " dir:cw draw:0"


def card_set(*names: str) -> int:
    return parse_cards(list(names))


def rejected(data: Any) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse_position(data)
    return info.value


def assert_names(error: NotationError, field: str, *words: str) -> None:
    """The message starts with the field and names the problem."""
    assert error.field == field
    assert str(error).startswith(f"{field}: ")
    for word in words:
        assert word in error.problem


def example_json() -> dict[str, Any]:
    return {
        "hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
        "upcard": "8S", "called": "C", "turn": "W",
    }


# --- compact form: reading -------------------------------------------------------------

def test_compact_reads_every_field_of_the_example() -> None:
    p = parse_position(EXAMPLE)
    assert p.hands[N] == card_set("KS", "4S", "3S", "5H", "KD", "8D", "2D")
    assert p.hands[W] == card_set("TS", "AH", "JH", "AD", "QD", "9D", "7D", "JC")
    assert (p.upcard, p.called, p.turn, p.direction, p.pending) == (parse_card("8S"), 3, W, CW, 0)


def test_compact_prints_fields_in_the_canonical_order_whatever_the_input_order() -> None:
    shuffled = "draw:0 turn:W up:8S/C W:T.AJ.AQ97.J dir:cw S:J92.9.54.A2 E:6.KT74.J.76 N:K43.5.K82."
    assert compact(parse_position(shuffled)) == EXAMPLE


def test_compact_prints_ranks_high_to_low_ace_first_whatever_the_input_order() -> None:
    text = "N:34K.5.2K8. E:6.47KT.J.67 S:29J.9.45.2A W:T.JA.79QA.J up:8S/C turn:W"
    assert compact(parse_position(text)) == EXAMPLE


def test_compact_accepts_10_for_a_ten() -> None:
    assert compact(parse_position(EXAMPLE.replace("W:T.", "W:10."))) == EXAMPLE


def test_compact_accepts_lowercase_ranks_suits_and_seat_values() -> None:
    lower = "N:k43.5.k82. E:6.kt74.j.76 S:j92.9.54.a2 W:t.aj.aq97.j up:8s/c turn:w"
    assert compact(parse_position(lower)) == EXAMPLE


def test_compact_direction_defaults_to_clockwise_and_pending_count_to_zero() -> None:
    p = parse_position(SMALL)
    assert (p.direction, p.pending) == (CW, 0)


def test_compact_reads_ccw_direction() -> None:
    assert parse_position(SMALL + " dir:ccw").direction == CCW


def test_compact_without_stock_or_discard_puts_every_card_left_in_the_stock() -> None:
    p = parse_position(EXAMPLE)
    assert p.stock == parse_position(EXAMPLE + f" stock:{EXAMPLE_STOCK}").stock
    assert count(p.stock) == 20 and p.discard == 0


def test_compact_discard_alone_leaves_every_other_card_in_the_stock() -> None:
    p = parse_position(SMALL + " discard:A.A.A.A")
    assert p.discard == card_set("AS", "AH", "AD", "AC")
    assert p.stock == FULL_DECK & ~card_set("KS", "QS", "5S", "9S", "5H", "AS", "AH", "AD", "AC")


def test_compact_stock_alone_puts_every_other_card_in_the_discard() -> None:
    p = parse_position(SMALL + " stock:...2")
    assert p.stock == card_set("2C")
    assert count(p.discard) == 52 - 4 - 1 - 1


def test_compact_stock_and_discard_that_partition_the_cards_left_are_accepted() -> None:
    p = parse_position(f"{EXAMPLE} stock:AQ75.Q8632.T63. discard:...KQT98543")
    assert count(p.stock) == 12 and count(p.discard) == 8


def test_compact_order_is_read_top_first() -> None:
    p = parse_position(SMALL + " stock:...32 order:3C,2C")
    assert p.order == (parse_card("3C"), parse_card("2C"))


def test_compact_ext_flag_marks_extended_play() -> None:
    p = parse_position("N:K... E:Q... S:... W:9... up:3S turn:N ext")
    assert p.extended and not p.is_over


def test_compact_pending_2s_with_an_empty_hand_set_extended_play_without_the_flag() -> None:
    p = parse_position("N:K... E:Q... S:... W:9... up:2S turn:W draw:2")
    assert p.extended
    assert compact(p) == "N:K... E:Q... S:... W:9... up:2S turn:W dir:cw draw:2"


def test_compact_an_empty_hand_without_ext_is_a_finished_deal() -> None:
    assert parse_position("N:K... E:Q... S:... W:9... up:5S turn:W").is_over


def test_compact_in_extended_play_the_hand_to_act_may_be_empty() -> None:
    assert parse_position("N:K... E:Q... S:... W:9... up:3S turn:S ext").turn == S


def test_compact_every_hand_empty_is_a_finished_deal_whatever_the_turn() -> None:
    text = "N:... E:... S:... W:... up:AH turn:S dir:ccw draw:0 discard:.3.."
    p = parse_position(text)
    assert p.is_over and p.turn == S and compact(p) == text
    assert parse_position(to_json(p)) == p


def test_compact_reads_penalised_concealed_hands() -> None:
    assert parse_position(EXAMPLE + " penalty:SW").penalised == {S, W}


def test_compact_up_8_without_a_suit_means_no_suit_called_yet() -> None:
    p = parse_position("N:K... E:Q... S:5... W:9... up:8H turn:S")
    assert p.called is None and p.free_play


# --- compact form: printing ----------------------------------------------------------------

def test_compact_prints_dir_and_draw_even_when_they_are_defaults() -> None:
    assert compact(parse_position(SMALL)) == SMALL_CANONICAL


def test_compact_omits_the_stock_and_prints_discard_only_when_not_empty() -> None:
    assert compact(parse_position(SMALL + " discard:A.A.A.A")) == SMALL_CANONICAL + " discard:A.A.A.A"
    full_stock = "AJT876432.AKQJT9876432.AKQJT98765432.AKQJT98765432"
    assert compact(parse_position(f"{SMALL} stock:{full_stock}")) == SMALL_CANONICAL


def test_compact_prints_order_top_first_as_given_not_sorted() -> None:
    text = SMALL_CANONICAL + " discard:AJT876432.AKQJT9876432.AKQJT98765432.AKQJT987654 order:2C,3C"
    assert compact(parse_position(text)) == text


def test_compact_prints_flags_ext_then_penalty() -> None:
    text = "N:K... E:Q... S:4... W:... up:3S turn:E dir:cw draw:0 ext penalty:S"
    assert compact(parse_position(text)) == text


@pytest.mark.parametrize("text", [
    EXAMPLE,
    EXAMPLE + " penalty:W",
    "N:K... E:Q... S:... W:9... up:2S turn:W dir:ccw draw:4 discard:...2",
    SMALL_CANONICAL + " discard:A.A.A.A order:" + ",".join(
        f"{r}{s}" for s in "SHDC" for r in "KQJT98765432" if f"{r}{s}" not in ("KS", "QS", "5S", "9S", "5H")),
])
def test_compact_parse_of_print_is_the_same_position(text: str) -> None:
    p = parse_position(text)
    assert parse_position(compact(p)) == p


def test_compact_print_of_a_canonical_text_is_that_text() -> None:
    text = "N:K... E:Q... S:... W:9... up:2S turn:W dir:ccw draw:4 discard:...2"
    assert compact(parse_position(text)) == text


# --- JSON form -------------------------------------------------------------------------

def test_json_prints_every_key_as_notation_shows() -> None:
    assert to_json(parse_position(EXAMPLE)) == {
        "hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
        "upcard": "8S", "called": "C", "turn": "W", "direction": "cw", "pending_draw": 0,
        "stock": EXAMPLE_STOCK, "discard": "...", "stock_order": None,
        "extended_play": False, "penalised": [],
    }


def test_json_omitted_keys_take_the_compact_defaults() -> None:
    assert parse_position(example_json()) == parse_position(EXAMPLE)


def test_json_null_stock_discard_and_order_take_the_defaults() -> None:
    data = example_json() | {"stock": None, "discard": None, "stock_order": None, "called": "C"}
    assert parse_position(data) == parse_position(EXAMPLE)


def test_json_hands_and_piles_may_be_lists_of_cards_in_any_order() -> None:
    data = example_json()
    data["hands"]["N"] = ["2D", "KS", "8D", "3S", "5H", "KD", "4S"]
    data["discard"] = ["KC", "QC", "10C", "9C", "8C", "5C", "4C", "3C"]
    assert parse_position(data) == parse_position(f"{EXAMPLE} discard:...KQT98543")


def test_json_text_is_read_like_the_object() -> None:
    assert parse_position(json.dumps(example_json())) == parse_position(EXAMPLE)


def test_json_lowercase_seat_keys_and_values_are_accepted() -> None:
    data = example_json()
    data["hands"] = {seat.lower(): hand for seat, hand in data["hands"].items()}
    data["turn"], data["called"], data["upcard"] = "w", "c", "8s"
    assert parse_position(data) == parse_position(EXAMPLE)


@pytest.mark.parametrize("text", [
    EXAMPLE + " penalty:SW",
    "N:K... E:Q... S:... W:9... up:2S turn:W dir:ccw draw:4 discard:...2 ext",
    SMALL + " stock:...32 order:3C,2C",
])
def test_json_parse_of_print_is_the_same_position(text: str) -> None:
    p = parse_position(text)
    assert parse_position(to_json(p)) == p
    assert parse_position(json.dumps(to_json(p))) == p


def test_json_and_compact_forms_describe_the_same_position() -> None:
    p = parse_position(EXAMPLE + " penalty:S")
    assert compact(parse_position(to_json(p))) == compact(p)


# --- moves -------------------------------------------------------------------------------

def test_move_play_reads_the_card() -> None:
    assert Move.from_notation("play 9H") == Move.play(parse_card("9H"))


def test_move_play_8_reads_the_suit_it_names() -> None:
    assert Move.from_notation("play 8D/S") == Move.play(parse_card("8D"), 0)


def test_move_draw_leaves_the_cards_to_chance() -> None:
    assert Move.from_notation("draw") == Move.draw()


def test_move_draw_names_the_cards_it_took_in_any_order() -> None:
    assert Move.from_notation("draw 2C,KS") == Move.draw(card_set("KS", "2C"))


@pytest.mark.parametrize("text", ["play 9H", "play 8D/S", "draw", "draw KS,2C"])
def test_move_notation_prints_what_it_reads(text: str) -> None:
    assert Move.from_notation(text).notation() == text


def test_move_reads_lowercase_and_10() -> None:
    assert Move.from_notation("PLAY 10h") == Move.from_notation("play TH")


@pytest.mark.parametrize("data, text", [
    ({"action": "play", "card": "9H"}, "play 9H"),
    ({"action": "play", "card": "8D", "suit": "S"}, "play 8D/S"),
    ({"action": "draw"}, "draw"),
    ({"action": "draw", "cards": ["KS", "2C"]}, "draw KS,2C"),
])
def test_move_json_form_reads_and_prints_as_notation_shows(data: dict[str, Any], text: str) -> None:
    assert Move.from_json(data) == Move.from_notation(text)
    assert Move.from_notation(text).to_json() == data


def test_move_json_also_accepts_the_move_string() -> None:
    assert Move.from_json("play 8D/S") == Move.from_notation("play 8D/S")


def test_move_an_8_that_goes_out_may_omit_its_suit() -> None:
    p = parse_position("N:K... E:Q... S:..8. W:9... up:5H turn:S")
    assert Move.from_notation("play 8D") in legal_moves(p)
    assert apply_move(p, Move.from_notation("play 8D")).is_over


def test_move_an_8_that_goes_out_is_listed_without_a_suit() -> None:
    p = parse_position("N:K... E:Q... S:..8. W:9... up:5H turn:S")
    assert [move.notation() for move in legal_moves(p)] == ["play 8D", "draw"]


def test_move_an_8_that_goes_out_may_still_name_a_suit() -> None:
    p = parse_position("N:K... E:Q... S:..8. W:9... up:5H turn:S")
    assert apply_move(p, Move.from_notation("play 8D/S")).is_over


def test_move_an_8_that_does_not_go_out_must_name_a_suit() -> None:
    p = parse_position("N:K... E:Q... S:..8.2 W:9... up:5H turn:S")
    with pytest.raises(IllegalMoveError):
        apply_move(p, Move.from_notation("play 8D"))


@pytest.mark.parametrize("text", ["play 9H/S", "play KC/H"])
def test_move_rejects_a_called_suit_on_a_card_that_is_not_an_8(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation(text)
    assert_names(info.value, "move", "only an 8 names a suit")


def test_move_json_rejects_a_called_suit_on_a_card_that_is_not_an_8() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_json({"action": "play", "card": "9H", "suit": "S"})
    assert_names(info.value, "move", "only an 8 names a suit")


def test_move_rejects_an_unknown_card() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation("play 1H")
    assert_names(info.value, "move", "unknown rank")


def test_move_rejects_an_unknown_suit_named_by_an_8() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation("play 8D/X")
    assert_names(info.value, "move", "unknown suit")


def test_move_rejects_an_unknown_action() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation("jump 9H")
    assert_names(info.value, "move", "unknown action")


def test_move_draw_rejects_a_card_named_twice() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation("draw KS,KS")
    assert_names(info.value, "move", "KS appears twice")


def test_move_json_rejects_an_unknown_key() -> None:
    with pytest.raises(NotationError) as info:
        Move.from_json({"action": "draw", "count": 2})
    assert_names(info.value, "move", "unknown key", "count")


# --- deal records ---------------------------------------------------------------------------

# S cannot play 5S on 4H and draws the only stock card, 2C; W cannot play 9S, so the
# 46-card discard pile is reshuffled and W draws 4S from it.
RECORD_START = "N:K... E:Q... S:5... W:9... up:4H turn:S stock:...2"


def test_record_from_json_reads_the_start_and_the_moves() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": ["draw 2C", {"action": "draw", "cards": ["4S"]}]})
    assert record.start == parse_position(RECORD_START)
    assert record.moves == (Move.draw(card_set("2C")), Move.draw(card_set("4S")))


def test_record_start_may_be_given_in_json_form() -> None:
    record = DealRecord.from_json({"position": to_json(parse_position(RECORD_START)), "moves": []})
    assert record.start == parse_position(RECORD_START)


def test_record_positions_replay_the_moves_from_the_start() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": ["draw 2C", "draw 4S"]})
    start, after_s, after_w = record.positions()
    assert start == record.start
    assert after_s.hands[S] == card_set("5S", "2C") and after_s.stock == 0 and after_s.turn == W
    assert after_w.hands[W] == card_set("9S", "4S") and after_w.turn == N
    assert count(after_w.stock) == 45 and after_w.discard == 0


def test_record_to_json_prints_the_canonical_start_and_the_moves_in_notation() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": [{"action": "draw", "cards": ["2C"]}]})
    assert record.to_json() == {
        "format": "eights-record", "version": 2, "kind": "deal",
        "position": "N:K... E:Q... S:5... W:9... up:4H turn:S dir:cw draw:0 discard:"
                    "AJT876432.AKQJT9876532.AKQJT98765432.AKQJT9876543",
        "moves": ["draw 2C"],
        "result": None, "dealt": None, "players": None,
    }


def test_record_from_json_of_to_json_is_the_same_record() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": ["draw 2C", "draw 4S"]})
    assert DealRecord.from_json(record.to_json()) == record


def test_record_a_draw_of_8_named_cards_replays_without_listing_every_possible_draw() -> None:
    # Four 2s played: S has no 2 and draws 8 of the 44 stock cards. Checking the named
    # cards must not enumerate the C(44, 8) = 177 million sets the draw could bring.
    start = "N:K... E:Q... S:5... W:9... up:2S turn:S draw:8 discard:.2.2.2"
    record = DealRecord.from_json({"position": start, "moves": ["draw AH,KH,QH,JH,TH,9H,8H,7H"]})
    with time_limit(5):
        final = record.positions()[-1]
    assert count(final.hands[S]) == 9 and final.turn == W and final.pending == 0


def test_record_an_illegal_move_names_its_step() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": ["draw 2C", "play 9S"]})
    with pytest.raises(IllegalMoveError) as info:
        record.positions()
    assert_names(info.value, "moves[1]", "not legal")


def test_record_a_draw_naming_cards_it_cannot_bring_names_its_step() -> None:
    record = DealRecord.from_json({"position": RECORD_START, "moves": ["draw 3C"]})
    with pytest.raises(IllegalMoveError) as info:
        record.positions()
    assert_names(info.value, "moves[0]", "cannot bring")


def test_record_a_move_that_cannot_be_read_names_its_step() -> None:
    with pytest.raises(NotationError) as info:
        DealRecord.from_json({"position": RECORD_START, "moves": ["draw 2C", "jump"]})
    assert_names(info.value, "moves[1]", "unknown action")


def test_record_rejects_an_unknown_key() -> None:
    with pytest.raises(NotationError) as info:
        DealRecord.from_json({"position": RECORD_START, "moves": [], "score": 3})
    assert_names(info.value, "score", "unknown key")


def test_record_requires_a_position() -> None:
    with pytest.raises(NotationError) as info:
        DealRecord.from_json({"moves": []})
    assert_names(info.value, "position", "required")


def test_record_moves_must_be_a_list() -> None:
    with pytest.raises(NotationError) as info:
        DealRecord.from_json({"position": RECORD_START, "moves": "draw 2C"})
    assert_names(info.value, "moves", "list")


# --- rejections: "What every parser must do" ------------------------------------------------

def test_reject_a_card_twice_in_one_hand() -> None:
    assert_names(rejected(SMALL.replace("N:K...", "N:KK...")), "N", "KS appears twice")


def test_reject_a_card_twice_in_two_hands() -> None:
    assert_names(rejected(SMALL.replace("E:Q...", "E:QK...")), "E", "KS appears twice")


def test_reject_a_hand_holding_the_upcard() -> None:
    assert_names(rejected(SMALL.replace("W:9...", "W:9.5..")), "W", "5H appears twice")


def test_reject_a_card_twice_in_a_json_hand_list() -> None:
    data = example_json()
    data["hands"]["S"] = ["JS", "9S", "2S", "9H", "5D", "4D", "AC", "2C", "JS"]
    assert_names(rejected(data), "hands.S", "JS appears twice")


def test_reject_a_stock_card_that_is_in_a_hand() -> None:
    assert_names(rejected(SMALL + " stock:K..."), "stock", "KS appears twice")


def test_reject_a_card_twice_in_the_order() -> None:
    assert_names(rejected(SMALL + " stock:...32 order:3C,2C,3C"), "order", "3C appears twice")


def test_reject_an_unknown_card_in_a_hand() -> None:
    assert_names(rejected(SMALL.replace("N:K...", "N:X...")), "N", "unknown rank", "X")


def test_reject_an_unknown_upcard() -> None:
    assert_names(rejected(SMALL.replace("up:5H", "up:5X")), "up", "unknown suit", "X")


def test_reject_an_unknown_card_in_a_json_list() -> None:
    data = example_json() | {"discard": ["KC", "1C"]}
    assert_names(rejected(data), "discard", "unknown rank", "1")


def test_reject_an_unknown_card_in_the_order() -> None:
    assert_names(rejected(SMALL + " stock:...32 order:3C,ZZ"), "order", "unknown")


def test_reject_an_unknown_seat_to_act() -> None:
    assert_names(rejected(SMALL.replace("turn:S", "turn:X")), "turn", "unknown seat", "X")


def test_reject_an_unknown_seat_among_the_json_hands() -> None:
    data = example_json()
    data["hands"]["Q"] = "..."
    assert_names(rejected(data), "hands.Q", "unknown seat")


def test_reject_an_unknown_penalised_seat() -> None:
    assert_names(rejected(SMALL + " penalty:X"), "penalty", "unknown seat")


def test_reject_an_unknown_called_suit() -> None:
    assert_names(rejected("N:K... E:Q... S:5... W:9... up:8H/X turn:S"), "up", "unknown suit", "X")


def test_reject_an_unknown_called_suit_in_json() -> None:
    data = example_json() | {"called": "X"}
    assert_names(rejected(data), "called", "unknown suit")


# Only ASCII: "ſ".upper() is "S", and str.split() splits at U+00A0.
LONG_S, NO_BREAK_SPACE = "\u017f", "\u00a0"


@pytest.mark.parametrize("text, field", [
    (SMALL.replace("up:5H", f"up:8{LONG_S}"), "up"),
    (SMALL.replace("turn:S", f"turn:{LONG_S}"), "turn"),
    (SMALL.replace("up:5H", f"up:8H/{LONG_S}"), "up"),
    (SMALL + f" penalty:{LONG_S}", "penalty"),
    (SMALL + f" stock:...32 order:3C,2{LONG_S}", "order"),
    (SMALL.replace("N:K...", "N:K...K"), "N"),
    (SMALL.replace(" E:", f"{NO_BREAK_SPACE}E:"), "N"),
    (SMALL.replace(" turn:", f"{NO_BREAK_SPACE}turn:"), "up"),
])
def test_reject_a_compact_card_seat_suit_or_key_that_is_not_ascii(text: str, field: str) -> None:
    assert_names(rejected(text), field)


@pytest.mark.parametrize("change, field", [
    ({"upcard": f"8{LONG_S}", "called": None}, "upcard"),
    ({"called": LONG_S}, "called"),
    ({"turn": LONG_S}, "turn"),
    ({"penalised": [LONG_S]}, "penalised"),
    ({"discard": [f"K{LONG_S}"]}, "discard"),
])
def test_reject_a_json_card_seat_or_suit_that_is_not_ascii(change: dict[str, Any], field: str) -> None:
    assert_names(rejected(example_json() | change), field)


def test_reject_a_json_hand_seat_that_is_not_ascii() -> None:
    data = example_json()
    data["hands"][LONG_S] = data["hands"].pop("S")
    assert_names(rejected(data), f"hands.{LONG_S}", "unknown seat")


@pytest.mark.parametrize("text", [f"play 8{LONG_S}", f"play 8H/{LONG_S}", f"draw KS,2{LONG_S}",
                                  f"play{NO_BREAK_SPACE}9H"])
def test_move_rejects_a_card_suit_or_separator_that_is_not_ascii(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.from_notation(text)
    assert_names(info.value, "move")


@pytest.mark.parametrize("data", [{"action": "play", "card": f"8{LONG_S}"},
                                  {"action": "play", "card": "8H", "suit": LONG_S},
                                  {"action": "draw", "cards": [f"2{LONG_S}"]}])
def test_move_json_rejects_a_card_or_suit_that_is_not_ascii(data: dict[str, Any]) -> None:
    with pytest.raises(NotationError) as info:
        Move.from_json(data)
    assert info.value.field.startswith("move")


def test_reject_an_unknown_compact_key() -> None:
    assert_names(rejected(SMALL + " dealer:S"), "dealer", "unknown key")


def test_reject_an_unknown_json_key() -> None:
    assert_names(rejected(example_json() | {"dealer": "S"}), "dealer", "unknown key")


def test_reject_more_than_52_cards() -> None:
    everything = "AKQJT98765432"
    text = f"N:{everything}... E:.{everything}.. S:..{everything}. W:...{everything} up:5H turn:S"
    assert_names(rejected(text), "E", "5H appears twice")


def test_reject_more_than_52_cards_in_a_json_list() -> None:
    deck = [f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432"]
    data = example_json() | {"stock": deck + ["AS"]}
    error = rejected(data)
    assert error.field == "stock" and "appears twice" in error.problem


def test_reject_stock_and_discard_that_overlap() -> None:
    error = rejected(f"{EXAMPLE} stock:AQ75.Q8632.T63.KQT98543 discard:...K")
    assert_names(error, "discard", "KC appears twice")


def test_reject_stock_and_discard_that_leave_a_card_out() -> None:
    error = rejected(f"{EXAMPLE} stock:AQ75.Q8632.T63. discard:...KQT9854")
    assert_names(error, "stock", "do not hold every card left", "3C")


def test_reject_an_order_missing_a_stock_card() -> None:
    assert_names(rejected(SMALL + " stock:...32 order:3C"), "order", "exactly the cards of the stock")


def test_reject_an_order_with_a_card_not_in_the_stock() -> None:
    assert_names(rejected(SMALL + " stock:...32 order:3C,2C,4C"), "order", "exactly the cards of the stock")


def test_reject_a_json_stock_order_that_is_not_the_stock() -> None:
    data = example_json() | {"stock": EXAMPLE_STOCK, "stock_order": ["AS"]}
    assert_names(rejected(data), "stock_order", "exactly the cards of the stock")


def test_reject_a_called_suit_on_a_card_that_is_not_an_8() -> None:
    assert_names(rejected("N:K... E:Q... S:5... W:9... up:9H/C turn:S"), "up", "called suit", "9H")


def test_reject_a_json_called_suit_on_a_card_that_is_not_an_8() -> None:
    data = example_json() | {"upcard": "9C"}
    error = rejected(data)
    assert error.field in ("upcard", "called") and "called suit" in error.problem


@pytest.mark.parametrize("count_text", ["1", "3", "10", "-2", "two", "2.0"])
def test_reject_a_pending_count_that_is_not_0_to_8_and_even(count_text: str) -> None:
    error = rejected(f"N:K... E:Q... S:5... W:9... up:2H turn:S draw:{count_text}")
    assert_names(error, "draw", "pending count must be 0, 2, 4, 6 or 8")


@pytest.mark.parametrize("value", [3, 10, -2, 2.0, True, "x", [2]])
def test_reject_a_json_pending_count_that_is_not_0_to_8_and_even(value: Any) -> None:
    data = example_json() | {"upcard": "2H", "called": None, "pending_draw": value}
    assert_names(rejected(data), "pending_draw", "pending count must be 0, 2, 4, 6 or 8")


def test_reject_a_pending_count_when_the_upcard_is_not_a_2() -> None:
    assert_names(rejected(SMALL + " draw:2"), "draw", "needs a 2 on top", "5H")


def test_reject_a_json_pending_count_when_the_upcard_is_not_a_2() -> None:
    assert_names(rejected(example_json() | {"pending_draw": 4}), "pending_draw", "needs a 2 on top", "8S")


# A pending count of 2 per 2 in the run: the run's 2s are in no hand (README's readings).
TWO_IN_HAND = {"hands": {"N": "K...", "E": "Q...", "S": "2.5..", "W": "9..."}, "upcard": "2H", "turn": "S"}


def test_reject_a_pending_count_of_more_2s_than_the_hands_leave() -> None:
    error = rejected("N:K... E:Q... S:2.5.. W:9... up:2H turn:S draw:8")
    assert_names(error, "draw", "pending count of 8 needs 4 2s", "only 3")


def test_reject_a_json_pending_count_of_more_2s_than_the_hands_leave() -> None:
    assert_names(rejected(TWO_IN_HAND | {"pending_draw": 8}), "pending_draw", "needs 4 2s", "only 3")


def test_a_pending_count_the_2s_outside_the_hands_can_make_is_accepted() -> None:
    position = parse_position(TWO_IN_HAND | {"pending_draw": 6})
    assert apply_move(position, Move.from_notation("play 2S")).pending == 8


def test_reject_a_hand_to_act_without_cards_outside_extended_play() -> None:
    error = rejected("N:K... E:Q... S:... W:9... up:5S turn:S")
    assert_names(error, "turn", "has no cards", "S")


def test_reject_a_json_hand_to_act_without_cards_outside_extended_play() -> None:
    data = {"hands": {"N": "K...", "E": "Q...", "S": "...", "W": "9..."}, "upcard": "5S", "turn": "S"}
    assert_names(rejected(data), "turn", "has no cards")


# --- other malformed positions ------------------------------------------------------------------

@pytest.mark.parametrize("missing", ["N:K...", "up:5H", "turn:S"])
def test_reject_a_missing_required_field(missing: str) -> None:
    error = rejected(SMALL.replace(missing, "").strip())
    assert_names(error, missing.split(":")[0], "required")


def test_reject_a_field_given_twice() -> None:
    assert_names(rejected(SMALL + " turn:W"), "turn", "given twice")


def test_reject_a_hand_without_four_suit_groups() -> None:
    assert_names(rejected(SMALL.replace("N:K...", "N:K..")), "N", "four dot-separated")


def test_reject_ext_without_a_hand_that_has_gone_out() -> None:
    assert_names(rejected(SMALL + " ext"), "ext", "gone out")


def test_reject_a_penalised_dummy() -> None:
    assert_names(rejected(SMALL + " penalty:N"), "penalty", "concealed")


def test_reject_an_unknown_direction() -> None:
    assert_names(rejected(SMALL + " dir:up"), "dir", "unknown direction")


def test_reject_a_json_position_that_is_not_an_object() -> None:
    assert_names(rejected(["N:K..."]), "position", "expected")


def test_reject_invalid_json_text() -> None:
    assert_names(rejected('{"hands": '), "position", "invalid JSON")


def test_parse_card_accepts_10_and_lowercase() -> None:
    assert parse_card("10s") == parse_card("TS")


def test_parse_cards_rejects_a_card_twice() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(["KS", "ks"])
    assert_names(info.value, "cards", "KS appears twice")
