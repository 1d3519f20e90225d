"""Deployment: the gunicorn config from EIGHTS_* variables, and ``eights serve`` running it."""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import api.gunicorn_conf
from api import server
from cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def gunicorn_settings(monkeypatch: pytest.MonkeyPatch, **environment: str) -> Any:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return importlib.reload(api.gunicorn_conf)


def test_gunicorn_binds_to_eights_host_and_port(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gunicorn_settings(monkeypatch, EIGHTS_HOST="0.0.0.0", EIGHTS_PORT="9000").bind == "0.0.0.0:9000"


def test_gunicorn_workers_and_threads_are_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = gunicorn_settings(monkeypatch, EIGHTS_WORKERS="3", EIGHTS_THREADS="5")
    assert (conf.workers, conf.threads, conf.worker_class) == (3, 5, "gthread")


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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_eights_serve_answers_on_localhost() -> None:
    port = free_port()
    environment = {**os.environ, "EIGHTS_WORKERS": "1", "EIGHTS_TT_MB": "1"}
    process = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
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
