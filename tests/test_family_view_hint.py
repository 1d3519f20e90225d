"""Issue #38, item 1: a classic player gets a hint for her own hand. A family position seen
from one seat (``view:K``, the other hands as ``?N``) is read by ``eights hint``, ``eights
show``, ``eights moves`` and POST /v1/fair-hint, and answered as sce2's views are: the fair
hint of the hand to act over deals sampled from what she sees."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.games import find_game

from tests.cli_support import run
from tests.processes import call, gunicorn

# seat 0 to act in classic/4; each other hand holds 2 cards
VIEW = "rules:classic/4 0:K.5.. 1:?2 2:?2 3:?2 up:5C turn:0 view:0"
CANONICAL = "rules:classic/4 0:K.5.. 1:?2 2:?2 3:?2 up:5C turn:0 dir:cw draw:0 view:0"
FULL = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0"
SWAPPED = "rules:classic/4 0:K.5.. 1:Q..9. 2:.8..3 3:.J..7 up:5C turn:0"  # 3C and QS swapped
JSON_VIEW = {"rules": "classic/4", "hands": ["K.5..", 2, 2, 2], "upcard": "5C", "turn": 0, "view": 0}


def untimed(answer: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key != "time_ms"}


# --- the command line ------------------------------------------------------------------------------

def test_hint_on_a_family_view_prints_the_fair_hint(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", VIEW, "--samples", "4", "--depth", "2")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("fair hint from seat 0's view: 4 of 4 deals sampled (seed 1)")
    assert "values for seat 0, the player to act (maxn)" in lines[0]
    assert sorted(line[:14].strip() for line in lines[2:]) == ["draw", "play 5H"]


def test_hint_json_is_the_same_from_the_counts_or_any_hidden_cards(capsys: pytest.CaptureFixture[str]) -> None:
    answers = []
    for position in (VIEW, FULL + " view:0", SWAPPED + " view:0"):
        status, out, _ = run(capsys, "hint", position, "--samples", "5", "--seed", "8", "--depth", "2", "--json")
        assert status == 0
        answers.append(untimed(json.loads(out)))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["position"] == CANONICAL and answers[0]["view"] == 0 and answers[0]["samples"] == 5


def test_hint_takes_the_rules_from_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", VIEW.replace("rules:classic/4 ", ""), "--rules", "classic/4", "--samples", "3",
                         "--depth", "1", "--json")
    assert status == 0 and json.loads(out)["rules"] == "classic/4"


def test_show_and_moves_of_a_family_view(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", VIEW, "--json")
    shown = json.loads(out)
    assert status == 0 and shown["position"] == CANONICAL and shown["json"]["hands"] == ["K.5..", 2, 2, 2]
    assert "2 cards, face down" in shown["diagram"]
    status, out, _ = run(capsys, "moves", VIEW)
    assert status == 0 and out.split("\n")[:2] == ["play 5H", "draw"]


@pytest.mark.parametrize("argv, problem", [
    (["hint", VIEW.replace("turn:0", "turn:1")], "view: seat 0's view cannot see seat 1's moves"),
    (["moves", VIEW.replace("turn:0", "turn:2")], "view: seat 0's view cannot see seat 2's moves"),
    (["hint", VIEW.replace("1:?2", "1:?x")], "1: a hidden hand is ?N, its number of cards, not ?x"),
    (["hint", VIEW.replace("0:K.5..", "0:?2")], "0: the view's own hand (seat 0) is given by its cards"),
    (["hint", VIEW.replace("view:0", "view:7")], "view: a seat 0 to 3 in classic/4, not 7"),
    (["hint", VIEW + " stock:..A."], "stock: unknown to a view whose other hands are counts"),
    (["hint", VIEW, "--rules", "classic/3"], "--rules: classic/3, but the position's rules are classic/4"),
    (["hint", VIEW, "--player", "1"], "--player: a fair hint's values are for the view's seat"),
    (["hint", VIEW, "--mode", "fixed-order"], "--mode: a view does not know the stock's order"),
    (["hint", VIEW, "--samples", "0"], "samples: must be at least 1, got 0"),
    (["solve", VIEW], "view: unknown field"),
])
def test_bad_family_views_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], problem: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and problem in err and err.count("\n") == 1


# --- HTTP -------------------------------------------------------------------------------------------

def fair_hint(client: FlaskClient, **body: Any) -> Any:
    response = client.post("/v1/fair-hint", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("position", [VIEW, JSON_VIEW, FULL + " view:0", SWAPPED])
def test_fair_hint_of_a_view_is_that_of_the_full_position(client: FlaskClient, position: Any) -> None:
    """A view in either form, a full position seen from seat 0, or the full position itself
    (the view of the hand to act) give one answer: the hidden cards are sampled, never read."""
    answer = fair_hint(client, position=position, samples=4, depth=2, seed=3)
    assert untimed(answer) == untimed(fair_hint(client, position=FULL, samples=4, depth=2, seed=3))
    assert answer["position"] == CANONICAL and answer["view"] == answer["player"] == 0


def test_fair_hint_of_a_view_by_time(client: FlaskClient) -> None:
    answer = fair_hint(client, position=VIEW, samples=4, time_ms=60)
    assert answer["samples"] == 4 and answer["best"] in ("play 5H", "draw") and len(answer["values"]) == 4


@pytest.mark.parametrize("body, field", [
    ({"position": VIEW.replace("turn:0", "turn:3")}, "position.view"),
    ({"position": VIEW.replace("2:?2", "2:?60")}, "position.2"),
    ({"position": {**JSON_VIEW, "hands": ["K.5..", 2, "x", 2]}}, "position.2"),
    ({"position": {**JSON_VIEW, "stock": "..A."}}, "position.stock"),
    ({"position": {**JSON_VIEW, "view": "zero"}}, "position.view"),
    ({"position": VIEW, "rules": "classic/5"}, "rules"),
])
def test_a_bad_view_is_a_problem_naming_its_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    response = client.post("/v1/fair-hint", json={"samples": 2, "depth": 1, **body})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["field"] == field


def test_a_finished_deal_seen_from_a_seat_is_deal_over(client: FlaskClient) -> None:
    response = client.post("/v1/fair-hint", json={"position": VIEW.replace("2:?2", "2:?0"), "samples": 2, "depth": 1})
    assert response.status_code == 422 and response.get_json()["code"] == "deal-over"


def test_fair_hint_of_a_family_view_on_the_gunicorn_server() -> None:
    with gunicorn(workers=1) as url:
        status, answer, _ = call("POST", f"{url}/v1/fair-hint", {"position": VIEW, "samples": 3, "depth": 2})
    assert status == 200, answer
    assert answer["position"] == CANONICAL and answer["samples"] == 3 and answer["player"] == 0


def test_a_classic_deal_is_played_to_its_end_from_the_person_s_own_view(client: FlaskClient) -> None:
    """Seat 0 plays a whole classic/4 deal knowing only what she sees: at each of her turns her
    front end sends her view (her hand, the others' counts) to /v1/fair-hint and plays its best
    move by /v1/apply; the bots play the other seats by /v1/bot-move."""
    game = find_game("classic/4")

    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(path, json=body)
        assert response.status_code == 200, (path, body, response.get_json())
        return response.get_json()

    state, hints = post("/v1/deal", {"rules": "classic/4", "seed": 11}), 0
    for action in range(500):
        if state["over"]:
            break
        if state["turn"] == "0":
            view = game.notation(game.view_of(game.read_position(state["position"]), 0))
            hint = post("/v1/fair-hint", {"position": view, "samples": 3, "depth": 1, "seed": action})
            assert hint["position"] == view and hint["best"] in [legal["move"] for legal in state["moves"]]
            state = post("/v1/apply", {"position": state["position"], "moves": [hint["best"]], "seed": action})
            hints += 1
        else:
            state = post("/v1/bot-move", {"position": state["position"], "bot": "heuristic", "play": True,
                                          "seed": action})["played"]
    assert state["over"] and hints >= 1 and len(state["payoffs"]) == 4
