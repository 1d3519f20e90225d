"""POST /v1/bot-move: the move a named bot makes (issue #8); against a person, the fair bot by
default, blind to the person's concealed hand (issue #31, 2)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.api.bot import routes as bot_routes
from eights.answers.fair import hinting
from eights.engine.cards import W
from eights.engine.view import View
from eights.play.bots import make_bot
from eights.play.versus import DEFAULT_PERSON_BOT
from tests.api_examples import FINISHED, HIDDEN_HANDS, MIDGAME


def bot_move(client: FlaskClient, **body: Any) -> Any:
    response = client.post("/v1/bot-move", json={"position": MIDGAME, **body})
    return response.status_code, response.get_json()


def test_the_solver_bot_plays_the_solvers_best_move(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="solver:depth=3")
    best = client.post("/v1/solve", json={"position": MIDGAME, "depth": 3}).get_json()["best"]
    assert status == 200 and answer["move"] == best and answer["bot"] == "solver:depth=3"


def test_the_solver_bot_holds_an_8_as_its_spec_says(client: FlaskClient) -> None:
    # At depth 3: play 8H/S 15.086, draw 14.053, play AH 13.359 (tests/test_play_bots.py).
    position = "N:K..A. E:T.3.7.7 S:73.A8..6 W:.4.KQ.3 up:KH turn:S dir:cw draw:0 discard:.JT..K8"
    answers = [client.post("/v1/bot-move", json={"position": position, "bot": spec}).get_json()
               for spec in ("solver:depth=3", "solver:depth=3,hold8=2")]
    assert [(answer["bot"], answer["move"]) for answer in answers] \
        == [("solver:depth=3", "play 8H/S"), ("solver:depth=3,hold8=2", "play AH")]


def test_the_heuristic_bot_plays_a_legal_move(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="heuristic")
    legal = [move["move"] for move in client.post("/v1/moves", json={"position": MIDGAME}).get_json()["moves"]]
    assert status == 200 and answer["move"] in legal


def test_the_random_bot_follows_its_seed(client: FlaskClient) -> None:
    first = bot_move(client, bot="random", seed=3)[1]
    assert all(bot_move(client, bot="random", seed=3)[1]["move"] == first["move"] for _ in range(3))


def test_an_unknown_bot_is_refused_naming_the_field(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="minimax")
    assert status == 422 and answer["field"] == "bot" and "unknown bot" in answer["detail"]


def test_a_solver_bot_over_the_time_limit_is_refused(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="solver:time=60000")
    assert status == 422 and answer["code"] == "limit-exceeded" and answer["field"] == "bot"


@pytest.mark.parametrize("spec, code", [
    ("solver:depth=2,tt=4096", "limit-exceeded"),
    ("fair:depth=1,samples=1,tt=4096", "limit-exceeded"),
    ("solver:time=1e9", "limit-exceeded"),
    ("fair:depth=1,samples=10000", "limit-exceeded"),
    ("solver:depth=65", "invalid-notation"),
    ("solver:time=nan", "invalid-notation"),
    ("solver:depth=2,depth=3", "invalid-notation"),
    ("random:seed=1", "invalid-notation"),
])
def test_a_bot_with_options_beyond_the_service_is_refused_naming_the_field(client: FlaskClient, spec: str,
                                                                          code: str) -> None:
    status, answer = bot_move(client, bot=spec)
    assert status == 422 and answer["code"] == code and answer["field"] == "bot"


@pytest.mark.parametrize("spec", ["solver:depth=\uff13", "solver:depth=1_0", "solver:time=+100", "random\n"])
def test_a_bot_spec_beyond_its_documented_form_is_refused_naming_the_field(client: FlaskClient, spec: str) -> None:
    status, answer = bot_move(client, bot=spec)
    assert status == 422 and answer["code"] == "invalid-notation" and answer["field"] == "bot"
    assert repr(spec) in answer["detail"]


def test_no_move_in_a_finished_deal(client: FlaskClient) -> None:
    status, answer = bot_move(client, position=FINISHED, bot="heuristic")
    assert status == 422 and answer["code"] == "deal-over" and answer["field"] == "position"


def test_the_solver_bot_gives_its_moves_value_for_its_side_and_for_ns(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="solver:depth=3")
    solution = client.post("/v1/solve", json={"position": MIDGAME, "depth": 3}).get_json()
    value = next(move["value"] for move in solution["moves"] if move["move"] == answer["move"])
    assert status == 200 and answer["side"] == "EW"
    assert (answer["value"], answer["value_ns"]) == (value, -value)


def test_the_fair_bot_gives_its_moves_mean_value(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="fair:depth=1,samples=2", seed=4)
    hint = client.post("/v1/fair-hint", json={"position": MIDGAME + " view:W", "depth": 1, "samples": 2,
                                              "seed": 4}).get_json()
    assert status == 200 and (answer["move"], answer["value"]) == (hint["best"], hint["value"])
    assert answer["value_ns"] == -answer["value"]


def test_a_bot_that_does_not_search_gives_no_value(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="heuristic")
    assert status == 200 and answer["value"] is None and answer["value_ns"] is None


def test_the_move_is_given_as_move_json_json_being_a_position_everywhere(client: FlaskClient) -> None:
    answer = bot_move(client, bot="heuristic")[1]
    assert answer["move_json"] == {"action": "play", "card": "JC"} and "json" not in answer


def test_a_bot_move_is_played_when_asked_as_apply_plays_it(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="random", seed=11, play=True)
    applied = client.post("/v1/apply", json={"position": MIDGAME, "moves": [answer["move"]], "seed": 11}).get_json()
    assert status == 200 and answer["played"] == applied and applied["moves"]


def test_a_played_bot_move_answers_the_hints_asked_for_the_position_reached(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="random", seed=11, play=True, hint={"depth": 2, "sides": ["NS"]})
    hint = client.post("/v1/hint", json={"position": answer["played"]["position"], "depth": 2}).get_json()
    assert status == 200 and answer["played"]["side"] == "NS"
    assert answer["played"]["hint"] == {**hint, "time_ms": answer["played"]["hint"]["time_ms"], "cached": False}


def test_a_hint_is_asked_only_with_play(client: FlaskClient) -> None:
    status, answer = bot_move(client, bot="random", hint={"depth": 2})
    assert status == 422 and answer["field"] == "hint"


def test_a_bot_move_is_not_played_unless_asked(client: FlaskClient) -> None:
    assert bot_move(client, bot="random", seed=11)[1]["played"] is None


def test_against_a_person_the_bot_is_the_fair_one_by_default(client: FlaskClient) -> None:
    status, answer = bot_move(client, against="person", seed=5)
    assert status == 200 and answer["bot"] == make_bot(DEFAULT_PERSON_BOT).spec and answer["bot"].startswith("fair:")


def test_against_a_person_the_persons_concealed_hand_does_not_change_the_bots_move(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[View] = []

    def hint_fairly(service: Any, view: View, *args: Any) -> Any:
        seen.append(view)
        return hinting.hint_fairly(service, view, *args)

    monkeypatch.setattr(bot_routes, "hint_fairly", hint_fairly)
    answers = [bot_move(client, position=position, against="person", seed=5)[1] for position in HIDDEN_HANDS]
    # What the bot decides from (its view; the samples come from it and the seed) is the same: so is its move.
    assert len(seen) == 2 and seen[0] == seen[1] and seen[0].seat == W
    assert [(answer["bot"], answer["move"]) for answer in answers] == [(make_bot(DEFAULT_PERSON_BOT).spec, "play 5D")] * 2


def test_a_double_dummy_bot_named_plays_against_a_person_seeing_their_hand(client: FlaskClient) -> None:
    answers = [bot_move(client, position=position, against="person", bot="solver:depth=5")[1]
               for position in HIDDEN_HANDS]
    assert [answer["bot"] for answer in answers] == ["solver:depth=5"] * 2
    assert answers[0]["value"] != answers[1]["value"]  # the solver's values: S's cards seen


def test_without_against_person_a_bot_must_be_named(client: FlaskClient) -> None:
    status, answer = bot_move(client, seed=5)
    assert status == 422 and answer["field"] == "bot" and "against" in answer["detail"]


def test_against_names_a_person_or_nothing(client: FlaskClient) -> None:
    status, answer = bot_move(client, against="bot", bot="random")
    assert status == 422 and answer["field"] == "against" and "person" in answer["detail"]
