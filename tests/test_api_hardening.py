"""Issue #7: no request can hang, crash or monopolise the service. Each test names the
finding it guards against: settings out of range, huge lists and echoed names, the
request budget, the lanes, and analysis in fixed order across a reshuffle."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from eights.answers.budget import Budget
from eights.answers.errors import DeadlineExceeded, Overloaded
from eights.answers.lanes import Lanes
from eights.answers.settings import Settings
from tests.api_examples import ENDGAME, MIDGAME

ROOT = Path(__file__).resolve().parent.parent
# S draws the stock's last card (known), W's draw reshuffles the discard pile: its order is unknown.
RESHUFFLING = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S stock:...2 order:2C"


@pytest.mark.parametrize(("variable", "value"), [
    ("EIGHTS_WORKERS", "0"), ("EIGHTS_THREADS", "0"), ("EIGHTS_TT_MB", "0"), ("EIGHTS_TT_MB", "100000"),
    ("EIGHTS_PORT", "99999"), ("EIGHTS_MAX_DEPTH", "65"), ("EIGHTS_SHORT_SEARCHES", "0"),
    ("EIGHTS_MAX_REQUEST_MS", "0"), ("EIGHTS_MAX_BATCH", "٣"),
])
def test_settings_out_of_range_are_refused_naming_the_variable(variable: str, value: str) -> None:
    with pytest.raises(ValueError, match=f"^{variable}: expected a whole number from"):
        Settings.load({variable: value})


def test_gunicorn_with_a_bad_setting_stops_with_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", "import eights.api.gunicorn_conf"], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "EIGHTS_TT_MB": "0"}, timeout=60)
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert done.stderr.startswith("eights: EIGHTS_TT_MB: ")


def test_eights_serve_with_a_bad_port_stops_with_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "eights", "serve", "--port", "99999"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr == "eights: EIGHTS_PORT: expected a whole number from 1 to 65535, got '99999'\n"


def test_gunicorn_control_socket_is_off() -> None:
    import eights.api.gunicorn_conf

    assert eights.api.gunicorn_conf.control_socket_disable is True


def test_a_huge_list_is_refused_before_its_items_are_read(client: FlaskClient) -> None:
    body = json.dumps({"positions": [1] * 131_000}, separators=(",", ":"))
    response = client.post("/v1/batch", data=body, content_type="application/json")
    assert response.status_code == 422 and response.get_json()["code"] == "limit-exceeded"
    assert response.get_json()["field"] == "positions" and len(response.data) < 1000


def test_a_validation_answer_lists_at_most_twenty_problems(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_BATCH=5000).test_client()
    response = client.post("/v1/batch", json={"positions": [1] * 5000})
    assert response.status_code == 422 and len(response.get_json()["errors"]) == 20
    assert response.get_json()["detail"].endswith("(and more)")


def test_an_echoed_field_name_is_cut_short(client: FlaskClient) -> None:
    response = client.post("/v1/solve", json={"position": MIDGAME, "x" * 10_000: 1})
    body = response.get_json()
    assert response.status_code == 422 and len(body["field"]) <= 80 and len(body["detail"]) <= 400


def test_a_request_asking_more_search_time_than_allowed_is_422(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_REQUEST_MS=1000).test_client()
    response = client.post("/v1/solve", json={"position": MIDGAME, "time_ms": 1000})
    body = response.get_json()
    assert response.status_code == 422 and body["field"] == "time_ms" and body["limit"] == "EIGHTS_MAX_REQUEST_MS"


def test_a_batch_at_the_largest_time_is_refused_naming_positions(client: FlaskClient) -> None:
    positions = [f"N:K... E:Q... S:5.9.. W:9..{rank}. up:5H turn:S" for rank in "23467"]
    response = client.post("/v1/batch", json={"positions": positions, "time_ms": 10000})
    assert response.status_code == 422 and response.get_json()["field"] == "positions"


def test_an_analysis_over_the_request_budget_is_refused_naming_moves(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_REQUEST_MS=20000).test_client()
    response = client.post("/v1/analyse", json={"position": ENDGAME, "moves": ["play 5S", "play 5D", "draw 2S"],
                                                 "time_ms": 10000})
    assert response.status_code == 422 and response.get_json()["field"] == "moves"


def test_cached_positions_cost_nothing_against_the_budget(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_REQUEST_MS=200).test_client()
    assert client.post("/v1/solve", json={"position": ENDGAME, "time_ms": 100}).status_code == 200
    response = client.post("/v1/batch", json={"positions": [ENDGAME, ENDGAME], "time_ms": 100})
    assert response.status_code == 200 and response.get_json()["results"][0]["cached"] is True


def test_a_request_by_depth_stops_at_the_request_deadline(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_MAX_REQUEST_MS=300).test_client()
    positions = [MIDGAME.replace("turn:W", f"turn:W draw:0 dir:{direction}") for direction in ("cw", "ccw")]
    began = time.monotonic()
    response = client.post("/v1/batch", json={"positions": positions, "depth": 40})
    elapsed = time.monotonic() - began
    assert response.status_code in (200, 503) and elapsed < 2.0
    if response.status_code == 503:
        assert response.get_json()["code"] == "deadline-exceeded"
    else:
        assert all(result["depth"] < 40 for result in response.get_json()["results"])


def test_analyse_in_fixed_order_goes_on_past_a_reshuffle(client: FlaskClient) -> None:
    response = client.post("/v1/analyse", json={"position": RESHUFFLING, "moves": ["draw 2C", "draw JS"],
                                                "mode": "fixed-order", "depth": 2})
    steps = response.get_json()["steps"]
    assert response.status_code == 200 and [step["mode"] for step in steps] == ["fixed-order", "fixed-order"]


def test_analyse_in_fixed_order_searches_a_step_after_a_reshuffle_with_random_draws(client: FlaskClient) -> None:
    response = client.post("/v1/analyse", json={"position": RESHUFFLING, "moves": ["draw 2C", "draw JS", "draw AS"],
                                                "mode": "fixed-order", "depth": 2})
    steps = response.get_json()["steps"]
    assert response.status_code == 200 and steps[2]["mode"] == "expectimax"


def test_a_lane_refuses_at_once_a_request_its_queue_cannot_serve_in_time() -> None:
    lanes = Lanes(Settings(tt_mb=1, long_searches=1, queue_wait_ms=1000))
    waiting, done = threading.Event(), threading.Event()

    def wait_for_a_solver() -> None:
        waiting.set()
        with lanes.solver(5000):
            done.set()
    with lanes.solver(5000):
        waiter = threading.Thread(target=wait_for_a_solver)
        waiter.start()
        waiting.wait(5)
        while lanes.long.stats()["waiting"] == 0:
            time.sleep(0.01)
        began = time.monotonic()
        with pytest.raises(Overloaded), lanes.solver(5000):
            pass
        assert time.monotonic() - began < 0.5
    waiter.join(5)
    assert done.is_set() and lanes.long.stats()["rejected"] == 1


def test_the_wait_for_a_solver_does_not_shorten_the_search() -> None:
    budget = Budget.for_searches(1, 100, False, 60000, "time_ms", {})
    assert budget.restarted(time.monotonic() - 1).time_for(100) == 100


def test_cors_is_off_by_default(client: FlaskClient) -> None:
    response = client.get("/health", headers={"Origin": "http://board.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_allows_the_origins_set(make_app: Callable[..., Flask]) -> None:
    client = make_app(EIGHTS_CORS_ORIGINS="http://board.example, http://other.example").test_client()
    allowed = client.get("/health", headers={"Origin": "http://board.example"})
    refused = client.get("/health", headers={"Origin": "http://elsewhere.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "http://board.example"
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_stats_say_which_worker_answered(client: FlaskClient) -> None:
    assert client.get("/v1/stats").get_json()["worker"] == os.getpid()


def test_a_dealt_seed_stays_exact_in_javascript(client: FlaskClient) -> None:
    assert client.post("/v1/deal", json={"deal": 8, "dealer": "S"}).get_json()["seed"] <= 2**53 - 1
    assert client.post("/v1/deal", json={"deal": 8, "dealer": "S", "seed": 2**53}).status_code == 422


def test_a_deadline_exceeded_503_says_when_to_retry(make_app: Callable[..., Flask],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no_time_left(self: Budget, time_ms: int) -> int:
        raise DeadlineExceeded()
    monkeypatch.setattr(Budget, "time_for", no_time_left)
    response = make_app(EIGHTS_RETRY_AFTER_S=3).test_client().post("/v1/solve", json={"position": MIDGAME, "depth": 3})
    assert (response.status_code, response.get_json()["code"]) == (503, "deadline-exceeded")
    assert response.headers["Retry-After"] == "3"
