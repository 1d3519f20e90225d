"""Issue #28, item 3, through POST /v1/analyse: how sure the analysis is of each loss (its depth,
whether its best move was stable, the margin it tells apart; a mistake only beyond it), each
draw's luck, and per side the skill and the luck, with result = start + skill + luck + drift."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.engine.match import play_match, random_strategy
from eights.engine.notation import compact
from tests.api_examples import ENDGAME, ENDGAME_MOVES

URL = "/v1/analyse"
ONLY_GO_OUT = ("N:.5.. E:K... S:9... W:AQJT8765432.AKQJT9876432.AKQJT98765432.AKQJT9876432 "
               "up:5C turn:N")  # nothing to draw: N goes out, and every value is exact


def analysed(client: FlaskClient, depth: int, position: str = ENDGAME, moves: list[Any] | None = None) -> dict[str, Any]:
    """The analysis of ``moves`` (ENDGAME_MOVES) from ``position`` at ``depth``, by material."""
    answer: dict[str, Any] = client.post(URL, json={
        "position": position, "moves": ENDGAME_MOVES if moves is None else moves, "depth": depth,
        "evaluation": "material"}).get_json()
    return answer


def test_each_step_says_the_depth_reached_and_whether_its_best_move_was_stable(client: FlaskClient) -> None:
    steps = analysed(client, 3)["steps"]
    assert [step["depth"] for step in steps] == [3] * 4
    assert all(isinstance(step["stable"], bool) for step in steps)


def test_a_loss_within_what_the_search_tells_apart_is_no_mistake(client: FlaskClient) -> None:
    first = analysed(client, 2)["steps"][0]  # at depth 6 this loss is gone: 5S is as good as 9H
    assert (first["loss"], first["margin"], first["mistake"]) == (4.0, 9.0, False)


def test_a_loss_beyond_what_the_search_tells_apart_is_a_mistake(client: FlaskClient) -> None:
    first = analysed(client, 3)["steps"][0]
    assert first["loss"] > first["margin"] and first["mistake"]


def test_a_search_of_depth_1_tells_no_loss_apart(client: FlaskClient) -> None:
    answer = analysed(client, 1)
    assert all(step["margin"] is None and not step["mistake"] and not step["stable"] for step in answer["steps"])
    assert answer["summary"]["mistakes"] == [] and answer["summary"]["sides"]["NS"]["mistakes"] == 0


def test_a_draw_s_luck_is_the_value_after_it_minus_its_expectation(client: FlaskClient) -> None:
    steps = analysed(client, 4)["steps"]
    assert steps[2]["played"] == "draw 2S" and steps[2]["side"] == "NS"
    assert steps[2]["luck_ns"] == pytest.approx(steps[3]["value_ns"] - steps[2]["played_value_ns"], abs=1e-6)
    assert steps[2]["luck"] == steps[2]["luck_ns"]
    assert steps[3]["side"] == "EW" and steps[3]["luck"] == -steps[3]["luck_ns"]


def test_the_last_draw_s_luck_is_measured_against_the_last_position_s_value(client: FlaskClient) -> None:
    answer = analysed(client, 4)
    last = answer["steps"][-1]
    assert last["after_ns"] == answer["summary"]["result_ns"]
    assert last["luck_ns"] == pytest.approx(last["after_ns"] - last["played_value_ns"], abs=1e-6)


def test_a_play_has_no_luck(client: FlaskClient) -> None:
    steps = analysed(client, 4)["steps"]
    assert [(step["luck"], step["luck_ns"]) for step in steps[:2]] == [(None, None)] * 2


@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_the_result_is_the_start_plus_skill_plus_luck_plus_drift(client: FlaskClient, depth: int) -> None:
    summary = analysed(client, depth)["summary"]
    parts = summary["start_ns"] + summary["skill_ns"] + summary["luck_ns"] + summary["drift_ns"]
    assert summary["result_ns"] == pytest.approx(parts, abs=1e-5)


def test_skill_is_ew_s_loss_minus_ns_s_and_luck_ns_s_minus_ew_s(client: FlaskClient) -> None:
    summary = analysed(client, 3)["summary"]
    sides = summary["sides"]
    assert summary["skill_ns"] == pytest.approx(sides["EW"]["loss"] - sides["NS"]["loss"], abs=1e-6)
    assert summary["luck_ns"] == pytest.approx(sides["NS"]["luck"] - sides["EW"]["luck"], abs=1e-6)


def test_each_side_s_account_counts_its_decisions_mistakes_and_draws(client: FlaskClient) -> None:
    answer = analysed(client, 3)
    for side, account in answer["summary"]["sides"].items():
        steps = [step for step in answer["steps"] if step["side"] == side]
        assert account["decisions"] == sum(step["choices"] > 1 for step in steps)
        assert account["mistakes"] == sum(step["mistake"] for step in steps)
        assert account["draws"] == sum(step["luck"] is not None for step in steps)
        assert account["error_rate"] == pytest.approx(account["loss"] / account["decisions"], abs=1e-6)


def test_a_deal_played_out_ends_its_account_at_its_score_with_no_drift_when_exact(client: FlaskClient) -> None:
    answer = analysed(client, 1, ONLY_GO_OUT, ["play 5H"])
    summary = answer["summary"]
    assert answer["steps"][0]["exact"] and summary["over"]
    assert summary["result_ns"] == summary["score"]["payoff_ns"] == summary["start_ns"]
    assert (summary["skill_ns"], summary["luck_ns"], summary["drift_ns"]) == (0.0, 0.0, 0.0)


def test_the_accounts_add_up_over_whole_random_deals(client: FlaskClient) -> None:
    match = play_match([random_strategy(random.Random(1))] * 2, seed=3)
    for deal in match.deals[:3]:
        request = {"position": compact(deal.record.start), "moves": [m.notation() for m in deal.record.moves],
                   "depth": 2}
        summary = client.post(URL, json=request).get_json()["summary"]
        parts = summary["start_ns"] + summary["skill_ns"] + summary["luck_ns"] + summary["drift_ns"]
        assert summary["over"] and summary["result_ns"] == summary["score"]["payoff_ns"]
        assert summary["result_ns"] == pytest.approx(parts, abs=1e-4)
