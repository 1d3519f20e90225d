"""Views (eights.engine.view): a position seen from one concealed hand, in both forms; the hidden
hand as its cards or its count; every rejection naming its field; the deals sampled for it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eights.engine import NotationError, View, compact, parse_position, parse_view
from eights.engine.cards import CONCEALED, E, S, TWO, W, count, parse_cards, rank_mask
from eights.engine.notation import parse_hand
from eights.engine.view import hidden_from, parse_any
from tests.positions import random_position

# W to act; S holds J92.9.54.A2 (8 cards), the stock the 20 cards in no hand.
FULL = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
STOCK = "AQ75.Q8632.T63.KQT98543"
SEEN_BY_W = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0 view:W"
# The same deal with S's cards and eight of the stock's swapped.
SWAPPED = "N:K43.5.K82. E:6.KT74.J.76 S:AQ7.Q86.T.K W:T.AJ.AQ97.J up:8S/C turn:W"


def rejected(data: Any) -> NotationError:
    with pytest.raises(NotationError) as error:
        parse_view(data)
    return error.value


# --- reading and writing ---------------------------------------------------------------------------

def test_a_full_position_seen_from_w_hides_s_as_a_count() -> None:
    assert parse_view(FULL + " view:W").notation() == SEEN_BY_W


def test_the_count_form_reads_back_to_the_same_view() -> None:
    view = parse_view(SEEN_BY_W)
    assert parse_view(view.notation()) == view == parse_view(FULL + " view:W")


def test_the_json_form_gives_the_count_and_no_stock() -> None:
    data = parse_view(SEEN_BY_W).to_json()
    assert data["hands"]["S"] == 8 and data["view"] == "W"
    assert data["stock"] is None and data["stock_order"] is None and data["discard"] == "..."
    assert parse_view(data) == parse_view(SEEN_BY_W)


def test_json_takes_the_hidden_hand_as_a_number() -> None:
    data = {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": 8, "W": "T.AJ.AQ97.J"},
            "upcard": "8S", "called": "C", "turn": "W", "view": "W"}
    assert parse_view(data) == parse_view(SEEN_BY_W)


def test_the_view_forgets_how_the_unseen_cards_are_split() -> None:
    assert parse_view(SWAPPED + " view:W") == parse_view(FULL + " view:W")
    assert parse_position(SWAPPED) != parse_position(FULL)


def test_the_unseen_cards_are_the_hidden_hand_and_the_stock() -> None:
    view = parse_view(FULL + " view:W")
    assert view.unseen == parse_hand("J92.9.54.A2", "S") | parse_hand(STOCK, "stock")
    assert (view.seat, view.hidden_seat, view.hidden_count) == (W, S, 8)


def test_a_discard_pile_is_seen() -> None:
    view = parse_view("N:K... E:Q... S:5... W:?2 up:5H turn:S discard:AJT... view:S")
    assert view.unseen & parse_cards(["AS", "JS", "TS"]) == 0
    assert count(view.unseen) == 52 - 3 - 1 - 3  # N, E and S, the upcard, the discard pile
    assert view.notation().endswith("W:?2 up:5H turn:S dir:cw draw:0 discard:AJT... view:S")


def test_a_hidden_hand_out_is_a_count_of_0() -> None:
    view = parse_view("N:K... E:Q... S:?0 W:5... up:3H turn:N ext view:W")
    assert view.hidden_count == 0 and view.template.extended


# --- rejections ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, field, problem", [
    (FULL + " view:N", "view", "a dummy (N) has no view of its own"),
    (FULL + " view:E", "view", "a dummy (E) has no view of its own"),
    (FULL + " view:X", "view", "unknown seat"),
    (FULL, "view", "required"),
    ("N:K43.5.K82. E:6.KT74.J.76 S:?29 W:T.AJ.AQ97.J up:8S/C turn:W view:W", "S", "only 28 cards are unseen"),
    ("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:S", "S", "only the hand hidden"),
    ("N:?4 E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W", "N", "only the hand hidden from W's view (S)"),
    ("N:K43.5.K82. E:6.KT74.J.76 S:?x W:T.AJ.AQ97.J up:8S/C turn:W view:W", "S", "whole number from 0 to 52"),
    ("N:K43.5.K82. E:6.KT74.J.76 S:?53 W:T.AJ.AQ97.J up:8S/C turn:W view:W", "S", "whole number from 0 to 52"),
    ("N:K43.5.K82. E:6.KT74.J.76 S:? W:T.AJ.AQ97.J up:8S/C turn:W view:W", "S", "whole number"),
    (SEEN_BY_W + " stock:" + STOCK, "stock", "W cannot know it while S is a count"),
    ("N:K... E:Q... S:5... W:?1 up:5H turn:S order:4H view:S", "order", "S cannot know it"),
    ("N:K... E:Q... S:5... W:?0 up:5H turn:W view:S", "turn", "has no cards"),
    ("N:K... E:Q... S:5... W:?1 up:5H view:S", "turn", "required"),
    ("N:K... E:K... S:5... W:?1 up:5H turn:S view:S", "E", "card KS appears twice"),
    ("N:K... E:Q... S:5... W:?1 up:5H turn:S discard:K... view:S", "discard", "card KS appears twice"),
    ("N:K... E:Q... S:5... W:?1 up:5H turn:S view:S view:W", "view", "given twice"),
])
def test_a_bad_view_is_refused_naming_the_field(text: str, field: str, problem: str) -> None:
    error = rejected(text)
    assert error.field == field and problem in error.problem


def test_a_run_of_2s_the_unseen_cards_cannot_hold_is_refused() -> None:
    # 2H up with 8 pending: four 2s in no hand, but S holds 2S.
    error = rejected("N:K... E:Q... S:2... W:?1 up:2H turn:W draw:8 view:S")
    assert error.field == "draw"


def test_json_errors_name_the_json_fields() -> None:
    data = {"hands": {"N": "K...", "E": "Q...", "S": "5...", "W": 60}, "upcard": "5H", "turn": "S", "view": "S"}
    assert rejected(data).field == "hands.W"
    assert rejected({**data, "hands": {**data["hands"], "W": 1}, "view": "N"}).field == "view"


def test_a_double_dummy_reader_refuses_a_view_and_a_count() -> None:
    with pytest.raises(NotationError) as error:
        parse_position(FULL + " view:W")
    assert error.value.field == "view"
    with pytest.raises(NotationError) as error:
        parse_position("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W")
    assert error.value.field == "S" and "needs view:" in error.value.problem


def test_a_dummys_view_of_a_full_position_is_refused() -> None:
    with pytest.raises(NotationError, match="^view: a dummy"):
        View.of(parse_position(FULL), E)


# --- sampling --------------------------------------------------------------------------------------

def test_a_sample_is_a_deal_the_view_cannot_tell_from_the_real_one() -> None:
    view = parse_view(SEEN_BY_W)
    deal = view.sample(random.Random(1))
    assert View.of(deal, W) == view
    assert parse_position(compact(deal)) == deal and deal.order is None


def test_samples_follow_the_seed() -> None:
    view = parse_view(SEEN_BY_W)
    assert view.sample(random.Random(5)) == view.sample(random.Random(5)) != view.sample(random.Random(6))


def test_every_unseen_card_is_as_likely_in_the_hidden_hand() -> None:
    view = parse_view("N:K... E:Q... S:5... W:?1 up:5H turn:S view:S "
                      "discard:AJT98764.AKQJT9876432.AKQJT98765432.AKQJT98765432")
    rng = random.Random(2)
    held = Counter(view.sample(rng).hands[W] for _ in range(400))
    assert len(held) == 2 and min(held.values()) > 160


def test_the_hidden_hand_never_holds_a_2_of_the_pending_run() -> None:
    # 2H up, 4 pending: one more 2 was played, so of the unseen 2S 2D 2C W holds two at most;
    # with 3S and 4S the only other unseen cards, its three cards hold one or two 2s.
    view = parse_view("N:K... E:Q... S:5... W:?3 up:2H turn:S draw:4 view:S "
                      "discard:AJT9876.AKQJT9876543.AKQJT9876543.AKQJT9876543")
    rng = random.Random(3)
    twos = Counter(count(view.sample(rng).hands[W] & rank_mask(TWO)) for _ in range(300))
    assert set(twos) == {1, 2}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(CONCEALED))
def test_a_view_of_any_position_samples_deals_with_that_view(seed: int, seat: int) -> None:
    position = random_position(random.Random(seed))
    view = View.of(position, seat)
    assert parse_view(view.notation()) == view == parse_view(view.to_json())
    deal = view.sample(random.Random(seed))
    assert parse_position(compact(deal)) == deal
    assert View.of(deal, seat) == view
    assert deal.hands[seat] == position.hands[seat] and count(deal.hands[hidden_from(seat)]) == view.hidden_count


def test_parse_any_reads_a_view_or_a_position() -> None:
    assert parse_any(FULL + " view:W") == parse_view(SEEN_BY_W)
    assert parse_any(FULL) == parse_position(FULL)
