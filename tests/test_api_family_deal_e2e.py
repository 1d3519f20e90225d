"""Issue #32, Done when: a whole ``classic/4`` deal and a whole ``layout/6`` deal played from
/v1/deal to the end through HTTP alone, one call per action: the person's seat by /v1/apply,
the hint asked each time for her next turn; the computer's seats by /v1/bot-move with play,
which answers the person's hint too when her turn comes next. On the flask test client, and
once on the real gunicorn server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.processes import call, gunicorn

Post = Callable[[str, dict[str, Any]], Any]
PERSON = 0
BOTS = ("heuristic", "solver:depth=2", "random", "fair:depth=1,samples=3", "solver:time=20", "heuristic")
MAX_ACTIONS = 2_000


def play_whole_deal(post: Post, rules: str, seed: int) -> tuple[dict[str, Any], int]:
    """A deal of ``rules`` from /v1/deal to its end, one call per action: the state at its end
    and the actions played. Each answer is checked: the state a front end shows next, and the
    person's hint exactly when her turn comes."""
    state = post("/v1/deal", {"rules": rules, "seed": seed})
    assert state["rules"] == rules and state["turn"] != str(PERSON)  # the first to act is left of dealer 0
    asked = {"hint": {"players": [PERSON], "depth": 2}}
    hint, actions, acted = None, 0, set()
    while not state["over"]:
        assert actions < MAX_ACTIONS and state["moves"]
        seat = int(state["turn"])
        acted.add(seat)
        if seat == PERSON:
            assert hint is not None and hint["mover"] == PERSON and hint["position"] == state["position"]
            move = hint["best"]
            answer = post("/v1/apply", {"position": state["position"], "rules": rules, "moves": [move],
                                        "seed": seed + actions, **asked})
        else:
            played = post("/v1/bot-move", {"position": state["position"], "rules": rules, "bot": BOTS[seat],
                                           "play": True, "seed": seed + actions, **asked})
            assert played["player"] == seat and played["bot"].split(":")[0] == BOTS[seat].split(":")[0]
            move, answer = played["move"], played["played"]
        assert move in [legal["move"] for legal in state["moves"]]
        assert answer["rules"] == rules and len(answer["steps"]) == 1
        assert answer["steps"][0]["position"] == answer["position"]
        person_next = not answer["over"] and answer["turn"] == str(PERSON)
        assert (answer["hint"] is not None) == person_next and answer["fair_hint"] is None
        hint, state, actions = answer["hint"], answer, actions + 1
    assert acted == set(range(state["players"])) and state["moves"] == []
    assert len(state["payoffs"]) == state["players"]
    return state, actions


def over_the_client(client: FlaskClient) -> Post:
    def post(path: str, body: dict[str, Any]) -> Any:
        response = client.post(path, json=body)
        assert response.status_code == 200, (path, body, response.get_json())
        return response.get_json()
    return post


@pytest.mark.parametrize(("rules", "seed"), [("classic/4", 3), ("layout/6", 5)])
def test_a_whole_deal_is_played_through_http_one_call_per_action(client: FlaskClient, rules: str, seed: int) -> None:
    end, actions = play_whole_deal(over_the_client(client), rules, seed)
    assert end["over"] is True and actions >= 4


def test_a_whole_classic_deal_is_played_on_the_gunicorn_server() -> None:
    with gunicorn(workers=1) as url:
        def post(path: str, body: dict[str, Any]) -> Any:
            status, answer, _ = call("POST", f"{url}{path}", body)
            assert status == 200, (path, body, answer)
            return answer

        end, _ = play_whole_deal(post, "classic/4", 8)
    assert end["over"] is True
