"""Issue #29: Super Crazy Eights for 3 to 6 players (RULES-FAMILY.md "sce"), one test per rule
and per [decision], named after it. Hands are written spades.hearts.diamonds.clubs."""

from __future__ import annotations

from fractions import Fraction

from eights.engine.cards import parse_card
from eights.engine.family import apply_chance, deal, parse_family, payoffs, start
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import parse_rules
from tests.family_moves import moves, play


def drawn(position: FamilyPosition) -> FamilyPosition:
    position = play(position, "draw")
    while position.owed:
        position = apply_chance(position, position.stock[0])
    return position


def _started(upcard: str, dealer: int = 0, players: int = 4) -> FamilyPosition:
    rules = parse_rules(f"sce/{players}")
    hands = [(parse_card(name),) for name in ("5S", "6H", "9D", "TC", "JS", "QH")[:players]]
    return start(rules, hands, parse_card(upcard), (parse_card("4C"), parse_card("3D")), dealer)


def test_sce_three_to_six_players_one_deck_for_three_or_four_two_for_five_or_six() -> None:
    assert len(deal(parse_rules("sce/4"), 1).all_cards()) == 52
    assert len(deal(parse_rules("sce/5"), 1).all_cards()) == 104


def test_sce_fifteen_deals_of_eight_seven_down_to_one_and_up_to_eight_cards_a_hand() -> None:
    sizes = [len(deal(parse_rules(f"sce/6,deal={k}"), k).hands[0]) for k in range(1, 16)]
    assert sizes == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]


def test_sce_the_dealer_is_seat_zero_then_to_the_left_and_the_dealers_left_acts_first() -> None:
    assert deal(parse_rules("sce/4"), 1).dealer == 0
    p = _started("7C", dealer=1)
    assert (p.turn, p.direction) == (2, 1)


def test_sce_upcard_ace_the_hand_to_the_dealers_right_begins_and_play_runs_anticlockwise() -> None:
    p = _started("AC", dealer=1)
    assert (p.turn, p.direction) == (0, -1)


def test_sce_upcard_two_the_hand_to_the_dealers_left_faces_a_pending_draw_of_two() -> None:
    p = _started("2C", dealer=1)
    assert (p.turn, p.pending) == (2, 2)


def test_sce_upcard_three_the_hand_to_the_dealers_left_is_skipped() -> None:
    assert _started("3C", dealer=1).turn == 3


def test_sce_upcard_eight_the_first_hand_may_play_any_card_and_if_it_draws_the_next_has_the_same_freedom() -> None:
    p = _started("8C", dealer=0)
    assert p.free and moves(p) == ["play 6H", "draw"]
    after = drawn(p)
    assert after.turn == 2 and after.free and "play 9D" in moves(after)
    assert not play(after, "play 9D").free


def test_sce_drawing_is_one_card_never_played_and_the_turn_ends() -> None:
    p = parse_family("rules:sce/3 0:5.. .9 1:K... 2:Q... up:5C turn:0".replace(".. .", "..."))
    after = drawn(p)
    assert after.turn == 1 and len(after.hands[0]) == 3


def test_sce_any_hand_may_draw_instead_of_playing() -> None:
    p = parse_family("rules:sce/3 0:5... 1:K... 2:Q... up:5C turn:0")
    assert moves(p) == ["play 5S", "draw"]


def test_sce_pending_twos_a_hand_covers_with_a_two_or_draws_the_count_and_loses_its_turn() -> None:
    p = parse_family("rules:sce/3 0:K... 1:.2..9 2:Q... up:2S turn:1 draw:2")
    assert moves(p) == ["play 2H", "draw"]
    covered = play(p, "play 2H")
    assert (covered.turn, covered.pending) == (2, 4)
    after = drawn(covered)
    assert len(after.hands[2]) == 5 and after.turn == 0 and after.pending == 0


def test_sce_a_three_skips_the_next_hand_and_an_ace_reverses() -> None:
    p = parse_family("rules:sce/4 0:3A.. .9 1:K... 2:Q... 3:J... up:5S turn:0".replace(".. .", "..."))
    assert play(p, "play 3S").turn == 2
    reversed_ = play(p, "play AS")
    assert (reversed_.turn, reversed_.direction) == (3, -1)


def test_sce_extended_play_a_deal_does_not_end_on_a_two_or_a_three() -> None:
    p = parse_family("rules:sce/3 0:3... 1:K... 2:.9.. up:7S turn:0")
    out = play(p, "play 3S")
    assert not out.hands[0] and out.extended and not out.is_over and out.turn == 2
    assert drawn(out).is_over  # the first action that is not a 2 or a 3 played ends it


def test_sce_extended_play_a_hand_that_went_out_must_draw_when_play_comes_back_and_the_deal_goes_on() -> None:
    p = parse_family("rules:sce/3 0:2... 1:.K2.. 2:..K2. up:7S turn:0")
    back = play(p, "play 2S", "play 2H", "play 2D")
    assert back.turn == 0 and back.pending == 6 and moves(back) == ["draw"]
    after = drawn(back)
    assert len(after.hands[0]) == 6 and not after.is_over and after.turn == 1


def test_sce_going_out_on_any_other_card_ends_the_deal() -> None:
    p = parse_family("rules:sce/3 0:7... 1:K... 2:Q... up:7C turn:0")
    assert play(p, "play 7S").is_over


def test_sce_each_player_scores_the_points_left_in_her_own_hand_her_payoff_minus_them() -> None:
    p = parse_family("rules:sce/3 0:7... 1:K2.8.A. 2:3... up:7C turn:0")
    assert payoffs(play(p, "play 7S")) == (Fraction(0), Fraction(-(10 + 20 + 50 + 1)), Fraction(-3))


def test_sce_a_blocked_deal_scores_the_same_way() -> None:
    rules = parse_rules("sce/3")
    p = FamilyPosition(rules, hands=((parse_card("9H"),), (parse_card("2H"),), (parse_card("KD"),)), turn=0,
                       upcard=parse_card("7S"), passes=2)
    assert moves(p) == ["pass"]
    blocked = play(p, "pass")
    assert blocked.is_over and payoffs(blocked) == (Fraction(-9), Fraction(-20), Fraction(-10))
