"""Issue #29: the ``openspiel`` preset's rules (RULES-FAMILY.md "openspiel"), one test per rule,
named after it. pyspiel decides them all (tests/test_openspiel_differential.py); these say
each quirk in a small position, without pyspiel."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from eights.engine.cards import parse_card
from eights.engine.family import apply_chance, parse_rules, payoffs, start
from eights.engine.family.position import FamilyPosition
from eights.engine.family.scoring import openspiel_penalty
from tests.family_moves import moves, play


def c(*names: str) -> tuple[int, ...]:
    return tuple(sorted(parse_card(name) for name in names))


def position(rules: str = "openspiel/3", **fields: object) -> FamilyPosition:
    values: dict[str, object] = {"hands": (c("9S", "5H"), c("KD"), c("QC")), "turn": 0, "upcard": parse_card("7S"),
                                 "stock": c("2D", "3D", "4D", "5D")}
    values.update(fields)
    return FamilyPosition(parse_rules(rules), **values)  # type: ignore[arg-type]


def test_openspiel_the_first_player_is_the_dealers_left_and_play_runs_clockwise() -> None:
    p = start(parse_rules("openspiel/4"), [c("5S")] * 4, parse_card("7C"), c("9D"), dealer=3)
    assert (p.turn, p.direction) == (0, 1)


def test_openspiel_with_special_cards_the_upcard_q_skips_a_reverses_two_makes_the_next_draw_two() -> None:
    rules = parse_rules("openspiel/4,use_special_cards=yes")
    hands, stock = [c("5S")] * 4, c("9D")
    assert start(rules, hands, parse_card("QC"), stock, dealer=1).turn == 3
    assert (start(rules, hands, parse_card("AC"), stock, dealer=1).turn, start(rules, hands, parse_card("AC"), stock, dealer=1).direction) == (0, -1)
    assert start(rules, hands, parse_card("2C"), stock, dealer=1).pending == 2
    assert start(parse_rules("openspiel/4"), hands, parse_card("QC"), stock, dealer=1).turn == 2  # no special cards: no effect


def test_openspiel_after_drawing_the_hand_may_still_play_any_legal_card() -> None:
    p = play(position(upcard=parse_card("5S")), "draw")
    p = apply_chance(p, parse_card("5D"))
    assert p.turn == 0 and moves(p) == ["play 9S", "play 5H", "play 5D", "draw"]


def test_openspiel_after_max_draw_cards_draws_the_hand_may_pass_even_holding_a_play() -> None:
    p = position("openspiel/3,max_draw_cards=1")
    p = apply_chance(play(p, "draw"), parse_card("2D"))
    assert moves(p) == ["play 9S", "pass"]


def test_openspiel_whenever_the_stock_is_empty_the_hand_may_pass_even_holding_a_play() -> None:
    p = position(stock=())
    assert moves(p) == ["play 9S", "pass"]


def test_openspiel_never_a_pass_while_a_draw_two_is_pending_and_only_a_two_covers() -> None:
    p = position("openspiel/3,use_special_cards=yes", hands=(c("8S", "2H"), c("KD"), c("QC")), upcard=parse_card("2S"),
                 pending=2)
    assert moves(p) == ["play 2H", "draw"]


def test_openspiel_the_drawer_takes_all_owed_cards_then_the_turn_passes_and_a_stock_run_out_forgives_the_rest() -> None:
    p = position("openspiel/3,use_special_cards=yes", upcard=parse_card("2S"), pending=4, stock=c("3D", "4D"))
    p = play(p, "draw")
    p = apply_chance(p, parse_card("3D"))
    assert p.owed == 3
    p = apply_chance(p, parse_card("4D"))
    assert p.owed == 0 and p.turn == 1 and len(p.hands[0]) == 4 and p.passes == 0


def test_openspiel_a_penalty_that_empties_the_stock_on_its_last_card_counts_as_a_pass() -> None:
    p = position("openspiel/3,use_special_cards=yes", upcard=parse_card("2S"), pending=2, stock=c("3D", "4D"))
    p = apply_chance(apply_chance(play(p, "draw"), parse_card("3D")), parse_card("4D"))
    assert p.passes == 1 and p.turn == 1


def test_openspiel_a_two_played_on_an_empty_stock_creates_no_debt() -> None:
    p = position("openspiel/3,use_special_cards=yes", hands=(c("2S", "5H"), c("KD"), c("QC")), stock=())
    assert play(p, "play 2S").pending == 0
    q = position("openspiel/3,use_special_cards=yes", hands=(c("2S", "5H"), c("KD"), c("QC")))
    assert play(q, "play 2S").pending == 2


def test_openspiel_q_skips_and_a_reverses_with_two_players_q_plays_again_and_a_passes_the_turn() -> None:
    two = position("openspiel/2,use_special_cards=yes", hands=(c("QS", "AS", "5H"), c("KD")))
    assert play(two, "play QS").turn == 0
    assert play(two, "play AS").turn == 1
    three = position("openspiel/3,use_special_cards=yes", hands=(c("QS", "AS", "5H"), c("KD"), c("QC")))
    assert play(three, "play QS").turn == 2
    assert (play(three, "play AS").turn, play(three, "play AS").direction) == (2, -1)


def test_openspiel_an_eight_is_one_move_and_an_eight_that_ends_the_game_names_no_suit() -> None:
    p = position(hands=(c("8D", "5H"), c("KD"), c("QC")))
    assert [m for m in moves(p) if "8D" in m] == ["play 8D/S", "play 8D/H", "play 8D/D", "play 8D/C"]
    last = position(hands=(c("8D"), c("KD"), c("QC")))
    assert moves(last)[0] == "play 8D"
    capped = position("openspiel/3,max_turns=5", hands=(c("8D", "5H"), c("KD"), c("QC")), plays=4)
    assert moves(capped)[0] == "play 8D"


def test_openspiel_max_turns_counts_card_plays_only() -> None:
    p = position("openspiel/3,max_turns=2", hands=(c("9S", "5H"), c("KD", "9D"), c("QC")), plays=1)
    drawn = apply_chance(play(p, "draw"), parse_card("2D"))
    assert drawn.plays == 1 and not drawn.is_over
    assert play(p, "play 9S").is_over


def test_openspiel_players_plus_one_passes_in_a_row_on_an_empty_stock_end_the_game() -> None:
    p = position(hands=(c("TH"), c("KD"), c("QC")), stock=())
    for _ in range(3):
        p = play(p, "pass")
    assert p.passes == 3 and not p.is_over
    assert play(p, "pass").is_over


def test_openspiel_reshuffle_is_eager_when_a_draw_empties_the_stock_and_after_a_card_play_on_an_empty_stock() -> None:
    rules = "openspiel/3,reshuffle=yes"
    p = position(rules, stock=c("2D"), discard=c("3C", "4C"))
    after = apply_chance(play(p, "draw"), parse_card("2D"))
    assert after.stock == c("3C", "4C") and not after.discard
    q = position(rules, stock=(), discard=c("3C"))
    played = play(q, "play 9S")
    assert played.stock == c("3C", "7S") and not played.discard


def test_openspiel_every_deal_ends_does_not_apply_its_reshuffles_are_neither_capped_nor_recorded() -> None:
    rules = "openspiel/3,reshuffle=yes"
    assert parse_rules(rules).reshuffle_cap is None
    p = position(rules, stock=c("2D"), discard=c("3C", "4C"))
    for _ in range(3):  # three reshuffles in a row, none counted, the third as free as the first
        p = apply_chance(play(p, "draw"), p.stock[0])
        p = replace(p, stock=p.stock[:1], discard=p.stock[1:] + p.discard, turn=0, draws=0)
        assert p.reshuffles == 0


def test_openspiel_returns_are_general_sum_minus_each_penalty_with_pyspiels_card_id_quirk() -> None:
    assert [openspiel_penalty(parse_card(n)) for n in ("2C", "2S", "9S", "TC", "TS", "AS", "KH", "8D")] == [2, 5, 33, 34, 37, 10, 10, 50]
    p = position(hands=(c("9S"), c("TS", "AH"), c("2C")))
    assert payoffs(play(p, "play 9S")) == (Fraction(0), Fraction(-47), Fraction(-2))
