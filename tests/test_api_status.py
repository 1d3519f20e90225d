"""GET /health and GET /v1/stats."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from eights.api.version import VERSION
from tests.api_examples import MIDGAME


def test_health_says_ok(client: FlaskClient) -> None:
    assert client.get("/health").get_json() == {"status": "ok", "version": VERSION}


def test_stats_start_at_zero(client: FlaskClient) -> None:
    stats = client.get("/v1/stats").get_json()
    assert (stats["solves"], stats["rejected"], stats["cache"]["entries"]) == (0, 0, 0)


def test_stats_count_solves_hits_and_misses(client: FlaskClient) -> None:
    for _ in range(3):
        client.post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    stats = client.get("/v1/stats").get_json()
    assert (stats["solves"], stats["cache"]["hits"], stats["cache"]["misses"], stats["cache"]["entries"]) == (1, 2, 1, 1)


def test_stats_give_the_cache_settings(make_app: Callable[..., Flask]) -> None:
    cache = make_app(EIGHTS_CACHE_SIZE=10, EIGHTS_CACHE_TTL_S=5).test_client().get("/v1/stats").get_json()["cache"]
    assert (cache["size"], cache["ttl_s"]) == (10, 5)


def test_stats_give_the_table_size(client: FlaskClient) -> None:
    assert client.get("/v1/stats").get_json()["table"]["bytes"] > 0


def test_stats_give_the_version(client: FlaskClient) -> None:
    assert client.get("/v1/stats").get_json()["version"] == VERSION


def test_cache_size_zero_keeps_nothing(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_CACHE_SIZE=0).test_client()
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    assert client.post("/v1/solve", json={"position": MIDGAME, "depth": 1}).get_json()["cached"] is False


def test_stats_counters_are_integers(client: FlaskClient) -> None:
    client.post("/v1/solve", json={"position": MIDGAME, "depth": 1})
    table = client.get("/v1/stats").get_json()["table"]
    counters = {key: value for key, value in table.items() if key != "fill_percent"}
    assert {"bytes", "entries", "used", "probes", "hits"} <= set(counters)
    assert all(type(value) is int for value in counters.values()), table
