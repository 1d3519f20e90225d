"""A finished deal: one clear code, ``deal-over`` (422), from every endpoint that would make,
list, hint or choose a move in it (issue #28, 5)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api_examples import FINISHED

# S goes out with 5S: the deal is over after the first move.
LAST_MOVE = "N:K... E:Q... S:5... W:9... up:5H turn:S"
FINISHED_VIEW = "N:5... E:Q... S:... W:?1 up:5H turn:W view:S"


def problem(client: FlaskClient, url: str, body: dict[str, Any]) -> tuple[int, str, str]:
    response = client.post(url, json=body)
    answer = response.get_json()
    return response.status_code, answer["code"], answer["field"]


@pytest.mark.parametrize("url, body", [
    ("/v1/moves", {}),
    ("/v1/apply", {"moves": ["draw"]}),
    ("/v1/hint", {}),
    ("/v1/bot-move", {"bot": "heuristic"}),
    ("/v1/bot-move", {"bot": "solver:depth=2"}),
])
def test_a_finished_deal_is_deal_over(client: FlaskClient, url: str, body: dict[str, Any]) -> None:
    assert problem(client, url, {"position": FINISHED, **body}) == (422, "deal-over", "position")


def test_the_detail_says_the_deal_is_over(client: FlaskClient) -> None:
    detail = client.post("/v1/apply", json={"position": FINISHED, "moves": ["draw"]}).get_json()["detail"]
    assert detail.startswith("position: the deal is over") and "legal: )" not in detail


def test_a_finished_view_is_deal_over_for_a_fair_hint(client: FlaskClient) -> None:
    assert problem(client, "/v1/fair-hint", {"position": FINISHED_VIEW}) == (422, "deal-over", "position")


def test_a_move_after_the_deals_end_is_deal_over_naming_its_step(client: FlaskClient) -> None:
    response = client.post("/v1/apply", json={"position": LAST_MOVE, "moves": ["play 5S", "draw"]})
    answer = response.get_json()
    assert (response.status_code, answer["code"], answer["field"]) == (422, "deal-over", "moves[1]")
    assert "ended with moves[0]" in answer["detail"]


def test_an_illegal_move_in_a_deal_going_on_is_still_illegal_move(client: FlaskClient) -> None:
    assert problem(client, "/v1/apply", {"position": LAST_MOVE, "moves": ["play 9C"]}) \
        == (422, "illegal-move", "moves[0]")
