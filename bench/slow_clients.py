"""Slow clients against the service: sockets that send their request's headers, or its body,
one byte every 2 s, held (and opened again when closed) while a hint is asked every second.
Prints, for gunicorn's plain gthread worker (the baseline) and for the service's own
(``eights.api.worker``, which reads requests whole without a thread), the hints answered and their
p50, p99 and slowest time.

    python -m eights.bench.slow_clients                          # 64 + 64 sockets for 20 s, both workers
    python -m eights.bench.slow_clients --headers 16 --bodies 0 --seconds 10

Only 127.0.0.1 is targeted; the servers it starts take the EIGHTS_* variables like any other.
"""

from __future__ import annotations

import argparse
import json
import math
import socket
import threading
import time
from dataclasses import dataclass

from eights.bench.load import percentile, started_server

TRICKLE_S = 2.0  # one byte every 2 s, as issue #26's attacker sent
HINT_TIMEOUT_S = 5.0
# W to act on an 8 that called clubs (the README's hint)
POSITION = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
BODY_BYTES = 2000
BASELINE = ("gthread", ("--worker-class", "gthread"))
SERVICE = ("eights.api.worker", ())


class Trickler:
    """``headers`` sockets sending a request's head and ``bodies`` sockets its body, a byte every
    ``TRICKLE_S``, each opened again when the service closes it, until the block ends."""

    def __init__(self, address: tuple[str, int], headers: int, bodies: int) -> None:
        self.address = address
        slow_head = (b"POST /v1/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\nX-Slow: %s\r\n\r\n" % (BODY_BYTES, b"a" * 4000))
        slow_body = (b"POST /v1/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n{%s}" % (BODY_BYTES, b" " * (BODY_BYTES - 2)))
        # (request, bytes sent at once): a slow body's head goes at once, only its body trickles
        self.requests = [(slow_head, 0)] * headers + [(slow_body, slow_body.index(b"\r\n\r\n") + 4)] * bodies
        self.stopping = threading.Event()
        self.reopened = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Trickler:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        self.thread.join()

    def _open(self, index: int) -> tuple[socket.socket, int]:
        request, at_once = self.requests[index]
        sock = socket.create_connection(self.address)
        sock.sendall(request[:at_once])
        sock.setblocking(False)
        return sock, at_once

    def _run(self) -> None:
        sockets = [self._open(index) for index in range(len(self.requests))]
        while not self.stopping.wait(TRICKLE_S):
            for index, (sock, sent) in enumerate(sockets):
                try:
                    sock.send(self.requests[index][0][sent:sent + 1])
                    sockets[index] = (sock, sent + 1)
                except OSError:
                    sock.close()
                    sockets[index] = self._open(index)
                    self.reopened += 1
        for sock, _ in sockets:
            sock.close()


def hint_seconds(address: tuple[str, int]) -> float:
    """How long one hint over a new connection took to be answered 200 (inf: it was not)."""
    body = json.dumps({"position": POSITION}).encode()
    started = time.monotonic()
    try:
        with socket.create_connection(address, timeout=HINT_TIMEOUT_S) as sock:
            sock.sendall(b"POST /v1/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            answer = read_all(sock)
    except OSError:
        return math.inf
    return time.monotonic() - started if answer.startswith(b"HTTP/1.1 200") else math.inf


def read_all(sock: socket.socket) -> bytes:
    """Everything the other end sends until it closes."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


@dataclass(frozen=True)
class Outcome:
    """The hints asked during one attack: seconds each (inf: not answered), sockets reopened."""

    seconds: list[float]
    reopened: int

    def row(self, worker: str) -> str:
        """The table's line for ``worker``."""
        answered = [took * 1000 for took in self.seconds if math.isfinite(took)]
        shown = [f"{percentile(answered, share):.0f}" if answered else "-" for share in (0.5, 0.99)]
        slowest = f"{max(answered):.0f}" if len(answered) == len(self.seconds) else "none (unanswered)"
        return (f"| {worker} | {len(answered)} / {len(self.seconds)} | {shown[0]} | {shown[1]} | {slowest} "
                f"| {self.reopened} |")


def attack(address: tuple[str, int], headers: int, bodies: int, seconds: float) -> Outcome:
    """Hold the slow sockets for ``seconds`` and ask a hint every second meanwhile."""
    with Trickler(address, headers, bodies) as trickler:
        time.sleep(1)  # every slow socket open and sending
        took: list[float] = []
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            took.append(hint_seconds(address))
            time.sleep(max(0.0, 1 - took[-1]) if math.isfinite(took[-1]) else 0)
    return Outcome(took, trickler.reopened)


def main() -> None:
    """Parse the arguments, attack each worker in turn and print the table."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.slow_clients", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--headers", type=int, default=64, help="slow-header sockets (default 64)")
    parser.add_argument("--bodies", type=int, default=64, help="slow-body sockets (default 64)")
    parser.add_argument("--seconds", type=float, default=20, help="how long they are held (default 20)")
    arguments = parser.parse_args()
    if min(arguments.headers, arguments.bodies) < 0 or arguments.seconds <= 0:
        parser.error("--headers and --bodies must be 0 or more, --seconds more than 0")
    print(f"{arguments.headers} slow-header and {arguments.bodies} slow-body sockets for {arguments.seconds:g} s, "
          "a hint a second (p50, p99 and slowest of the answered, in ms)\n")
    print("| worker | hints answered | p50 | p99 | slowest | slow sockets closed by the service |")
    print("|---|---|---|---|---|---|")
    for worker, gunicorn_arguments in (BASELINE, SERVICE):
        with started_server(gunicorn_arguments) as url:
            address = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
            print(attack(address, arguments.headers, arguments.bodies, arguments.seconds).row(worker), flush=True)


if __name__ == "__main__":
    main()
