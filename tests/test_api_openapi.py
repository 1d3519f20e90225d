"""The OpenAPI document: served at /openapi.json, committed in openapi/openapi.json, docs at /docs."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from api.export_openapi import PATH, render


def served(client: FlaskClient) -> dict[str, Any]:
    document: dict[str, Any] = client.get("/openapi.json").get_json()
    return document


def test_committed_document_is_the_served_one(client: FlaskClient) -> None:
    message = "openapi/openapi.json is stale: run python -m api.export_openapi"
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
        "/v1/positions/normalise", "/v1/analyse", "/v1/batch", "/v1/jobs", "/v1/jobs/{job_id}", "/v1/deal", "/health",
        "/v1/stats"}


def test_every_operation_has_a_summary(client: FlaskClient) -> None:
    assert all(operation.get("summary") for _, operation in operations(served(client)))


def test_every_request_body_has_an_example(client: FlaskClient) -> None:
    bodies = [operation["requestBody"] for _, operation in operations(served(client)) if "requestBody" in operation]
    assert bodies and all("example" in body["content"]["application/json"] for body in bodies)


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
            example = operation["requestBody"]["content"]["application/json"]["example"]
            accepted = 202 if path == "/v1/jobs" else 200
            assert client.post(path, json=example).status_code == accepted, path
