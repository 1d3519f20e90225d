"""eights.engine.effects: what each kind of move does, one behaviour per test."""

from __future__ import annotations

import pytest

from eights.engine.cards import E, N, W
from eights.engine.effects import CONTINUES, STARTS, Effects, effects
from eights.engine.errors import IllegalMoveError
from eights.engine.moves import Move
from eights.engine.notation import parse_position


def effect(position: str, move: str) -> Effects:
    return effects(parse_position(position), Move.from_notation(move))


def test_a_two_makes_the_next_hand_face_a_draw() -> None:
    assert effect("N:K... E:Q... S:2.9.. W:9..5. up:5S turn:S", "play 2S").pending_draw == 2


def test_a_two_on_a_two_adds_to_the_count() -> None:
    assert effect("N:K... E:Q... S:2.9.. W:9..5. up:2H turn:S draw:2", "play 2S").pending_draw == 4


def test_a_three_skips_the_next_hand() -> None:
    result = effect("N:K... E:Q... S:3.9.. W:9..5. up:5S turn:S", "play 3S")
    assert (result.skips, result.next_turn) == (W, N)


def test_an_ace_reverses_the_direction() -> None:
    result = effect("N:K... E:Q... S:A.9.. W:9..5. up:5S turn:S", "play AS")
    assert result.reverses and result.next_turn == E


def test_an_eight_names_its_suit() -> None:
    assert effect("N:K... E:Q... S:8.9.. W:9..5. up:5S turn:S", "play 8S/H").names_suit == 1


def test_playing_the_last_card_goes_out_and_ends_the_deal() -> None:
    result = effect("N:K... E:Q... S:5... W:9..5. up:5H turn:S", "play 5S")
    assert result.goes_out and result.ends_deal and result.next_turn is None


def test_going_out_on_a_three_starts_extended_play() -> None:
    result = effect("N:K... E:Q... S:3... W:9..5. up:3H turn:S", "play 3S")
    assert result.goes_out and not result.ends_deal and result.extended_play == STARTS


def test_a_two_in_extended_play_continues_it() -> None:
    assert effect("N:K... E:Q... S:... W:2..5. up:2H turn:W draw:2 ext", "play 2S").extended_play == CONTINUES


def test_a_draw_takes_one_card() -> None:
    assert effect("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S", "draw").draws == 1


def test_a_draw_on_pending_twos_takes_the_count() -> None:
    assert effect("N:K... E:Q... S:5.9.. W:9..5. up:2H turn:S draw:4", "draw").draws == 4


def test_a_draw_in_extended_play_ends_the_deal() -> None:
    assert effect("N:K... E:Q... S:... W:9..5. up:2H turn:W draw:2 ext", "draw").ends_deal


def test_a_draw_with_nothing_to_draw_is_a_pass() -> None:
    every_card_held = "N:AKQJT976432... E:85.AKQJT98765432.. S:..AKQJT98765432. W:...AKQJT9876432 up:5C turn:N"
    result = effect(every_card_held, "draw")
    assert result.passes and result.draws == 0 and result.next_turn == E


def test_effects_of_an_illegal_move_are_refused() -> None:
    with pytest.raises(IllegalMoveError):
        effect("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S", "play 9S")


def test_effects_json_writes_seats_and_suits_as_letters() -> None:
    assert Effects(skips=W, names_suit=3, next_turn=N).to_json() == {
        "draws": 0, "passes": False, "pending_draw": 0, "skips": "W", "reverses": False, "names_suit": "C",
        "goes_out": False, "ends_deal": False, "extended_play": None, "next_turn": "N"}
