"""Issue #29: the gambling layout game (RULES-FAMILY.md "layout"), one test per rule and per
[decision], named after it. Hands are written spades.hearts.diamonds.clubs; piles by their
cards, bottom first, separated by ``/``."""

from __future__ import annotations

from fractions import Fraction

from eights.engine.cards import parse_card
from eights.engine.family import FamilyMove, apply_move, deal, legal_moves, parse_family, payoffs
from eights.engine.family.ruleset import parse_rules
from tests.family_moves import moves, play

PILES = "piles:7C/KD/2S/3S/4S/5S/6S/9S"


def test_layout_two_to_eight_players_five_cards_each_eight_centre_cards_and_no_stock() -> None:
    for players in (2, 8):
        p = deal(parse_rules(f"layout/{players}"), 5)
        assert [len(h) for h in p.hands] == [5] * players and len(p.piles) == 8
        assert not p.stock and len(p.discard) == 52 - 5 * players - 8  # the rest is out of play
        assert p.turn == 1 and p.upcard is None


def test_layout_a_hand_lays_a_card_on_a_centre_pile_of_the_same_rank_any_number_of_times() -> None:
    p = parse_family(f"rules:layout/2 0:7.K.7. 1:.7.. {PILES} turn:0")
    assert moves(p) == ["play 7S on 7C", "play KH on KD", "play 7D on 7C"]
    after = play(p, "play 7S on 7C", "play 7H on 7S")
    assert after.piles[0][-1] == parse_card("7H") and len(after.piles[0]) == 3  # the pile's top is matched


def test_layout_decision_a_hand_with_a_legal_card_must_lay_one_a_hand_without_passes() -> None:
    p = parse_family(f"rules:layout/2 0:7.Q.. 1:.8.. {PILES} turn:1")
    assert moves(p) == ["pass"]
    assert moves(play(p, "pass")) == ["play 7S on 7C"]


def test_layout_decision_a_move_names_the_card_and_the_pile_two_piles_of_one_rank_are_two_moves() -> None:
    p = parse_family("rules:layout/2 0:7... 1:.8.. piles:7C/7D/2S/3S/4S/5S/6S/9S turn:0")
    assert moves(p) == ["play 7S on 7C", "play 7S on 7D"]
    assert FamilyMove.from_notation("play 7S on 7D").to_json() == {"action": "play", "card": "7S", "pile": "7D"}


def test_layout_the_hand_that_lays_its_last_card_wins_the_whole_pool() -> None:
    p = parse_family(f"rules:layout/3 0:7... 1:.8.. 2:.Q.. {PILES} turn:0")
    after = play(p, "play 7S on 7C")
    assert after.is_over and payoffs(after) == (Fraction(2), Fraction(-1), Fraction(-1))


def test_layout_blocked_the_highest_count_takes_half_the_pool_the_lowest_the_other_half_ties_share() -> None:
    p = parse_family(f"rules:layout/4 0:A... 1:.Q.. 2:..J. 3:.3.. {PILES} turn:0 passes:3")
    blocked = play(p, "pass")  # A = 15 the highest; 3 the lowest; Q and J tie in between
    assert blocked.is_blocked
    assert payoffs(blocked) == (Fraction(1), Fraction(-1), Fraction(-1), Fraction(1))
    tie = parse_family(f"rules:layout/3 0:A... 1:.A.. 2:.3.. {PILES} turn:0 passes:2")
    assert payoffs(play(tie, "pass")) == (Fraction(-1, 4), Fraction(-1, 4), Fraction(1, 2))


def test_layout_decision_every_hand_passing_in_succession_is_n_passes_all_tied_takes_both_halves() -> None:
    p = parse_family(f"rules:layout/2 0:Q... 1:.J.. {PILES} turn:0")
    once = play(p, "pass")
    assert not once.is_over
    both = play(once, "pass")
    assert both.is_over and payoffs(both) == (Fraction(0), Fraction(0))


def test_layout_there_is_no_chance_after_the_deal() -> None:
    p = deal(parse_rules("layout/4"), 11)
    while not p.is_over:
        assert "draw" not in moves(p) and not p.is_chance
        p = apply_move(p, next(legal_moves(p)))
