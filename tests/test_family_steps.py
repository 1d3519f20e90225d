"""Issue #37, 7: the one reader of a played deal's family moves (``read_recorded_moves``), which
/v1/analyse shares with /v1/apply's ``play_step``: a draw names its cards in the move or as the
record's card events after it, and an error names the move or the card event it is about."""

from __future__ import annotations

import random

import pytest

from eights.engine.errors import EightsError, IllegalMoveError
from eights.engine.family import parse_family
from eights.engine.family.steps import LocatedMove, play_step, read_recorded_moves

START = parse_family("rules:classic/2 0:7.8.. 1:K... up:7C turn:0 stock:...2J")  # the stock: JC and 2C


def played(moves: list[str]) -> list[str]:
    """The steps of ``moves`` as played from START, each as written."""
    position, written = START, []
    for move in read_recorded_moves(moves):
        try:
            step = play_step(position, move.asked, random.Random(0), move.field, move.unfinished)
        except EightsError as error:
            raise move.located(error) from None
        written.append(step.notation())
        position = step.after
    return written


def test_a_draw_and_its_card_events_are_one_draw_naming_its_cards() -> None:
    assert played(["draw", "card 2C", "play 7S"]) == played(["draw 2C", "play 7S"]) == ["draw 2C", "play 7S"]


def test_a_card_the_stock_does_not_hold_names_its_event_or_its_place_in_the_draw() -> None:
    with pytest.raises(IllegalMoveError, match=r"^moves\[1\]: the stock does not hold 5D$"):
        played(["draw", "card 5D"])
    with pytest.raises(IllegalMoveError, match=r"^moves\[0\]\.cards\[0\]: the stock does not hold 5D$"):
        played(["draw 5D"])


def test_a_card_event_after_no_draw_and_a_draw_naming_no_cards_are_refused() -> None:
    with pytest.raises(IllegalMoveError, match=r"^moves\[1\]: card 2C follows no draw"):
        played(["play 7S", "card 2C"])
    with pytest.raises(IllegalMoveError, match=r"^moves\[0\]: a draw of a played deal names the cards it brought"):
        played(["draw", "play 7S"])


def test_a_record_may_end_while_its_last_draw_is_under_way() -> None:
    last = list(read_recorded_moves(["play 7S", "draw"]))[-1]
    assert last == LocatedMove(last.asked, "moves[1]", (), unfinished=True) and last.asked.cards == ()
    assert played(["play 7S", "draw"]) == ["play 7S", "draw"]


def test_a_bad_move_is_refused_before_a_bad_event_after_it() -> None:
    with pytest.raises(IllegalMoveError, match=r"^moves\[0\]: play KS is not legal here$"):
        played(["play KS", "card 2C"])
