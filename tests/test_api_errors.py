"""Errors: every refusal is problem+json with a stable code and a detail naming the field."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from eights.answers.service import EXTENSION
from eights.solver import Solver
from tests.api_examples import MIDGAME


def post(client: FlaskClient, body: bytes | str, content_type: str = "application/json") -> TestResponse:
    return client.post("/v1/solve", data=body, content_type=content_type)


def test_problems_are_problem_json(client: FlaskClient) -> None:
    response = post(client, "[]")
    assert response.mimetype == "application/problem+json"
    assert set(response.get_json()) >= {"type", "title", "status", "code", "detail", "field", "instance"}


def test_wrong_content_type_is_400(client: FlaskClient) -> None:
    problem = post(client, "position=x", "application/x-www-form-urlencoded").get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (400, "bad-content-type", "Content-Type")


def test_missing_body_is_400(client: FlaskClient) -> None:
    assert client.post("/v1/solve").get_json()["code"] == "bad-content-type"


def test_body_that_is_not_json_is_400(client: FlaskClient) -> None:
    problem = post(client, "{position:").get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (400, "malformed-body", "body")


@pytest.mark.parametrize(("body", "kind"), [("[1, 2]", "a list"), ("42", "a number"), ('"x"', "a string"),
                                            ("null", "null")])
def test_body_that_is_not_an_object_is_400(client: FlaskClient, body: str, kind: str) -> None:
    assert post(client, body).get_json()["detail"] == f"body: expected a JSON object, got {kind}"


def test_body_nested_too_deep_is_400(client: FlaskClient) -> None:
    assert post(client, "[" * 100_000).get_json()["code"] == "malformed-body"


def test_body_that_is_not_utf8_is_400(client: FlaskClient) -> None:
    assert post(client, b'{"position": "\xff\xfe"}').get_json()["code"] == "malformed-body"


def test_number_too_long_to_read_is_400(client: FlaskClient) -> None:
    assert post(client, '{"depth": ' + "9" * 5000 + "}").get_json()["code"] == "malformed-body"


def test_number_too_long_to_read_is_named_without_pythons_advice(client: FlaskClient) -> None:
    problem = post(client, '{"depth": -' + "9" * 5000 + "}").get_json()
    assert (problem["status"], problem["field"]) == (400, "body")
    assert problem["detail"] == (f"body: a number too long: 5000 digits, more than the {sys.get_int_max_str_digits()} "
                                 "a number may have")
    assert "sys." not in problem["detail"]


def test_huge_number_is_over_the_limit(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "depth": 10**1000}).get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (422, "limit-exceeded", "depth")


@pytest.mark.parametrize("depth", [1.5, True, "3", None, float("nan")])
def test_depth_of_the_wrong_type_is_named(client: FlaskClient, depth: Any) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "depth": depth}).get_json()
    assert (problem["status"], problem["code"], problem["field"]) == (422, "validation-error", "depth")


def test_validation_error_lists_every_field(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"depth": 0, "colour": "red"}).get_json()
    assert {error["field"] for error in problem["errors"]} == {"position", "depth", "colour"}


def test_unknown_field_is_named(client: FlaskClient) -> None:
    problem = client.post("/v1/solve", json={"position": MIDGAME, "colour": "red"}).get_json()
    assert problem["detail"] == "colour: Unknown field."


def test_missing_position_is_named(client: FlaskClient) -> None:
    assert client.post("/v1/hint", json={}).get_json()["detail"] == "position: Missing data for required field."


def test_position_of_the_wrong_type_is_named(client: FlaskClient) -> None:
    assert client.post("/v1/moves", json={"position": [1]}).get_json()["field"] == "position"


@pytest.mark.parametrize("garbage", ["\u2603\u0000\U0001f0a1", "N:" + "\u0663" * 50, "{\"hands\": 1}", " "])
def test_unicode_garbage_position_is_422(client: FlaskClient, garbage: str) -> None:
    problem = client.post("/v1/positions/normalise", json={"position": garbage}).get_json()
    assert problem["status"] == 422 and problem["field"].startswith("position")


def test_body_too_large_is_413_naming_the_limit(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_BODY_BYTES=50).test_client()
    problem = client.post("/v1/solve", json={"position": MIDGAME}).get_json()
    assert (problem["status"], problem["code"], problem["limit"]) == (413, "body-too-large", "EIGHTS_MAX_BODY_BYTES")


def test_unknown_url_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get("/v2/solve")
    assert response.status_code == 404 and response.get_json()["code"] == "not-found"


def test_wrong_method_is_a_405_problem(client: FlaskClient) -> None:
    response = client.get("/v1/solve")
    assert response.status_code == 405 and response.headers["Allow"] and response.get_json()["code"] == "method-not-allowed"


def test_a_bug_is_a_500_problem_without_traceback(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("secret internals")
    monkeypatch.setattr(Solver, "solve", broken)
    response = app.test_client().post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    assert response.status_code == 500 and response.get_json()["code"] == "internal-error"
    assert b"secret internals" not in response.data and b"Traceback" not in response.data


@pytest.fixture
def busy_app(make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """An app whose long lane (one solver) is taken by a search that runs until the test
    ends, and whose requests do not wait for a solver; MIDGAME searched one deep is in its cache."""
    app = make_app(EIGHTS_QUEUE_WAIT_MS=0, EIGHTS_RETRY_AFTER_S=30)
    app.test_client().post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    started, finish = threading.Event(), threading.Event()

    def slow(*args: Any, **kwargs: Any) -> None:
        started.set()
        finish.wait(10)
        raise RuntimeError("released")
    monkeypatch.setattr(app.extensions[EXTENSION].lanes.long.solvers[0], "solve", slow)
    worker = threading.Thread(target=app.test_client().post, args=("/v1/solve",),
                              kwargs={"json": {"position": MIDGAME, "depth": 3}})
    worker.start()
    started.wait(10)
    yield app
    finish.set()
    worker.join()


def test_overload_is_503_with_retry_after(busy_app: Flask) -> None:
    response = busy_app.test_client().post("/v1/hint", json={"position": MIDGAME, "depth": 2})
    assert response.status_code == 503 and response.headers["Retry-After"] == "30"
    assert response.get_json()["code"] == "overloaded"


def test_overload_is_counted(busy_app: Flask) -> None:
    busy_app.test_client().post("/v1/hint", json={"position": MIDGAME, "depth": 2})
    assert busy_app.test_client().get("/v1/stats").get_json()["rejected"] == 1


def test_a_full_long_lane_leaves_hints_their_own(busy_app: Flask) -> None:
    response = busy_app.test_client().post("/v1/hint", json={"position": MIDGAME, "time_ms": 20})
    assert response.status_code == 200 and response.get_json()["cached"] is False


def test_overload_spares_cached_answers(busy_app: Flask) -> None:
    response = busy_app.test_client().post("/v1/hint", json={"position": MIDGAME, "depth": 1})
    assert response.status_code == 200 and response.get_json()["cached"] is True


def test_post_to_a_get_url_is_405_whatever_the_body(client: FlaskClient) -> None:
    assert client.post("/v1/stats", data="not json", content_type="text/plain").status_code == 405


def test_post_to_an_unknown_url_is_404_whatever_the_body(client: FlaskClient) -> None:
    assert client.post("/v1/nothing", data="[1]", content_type="application/json").status_code == 404
