"""Issue #29: classic Crazy Eights (RULES-FAMILY.md "classic"), one test per rule and per
[decision], named after it. Hands are written spades.hearts.diamonds.clubs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eights.engine.family import apply_chance, deal, parse_family, payoffs, start
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import OptionValueError, parse_rules
from tests.family_moves import moves, play


def drawn(position: FamilyPosition, card: int | None = None) -> FamilyPosition:
    """``draw``, then the cards it brings (the stock's first cards, or ``card``)."""
    position = play(position, "draw")
    while position.owed:
        position = apply_chance(position, card if card is not None else position.stock[0])
        card = None
    return position


def test_classic_two_to_seven_players_seven_cards_with_two_five_with_more_two_decks_for_six_and_seven() -> None:
    assert [len(h) for h in deal(parse_rules("classic/2"), 1).hands] == [7, 7]
    six = deal(parse_rules("classic/6"), 1)
    assert [len(h) for h in six.hands] == [5] * 6 and len(six.all_cards()) == 104


def test_classic_the_hand_to_the_dealers_left_plays_first_clockwise() -> None:
    p = start(parse_rules("classic/4"), [(1,), (2,), (3,), (4,)], 5, (6, 7), dealer=2)
    assert (p.turn, p.direction) == (3, 1)
    assert play(p, "draw").turn == 3 and drawn(p).turn == 3  # draw=until: still her turn


def test_classic_decision_the_first_upcard_has_no_effect_but_its_card() -> None:
    rules = parse_rules("classic/4,skip=Q,reverse=A,draw2=2")
    for upcard in ("QS", "AS", "2S"):
        p = parse_family(f"rules:{rules.name} 0:5... 1:6... 2:9... 3:T... up:{upcard} turn:0")
        q = start(rules, p.hands, p.upcard, p.stock, dealer=3)
        assert (q.turn, q.direction, q.pending) == (0, 1, 0)


@pytest.mark.parametrize("eights", ["wild", "match", "nosuit"])
def test_classic_decision_an_eight_turned_up_frees_the_first_hands_play_in_every_eights_option(eights: str) -> None:
    rules = parse_rules(f"classic/3,eights={eights}")
    p = parse_family(f"rules:{rules.name} 0:.K.. 1:..Q. 2:...J up:8S turn:0")
    q = start(rules, p.hands, p.upcard, p.stock, dealer=2)
    assert q.free and "play KH" in moves(q)
    after = drawn(q)
    assert after.free  # a draw keeps the freedom until a card is played
    assert "play KH" in moves(after)


def test_classic_a_match_card_is_of_the_upcards_rank_or_suit_and_an_eight_plays_on_anything() -> None:
    p = parse_family("rules:classic/2 0:7.K.8.9 1:2... up:7C turn:0")
    assert moves(p) == ["play 7S", "play 8D/S", "play 8D/H", "play 8D/D", "play 8D/C", "play 9C", "draw"]


def test_classic_after_an_eight_the_called_suit_stands_for_the_eights_suit() -> None:
    p = parse_family("rules:classic/2 0:5.5.. 1:2... up:8S/H turn:0")
    assert moves(p) == ["play 5H", "draw"]


def test_classic_draw_until_a_hand_may_draw_holding_a_play_then_play_any_legal_card_or_draw_again() -> None:
    p = parse_family("rules:classic/2 0:...9 1:2... up:7C turn:0 stock:...K")
    assert moves(p) == ["play 9C", "draw"]
    after = drawn(p)
    assert after.turn == 0 and moves(after) == ["play 9C", "play KC", "draw"]  # the discard pile refills the stock


def test_classic_draw_one_the_turn_ends_after_one_card() -> None:
    p = parse_family("rules:classic/2,draw=one 0:...9 1:2... up:7C turn:0")
    assert drawn(p).turn == 1


def test_classic_draw_one_play_one_card_then_play_a_legal_card_or_pass() -> None:
    p = parse_family("rules:classic/2,draw=one_play 0:...9 1:2... up:7C turn:0")
    assert "pass" not in moves(p)
    after = drawn(p)
    assert after.turn == 0 and "draw" not in moves(after) and moves(after)[-1] == "pass"
    assert play(after, "pass").turn == 1


def test_classic_draw_upto_k_after_k_draws_a_hand_that_does_not_play_passes() -> None:
    p = parse_family("rules:classic/2,draw=upto:2 0:...9 1:2... up:7C turn:0")
    once = drawn(p)
    assert "draw" in moves(once) and "pass" not in moves(once)
    twice = drawn(once)
    assert "draw" not in moves(twice) and moves(twice)[-1] == "pass"


def test_classic_must_play_a_hand_may_draw_only_when_it_has_no_legal_play() -> None:
    p = parse_family("rules:classic/2,must_play=yes 0:...9 1:2... up:7C turn:0")
    assert moves(p) == ["play 9C"]
    q = parse_family("rules:classic/2,must_play=yes 0:.9.. 1:2... up:7C turn:0")
    assert moves(q) == ["draw"]


def test_classic_decision_with_must_play_a_hand_holding_a_play_may_neither_draw_nor_pass_and_must_cover() -> None:
    p = parse_family("rules:classic/2,must_play=yes,draw=upto:1 0:.9.. 1:2... up:7C turn:0 stock:...9")
    after = drawn(p)  # drew the 9C: it holds a play after the limit
    assert moves(after) == ["play 9C"]
    run = parse_family("rules:classic/3,must_play=yes,draw2=2 0:2... 1:A... 2:K... up:2C turn:0 draw:2")
    assert moves(run) == ["play 2S"]


def test_classic_decision_after_the_draw_limit_a_hand_may_pass_holding_a_play() -> None:
    for option in ("draw=one_play", "draw=upto:1"):
        p = parse_family(f"rules:classic/2,{option} 0:...9 1:2... up:7C turn:0")
        assert moves(drawn(p))[-1] == "pass" and "play 9C" in moves(drawn(p))


def test_classic_decision_after_the_draw_limit_a_hand_may_pass_holding_a_play_with_nothing_left_to_draw() -> None:
    p = parse_family("rules:classic/2,draw=one_play,reshuffle=no 0:5.9..2 1:...K up:7S turn:0 stock:... draws:1")
    assert moves(p) == ["play 5S", "pass"]
    spent = parse_family("rules:classic/3,draw=upto:2 0:5.9..2 1:...K 2:Q... up:7S turn:0 stock:... draws:2 reshuffles:2")
    assert moves(spent) == ["play 5S", "pass"]
    below = parse_family("rules:classic/2,draw=upto:2,reshuffle=no 0:5.9..2 1:...K up:7S turn:0 stock:... draws:1")
    assert moves(below) == ["play 5S"]  # below the limit, nothing to draw: it must play
    must = parse_family("rules:classic/2,draw=one_play,must_play=yes,reshuffle=no 0:5.9..2 1:...K up:7S turn:0 stock:... draws:1")
    assert moves(must) == ["play 5S"]


def test_classic_nothing_left_to_draw_the_hand_plays_if_it_can_else_passes() -> None:
    rules = "classic/2,reshuffle=no"
    can = parse_family(f"rules:{rules} 0:...9 1:2... up:7C turn:0 stock:...")
    assert moves(can) == ["play 9C"]
    cannot = parse_family(f"rules:{rules} 0:.9.. 1:2... up:7C turn:0 stock:...")
    assert moves(cannot) == ["pass"] and play(cannot, "pass").passes == 1


def test_classic_eights_match_an_eight_must_itself_match() -> None:
    p = parse_family("rules:classic/2,eights=match 0:8.8.. 1:2... up:7S turn:0")
    assert [m for m in moves(p) if m.startswith("play")] == ["play 8S/S", "play 8S/H", "play 8S/D", "play 8S/C"]
    on_eight = parse_family("rules:classic/2,eights=match 0:.8.5. 1:2... up:8D/C turn:0")
    assert "play 8H/S" in moves(on_eight)  # an 8 matches an 8 by rank


def test_classic_decision_eights_nosuit_the_next_card_matches_the_eight_or_the_card_under_it() -> None:
    p = parse_family("rules:classic/2,eights=nosuit 0:8K... 1:5.3.7.2 up:7H turn:0")
    after = play(p, "play 8S")  # an 8 names nothing
    assert after.under is not None and after.called is None
    assert moves(after) == ["play 5S", "play 3H", "play 7D", "draw"]  # spades or 8 (the 8's); hearts or 7 (under it)


def test_classic_skip_the_next_hand_is_skipped() -> None:
    p = parse_family("rules:classic/3,skip=Q 0:QJ... 1:2... 2:3... up:7S turn:0")
    assert play(p, "play QS").turn == 2


def test_classic_reverse_the_direction_reverses() -> None:
    p = parse_family("rules:classic/3,reverse=A 0:AJ... 1:2... 2:3... up:7S turn:0")
    after = play(p, "play AS")
    assert (after.turn, after.direction) == (2, -1)


@pytest.mark.parametrize("option", ["skip=Q", "reverse=Q"])
def test_classic_decision_with_two_players_a_skip_or_a_reverse_gives_the_same_player_another_turn(option: str) -> None:
    p = parse_family(f"rules:classic/2,{option} 0:QJ... 1:2... up:7S turn:0")
    assert play(p, "play QS").turn == 0


def test_classic_draw2_the_next_hand_draws_two_per_card_of_the_run_or_covers() -> None:
    p = parse_family("rules:classic/3,draw2=2 0:2J... 1:.2..4 2:3... up:7S turn:0")
    first = play(p, "play 2S")
    assert first.pending == 2 and moves(first) == ["play 2H", "draw"]  # no 8, nothing else on a pending run
    second = play(first, "play 2H")
    assert second.pending == 4 and second.turn == 2
    penalty = drawn(second)
    assert len(penalty.hands[2]) == 5 and penalty.turn == 0 and penalty.pending == 0


def test_classic_decision_a_draw_two_penalty_is_drawn_in_full_and_ends_the_turn_whatever_the_draw_option() -> None:
    for option in ("draw=until", "draw=one_play", "draw=upto:1", "draw=one"):
        p = parse_family(f"rules:classic/2,{option},draw2=2 0:9... 1:.K.. up:2S turn:1 draw:2")
        after = drawn(p)
        assert len(after.hands[1]) == 3 and after.turn == 0, option


def test_classic_an_eight_is_not_played_on_a_pending_draw_two_run() -> None:
    p = parse_family("rules:classic/2,draw2=2 0:9... 1:.8.. up:2S turn:1 draw:2")
    assert moves(p) == ["draw"]


def test_classic_reshuffle_yes_the_discard_pile_becomes_the_stock_when_a_draw_needs_a_card() -> None:
    p = parse_family("rules:classic/2 0:9... 1:.K.. up:7S turn:0 stock:... ")
    assert not p.stock and p.discard and "draw" in moves(p)
    after = play(p, "draw")
    assert after.stock and not after.discard and after.owed == 1


def test_classic_reshuffle_no_an_empty_stock_stays_empty() -> None:
    p = parse_family("rules:classic/2,reshuffle=no 0:.9.. 1:.K.. up:7S turn:0 stock:...")
    assert p.discard and moves(p) == ["pass"]


def test_classic_every_deal_ends_reshuffle_yes_is_at_most_two_reshuffles_a_deal() -> None:
    second = drawn(parse_family("rules:classic/2 0:.9.. 1:.K.. up:7S turn:0 stock:... reshuffles:1"))
    assert second.reshuffles == 2 and len(second.hands[0]) == 2
    spent = parse_family("rules:classic/2 0:.9.. 1:.K.. up:7S turn:0 stock:... reshuffles:2")
    assert spent.discard and moves(spent) == ["pass"]  # the stock stays empty: nothing to draw


@pytest.mark.parametrize(("option", "cap"), [("reshuffle=yes", 2), ("reshuffle=no", 0), ("reshuffle=0", 0),
                                             ("reshuffle=1", 1), ("reshuffle=2", 2), ("reshuffle=9", 9)])
def test_classic_every_deal_ends_reshuffle_k_allows_k_reshuffles_a_deal(option: str, cap: int) -> None:
    rules = parse_rules(f"classic/2,{option}")
    assert rules.reshuffle_cap == cap and rules.reshuffle == cap
    assert rules.name == "classic/2" + ("" if cap == 2 else f",reshuffle={cap}")  # written only when not 2
    if cap:
        last = parse_family(f"rules:{rules.name} 0:.9.. 1:.K.. up:7S turn:0 stock:... reshuffles:{cap - 1}")
        assert "draw" in moves(last) and drawn(last).reshuffles == cap
    spent = parse_family(f"rules:{rules.name} 0:.9.. 1:.K.. up:7S turn:0 stock:... reshuffles:{cap}")
    assert moves(spent) == ["pass"]


@pytest.mark.parametrize("value", ["10", "-1", "two", "1.5"])
def test_classic_every_deal_ends_reshuffle_takes_yes_no_or_a_count_from_0_to_9(value: str) -> None:
    with pytest.raises(OptionValueError, match="rules.reshuffle"):
        parse_rules(f"classic/2,reshuffle={value}")


def test_classic_every_deal_ends_a_draw_two_penalty_takes_what_the_stock_holds_the_rest_is_forgiven() -> None:
    p = parse_family("rules:classic/2,draw2=2 0:9... 1:.K.. up:2S turn:1 draw:2 stock:..A. reshuffles:2")
    after = drawn(p)
    assert len(after.hands[1]) == 2 and after.turn == 0 and not after.owed and after.discard


@pytest.mark.parametrize("option,card", [("skip=Q", "QS"), ("reverse=Q", "QS"), ("draw2=Q", "QS")])
def test_classic_decision_going_out_on_a_skip_reverse_or_draw_two_card_ends_the_deal(option: str, card: str) -> None:
    p = parse_family(f"rules:classic/3,{option} 0:Q... 1:2... 2:3... up:7S turn:0")
    assert play(p, f"play {card}").is_over


def test_classic_the_deal_ends_when_a_hand_goes_out_and_the_winner_collects_every_other_hands_points() -> None:
    p = parse_family("rules:classic/3 0:9... 1:K.3.A. 2:8... up:7S turn:0")
    after = play(p, "play 9S")
    assert after.is_over
    assert payoffs(after) == (Fraction(64), Fraction(-14), Fraction(-50))  # 8 = 50, K = 10, A = 1, pips


def test_classic_decision_a_blocked_deal_goes_to_the_fewest_points_ties_first_clockwise_from_the_dealers_left() -> None:
    p = parse_family("rules:classic/3,reshuffle=no 0:.5.. 1:.4A.. 2:..9. up:7S turn:0 stock:... passes:2 dealer:0")
    blocked = play(p, "pass")
    assert blocked.is_blocked and blocked.is_over
    # seat 0 and seat 1 both hold 5 points; from the dealer's left (seat 1) seat 1 comes first
    assert payoffs(blocked) == (Fraction(-5), Fraction(14), Fraction(-9))


def test_classic_decision_an_eight_cannot_be_a_skip_reverse_or_draw_two_rank_and_no_rank_has_two_effects() -> None:
    for option in ("skip=8", "reverse=8", "draw2=8", "skip=Q,draw2=Q"):
        with pytest.raises(OptionValueError):
            parse_rules(f"classic/4,{option}")
