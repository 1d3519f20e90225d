"""One test per rule of ../shared/RULES.md, named after it, on hand-made positions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eights.engine import Move, Score, apply_move, deal_position, draw_outcomes, legal_moves, parse_position, score
from eights.engine.cards import (
    ACE, CONCEALED, DECK_POINTS, EIGHT, FULL_DECK, N, S, THREE, TWO, E, W,
    card_names, count, next_seat, parse_card, parse_cards, points, rank_of, side_of,
)
from eights.engine.deal import HAND_SIZES, hand_size
from eights.engine.match import dealer_seat, south_player
from eights.engine.position import CCW, CW, Position
from tests.time_limit import time_limit


def moves(position: Position) -> set[str]:
    return {move.notation() for move in legal_moves(position)}


def after(position: Position, *texts: str) -> Position:
    for text in texts:
        position = apply_move(position, Move.from_notation(text))
    return position


def dealt_with_upcard(rank: int, dealer: int) -> Position:
    """The first seeded deal-5 position whose upcard has ``rank``."""
    return next(p for seed in range(1000)
                if rank_of((p := deal_position(5, dealer, seed)).upcard) == rank)


# Cards, values, notation

def test_cards_deck_has_52_cards_of_13_ranks_and_4_suits() -> None:
    assert count(FULL_DECK) == 52
    assert card_names(parse_cards(["AS", "KS", "2C"])) == ["AS", "KS", "2C"]


def test_cards_ten_may_be_written_10() -> None:
    assert parse_card("10S") == parse_card("TS")


def test_values_eight_50_two_20_faces_10_ace_1_pips_face_value() -> None:
    assert [points(parse_cards([c])) for c in ["8H", "2D", "KS", "QS", "JS", "TS", "AC", "3C", "9D"]] \
        == [50, 20, 10, 10, 10, 10, 1, 3, 9]


def test_values_whole_deck_is_worth_580() -> None:
    assert points(FULL_DECK) == DECK_POINTS == 580


# Seats, sides, order

def test_seats_clockwise_order_from_south_is_S_W_N_E() -> None:
    order = [S]
    for _ in range(3):
        order.append(next_seat(order[-1], CW))
    assert order == [S, W, N, E]


def test_sides_NS_is_concealed_S_and_dummy_N_EW_is_concealed_W_and_dummy_E() -> None:
    assert (side_of(N), side_of(S), side_of(E), side_of(W)) == (0, 0, 1, 1)
    assert CONCEALED == (S, W)


def test_seats_players_change_seats_every_two_deals() -> None:
    assert [south_player(k) for k in range(1, 9)] == [0, 0, 1, 1, 0, 0, 1, 1]


# A deal

def test_deal_hand_sizes_8_down_to_1_and_back_to_8() -> None:
    assert [hand_size(k) for k in range(1, 16)] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    for k in range(1, 16):
        position = deal_position(k, S, seed=k)
        assert [count(hand) for hand in position.hands] == [HAND_SIZES[k - 1]] * 4
        assert count(position.stock) == 52 - 4 * HAND_SIZES[k - 1] - 1


def test_deal_first_dealer_is_the_player_south_in_deal_1_and_players_alternate() -> None:
    assert south_player(1) == 0 and dealer_seat(1) == S
    assert dealer_seat(2) == W  # player 1 deals, still sitting West
    assert dealer_seat(3) == W  # player 0 deals again, now sitting West


def test_deal_upcard_counts_as_dealers_and_the_dealers_left_acts_first() -> None:
    for dealer, left in ((S, W), (W, N)):
        position = dealt_with_upcard(4, dealer)
        assert (position.turn, position.direction, position.pending) == (left, CW, 0)


def test_deal_upcard_ace_reverses_and_the_dealers_right_acts_first() -> None:
    position = dealt_with_upcard(ACE, S)
    assert (position.turn, position.direction) == (E, CCW)


def test_deal_upcard_two_puts_a_pending_draw_of_two_on_the_dealers_left() -> None:
    position = dealt_with_upcard(TWO, W)
    assert (position.turn, position.pending) == (N, 2)
    assert moves(position) <= {"draw"} | {f"play 2{s}" for s in "SHDC"}


def test_deal_upcard_three_skips_the_dealers_left_so_the_dealers_dummy_acts_first() -> None:
    assert dealt_with_upcard(THREE, S).turn == N
    assert dealt_with_upcard(THREE, W).turn == E


def test_deal_upcard_eight_first_hand_may_play_any_card() -> None:
    position = dealt_with_upcard(EIGHT, S)
    assert position.called is None and position.turn == W
    played = {move.card for move in legal_moves(position) if not move.is_draw}
    assert played == set(card for card in range(52) if position.hands[W] >> card & 1)


def test_deal_upcard_eight_a_first_eight_played_names_the_suit() -> None:
    position = parse_position("N:K... E:Q... S:9... W:8.4.. up:8D turn:W")
    assert {"play 8S/S", "play 8S/H", "play 8S/D", "play 8S/C", "play 4H"} <= moves(position)
    assert after(position, "play 8S/H").called == 1


def test_deal_upcard_eight_after_a_draw_the_next_hand_has_the_same_freedom() -> None:
    position = parse_position("N:K.5.. E:Q... S:9... W:7.4.. up:8D turn:W")
    following = after(position, "draw QC")
    assert following.turn == N and following.called is None
    assert moves(following) == {"play KS", "play 5H"}


# A turn

LEGAL = parse_position("N:KQ... E:JT... S:9.4.K.8 W:76... up:9H turn:S")


def test_legal_play_an_eight_a_matching_rank_or_a_matching_suit() -> None:
    assert moves(LEGAL) == {"play 9S", "play 4H", "play 8C/S", "play 8C/H", "play 8C/D", "play 8C/C", "draw"}


def test_legal_play_after_an_8_the_called_suit_replaces_its_printed_suit() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.K.85 W:76... up:8H/C turn:S")
    assert moves(position) == {"play 5C", "play 8C/S", "play 8C/H", "play 8C/D", "play 8C/C", "draw"}


def test_pending_twos_nothing_but_a_two_covers_not_even_an_8() -> None:
    position = parse_position("N:KQ... E:JT... S:2.58.K.5 W:76... up:2H turn:S draw:2")
    assert moves(position) == {"play 2S", "draw"}


def test_pending_twos_stack_2_4_6_8() -> None:
    position = parse_position("N:K..2. E:Q...2 S:2.5.. W:J.3.. up:2H turn:E draw:2")
    counts = [p.pending for p in (after(position, "play 2C"), after(position, "play 2C", "play 2S"))]
    assert counts == [4, 6]
    assert after(position, "play 2C", "play 2S", "draw KH,QH,JH,TH,9H,8H", "play 2D").pending == 2


def test_pending_twos_drawing_the_count_loses_the_turn_and_resets_the_count() -> None:
    position = parse_position("N:KQ... E:JT... S:2.58.K.5 W:76... up:2H turn:S draw:2")
    drawn = after(position, "draw QC,JC")
    assert drawn.hands[S] == position.hands[S] | parse_cards(["QC", "JC"])
    assert (drawn.turn, drawn.pending, drawn.upcard) == (W, 0, parse_card("2H"))


def test_pending_twos_after_the_draw_the_next_hand_plays_normally_on_the_2() -> None:
    position = parse_position("N:KQ... E:JT... S:2.58.K.5 W:7.6..2 up:2H turn:S draw:2")
    assert moves(after(position, "draw QC,JC")) == {"play 2C", "play 6H", "draw"}


def test_three_skips_the_next_hand_in_the_current_direction() -> None:
    position = parse_position("N:KQ... E:JT... S:9.34.. W:76... up:5H turn:S")
    assert after(position, "play 3H").turn == N
    assert after(parse_position("N:KQ... E:JT.3.. S:9.4.. W:76... up:5H turn:E dir:ccw"), "play 3H").turn == W


def test_ace_reverses_the_direction_so_the_hand_that_acted_before_plays_next() -> None:
    position = parse_position("N:KQ... E:JT... S:9.A4.. W:76... up:5H turn:S")
    reversed_ = after(position, "play AH")
    assert (reversed_.direction, reversed_.turn) == (CCW, E)


def test_ace_a_deal_may_end_on_an_ace() -> None:
    position = parse_position("N:KQ... E:JT... S:.A.. W:76... up:5H turn:S")
    assert after(position, "play AH").is_over


def test_eight_is_wild_and_names_any_suit_its_own_included() -> None:
    position = parse_position("N:KQ... E:JT... S:9.8.K. W:76... up:5C turn:S")
    assert {f"play 8H/{s}" for s in "SHDC"} <= moves(position)
    named = after(position, "play 8H/H")
    assert (named.called, moves(parse_position("N:KQ.6.. E:JT... S:9.K.. W:7... up:8H/H turn:N"))) \
        == (1, {"play 6H"})


def test_draw_a_concealed_hand_may_always_draw_instead_of_playing() -> None:
    assert "draw" in moves(LEGAL)


def test_draw_the_drawn_card_cannot_be_played_the_turn_ends() -> None:
    drawn = after(LEGAL, "draw 5H")
    assert drawn.turn == W and drawn.hands[S] & parse_cards(["5H"])


def test_dummy_may_not_draw_while_it_has_a_legal_play() -> None:
    position = parse_position("N:K.Q6.. E:JT... S:9.4.. W:76... up:5H turn:N")
    assert moves(position) == {"play 6H", "play QH"}


def test_dummy_draws_when_it_has_no_legal_play() -> None:
    position = parse_position("N:K..Q6. E:JT... S:9.4.. W:76... up:5H turn:N")
    assert moves(position) == {"draw"}


def test_dummy_holding_exactly_one_card_may_draw_instead_of_going_out() -> None:
    position = parse_position("N:.6.. E:JT... S:9.4.. W:76... up:5H turn:N")
    assert moves(position) == {"play 6H", "draw"}


def test_dummy_on_a_pending_2_must_cover_with_a_2_if_it_can() -> None:
    position = parse_position("N:2.6.. E:JT... S:9.4.. W:76... up:2H turn:N draw:2")
    assert moves(position) == {"play 2S"}


def test_dummy_on_a_pending_2_without_a_2_draws_the_count() -> None:
    position = parse_position("N:K.6.. E:JT... S:9.4.. W:76... up:2H turn:N draw:4")
    assert moves(position) == {"draw"}
    assert count(draw_outcomes(position)[0].cards) == 4


def test_empty_stock_the_discard_pile_but_the_upcard_is_shuffled_into_a_new_stock() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.. W:76... up:5H turn:S stock:...")
    outcomes = draw_outcomes(position)
    assert len(outcomes) == count(position.discard) == 52 - 8 - 1
    assert all(o.probability == Fraction(1, len(outcomes)) for o in outcomes)
    drawn = apply_move(position, Move.draw(parse_cards(["KC"])))
    assert (drawn.discard, drawn.stock, drawn.upcard) == (0, position.discard & ~parse_cards(["KC"]), position.upcard)


def test_empty_stock_a_draw_takes_the_stock_first_and_reshuffles_only_for_the_rest() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.. W:76... up:2H turn:S draw:2 stock:...K")
    outcomes = draw_outcomes(position)
    king = parse_cards(["KC"])
    assert all(o.cards & king and count(o.cards) == 2 for o in outcomes)
    assert len(outcomes) == count(position.discard)


# 50 cards in hands, the upcard 2H and one card (KC) left to draw.
CROWDED = "N:AKQJT98765432... E:.AKQJT9876543.. W:..AKQJT98765432. S:...AQJT98765432 up:2H"


def test_empty_stock_a_short_draw_takes_what_there_is() -> None:
    position = parse_position(CROWDED + " turn:S draw:2")
    assert [card_names(o.cards) for o in draw_outcomes(position)] == [["KC"]]
    assert after(position, "draw KC").pending == 0


def test_empty_stock_with_nothing_to_draw_a_hand_that_can_play_must_play() -> None:
    position = parse_position(CROWDED.replace("AQJT", "AKQJT") + " turn:S draw:2")
    assert moves(position) == {"play 2C"}


def test_empty_stock_with_nothing_to_draw_and_no_play_the_hand_passes_and_the_count_clears() -> None:
    position = parse_position(
        "N:AKQJT98765432... E:.AKQJT9876543.. W:..AKQJT98765432.2 S:...AKQJT9876543 up:2H turn:S draw:2")
    assert moves(position) == {"draw"}
    passed = after(position, "draw")
    assert (passed.turn, passed.pending, passed.hands) == (W, 0, position.hands)


def test_last_card_a_penalised_concealed_hand_cannot_play_it_draws_one() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.. W:76... up:9H turn:S penalty:S")
    assert moves(position) == {"draw"}
    drawn = after(position, "draw KC")
    assert count(drawn.hands[S]) == 3 and drawn.penalised == frozenset()


def test_last_card_a_penalised_hand_facing_pending_2s_draws_the_count() -> None:
    position = parse_position("N:KQ... E:JT... S:2.4.. W:76... up:2H turn:S draw:2 penalty:S")
    assert moves(position) == {"draw"}
    assert count(after(position, "draw KC,QC").hands[S]) == 4


def test_last_card_the_solver_assumes_every_announcement_is_made() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.. W:76... up:9H turn:S")
    assert after(position, "play 4H").penalised == frozenset()


# Going out and extended play

def test_going_out_the_deal_ends_at_once() -> None:
    position = after(parse_position("N:KQ... E:JT... S:.4.. W:76... up:9H turn:S"), "play 4H")
    assert position.is_over and moves(position) == set()


def test_going_out_a_deal_may_not_end_on_a_2() -> None:
    position = after(parse_position("N:KQ... E:JT... S:.2.. W:76... up:9H turn:S"), "play 2H")
    assert not position.is_over and position.extended and (position.turn, position.pending) == (W, 2)


def test_going_out_a_deal_may_not_end_on_a_3_the_next_hand_is_skipped() -> None:
    position = after(parse_position("N:KQ... E:JT... S:.3.. W:76... up:9H turn:S"), "play 3H")
    assert not position.is_over and position.extended and position.turn == N


def test_extended_play_continues_while_2s_and_3s_are_played() -> None:
    position = after(parse_position("N:K.Q..3 E:J.T.. S:.3.. W:76... up:9H turn:S"), "play 3H", "play 3C")
    assert position.extended and not position.is_over and position.turn == S


def test_extended_play_stops_at_the_first_play_that_is_not_a_2_or_3() -> None:
    position = after(parse_position("N:K.Q..3 E:J.T.. S:.3.. W:76... up:9H turn:S"), "play 3H", "play QH")
    assert position.is_over


def test_extended_play_stops_when_a_hand_draws() -> None:
    position = after(parse_position("N:K.Q.. E:J.T.. S:.3.. W:76... up:9H turn:S"), "play 3H")
    assert moves(position) == {"play QH"}  # the dummy obeys the dummy rule in extended play
    assert after(parse_position("N:K..Q. E:J.T.. S:.3.. W:76... up:9H turn:S"), "play 3H", "draw KC").is_over


def test_extended_play_coming_back_to_the_hand_that_went_out_it_must_draw_and_play_goes_on() -> None:
    start = parse_position("N:K..2Q. E:J..T.2 S:.2.. W:2.7.5. up:9H turn:S")
    back = after(start, "play 2H", "play 2S", "play 2D", "play 2C")
    assert (back.turn, back.pending, back.hands[S], moves(back)) == (S, 8, 0, {"draw"})
    drawn = after(back, "draw AC,3C,4C,5C,6C,7C,9C,TC")
    assert not drawn.is_over and not drawn.extended and drawn.turn == W and count(drawn.hands[S]) == 8


def test_precisely_the_deal_is_over_when_a_hand_is_empty_and_the_action_was_not_a_2_or_3() -> None:
    position = parse_position("N:... E:JT... S:9.4.. W:76... up:5H turn:E")
    assert position.is_over
    assert not parse_position("N:... E:JT... S:9.4.. W:76... up:3H turn:S ext").is_over


def test_precisely_the_last_hand_going_out_after_extended_play_ends_the_deal_with_every_hand_empty() -> None:
    # E and W are out; S and N play 3s, N going out; S's ace empties the last hand.
    start = parse_position("N:..3. E:... S:.3.A. W:... up:3S turn:S ext")
    with time_limit(5):
        position = after(start, "play 3H", "play 3D", "play AD")
    assert position.is_over and not any(position.hands) and moves(position) == set()
    assert position.turn == S  # no hand holds cards: the turn stays on the hand that played


# Scoring a deal

def test_scoring_one_dummy_went_out_the_three_other_hands_count() -> None:
    position = parse_position("N:... E:JT... S:9.4.. W:76... up:5H turn:E")
    assert (score(position).against_ns, score(position).against_ew, score(position).option) == (13, 33, None)


def test_scoring_a_concealed_hand_went_out_the_opponent_may_count_all_three_hands() -> None:
    position = parse_position("N:8... E:T... S:... W:J... up:5H turn:W")
    assert score(position) == score(position).__class__(50, 20, "all")


def test_scoring_a_concealed_hand_went_out_the_opponent_may_count_one_of_its_own_hands() -> None:
    position = parse_position("N:A... E:T... S:... W:9... up:5H turn:W")
    result = score(position)
    assert (result.against_ns, result.against_ew, result.option) == (0, 9, "W")


def test_scoring_two_or_more_hands_went_out_every_hand_left_counts() -> None:
    position = parse_position("N:... E:Q... S:... W:9... up:5H turn:E")
    assert (score(position).against_ns, score(position).against_ew, score(position).option) == (0, 19, None)
    assert score(parse_position("N:... E:... S:... W:... up:AH turn:S")) == Score(0, 0, None)


# The solver's objective

@pytest.mark.parametrize("north, west, east", [("8", "9", "T"), ("A", "9", "T"), ("5", "T", "9"), ("K", "2", "3")])
def test_objective_after_S_goes_out_EWs_loss_is_min_of_W_plus_E_minus_N_W_E(north: str, west: str, east: str) -> None:
    position = parse_position(f"N:{north}... E:.{east}.. S:... W:..{west}. up:KC turn:W")
    n, w, e = (points(position.hands[seat]) for seat in (N, W, E))
    assert -score(position).payoff(1) == min(w + e - n, w, e)


def test_objective_the_payoff_to_a_side_is_the_opponents_points_minus_its_own() -> None:
    result = score(parse_position("N:... E:JT... S:9.4.. W:76... up:5H turn:E"))
    assert result.payoff_ns == 33 - 13 and result.payoff(1) == 13 - 33


def test_objective_a_draw_takes_cards_uniformly_from_the_stocks_known_composition() -> None:
    position = parse_position("N:KQ... E:JT... S:2.4.. W:76... up:2H turn:S draw:2 stock:...K2A")
    outcomes = draw_outcomes(position)
    assert sorted(card_names(o.cards) for o in outcomes) == [["AC", "2C"], ["AC", "KC"], ["KC", "2C"]]
    assert {o.probability for o in outcomes} == {Fraction(1, 3)}


def test_objective_with_the_stocks_order_given_draws_are_known_until_a_reshuffle() -> None:
    position = parse_position("N:KQ... E:JT... S:9.4.. W:76... up:9H turn:S stock:...K2 order:2C,KC")
    assert [card_names(o.cards) for o in draw_outcomes(position)] == [["2C"]]
    drawn = after(position, "draw 2C")
    assert drawn.order == (parse_card("KC"),)
    pending = parse_position("N:KQ... E:JT... S:2.4.. W:76... up:2H turn:S draw:2 stock:...K order:KC")
    assert len(draw_outcomes(pending)) == count(pending.discard)
