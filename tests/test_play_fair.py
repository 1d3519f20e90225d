"""Fair hints and the fair bot (eights.play.fair, eights.play.bots.fair_bot): the samples, the hint's
statistics, and that nothing depends on the hidden cards the view was made from."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eights.engine import Move, NotationError, Position, legal_moves, parse_position, parse_view
from eights.engine.cards import S, W, bit, count, scan
from eights.engine.view import View
from eights.play.bots import FairBot, make_bot
from eights.play.fair import SPLIT, check_view, deepen, fair_hint, sample_deals
from eights.solver import Solver
from tests.positions import random_position

# W to act (play JC or draw); S's eight cards are hidden from W.
SEEN_BY_W = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W"
FULL = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


def swapped(position: Position, hidden: int, rng: random.Random) -> Position:
    """The position with the hidden hand's cards and as many of the stock's swapped at random."""
    unseen = sorted(scan(position.hands[hidden] | position.stock))
    cards = sum(bit(card) for card in rng.sample(unseen, count(position.hands[hidden])))
    hands = list(position.hands)
    hands[hidden] = cards
    return replace(position, hands=(hands[0], hands[1], hands[2], hands[3]),
                   stock=(position.hands[hidden] | position.stock) & ~cards, order=None)


def test_samples_are_the_same_for_the_same_seed_and_differ_between_samples() -> None:
    view = parse_view(SEEN_BY_W)
    deals = sample_deals(view, 4, seed=3)
    assert deals == sample_deals(view, 4, seed=3) != sample_deals(view, 4, seed=4)
    assert len({deal.hands[S] for deal in deals}) == 4 and all(View.of(deal, W) == view for deal in deals)


def test_a_fair_hint_compares_the_moves_over_the_samples() -> None:
    view = parse_view(SEEN_BY_W)
    deals = sample_deals(view, 6, seed=1)
    solver = Solver(tt_mb=4)
    hint = fair_hint(view, [solver.rank(deal, depth=3) for deal in deals], seed=1)
    assert hint.samples == 6 and {row.move.notation() for row in hint.moves} == {"play JC", "draw"}
    data = hint.to_json()
    assert data["position"] == view.notation() and data["view"] == "W" and data["side"] == "EW"
    assert data["best"] == hint.moves[0].move.notation() and data["value"] == hint.moves[0].to_json("samples")["mean"]
    assert sum(row.best_share for row in hint.moves) >= 1


def test_a_hint_needs_the_view_of_the_side_to_act_and_a_deal_going_on() -> None:
    with pytest.raises(NotationError, match="^view: S's view cannot hint EW's move"):
        check_view(parse_view(FULL + " view:S"))
    with pytest.raises(NotationError, match="^position: the deal is over"):
        check_view(parse_view("N:5... E:Q... S:?0 W:9... up:5H turn:W view:W"))


def test_the_fair_bot_reads_its_spec() -> None:
    assert make_bot("fair:time=100").spec == "fair:time=100,samples=16"
    assert make_bot("fair:samples=4,depth=3").spec == "fair:depth=3,samples=4"
    assert make_bot("fair:time=50,tt=8").spec == "fair:time=50,tt=8,samples=16"
    assert make_bot("fair:depth=3").deterministic and not make_bot("fair:time=50").deterministic


def test_the_first_fair_bots_schedule_is_named_in_its_spec() -> None:
    assert make_bot("fair:time=100,samples=16,schedule=split").spec == "fair:time=100,samples=16,schedule=split"
    assert make_bot("fair:time=100,schedule=deepen").spec == "fair:time=100,samples=16"
    assert make_bot("fair:time=100").schedule == "deepen" and make_bot("fair:depth=2,schedule=split").schedule == SPLIT


def test_by_depth_alone_deepening_searches_every_sample_that_deep() -> None:
    deals = sample_deals(parse_view(SEEN_BY_W), 5, seed=2)
    deepened = deepen(Solver(tt_mb=4), deals, "material", 3, None)
    assert deepened.depth == 3 and len(deepened.values) == 5
    assert [list(values) for values in deepened.values] == [Solver(tt_mb=4).rank(deal, depth=3, evaluation="material")
                                                             for deal in deals]


def test_deepening_in_time_gives_one_depth_for_every_sample() -> None:
    deals = sample_deals(parse_view(SEEN_BY_W), 8, seed=2)
    deepened = deepen(Solver(tt_mb=4), deals, "material", 4, 50.0)
    assert 1 <= deepened.depth <= 4 and len(deepened.values) == 8
    assert all({value.move.notation() for value in values} == {"play JC", "draw"} for values in deepened.values)


def test_deepening_needs_a_depth_or_a_time() -> None:
    with pytest.raises(ValueError, match="needs a depth or a time"):
        deepen(Solver(tt_mb=4), sample_deals(parse_view(SEEN_BY_W), 1, seed=2), "material", None, None)


@pytest.mark.parametrize("spec, problem", [
    ("fair", "the fair bot needs time=MS or depth=D"),
    ("fair:depth=2,schedule=half", "schedule must be one of deepen, split, got 'half'"),
    ("fair:depth=2,samples=0", "samples must be a whole number from 1 to 10000, got '0'"),
    ("fair:depth=2,samples=many", "samples must be a whole number"),
    ("fair:depth=2,peek=1", "unknown option 'peek' (fair takes time, depth, eval, tt, samples, schedule, infer, play_for, horizon)"),
])
def test_a_bad_fair_spec_is_refused(spec: str, problem: str) -> None:
    with pytest.raises(Exception) as error:
        make_bot(spec)
    assert problem in str(error.value)


def test_the_fair_bot_repeats_its_moves_for_the_same_game_seed() -> None:
    position = parse_position(FULL)
    bot = make_bot("fair:depth=2,samples=4")
    choices = []
    for _ in range(2):
        bot.new_game(11)
        choices.append([bot.choose(position, list(legal_moves(position))) for _ in range(3)])
    assert choices[0] == choices[1]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["deepen", "split"]))
def test_the_fair_bot_does_not_peek_at_the_hidden_hand(seed: int, schedule: str) -> None:
    rng = random.Random(seed)
    position = random_position(rng, max_hand=5)
    moves = list(legal_moves(position))
    hidden = (W, S)[position.side_to_act]
    other = swapped(position, hidden, rng)
    bot = FairBot(depth=2, time_ms=None, evaluation="material", samples=3, schedule=schedule)
    chosen = []
    for deal in (position, other):
        bot.new_game(seed)
        chosen.append(bot.choose(deal, moves))
    assert chosen[0] == chosen[1]
    assert isinstance(chosen[0], Move)
