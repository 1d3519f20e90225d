"""Issue #8: moves played with seeded draws (eights.engine.steps), and versioned deal and match
records that replay to exactly what they say."""

from __future__ import annotations

import random

import pytest

from eights.engine import Move, compact, deal_position, parse_position
from eights.engine.cards import S
from eights.engine.errors import IllegalMoveError, NotationError
from eights.engine.match import MatchResult, play_match, random_strategy
from eights.engine.record import RECORD_VERSION, DealRecord
from eights.engine.steps import MAX_SEED, apply_moves, check_seed

START = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S"


def test_a_random_draw_names_the_cards_it_took() -> None:
    steps = apply_moves(parse_position(START), [Move.from_notation("play 9H"), Move.draw()], seed=7)
    assert steps[1].move.cards is not None and steps[1].move.notation().startswith("draw ")


def test_the_same_seed_draws_the_same_cards() -> None:
    moves = [Move.draw(), Move.draw()]
    first = apply_moves(parse_position(START), moves, seed=3)
    again = apply_moves(parse_position(START), moves, seed=3)
    assert [step.move for step in first] == [step.move for step in again]


def test_moves_as_played_replay_to_the_same_positions() -> None:
    steps = apply_moves(parse_position(START), [Move.draw(), Move.draw(), Move.draw()], seed=11)
    record = DealRecord(steps[0].before, tuple(step.move for step in steps))
    assert record.positions()[1:] == [step.after for step in steps]


def test_a_named_draw_is_played_as_named() -> None:
    steps = apply_moves(parse_position(START), [Move.from_notation("draw 2C")], seed=1)
    assert steps[0].move.notation() == "draw 2C"


def test_an_illegal_move_names_its_step() -> None:
    with pytest.raises(IllegalMoveError, match=r"^moves\[1\]: "):
        apply_moves(parse_position(START), [Move.from_notation("play 9H"), Move.from_notation("play AS")], seed=1)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64, True, "1", 1.0])
def test_a_seed_outside_javascripts_exact_integers_is_refused(seed: object) -> None:
    with pytest.raises(NotationError, match="^seed: "):
        check_seed(seed)


def test_a_deal_record_carries_its_version_and_result() -> None:
    data = DealRecord(parse_position(START), (Move.from_notation("play 5S"),)).to_json()
    assert data["version"] == RECORD_VERSION and data["result"] is None


def test_a_deal_record_round_trips() -> None:
    record = DealRecord(parse_position(START), (Move.from_notation("play 5S"), Move.from_notation("play 5D")))
    assert DealRecord.from_json(record.to_json()) == record


def test_a_deal_record_whose_result_is_not_what_its_moves_give_is_refused() -> None:
    data = DealRecord(parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S"), (Move.from_notation("play 5S"),)).to_json()
    data["result"]["payoff_ns"] += 1
    with pytest.raises(NotationError, match="^result: "):
        DealRecord.from_json(data)


def test_a_deal_record_of_another_version_is_refused() -> None:
    with pytest.raises(NotationError, match="^version: "):
        DealRecord.from_json({"version": RECORD_VERSION + 1, "position": START, "moves": []})


@pytest.fixture(scope="module")
def match() -> MatchResult:
    return play_match([random_strategy(random.Random(1)), random_strategy(random.Random(2))], seed=5)


def test_a_match_record_replays_to_the_same_match(match: MatchResult) -> None:
    assert MatchResult.from_json(match.to_json(["a", "b"])) == match


def test_a_match_record_names_its_players_and_totals(match: MatchResult) -> None:
    data = match.to_json(["a", "b"])
    assert data["players"] == ["a", "b"] and data["totals"] == list(match.totals) and len(data["deals"]) == 15


def test_a_match_record_with_wrong_totals_is_refused(match: MatchResult) -> None:
    data = match.to_json()
    data["totals"][0] += 1
    with pytest.raises(NotationError, match="^totals: "):
        MatchResult.from_json(data)


def test_a_match_record_with_a_wrong_dealer_is_refused(match: MatchResult) -> None:
    data = match.to_json()
    data["deals"][0]["dealer"] = "W" if data["deals"][0]["dealer"] == "S" else "S"
    with pytest.raises(NotationError, match=r"^deals\[0\]: "):
        MatchResult.from_json(data)


def test_a_match_record_with_deals_out_of_order_is_refused(match: MatchResult) -> None:
    data = match.to_json()
    data["deals"][0], data["deals"][1] = data["deals"][1], data["deals"][0]
    with pytest.raises(NotationError, match=r"^deals\[0\]"):
        MatchResult.from_json(data)


def test_a_replayed_match_record_starts_each_deal_where_it_says(match: MatchResult) -> None:
    replayed = MatchResult.from_json(match.to_json())
    assert [compact(deal.record.start) for deal in replayed.deals] == [compact(deal.record.start) for deal in match.deals]


def stopped_match(match: MatchResult, finished: int, moves: int) -> MatchResult:
    """``match`` as if it had stopped after ``moves`` moves of deal ``finished + 1``."""
    record = match.deals[finished].record
    return MatchResult.of(match.deals[:finished], DealRecord(record.start, record.moves[:moves]))


def test_a_match_stopped_early_records_its_finished_deals_and_the_deal_under_way(match: MatchResult) -> None:
    stopped = stopped_match(match, 3, 2)
    data = stopped.to_json(["a", "b"])
    assert len(data["deals"]) == 3 and data["totals"] == list(match.deals[2].running_totals)
    assert data["unfinished"]["result"] is None and len(data["unfinished"]["moves"]) == 2
    assert MatchResult.from_json(data) == stopped


def test_a_match_stopped_in_its_first_deal_has_no_points() -> None:
    start = deal_position(1, S, seed=4)
    stopped = MatchResult.of([], DealRecord(start, ()))
    assert stopped.totals == (0, 0) and MatchResult.from_json(stopped.to_json()) == stopped


def test_an_unfinished_deal_that_is_over_is_refused(match: MatchResult) -> None:
    data = stopped_match(match, 3, 0).to_json()
    data["unfinished"] = match.deals[3].record.to_json()
    with pytest.raises(NotationError, match="^unfinished: the deal is over"):
        MatchResult.from_json(data)


def test_an_unfinished_deal_of_the_wrong_size_is_refused(match: MatchResult) -> None:
    data = stopped_match(match, 3, 0).to_json()
    data["unfinished"] = DealRecord(match.deals[0].record.start, ()).to_json()
    with pytest.raises(NotationError, match="^unfinished: deal 4 starts with 5 cards"):
        MatchResult.from_json(data)


def test_a_complete_match_has_no_unfinished_deal(match: MatchResult) -> None:
    data = match.to_json()
    assert data["unfinished"] is None
    data["unfinished"] = DealRecord(match.deals[0].record.start, ()).to_json()
    with pytest.raises(NotationError, match="^unfinished: "):
        MatchResult.from_json(data)
