"""Real processes on loopback for the tests that need them: redis-server, a Dask scheduler and
its workers, gunicorn running the service; and small HTTP helpers to talk to them.

Each process is started on a free port, waited for until it answers, and stopped (killed
if it does not stop) when its block ends. redis-server is a system package (README, "Set
up"): a test that needs it fails, naming the package, when it is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from eights.api.server import gunicorn_command
from eights.bench.load import free_port

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
START_S = 60
STOP_S = 20
NOTHING_ON_DISK = ("--save", "", "--appendonly", "no")


def wait_for(ready: Callable[[], bool], what: str, timeout_s: float = START_S) -> None:
    """Poll ``ready()`` until it is true; fail the test naming ``what`` after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not ready():
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {timeout_s} s")
        time.sleep(0.1)


def answers(port: int) -> bool:
    """True when something accepts connections on ``port``."""
    try:
        with socket.create_connection((LOOPBACK, port), timeout=1):
            return True
    except OSError:
        return False


def start(command: list[str], environment: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``command`` as a process of its own group (so that stopping it stops its children)."""
    return subprocess.Popen(command, cwd=ROOT, env={**os.environ, **(environment or {})}, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Send ``sig`` to the process's group and wait; kill the group if it lingers."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, sig)
            process.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=STOP_S)
        except ProcessLookupError:
            pass


@contextmanager
def redis_server(port: int | None = None,
                 arguments: Sequence[str] = NOTHING_ON_DISK) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A redis-server on loopback (on ``port``, else a free one) with ``arguments`` (by default
    keeping nothing on disk): its URL and process."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed: apt-get install -y redis-server (README, Set up)")
    port = port or free_port()
    process = start([binary, "--port", str(port), "--bind", LOOPBACK, *arguments])
    try:
        wait_for(lambda: answers(port), "redis-server did not answer")
        yield f"redis://{LOOPBACK}:{port}/0", process
    finally:
        stop(process)


@dataclass
class DaskCluster:
    """A Dask scheduler and its workers, each a process of its own (one thread, no nanny:
    killing a worker's process kills the worker)."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def add_worker(self) -> subprocess.Popen[bytes]:
        """Start one more worker and wait until the scheduler has it."""
        expected = len([worker for worker in self.workers if worker.poll() is None]) + 1
        worker = start([sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--nthreads", "1",
                        "--no-nanny", "--no-dashboard", "--host", LOOPBACK])
        self.workers.append(worker)
        wait_for(lambda: self.worker_count() == expected, f"the Dask scheduler did not see {expected} worker(s)")
        return worker

    def worker_count(self) -> int:
        """Workers the scheduler knows."""
        return int(self.on_scheduler(lambda dask_scheduler: len(dask_scheduler.workers)))

    def task_count(self) -> int:
        """Tasks the scheduler holds (queued, running or kept)."""
        return int(self.on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

    def on_scheduler(self, function: Callable[..., Any]) -> Any:
        """``function(dask_scheduler=...)`` run on the scheduler, from a short-lived client."""
        from distributed import Client

        with Client(self.address, timeout=START_S, set_as_default=False) as client:
            return client.run_on_scheduler(function)


@contextmanager
def dask_cluster(workers: int) -> Iterator[DaskCluster]:
    """A scheduler with ``workers`` workers on loopback."""
    port = free_port()
    scheduler = start([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", LOOPBACK, "--port", str(port),
                       "--no-dashboard"])
    cluster = DaskCluster(f"tcp://{LOOPBACK}:{port}", scheduler)
    try:
        wait_for(lambda: answers(port), "the Dask scheduler did not answer")
        for _ in range(workers):
            cluster.add_worker()
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:
            stop(process)


@contextmanager
def gunicorn(**settings: str | int) -> Iterator[str]:
    """The service under gunicorn on a free loopback port with these EIGHTS_* settings (its
    data directory a new temporary one unless ``data_dir`` is given): its URL."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="eights-data-") as data_dir:
        environment = {"EIGHTS_HOST": LOOPBACK, "EIGHTS_PORT": str(port), "EIGHTS_TT_MB": "1",
                       "EIGHTS_DATA_DIR": data_dir,
                       **{f"EIGHTS_{name.upper()}": str(value) for name, value in settings.items()}}
        process = start(gunicorn_command(), environment)
        url = f"http://{LOOPBACK}:{port}"
        try:
            wait_for(lambda: call("GET", f"{url}/health")[0] == 200, "gunicorn did not answer")
            yield url
        finally:
            stop(process)


def call(method: str, url: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int | None, Any, dict[str, str]]:
    """Status (None: no answer), JSON answer and headers of one request, with ``headers`` beside
    its Content-Type."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null"), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null"), dict(error.headers)
    except OSError:
        return None, None, {}
