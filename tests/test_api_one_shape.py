"""One shape for a search's answer in every game (#38, What to build 4; docs/service.md, "One
vocabulary for every game"): over a real gunicorn, /v1/hint, /v1/solve and /v1/batch answer an
sce2 and a classic/4 position in one schema each of the OpenAPI document, not a oneOf per game:
every field an answer gives is its schema's, the common ones required, each game's own beside
them. And an answer the cache gives reports this request's time, not the first search's
(``time_ms`` beside ``cached``), from the process's cache, from Redis and in a batch job."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import jsonschema_rs
import pytest
import redis
from flask import Flask

from eights.api.service import SearchOptions, current_service, search_key
from eights.api.shared_cache import ENTRY
from eights.games import find_game
from tests.api_examples import MIDGAME
from tests.processes import call, gunicorn, redis_server

CLASSIC = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
POSITIONS = {"sce2": MIDGAME, "classic/4": CLASSIC}
SCHEMAS = {"/v1/hint": "HintResponse", "/v1/solve": "SolveResponse", "/v1/batch": "BatchResponse"}
NEVER_SEARCHED_MS = 987654.0  # a first search's time_ms no search of these positions takes
JOB_S = 120


@pytest.fixture(scope="module")
def service_url() -> Iterator[str]:
    with gunicorn(workers=1) as url:
        yield url


@pytest.fixture(scope="module")
def document(service_url: str) -> dict[str, Any]:
    status, served, _ = call("GET", f"{service_url}/openapi.json")
    assert status == 200
    return dict(served)


def schema_of(document: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = document["components"]["schemas"][name]
    return found


def check_in_shape(document: dict[str, Any], name: str, answer: dict[str, Any]) -> None:
    """``answer`` is valid against the document's schema ``name``, gives every field it requires
    and no field it does not name."""
    schema = schema_of(document, name)
    errors = [error.message for error in jsonschema_rs.Draft4Validator(
        {**document, "$ref": f"#/components/schemas/{name}"}).iter_errors(answer)]
    assert not errors, (name, errors)
    assert set(schema["required"]) <= set(answer), (name, set(schema["required"]) - set(answer))
    assert set(answer) <= set(schema["properties"]), (name, set(answer) - set(schema["properties"]))


@pytest.mark.parametrize("path", sorted(SCHEMAS))
def test_the_document_gives_one_schema_for_each_search_answer(document: dict[str, Any], path: str) -> None:
    answer = document["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": f"#/components/schemas/{SCHEMAS[path]}"}
    assert "oneOf" not in json.dumps(schema_of(document, SCHEMAS[path]))


@pytest.mark.parametrize("game", sorted(POSITIONS))
@pytest.mark.parametrize("path", ["/v1/hint", "/v1/solve"])
def test_every_game_answers_a_search_in_its_one_shape(service_url: str, document: dict[str, Any], path: str,
                                                      game: str) -> None:
    status, answer, _ = call("POST", f"{service_url}{path}", {"position": POSITIONS[game], "depth": 2})
    assert status == 200, answer
    check_in_shape(document, SCHEMAS[path], answer)
    assert answer["values"][answer["to_act"]] == answer["value"] and answer["mode"] == "expectimax"


def test_each_game_keeps_its_own_fields_beside_the_common_ones(service_url: str) -> None:
    answers = {game: call("POST", f"{service_url}/v1/hint", {"position": position, "depth": 2})[1]
               for game, position in POSITIONS.items()}
    sce2, classic = answers["sce2"], answers["classic/4"]
    assert (sce2["side"], sce2["value_ns"], "rules" in sce2, "values" in sce2["moves"][0]) == (
        "EW", sce2["values"][0], False, False)
    assert (classic["rules"], classic["objective"], classic["mover"], "side" in classic) == (
        "classic/4", "maxn", 0, False)
    assert len(classic["moves"][0]["values"]) == 4


def test_a_batch_of_both_games_answers_each_in_the_one_shape(service_url: str, document: dict[str, Any]) -> None:
    status, answer, _ = call("POST", f"{service_url}/v1/batch", {"positions": [MIDGAME, CLASSIC], "depth": 2})
    assert status == 200 and answer["complete"], answer
    check_in_shape(document, "BatchResponse", answer)
    for result in answer["results"]:
        check_in_shape(document, "SolveResponse", result)
    assert [result.get("rules") for result in answer["results"]] == [None, "classic/4"]


# --- a cached answer's time is this request's -------------------------------------------------

def planted(app: Flask, position: str, depth: int) -> dict[str, Any]:
    """The hint of ``position`` at ``depth`` put in the app's cache as if its first search had taken
    NEVER_SEARCHED_MS; the request that asks for it."""
    game = find_game("classic/4" if position.startswith("rules:") else "sce2")
    with app.app_context():
        service = current_service()
        key = search_key(game.read_position(position), SearchOptions("expectimax", None, depth, 0))
        solution = game.solve(game.read_position(position), depth=depth, evaluation=key[1].evaluation,
                              objective=key[1].objective)
        service.remember(key, replace(solution, time_ms=NEVER_SEARCHED_MS))
    return {"position": position, "depth": depth}


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_a_hint_from_the_process_cache_reports_its_own_time(app: Flask, game: str) -> None:
    request = planted(app, POSITIONS[game], 3)
    answer = app.test_client().post("/v1/hint", json=request).get_json()
    assert answer["cached"] and 0 <= answer["time_ms"] != NEVER_SEARCHED_MS


def redis_entries(redis_url: str) -> list[str]:
    return [key.decode() for key in redis.Redis.from_url(redis_url).keys(f"{ENTRY}*")]


def plant_in_redis(redis_url: str) -> None:
    """Every solution in Redis made as if its first search had taken NEVER_SEARCHED_MS."""
    client = redis.Redis.from_url(redis_url)
    for key in redis_entries(redis_url):
        client.set(key, json.dumps({**json.loads(client.get(key) or b"{}"), "time_ms": NEVER_SEARCHED_MS}),
                   keepttl=True)


def job_answer(url: str, request: dict[str, Any]) -> dict[str, Any]:
    status, accepted, headers = call("POST", f"{url}/v1/jobs", request)
    assert status == 202, accepted
    deadline = time.monotonic() + JOB_S
    while (job := call("GET", f"{url}{headers['Location']}")[1])["state"] in ("queued", "running"):
        assert time.monotonic() < deadline, job
        time.sleep(0.2)
    assert job["state"] == "done", job
    result: dict[str, Any] = job["result"]
    return result


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_an_answer_from_redis_reports_this_requests_time_not_the_first_searchs(game: str) -> None:
    request = {"position": POSITIONS[game], "depth": 3}
    with redis_server() as (redis_url, _), gunicorn(workers=1, redis_url=redis_url) as url:
        status, first, _ = call("POST", f"{url}/v1/hint", request)
        assert status == 200 and not first["cached"] and len(redis_entries(redis_url)) == 1
        plant_in_redis(redis_url)
        hint = call("POST", f"{url}/v1/hint", request)[1]
        solved = call("POST", f"{url}/v1/solve", request)[1]
        batch = call("POST", f"{url}/v1/batch", {"positions": [request["position"]], "depth": 3})[1]["results"][0]
        job = job_answer(url, {"kind": "batch", "positions": [request["position"]], "depth": 3})["results"][0]
    for answer in (hint, solved, batch, job):
        assert answer["cached"] and 0 <= answer["time_ms"] != NEVER_SEARCHED_MS, answer
        assert (answer["best"], answer["values"]) == (first["best"], first["values"])
