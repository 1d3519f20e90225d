"""Issue #29: what every game of the family shares (RULES-FAMILY.md, first section), one test
per rule and per [decision], named after it."""

from __future__ import annotations

import random

import pytest

from eights.engine.cards import parse_card
from eights.engine.family import (
    FamilyMove,
    apply_chance,
    deal,
    legal_moves,
    parse_family,
    parse_rules,
)
from eights.engine.family.position import FamilyPosition
from tests.family_moves import moves, play, random_step


def test_family_seats_are_numbered_clockwise_and_a_seats_left_is_the_next_one() -> None:
    p = parse_family("rules:classic/5 0:4... 1:6... 2:9... 3:T... 4:J5... up:5C turn:4")
    assert play(p, "play 5S").turn == 0  # seat 4's left is seat 0
    assert play(parse_family("rules:classic/5 0:5K... 1:6... 2:9... 3:T... 4:J... up:5C turn:0"), "play 5S").turn == 1


def test_family_decision_seat_zero_deals_the_first_deal_and_a_deal_names_its_dealer() -> None:
    for name in ("sce/4", "classic/4", "openspiel/4", "layout/4"):
        rules = parse_rules(name)
        assert deal(rules, 1).dealer == 0
        assert deal(rules, 1, dealer=2).dealer == 2


def test_family_two_copies_of_a_card_are_the_same_move() -> None:
    p = parse_family("rules:classic/6 0:KK... 1:2... 2:3... 3:4... 4:5... 5:6... up:7S turn:0")
    assert moves(p) == ["play KS", "draw"]
    assert play(p, "play KS").hands[0] == (parse_card("KS"),)


def test_family_a_match_card_is_of_the_upcards_rank_or_suit_after_an_eight_the_called_suit() -> None:
    p = parse_family("rules:sce/3 0:5.5.5.8 1:K... 2:Q... up:8H/D turn:0")
    assert moves(p) == ["play 5D", "play 8C/S", "play 8C/H", "play 8C/D", "play 8C/C", "draw"]


def test_family_decision_empty_stock_the_discard_pile_is_reshuffled_when_a_draw_needs_a_card_not_before() -> None:
    p = parse_family("rules:sce/3 0:5.. .9 1:K... 2:Q... up:5C turn:0 stock:...2".replace(".. .", "..."))
    after = play(p, "draw")
    after = apply_chance(after, after.stock[0])
    assert not after.stock and after.discard  # not before a draw needs a card
    again = play(after, "draw")
    assert again.stock and not again.discard


def test_family_nothing_to_draw_a_hand_plays_if_it_can_otherwise_passes_and_a_pass_is_a_move() -> None:
    rules = parse_rules("sce/3")
    can = FamilyPosition(rules, hands=((parse_card("9S"), parse_card("9H")), (parse_card("2H"),), (parse_card("KD"),)),
                         turn=0, upcard=parse_card("7S"))
    assert moves(can) == ["play 9S"]
    cannot = FamilyPosition(rules, hands=((parse_card("9H"),), (parse_card("2H"),), (parse_card("KD"),)),
                            turn=0, upcard=parse_card("7S"))
    assert moves(cannot) == ["pass"]
    assert FamilyMove.from_notation("pass").to_json() == {"action": "pass"}


def test_family_decision_a_deal_that_cannot_go_on_n_passes_in_a_row_is_blocked() -> None:
    rules = parse_rules("classic/3,reshuffle=no")
    p = FamilyPosition(rules, hands=((parse_card("9H"),), (parse_card("2H"),), (parse_card("KD"),)), turn=0,
                       upcard=parse_card("7S"), discard=(parse_card("AS"),))
    after = play(p, "pass", "pass")
    assert after.passes == 2 and not after.is_over
    blocked = play(after, "pass")
    assert blocked.is_blocked and blocked.is_over and not list(legal_moves(blocked))


def test_family_a_pass_with_cards_to_draw_starts_the_count_again() -> None:
    p = parse_family("rules:classic/3,draw=upto:1 0:.9.. 1:2... 2:3... up:7S turn:0 passes:2")
    after = play(p, "draw")
    after = apply_chance(after, after.stock[0])
    assert play(after, "pass").passes == 0


def test_family_decision_every_deal_ends_the_discard_pile_is_reshuffled_at_most_twice_a_deal() -> None:
    p = parse_family("rules:sce/3 0:5.9.. 1:K... 2:Q... up:5C turn:0 stock:... reshuffles:1")
    second = play(p, "draw")
    assert second.reshuffles == 2 and second.stock and not second.discard  # the second reshuffle
    spent = parse_family("rules:sce/3 0:5.9.. 1:K... 2:Q... up:5C turn:0 stock:... reshuffles:2")
    assert spent.discard and not spent.drawable and moves(spent) == ["play 5S"]  # nothing to draw: it must play
    cannot = parse_family("rules:sce/3 0:.9.. 1:K... 2:Q... up:5C turn:0 stock:... reshuffles:2")
    assert moves(cannot) == ["pass"] and play(cannot, "pass").passes == 1  # toward a blocked deal


def test_family_decision_every_deal_ends_a_draw_two_penalty_takes_what_the_stock_holds_once_the_reshuffles_are_spent() -> None:
    p = parse_family("rules:sce/3 0:9... 1:K... 2:Q... up:2S turn:1 draw:4 stock:..A. reshuffles:2")
    after = play(p, "draw")
    after = apply_chance(after, after.stock[0])
    assert not after.owed and len(after.hands[1]) == 2 and after.turn == 2  # one card drawn, three forgiven
    assert after.discard and after.reshuffles == 2


def test_family_decision_every_deal_ends_a_draw_two_penalty_may_make_the_last_reshuffle_then_is_forgiven() -> None:
    p = parse_family("rules:sce/3 0:9... 1:K... 2:Q... up:2S turn:1 draw:4 stock:..A. reshuffles:1")
    after = play(p, "draw")
    after = apply_chance(after, after.stock[0])
    assert after.reshuffles == 2 and after.owed == 3 and not after.discard  # the second reshuffle, mid-penalty


@pytest.mark.parametrize("name", ["sce/4", "sce/3", "classic/4", "classic/2", "classic/3,draw=one"])
def test_family_every_deal_ends_random_deals_of_the_games_that_reshuffle_end_within_their_cards(name: str) -> None:
    """Random play (the kind that ran 44 of 200 sce deals past 600 actions) ends every deal:
    at most two reshuffles, each drawn through before the stock stays empty."""
    rules = parse_rules(name)
    for seed in range(20):
        position = deal(rules, seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if position.is_over:
                break
            position = random_step(position, rng)
            assert position.reshuffles <= 2
        assert position.is_over, (name, seed)
