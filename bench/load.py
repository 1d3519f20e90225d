"""Load test of the HTTP service on this machine: C clients for T seconds, then requests/s,
p50 and p99 latency and errors.

    python -m bench.load                                  # starts gunicorn on 127.0.0.1, /v1/hint
    python -m bench.load -c 8 -t 10 --positions 1         # one position: the cache answers
    python -m bench.load --url http://127.0.0.1:8000      # a server already running

Only loopback addresses are targeted. The server it starts takes its settings from the
EIGHTS_* variables like any other (EIGHTS_WORKERS, EIGHTS_THREADS, ...).
"""

from __future__ import annotations

import argparse
import http.client
import ipaddress
import json
import math
import os
import random
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from api.server import gunicorn_command
from engine.deal import DEALS, deal_position
from engine.notation import compact

LOOPBACK_NAMES = {"localhost"}
START_TIMEOUT_S = 60


@dataclass
class Tally:
    """What the clients saw, shared under a lock."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: int = 0
    overloaded: int = 0
    cached: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latency_ms: float, status: int | None, cached: bool) -> None:
        """One request: its latency, its status (None: no answer) and whether the cache answered."""
        with self.lock:
            self.latencies_ms.append(latency_ms)
            self.errors += status != 200
            self.overloaded += status == 503
            self.cached += cached


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.0
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered), math.ceil(fraction * len(ordered))) - 1)]


def bodies(count: int, seed: int) -> list[bytes]:
    """Request bodies for ``count`` dealt starting positions (a random deal 1..15 and dealer each)."""
    rng = random.Random(seed)
    return [json.dumps({"position": compact(deal_position(rng.randint(1, DEALS), rng.choice((2, 3)),
                                                          rng.randrange(1 << 30)))}).encode()
            for _ in range(count)]


def require_loopback(url: str) -> None:
    """Refuse any target but this machine."""
    host = urlsplit(url).hostname or ""
    if host in LOOPBACK_NAMES:
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise SystemExit(f"bench.load: only 127.0.0.1, ::1 or localhost may be targeted, not {host!r}")


def client(url: str, path: str, payloads: list[bytes], start: int, stop_at: float, tally: Tally) -> None:
    """One client: POST the payloads in turn (from ``start``) until ``stop_at``, each on a new
    connection, so that the server's workers share the clients as they would share many users."""
    parts = urlsplit(url)
    host = str(parts.hostname)
    index = start
    while time.monotonic() < stop_at:
        body = payloads[index % len(payloads)]
        index += 1
        began = time.perf_counter()
        connection = http.client.HTTPConnection(host, parts.port, timeout=60)
        try:
            connection.request("POST", path, body, {"Content-Type": "application/json", "Connection": "close"})
            response = connection.getresponse()
            answer = response.read()
            status: int | None = response.status
        except (OSError, http.client.HTTPException):
            answer, status = b"", None
        finally:
            connection.close()
        tally.add((time.perf_counter() - began) * 1000, status, b'"cached":true' in answer)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def started_server() -> Iterator[str]:
    """gunicorn as the Procfile runs it, on a free port of 127.0.0.1; its URL while it runs."""
    port = free_port()
    environment = {**os.environ, "EIGHTS_HOST": "127.0.0.1", "EIGHTS_PORT": str(port)}
    process = subprocess.Popen(gunicorn_command(), env=environment, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=60)


def wait_until_up(url: str) -> None:
    """Poll /health until it answers."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"bench.load: {url} did not answer within {START_TIMEOUT_S} s") from None
            time.sleep(0.2)


def run(url: str, path: str, concurrency: int, seconds: float, payloads: list[bytes]) -> str:
    """Run the clients and report."""
    tally = Tally()
    stop_at = time.monotonic() + seconds
    threads = [threading.Thread(target=client, args=(url, path, payloads, i * len(payloads) // concurrency,
                                                     stop_at, tally))
               for i in range(concurrency)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    done = len(tally.latencies_ms)
    if not done:
        return "no request completed"
    return (f"{url}{path}: {concurrency} clients, {elapsed:.1f} s, {len(payloads)} distinct positions\n"
            f"requests {done}, {done / elapsed:.1f} req/s, p50 {percentile(tally.latencies_ms, 0.5):.1f} ms, "
            f"p99 {percentile(tally.latencies_ms, 0.99):.1f} ms, errors {tally.errors} "
            f"(503: {tally.overloaded}), cached answers {tally.cached}")


def main() -> None:
    """Parse the arguments, start a server unless --url is given, run, print."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-c", "--concurrency", type=int, default=8, help="clients at once (default 8)")
    parser.add_argument("-t", "--seconds", type=float, default=10, help="how long (default 10)")
    parser.add_argument("--path", default="/v1/hint", help="endpoint to POST to (default /v1/hint)")
    parser.add_argument("--positions", type=int, default=1000,
                        help="distinct dealt positions sent in turn (default 1000; 1: all but the first cached)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dealt positions")
    parser.add_argument("--url", help="a running server on this machine (default: start gunicorn)")
    args = parser.parse_args()
    if args.concurrency < 1 or args.seconds <= 0 or args.positions < 1:
        parser.error("concurrency and positions must be at least 1, seconds more than 0")
    payloads = bodies(args.positions, args.seed)
    if args.url:
        require_loopback(args.url)
        print(run(args.url.rstrip("/"), args.path, args.concurrency, args.seconds, payloads))
        return
    with started_server() as url:
        print(run(url, args.path, args.concurrency, args.seconds, payloads))


if __name__ == "__main__":
    main()
