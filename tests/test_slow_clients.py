"""Issue #26, findings 1 and 3, on a real gunicorn: clients that send slowly cannot take the
service down (``eights.api.worker``), and a client that half-closes its connection still gets its
answer (``eights.answers.client``; that a client that closed still stops its work: test_api_server)."""

from __future__ import annotations

import json
import math
import socket
from collections.abc import Iterator

import pytest

from eights.bench.slow_clients import attack, read_all
from tests.api_examples import ENDGAME, MIDGAME
from tests.processes import LOOPBACK, gunicorn

HOLD_S = 20
SLOW_HEADERS = 64
SLOW_BODIES = 64
HINT_WITHIN_S = 1.0
READ_TIMEOUT_S = 5


@pytest.fixture(scope="module")
def address() -> Iterator[tuple[str, int]]:
    """The service at its defaults but a shorter read timeout (so that the slow sockets are
    closed, and opened again, within the test)."""
    with gunicorn(read_timeout_s=READ_TIMEOUT_S) as url:
        yield LOOPBACK, int(url.rsplit(":", 1)[1])


def test_hints_are_answered_within_a_second_while_128_slow_sockets_are_held(address: tuple[str, int]) -> None:
    outcome = attack(address, SLOW_HEADERS, SLOW_BODIES, HOLD_S)
    assert len(outcome.seconds) >= HOLD_S // 2 and max(outcome.seconds) < HINT_WITHIN_S, outcome.seconds
    assert outcome.reopened >= SLOW_HEADERS + SLOW_BODIES  # the read deadline closed every slow socket


def test_a_request_not_sent_whole_within_the_read_timeout_gets_408(address: tuple[str, int]) -> None:
    with socket.create_connection(address, timeout=READ_TIMEOUT_S + 5) as sock:
        sock.sendall(b"POST /v1/hint HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
        head, _, body = read_all(sock).partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert json.loads(body)["code"] == "request-timeout"


def test_pipelined_requests_are_each_answered(address: tuple[str, int]) -> None:
    request = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    with socket.create_connection(address, timeout=10) as sock:
        sock.sendall(request * 2 + request.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
        answer = read_all(sock)
    assert answer.count(b"HTTP/1.1 200 ") == 3


HALF_CLOSED_BODIES = {
    "/v1/hint": {"position": MIDGAME, "depth": 4},
    "/v1/solve": {"position": MIDGAME, "depth": 4},
    # two searches of 300 ms: the client's end of file is seen before the second one
    "/v1/batch": {"positions": [MIDGAME, ENDGAME], "time_ms": 300},
}


def _half_closed(address: tuple[str, int], path: str, version: bytes) -> bytes:
    """The answer to a request whose client shuts down its writing side once it is sent (as
    ``nc -N`` does) and reads on."""
    body = json.dumps(HALF_CLOSED_BODIES[path]).encode()
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(b"POST %s %s\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (path.encode(), version, len(body), body))
        sock.shutdown(socket.SHUT_WR)
        return read_all(sock)


@pytest.mark.parametrize("path", list(HALF_CLOSED_BODIES))
def test_a_client_that_half_closes_after_its_request_gets_its_answer(address: tuple[str, int], path: str) -> None:
    answer = _half_closed(address, path, b"HTTP/1.1")
    interim = b"HTTP/1.1 102 Processing\r\n\r\n"  # what tells it from a client that closed
    final = answer.removeprefix(interim)
    assert final.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert json.loads(final.split(b"\r\n\r\n", 1)[1])
    if path == "/v1/batch":
        assert answer.startswith(interim)


def test_an_http_1_0_client_that_half_closes_gets_its_answer_without_an_interim_one(
        address: tuple[str, int]) -> None:
    answer = _half_closed(address, "/v1/hint", b"HTTP/1.0")
    assert answer.startswith(b"HTTP/1.0 200 ") and b" 102 " not in answer


def test_a_hint_unanswered_counts_as_infinitely_slow() -> None:
    from eights.bench.slow_clients import Outcome

    assert "none (unanswered)" in Outcome([0.1, math.inf], 0).row("w")
