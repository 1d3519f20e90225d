"""Deployment: the gunicorn config from EIGHTS_* variables, and ``eights serve`` running it."""

from __future__ import annotations

import http.client
import importlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

import eights.api.gunicorn_conf
from eights.api import server
from eights.bench.load import free_port, started_server
from eights.cli.main import main
from eights.engine import compact, deal_position
from eights.engine.cards import S
from tests.api_examples import MIDGAME

ROOT = Path(__file__).resolve().parent.parent


def gunicorn_settings(monkeypatch: pytest.MonkeyPatch, **environment: str) -> Any:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return importlib.reload(eights.api.gunicorn_conf)


def test_gunicorn_binds_to_eights_host_and_port(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gunicorn_settings(monkeypatch, EIGHTS_HOST="0.0.0.0", EIGHTS_PORT="9000").bind == "0.0.0.0:9000"


def test_gunicorn_workers_and_threads_are_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = gunicorn_settings(monkeypatch, EIGHTS_WORKERS="3", EIGHTS_THREADS="5")
    assert (conf.workers, conf.threads, conf.worker_class) == (3, 5, "eights.api.worker.RequestReadingWorker")


def test_gunicorn_timeout_outlasts_the_longest_request(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gunicorn_settings(monkeypatch, EIGHTS_MAX_REQUEST_MS="120000").timeout > 120


def test_procfile_runs_the_same_command_as_serve() -> None:
    procfile = (ROOT / "Procfile").read_text(encoding="utf-8")
    assert procfile == f'web: gunicorn --config {server.CONFIG} "{server.APP}"\n'


def test_serve_passes_host_and_port_to_gunicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, list[str], dict[str, str]]] = []
    monkeypatch.setattr(os, "execve", lambda path, argv, env: calls.append((path, argv, env)))
    main(["serve", "--host", "127.0.0.1", "--port", "9123"])
    _, argv, env = calls[0]
    assert argv[1:] == ["-m", "gunicorn", "--config", server.CONFIG, server.APP]
    assert (env["EIGHTS_HOST"], env["EIGHTS_PORT"]) == ("127.0.0.1", "9123")


def test_eights_serve_answers_on_localhost() -> None:
    port = free_port()
    environment = {**os.environ, "EIGHTS_WORKERS": "1", "EIGHTS_TT_MB": "1"}
    process = subprocess.Popen([sys.executable, "-m", "eights", "serve", "--host", "127.0.0.1", "--port", str(port)],
                               cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "eights serve did not answer within 30 s"
                time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The service under gunicorn (one worker, a 2000-byte body limit) on a free port; its URL."""
    with started_server(EIGHTS_WORKERS="1", EIGHTS_TT_MB="1", EIGHTS_MAX_BODY_BYTES="2000") as url:
        yield url


def post_chunked(url: str, body: bytes) -> tuple[int, dict[str, Any]]:
    """POST ``body`` with Transfer-Encoding: chunked, in 100-byte chunks; status and JSON answer."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(str(parts.hostname), parts.port, timeout=30)
    chunks = (body[start:start + 100] for start in range(0, len(body), 100))
    connection.request("POST", "/v1/hint", body=chunks, headers={"Content-Type": "application/json"},
                       encode_chunked=True)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def test_a_chunked_body_over_the_limit_is_413(served: str) -> None:
    body = json.dumps({"position": MIDGAME, "depth": 1, "padding": "x" * 5000}).encode()
    status, answer = post_chunked(served, body)
    assert status == 413 and answer["code"] == "body-too-large"


def test_a_chunked_body_within_the_limit_is_read_whole(served: str) -> None:
    status, answer = post_chunked(served, json.dumps({"position": MIDGAME, "depth": 1}).encode())
    assert status == 200 and answer["depth"] == 1


def test_the_cube_hint_answers_under_gunicorn(served: str) -> None:
    request = urllib.request.Request(f"{served}/v1/cube", data=json.dumps({"deal_number": 15, "lead": 500}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        hint = json.loads(answer.read())["cube"]
    assert answer.status == 200 and hint["action"] == "Too good to double, pass"


def raw_answer(url: str, request: bytes) -> tuple[str, str, dict[str, Any]]:
    """Send ``request`` as it is; the answer's status line, content type and JSON body."""
    parts = urlsplit(url)
    with socket.create_connection((str(parts.hostname), parts.port), timeout=30) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    content_type = next(line.split(":", 1)[1].strip() for line in lines if line.lower().startswith("content-type:"))
    return lines[0], content_type, json.loads(body)


@pytest.mark.parametrize(("request_bytes", "status", "code"), [
    (b"GET /v1/stats?" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
    (b"GET /v1/stats HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "bad-request"),
    (b"GET /v1/stats HTTP/1.1\r\n" + b"X-Many: 1\r\n" * 200 + b"\r\n", 431, "request-header-fields-too-large"),
])
def test_errors_that_gunicorn_answers_itself_are_problem_json(
        served: str, request_bytes: bytes, status: int, code: str) -> None:
    status_line, content_type, problem = raw_answer(served, request_bytes)
    assert status_line.startswith(f"HTTP/1.1 {status} ") and content_type == "application/problem+json"
    assert problem["status"] == status and problem["code"] == code and problem["detail"]


def solves(url: str) -> int:
    with urllib.request.urlopen(f"{url}/v1/stats", timeout=10) as answer:
        count: int = json.loads(answer.read())["solves"]
        return count


def test_the_work_of_a_client_that_went_away_stops(served: str) -> None:
    before = solves(served)
    positions = [compact(deal_position(1, S, seed)) for seed in range(5)]  # each searches its whole time
    body = json.dumps({"positions": positions, "time_ms": 400}).encode()
    parts = urlsplit(served)
    with socket.create_connection((str(parts.hostname), parts.port)) as connection:
        connection.sendall(b"POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        time.sleep(0.3)
    time.sleep(3.5)  # the five searches would take 3 s
    assert solves(served) - before <= 1


def test_eights_serve_says_where_the_board_and_the_docs_are() -> None:
    """Issue #28: first contact. Once listening, one line names the board's, the docs' and the
    OpenAPI document's URLs; and the service's root leads to the board."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "eights", "serve", "--port", str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stderr is not None
        line = next(line for line in process.stderr if line.startswith("eights: "))
        base = f"http://127.0.0.1:{port}"
        assert line.strip() == (f"eights: the board at {base}/board/, the API's docs at {base}/docs, "
                                f"its OpenAPI document at {base}/openapi.json")
        request = urllib.request.Request(f"{base}/")
        with urllib.request.urlopen(request, timeout=10) as answer:  # redirects are followed
            assert answer.url == f"{base}/board/" and b"<html" in answer.read().lower()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
