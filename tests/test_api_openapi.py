"""The OpenAPI document: served at /openapi.json, committed in openapi/openapi.json, docs at /docs."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient

from eights.answers.analyse.schemas import REQUEST_EXAMPLE as ANALYSE_EXAMPLE
from eights.answers.batch.schemas import REQUEST_EXAMPLE as BATCH_EXAMPLE
from eights.api.export_openapi import PATH, render
from eights.api.rollout.schemas import REQUEST_EXAMPLE as ROLLOUT_EXAMPLE
from tests.api_examples import MIDGAME


def served(client: FlaskClient) -> dict[str, Any]:
    document: dict[str, Any] = client.get("/openapi.json").get_json()
    return document


def test_committed_document_is_the_served_one(client: FlaskClient) -> None:
    message = "openapi/openapi.json is stale: run python -m eights.api.export_openapi"
    assert PATH.read_text(encoding="utf-8") == render(served(client)), message


def operations(document: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every operation of the document with its path (a path's shared ``parameters`` are not one)."""
    return [(path, operation) for path, item in document["paths"].items()
            for method, operation in item.items() if method != "parameters"]


def test_document_is_openapi_3(client: FlaskClient) -> None:
    assert served(client)["openapi"].startswith("3.")


def test_every_endpoint_is_documented(client: FlaskClient) -> None:
    assert set(served(client)["paths"]) == {
        "/v1/solve", "/v1/hint", "/v1/fair-hint", "/v1/moves", "/v1/apply", "/v1/bot-move", "/v1/rollout",
        "/v1/positions/normalise", "/v1/analyse", "/v1/batch", "/v1/jobs", "/v1/jobs/{job_id}", "/v1/deal", "/v1/cube", "/v1/game-analysis", "/v1/game-record", "/health",
        "/v1/stats"}


def test_every_operation_has_a_summary(client: FlaskClient) -> None:
    assert all(operation.get("summary") for _, operation in operations(served(client)))


def test_every_request_body_has_an_example(client: FlaskClient) -> None:
    bodies = [operation["requestBody"] for _, operation in operations(served(client)) if "requestBody" in operation]
    assert bodies and all({"example", "examples"} & set(body["content"]["application/json"]) for body in bodies)


def test_errors_are_documented_as_problem_json(client: FlaskClient) -> None:
    responses = served(client)["components"]["responses"]
    assert all(list(response["content"]) == ["application/problem+json"] for response in responses.values())


def test_overload_documents_retry_after(client: FlaskClient) -> None:
    assert "Retry-After" in served(client)["components"]["responses"]["OVERLOADED"]["headers"]


def test_docs_page_is_served(client: FlaskClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200 and b"swagger-ui" in response.data.lower()



def test_every_request_example_is_answered(client: FlaskClient) -> None:
    for path, operation in operations(served(client)):
        if "requestBody" in operation:
            content = operation["requestBody"]["content"]["application/json"]
            examples = [content["example"]] if "example" in content else [
                named["value"] for named in content["examples"].values()]
            accepted = 202 if path == "/v1/jobs" else 200
            for example in examples:
                assert client.post(path, json=example).status_code == accepted, (path, example)


# --- the document is as strict as the service (issue #26, finding 9) ------------------------------

def body_validator(document: dict[str, Any], path: str) -> jsonschema_rs.Validator:
    """A JSON-schema validator of POST ``path``'s request body as the document gives it (its
    references resolved within the document)."""
    pointer = "/".join(["#", "paths", path.replace("/", "~1"), "post", "requestBody", "content",
                        "application~1json", "schema"])
    return jsonschema_rs.Draft4Validator({**document, "$ref": pointer})


@pytest.mark.parametrize("body", [{"kind": "batch"}, {"kind": "analyse", "position": MIDGAME},
                                  {"kind": "rollout"}, {"kind": "batch", "positions": [MIDGAME], "moves": []},
                                  {"kind": "solve", "position": MIDGAME}])
def test_a_job_without_its_kinds_fields_is_invalid_against_the_document(client: FlaskClient,
                                                                         body: dict[str, Any]) -> None:
    assert not body_validator(served(client), "/v1/jobs").is_valid(body)
    assert client.post("/v1/jobs", json=body).status_code == 422


@pytest.mark.parametrize("body", [{"kind": "batch", **BATCH_EXAMPLE}, {"kind": "analyse", **ANALYSE_EXAMPLE},
                                  {"kind": "rollout", **ROLLOUT_EXAMPLE}])
def test_each_kinds_example_job_is_valid_against_the_document(client: FlaskClient, body: dict[str, Any]) -> None:
    assert body_validator(served(client), "/v1/jobs").is_valid(body)


VIEW_FROM_W = {"hands": {"N": "K43.5.K82.", "E": "6.KT74.J.76", "S": "J92.9.54.A2", "W": "T.AJ.AQ97.J"},
               "upcard": "8S", "called": "C", "turn": "W", "view": "W"}


@pytest.mark.parametrize(("view", "counted", "valid"), [
    ("W", "S", True), ("S", "W", True), ("W", "W", False), ("W", "N", False), ("S", "E", False), ("S", "S", False),
])
def test_a_view_gives_a_count_only_for_the_hand_it_cannot_see(client: FlaskClient, view: str, counted: str,
                                                               valid: bool) -> None:
    hands = {**VIEW_FROM_W["hands"], counted: len(VIEW_FROM_W["hands"][counted].replace(".", ""))}
    body = {"position": {**VIEW_FROM_W, "hands": hands, "view": view, "turn": view}, "samples": 2}
    assert body_validator(served(client), "/v1/fair-hint").is_valid(body) is valid
    assert (client.post("/v1/fair-hint", json={**body, "depth": 1}).status_code == 200) is valid


def test_cancelling_a_job_is_documented_as_keeping_it(client: FlaskClient) -> None:
    description = served(client)["paths"]["/v1/jobs/{job_id}"]["delete"]["description"]
    assert "kept" in description and "cancelled" in description and "EIGHTS_JOB_KEEP_S" in description
