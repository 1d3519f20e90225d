"""Load test of the HTTP service on this machine: C clients for T seconds, then per endpoint
requests/s, the p50 and p99 latency of the accepted (200) answers, the mean depth their
searches reached (what a hint is worth under that load), the 503s (and whether each carried
Retry-After) and any other errors.

    python -m eights.bench.load                                  # starts gunicorn on 127.0.0.1, /v1/hint
    python -m eights.bench.load -c 64 -t 20                      # beyond capacity: 503s, accepted p99
    python -m eights.bench.load -c 64 -t 20 --long 8             # 8 of the clients ask /v1/solve for 2 s searches
    python -m eights.bench.load -c 8 -t 10 --positions 1         # one position: the cache answers
    python -m eights.bench.load --url http://127.0.0.1:8000      # a server already running
    python -m eights.bench.load --rules classic/4 -c 8           # sce2's hints, then classic/4's, one table

With ``--rules`` (a game of the family, docs/family.md) the clients first ask for sce2's
positions for T seconds (the baseline), then for the game's (dealt, then a few random moves
played: positions of the whole deal, not only its first turn) for T seconds, on the same server.

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
import statistics
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from eights.api.server import gunicorn_command
from eights.engine.deal import DEALS, deal_position
from eights.engine.notation import compact
from eights.games import Game, find_game

LOOPBACK_NAMES = {"localhost"}
START_TIMEOUT_S = 60
ADVANCE = 12  # a family position is dealt, then up to this many random moves are played
BASELINE = "sce2"  # the game whose positions every run measures first (``bodies``)


@dataclass
class Tally:
    """What the clients of one endpoint saw, shared under a lock."""

    accepted_ms: list[float] = field(default_factory=list)
    depths: list[float] = field(default_factory=list)
    overloaded_ms: list[float] = field(default_factory=list)
    without_retry_after: int = 0
    errors: int = 0
    cached: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, latency_ms: float, status: int | None, retry_after: bool, cached: bool, depth: int | None) -> None:
        """One request: its latency, its status (None: no answer), whether a 503 said when to
        retry, whether the cache answered and the depth its search reached (None: not a search)."""
        with self.lock:
            if status == 200:
                self.accepted_ms.append(latency_ms)
                if depth is not None:
                    self.depths.append(depth)
            elif status == 503:
                self.overloaded_ms.append(latency_ms)
                self.without_retry_after += not retry_after
            else:
                self.errors += 1
            self.cached += cached

    def row(self, label: str, clients: int, elapsed_s: float) -> str:
        """The endpoint's line of the table (``label``: the endpoint, and the game when not sce2)."""
        answered = len(self.accepted_ms) + len(self.overloaded_ms) + self.errors
        accepted = self.accepted_ms or [math.nan]
        overloaded = self.overloaded_ms or [math.nan]
        return (f"{label:<18} {clients:>7} {answered / elapsed_s:>7.1f} {len(self.accepted_ms):>8} "
                f"{percentile(accepted, 0.5):>8.0f} {percentile(accepted, 0.99):>8.0f} "
                f"{statistics.fmean(self.depths) if self.depths else math.nan:>5.1f} {len(self.overloaded_ms):>6} "
                f"{percentile(overloaded, 0.99):>9.0f} {self.without_retry_after:>9} {self.errors:>6} {self.cached:>6}")


HEADER = (f"{'endpoint':<18} {'clients':>7} {'req/s':>7} {'accepted':>8} {'p50 ms':>8} {'p99 ms':>8} {'depth':>5} "
          f"{'503':>6} {'503 p99':>9} {'no Retry':>9} {'errors':>6} {'cached':>6}")
LONG_SEARCH = {"time_ms": 2000}


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.0
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered), math.ceil(fraction * len(ordered))) - 1)]


def searched_depth(answer: bytes) -> int | None:
    """The depth a search's answer (a hint's, a solve's) says it reached; None for any other.

    >>> searched_depth(b'{"best": "draw", "depth": 9}'), searched_depth(b'{"move": "draw"}')
    (9, None)
    """
    try:
        depth = json.loads(answer).get("depth")
    except (ValueError, AttributeError):
        return None
    return depth if isinstance(depth, int) else None


def bodies(count: int, seed: int, options: dict[str, int] | None = None) -> list[bytes]:
    """Request bodies for ``count`` dealt starting positions (a random deal 1..15 and dealer each),
    with the search ``options`` given (none: the endpoint's default)."""
    rng = random.Random(seed)
    return [json.dumps({"position": compact(deal_position(rng.randint(1, DEALS), rng.choice((2, 3)),
                                                          rng.randrange(1 << 30))), **(options or {})}).encode()
            for _ in range(count)]


def game_bodies(game: Game[Any, Any, Any], count: int, seed: int, options: dict[str, int] | None = None) -> list[bytes]:
    """Request bodies for ``count`` positions of ``game`` (a game of the family, ``eights.games``):
    each dealt (a random dealer), then up to ADVANCE random moves played (a draw's cards at
    random), stopping before a move that would end the deal; with the search ``options`` given."""
    rng = random.Random(seed)
    return [json.dumps({"position": game.notation(advanced(game, game.deal(rng.randrange(1 << 30),
                                                                           rng.randrange(game.players)), rng)),
                        **(options or {})}).encode()
            for _ in range(count)]


def advanced(game: Game[Any, Any, Any], position: Any, rng: random.Random) -> Any:
    """``position`` after up to ADVANCE random moves, none of them ending the deal."""
    for _ in range(rng.randint(0, ADVANCE)):
        after = game.play(position, rng.choice(game.legal_moves(position)).notation(), rng).after
        if game.is_over(after):
            break
        position = after
    return position


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
    raise SystemExit(f"eights.bench.load: only 127.0.0.1, ::1 or localhost may be targeted, not {host!r}")


def client(url: str, path: str, payloads: list[bytes], start: int, stop_at: float, tally: Tally,
           polite: bool) -> None:
    """One client: POST the payloads in turn (from ``start``) until ``stop_at``, each on a new
    connection, so that the server's workers share the clients as they would share many users.
    A ``polite`` client waits as a 503's Retry-After asks before it sends again."""
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
            retry_after = response.getheader("Retry-After")
        except (OSError, http.client.HTTPException):
            answer, status, retry_after = b"", None, None
        finally:
            connection.close()
        tally.add((time.perf_counter() - began) * 1000, status, retry_after is not None, b'"cached":true' in answer,
                  searched_depth(answer))
        if polite and status == 503 and retry_after is not None and retry_after.isdigit():
            time.sleep(min(float(retry_after), max(0.0, stop_at - time.monotonic())))


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def started_server(gunicorn_arguments: tuple[str, ...] = (), **settings: str) -> Iterator[str]:
    """gunicorn as the Procfile runs it, on a free port of 127.0.0.1; its URL while it runs.
    ``settings`` (``EIGHTS_WORKERS="1"``) override the environment's, ``gunicorn_arguments``
    (``("--worker-class", "gthread")``) the config's."""
    port = free_port()
    environment = {**os.environ, **settings, "EIGHTS_HOST": "127.0.0.1", "EIGHTS_PORT": str(port)}
    process = subprocess.Popen([*gunicorn_command(), *gunicorn_arguments], env=environment, stdout=subprocess.DEVNULL,
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
                raise SystemExit(f"eights.bench.load: {url} did not answer within {START_TIMEOUT_S} s") from None
            time.sleep(0.2)


@dataclass(frozen=True)
class Clients:
    """Clients that POST to one endpoint, and the bodies they send in turn (of ``game``: none
    for sce2's positions, else the family game's name, shown beside the endpoint)."""

    path: str
    count: int
    payloads: list[bytes]
    game: str = ""

    @property
    def label(self) -> str:
        """The endpoint, and the game when not sce2's: ``/v1/hint classic/4``."""
        return f"{self.path} {self.game}".strip()


def run(url: str, groups: list[Clients], seconds: float, polite: bool = True) -> str:
    """Run every group's clients at once for ``seconds`` and report a line per endpoint; ``polite``
    clients honour Retry-After."""
    tallies = [Tally() for _ in groups]
    stop_at = time.monotonic() + seconds
    threads = [threading.Thread(target=client, args=(url, group.path, group.payloads,
                                                     i * len(group.payloads) // group.count, stop_at, tally,
                                                     polite))
               for group, tally in zip(groups, tallies) for i in range(group.count)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    rows = [tally.row(group.label, group.count, elapsed) for group, tally in zip(groups, tallies)]
    manners = "clients honour Retry-After" if polite else "clients retry at once"
    return "\n".join([f"{url}: {elapsed:.1f} s, {len(groups[0].payloads)} distinct positions, {manners}",
                      HEADER, *rows])


def run_phases(url: str, phases: list[list[Clients]], seconds: float, polite: bool = True) -> str:
    """Run each phase's groups (``run``) for ``seconds``, one phase after the other on the same
    server: the phases' first lines, then one table of every row."""
    reports = [run(url, groups, seconds, polite).splitlines() for groups in phases]
    return "\n".join([*(report[0] for report in reports), HEADER, *(row for report in reports for row in report[2:])])


def main() -> None:
    """Parse the arguments, start a server unless --url is given, run, print."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-c", "--concurrency", type=int, default=8, help="clients at once (default 8)")
    parser.add_argument("-t", "--seconds", type=float, default=10, help="how long (default 10)")
    parser.add_argument("--path", default="/v1/hint", help="endpoint to POST to (default /v1/hint)")
    parser.add_argument("--positions", type=int, default=1000,
                        help="distinct dealt positions sent in turn (default 1000; 1: all but the first cached)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dealt positions")
    parser.add_argument("--long", type=int, default=0,
                        help="of the clients, how many POST /v1/solve with 2000 ms searches instead (default 0)")
    parser.add_argument("--impolite", action="store_true",
                        help="clients send again at once after a 503 instead of waiting its Retry-After")
    parser.add_argument("--rules", default=BASELINE,
                        help="a game of the family (classic/4, layout/6,...): its positions after sce2's, the "
                             "baseline, for as long (default sce2: sce2's alone)")
    parser.add_argument("--url", help="a running server on this machine (default: start gunicorn)")
    args = parser.parse_args()
    if args.concurrency < 1 or args.seconds <= 0 or args.positions < 1 or not 0 <= args.long < args.concurrency:
        parser.error("concurrency and positions must be at least 1, seconds more than 0, long below concurrency")
    try:
        game = find_game(args.rules, "--rules")
    except ValueError as error:
        parser.error(str(error))
    long = [Clients("/v1/solve", args.long, bodies(args.positions, args.seed + 1, LONG_SEARCH))] if args.long else []
    phases = [[Clients(args.path, args.concurrency - args.long, bodies(args.positions, args.seed)), *long]]
    if game.name != BASELINE:
        positions = game_bodies(game, args.positions, args.seed)
        phases.append([Clients(args.path, args.concurrency - args.long, positions, game.name), *long])
    if args.url:
        require_loopback(args.url)
        print(run_phases(args.url.rstrip("/"), phases, args.seconds, not args.impolite))
        return
    with started_server() as url:
        print(run_phases(url, phases, args.seconds, not args.impolite))


if __name__ == "__main__":
    main()
