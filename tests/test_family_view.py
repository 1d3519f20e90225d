"""Family views in the notation (eights.engine.family.view, docs/rules/views.md "The family"):
a position seen from one seat, the other hands as their counts, in both forms; every rejection
naming its field; the deals sampled for a view keep what the seat knows."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from eights.engine import NotationError
from eights.engine.family import deal, parse_family, parse_rules
from eights.engine.family.notation import FamilyNotationError
from eights.engine.family.view import FamilyView, parse_family_view

FULL = "rules:classic/4 0:7.8.. 1:K... 2:.2.. 3:Q... up:7C turn:0 discard:...3"
SEEN_BY_0 = "rules:classic/4 0:7.8.. 1:?1 2:?1 3:?1 up:7C turn:0 dir:cw draw:0 discard:...3 view:0"
# the same deal with the hidden hands' cards swapped about
SWAPPED = "rules:classic/4 0:7.8.. 1:.2.. 2:Q... 3:A... up:7C turn:0 discard:...3"


def rejected(data: Any) -> NotationError:
    with pytest.raises(NotationError) as error:
        parse_family_view(data)
    return error.value


def test_a_full_position_seen_from_a_seat_writes_the_other_hands_as_counts() -> None:
    assert parse_family_view(FULL + " view:0").notation() == SEEN_BY_0


def test_the_count_form_reads_back_to_the_same_view() -> None:
    view = parse_family_view(SEEN_BY_0)
    assert parse_family_view(view.notation()) == view == parse_family_view(FULL + " view:0")


def test_the_json_form_gives_counts_and_no_stock() -> None:
    data = parse_family_view(SEEN_BY_0).to_json()
    assert data["hands"] == ["7.8..", 1, 1, 1] and data["view"] == 0
    assert data["stock"] is None and data["stock_order"] is None and data["discard"] == "...3"
    assert parse_family_view(data) == parse_family_view(SEEN_BY_0)


def test_the_view_forgets_how_the_hidden_cards_are_split() -> None:
    assert parse_family_view(SWAPPED + " view:0") == parse_family_view(FULL + " view:0")
    assert parse_family(SWAPPED) != parse_family(FULL)


@pytest.mark.parametrize("rules", ["classic/4", "sce/3", "openspiel/5", "layout/4", "classic/6", "classic/4,skip=Q"])
def test_every_seat_s_view_of_a_deal_reads_back_in_both_forms(rules: str) -> None:
    position = deal(parse_rules(rules), 7, 0)
    for seat in range(position.players):
        view = FamilyView.of(position, seat)
        assert parse_family_view(view.notation()) == view == parse_family_view(view.to_json())


@pytest.mark.parametrize(("text", "field", "problem"), [
    (FULL, "view", "required"),
    (FULL + " view:4", "view", "a seat 0 to 3 in classic/4, not 4"),
    (FULL + " view:x", "view", "a whole number"),
    (FULL + " view:0 view:1", "view", "given twice"),
    (SEEN_BY_0.replace("0:7.8..", "0:?2"), "0", "the view's own hand"),
    (SEEN_BY_0.replace("1:?1", "1:?x"), "1", "?N"),
    (SEEN_BY_0.replace("1:?1", "1:?60"), "1", "60 cards hidden, but only"),
    (SEEN_BY_0.replace("discard:...3", "stock:...3"), "stock", "give discard: only"),
    (SEEN_BY_0.replace("up:7C", "up:7X"), "up", ""),
])
def test_a_bad_view_is_refused_naming_its_field(text: str, field: str, problem: str) -> None:
    error = rejected(text)
    assert error.field == field and problem in error.problem


@pytest.mark.parametrize(("data", "field"), [
    ({"rules": "classic/2", "hands": ["7...", 3], "upcard": "7C", "turn": 0}, "view"),
    ({"rules": "classic/2", "hands": ["7...", 3], "upcard": "7C", "turn": 0, "view": True}, "view"),
    ({"rules": "classic/2", "hands": ["7...", 3], "upcard": "7C", "turn": 0, "view": 0, "stock": "...2"}, "stock"),
    ({"rules": "classic/2", "hands": ["7...", 99], "upcard": "7C", "turn": 0, "view": 0}, "hands.1"),
    ({"rules": "classic/2", "hands": [3, "7..."], "upcard": "7C", "turn": 0, "view": 0}, "hands.0"),
])
def test_a_bad_json_view_is_refused_naming_its_field(data: dict[str, Any], field: str) -> None:
    assert rejected(data).field == field


def test_the_double_dummy_reader_refuses_a_view_naming_it() -> None:
    with pytest.raises(FamilyNotationError) as error:
        parse_family(SEEN_BY_0)
    assert error.value.field in ("view", "1")


def test_a_sample_keeps_the_seat_s_hand_the_counts_and_the_unseen_cards() -> None:
    view = parse_family_view(SEEN_BY_0)
    seen = Counter()
    for seed in range(40):
        sample = view.sample(random.Random(seed))
        assert FamilyView.of(sample, 0) == view
        seen[sample.hands[1]] += 1
    assert len(seen) > 3  # the hidden cards do move between hands and the stock
