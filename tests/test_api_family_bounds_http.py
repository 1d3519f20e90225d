"""Issue #37's findings on family positions and moves, each asked of the real gunicorn server
(one for the module) as a user asks it, with the answer the user gets: a position no deal
reaches is a 422 naming its field on every endpoint (1), flags a game does not have and the
JSON form's types (8); /v1/rollout (6) and /v1/analyse (7) read a move as /v1/apply does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from eights.answers.analyse.schemas import FAMILY_EXAMPLES as RECORDS
from tests.processes import call, gunicorn

POSITION = "rules:classic/4,draw2=2 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0"  # the issue's, before draw:66
UNREACHABLE = f"{POSITION} draw:66"
JSON_POSITION = {"rules": "classic/4,draw2=2", "hands": ["K.5..", "..9.3", "Q.8..", ".J..7"], "upcard": "2C", "turn": 0}
RECORD = RECORDS["classic/4"]  # its stock holds AD alone; 5D is in the discard pile


def asked_of_every_endpoint(position: Any) -> list[tuple[str, dict[str, Any], str]]:
    """Each endpoint that takes a position, asked about ``position``, with the field its answer names."""
    return [
        ("/v1/hint", {"position": position, "depth": 2}, "position"),
        ("/v1/solve", {"position": position, "depth": 2}, "position"),
        ("/v1/batch", {"positions": [position], "depth": 2}, "positions[0]"),
        ("/v1/jobs", {"kind": "batch", "positions": [position], "depth": 2}, "positions[0]"),
        ("/v1/fair-hint", {"position": position, "samples": 4, "depth": 2}, "position"),
        ("/v1/bot-move", {"position": position, "bot": "solver:depth=2", "play": True}, "position"),
        ("/v1/analyse", {"position": position, "moves": ["draw"], "depth": 2}, "position"),
        ("/v1/apply", {"position": position, "moves": ["draw"]}, "position"),
        ("/v1/apply", {"position": position, "moves": ["draw"], "hint": {"depth": 2}}, "position"),
        ("/v1/rollout", {"position": position, "games": 2, "bot": "random"}, "position"),
        ("/v1/moves", {"position": position}, "position"),
    ]


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """One gunicorn server for every case of the module."""
    with gunicorn(workers=1) as served:
        yield served


def refused(url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """The problem a request is refused with (a 422 in problem+json)."""
    status, problem, headers = call("POST", url + path, body)
    assert status == 422, (path, status, problem)
    assert headers["Content-Type"] == "application/problem+json"
    return problem  # type: ignore[no-any-return]


@pytest.mark.parametrize(("path", "body", "field"), asked_of_every_endpoint(UNREACHABLE))
def test_finding_1_a_pending_count_the_deal_cannot_make_is_422_on_every_endpoint(url: str, path: str,
                                                                                 body: dict[str, Any],
                                                                                 field: str) -> None:
    problem = refused(url, path, body)
    assert (problem["code"], problem["field"]) == ("invalid-notation", f"{field}.draw")
    assert problem["detail"] == f"{field}.draw: a whole number 0 to 8, not 66"


@pytest.mark.parametrize(("path", "body", "field"), asked_of_every_endpoint({**JSON_POSITION, "pending_draw": -2}))
def test_finding_1_a_negative_count_of_the_json_form_is_422_on_every_endpoint(url: str, path: str,
                                                                              body: dict[str, Any],
                                                                              field: str) -> None:
    problem = refused(url, path, body)
    assert (problem["code"], problem["field"]) == ("invalid-notation", f"{field}.draw")


def test_finding_1_a_count_the_cards_cannot_make_names_them(url: str) -> None:
    two_in_hand = POSITION.replace("0:K.5..", "0:K2.5..")  # 2S held: the run has at most 3 cards
    problem = refused(url, "/v1/apply", {"position": f"{two_in_hand} draw:8", "moves": ["draw"]})
    assert problem["detail"] == ("position.draw: a pending count of 8 needs 4 cards of rank 2 out of the hands "
                                 "(the upcard, the discard pile and the stock), and there are 3")


def test_finding_1_apply_draws_a_reachable_count_in_full(url: str) -> None:
    status, answer, _ = call("POST", url + "/v1/apply", {"position": f"{POSITION} draw:8", "moves": ["draw"],
                                                         "seed": 1})
    assert status == 200 and len(answer["steps"][0]["move_json"]["cards"]) == 8
    assert [len(hand.replace(".", "")) for hand in answer["json"]["hands"]] == [10, 2, 2, 2]


def test_finding_8_a_flag_the_game_does_not_have_is_422_naming_it(url: str) -> None:
    problem = refused(url, "/v1/hint", {"position": f"{POSITION} ext", "depth": 2})
    assert problem["field"] == "position.ext"
    assert problem["detail"] == ("position.ext: classic has no extended play (only sce's 2s and 3s go out "
                                 "without ending the deal)")


def test_finding_8_the_json_forms_turn_as_a_text_is_422_naming_turn(url: str) -> None:
    problem = refused(url, "/v1/hint", {"position": {**JSON_POSITION, "turn": "0"}, "depth": 2})
    assert (problem["field"], problem["detail"]) == ("position.turn", "position.turn: a whole number, not str '0'")


def test_finding_6_rollout_refuses_a_draw_naming_a_card_not_in_the_stock_as_apply_does(url: str) -> None:
    body = {"position": RECORD["position"], "moves": ["draw 5D"]}
    applied = refused(url, "/v1/apply", body)
    rolled = refused(url, "/v1/rollout", {**body, "games": 2, "bot": "random"})
    assert (rolled["code"], rolled["field"], rolled["detail"]) == (applied["code"], applied["field"], applied["detail"])
    assert rolled["detail"] == "moves[0].cards[0]: the stock does not hold 5D" and rolled["code"] == "illegal-move"


@pytest.mark.parametrize("moves", [["draw 5D"], ["play 9C"], ["play 5H", "draw 5D"]])
def test_finding_7_analyse_refuses_a_move_as_apply_does(url: str, moves: list[str]) -> None:
    applied = refused(url, "/v1/apply", {"position": RECORD["position"], "moves": moves})
    analysed = refused(url, "/v1/analyse", {"position": RECORD["position"], "moves": moves, "depth": 1})
    assert (analysed["code"], analysed["field"], analysed["detail"]) == (applied["code"], applied["field"],
                                                                        applied["detail"])


def test_finding_7_analyse_names_a_records_card_in_the_notation(url: str) -> None:
    moves = [*RECORD["moves"][:2], "card 5D", *RECORD["moves"][3:]]  # the draw of moves[1] brings 5D, not in the stock
    problem = refused(url, "/v1/analyse", {**RECORD, "moves": moves})
    assert (problem["code"], problem["field"], problem["detail"]) == (
        "illegal-move", "moves[2]", "moves[2]: the stock does not hold 5D")
    problem = refused(url, "/v1/analyse", {**RECORD, "moves": ["card AD", *RECORD["moves"]]})
    assert (problem["code"], problem["field"]) == ("illegal-move", "moves[0]")
    assert problem["detail"] == "moves[0]: card AD follows no draw (a draw names the cards it brought: draw AD)"
