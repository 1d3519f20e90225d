"""bench/load.py: it targets only this machine, and measures a server it starts."""

from __future__ import annotations

import json

import pytest

from eights.bench.load import (
    LONG_SEARCH,
    Clients,
    bodies,
    game_bodies,
    percentile,
    require_loopback,
    run,
    run_phases,
    started_server,
)
from eights.engine.family.notation import parse_family
from eights.games import find_game


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


def test_a_family_games_positions_are_of_its_rules_each_with_a_hand_to_act() -> None:
    payloads = game_bodies(find_game("layout/6"), 20, seed=3, options={"depth": 2})
    positions = [parse_family(json.loads(payload)["position"]) for payload in payloads]
    assert all(position.rules.name == "layout/6" and not position.is_over for position in positions)
    assert len({position.plays for position in positions}) > 1  # dealt, then some moves played
    assert all(json.loads(payload)["depth"] == 2 for payload in payloads)


def test_with_rules_the_game_is_measured_after_sce2_the_baseline_in_one_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EIGHTS_WORKERS", "1")
    monkeypatch.setenv("EIGHTS_TT_MB", "1")
    with started_server() as url:
        report = run_phases(url, [[Clients("/v1/moves", 1, bodies(3, seed=1))],
                                  [Clients("/v1/moves", 1, game_bodies(find_game("classic/4"), 3, seed=1),
                                           "classic/4")]], 0.3)
    lines = report.splitlines()
    assert lines[2].split()[0] == "endpoint" and [line.split()[:2] for line in lines[3:]] \
        == [["/v1/moves", "1"], ["/v1/moves", "classic/4"]]
    assert all(line.split()[-2] == "0" for line in lines[3:])  # no errors
