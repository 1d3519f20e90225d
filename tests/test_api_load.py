"""bench/load.py: it targets only this machine, and measures a server it starts."""

from __future__ import annotations

import pytest

from eights.bench.load import LONG_SEARCH, Clients, bodies, percentile, require_loopback, run, started_server


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"])
def test_load_accepts_loopback_targets(url: str) -> None:
    require_loopback(url)


@pytest.mark.parametrize("url", ["http://10.0.0.1:8000", "http://example.com", "http://192.168.1.2"])
def test_load_refuses_other_targets(url: str) -> None:
    with pytest.raises(SystemExit):
        require_loopback(url)


def test_percentile_takes_the_nearest_rank() -> None:
    assert (percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5), percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.99)) == (3.0, 5.0)


def test_load_reports_a_line_per_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EIGHTS_WORKERS", "1")
    monkeypatch.setenv("EIGHTS_TT_MB", "1")
    with started_server() as url:
        report = run(url, [Clients("/v1/positions/normalise", 2, bodies(3, seed=1)),
                           Clients("/v1/moves", 1, bodies(3, seed=2))], 0.5)
    header, normalise, moves = report.splitlines()[1:]
    assert header.split()[:6] == ["endpoint", "clients", "req/s", "accepted", "p50", "ms"]
    assert normalise.split()[0] == "/v1/positions/normalise" and moves.split()[0] == "/v1/moves"
    assert normalise.split()[-2:-1] == ["0"] and moves.split()[-2:-1] == ["0"]  # no errors


def test_load_sends_the_search_options_asked_for() -> None:
    assert b'"time_ms": 2000' in bodies(1, seed=1, options=LONG_SEARCH)[0]
