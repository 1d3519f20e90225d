"""Issue #37, the time half, through HTTP on a real gunicorn with a small EIGHTS_MAX_REQUEST_MS:
one request, one budget (a bot's search, its hint and its fair hint share the request's one
deadline, and each answers at the depth it reached); /v1/analyse and /v1/batch answer what they
finished, marked partial, with the rest named; /v1/analyse at the defaults takes what its cap
admits; a plain hint facing a long draw-two chain answers at its time, sampled, never a 422
naming a field it was not sent.

The assertions are on what the answers say and on the time each search was given; the one on
the clock is the point of the finding (the request ends by its limit), with a wide margin."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from eights.engine.notation import compact
from tests.api_examples import MIDGAME
from eights.bench.long_deals import long_deal
from tests.processes import call, gunicorn

LIMIT_MS = 3000
MARGIN_S = 5  # the wall bound's margin over the limit: a busy machine's start and answer
SCE2 = MIDGAME
CHAIN = ("rules:sce/4 0:5.KJ.4.K84 1:A6.9.J3.6 2:KT7.3..Q9 3:QJ..AQ8.72 up:2S turn:3 dir:cw draw:6 "
         "stock:9843.AQT87654.K6.AJT53 plays:6")  # the finding's hint: depth 1 faces a draw of 6
DEEP = {"depth": 64}
EVERY_OPTION = {"play": True, "hint": DEEP, "fair_hint": {**DEEP, "samples": 256, "seed": 1}}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The service under gunicorn, one worker, requests limited to LIMIT_MS."""
    with gunicorn(max_request_ms=LIMIT_MS, workers=1, queue_wait_ms=LIMIT_MS) as served:
        yield served


def timed(url: str, path: str, body: dict[str, Any]) -> tuple[int | None, Any, float]:
    """Status, answer and wall seconds of one POST."""
    started = time.monotonic()
    status, answer, _ = call("POST", url + path, body)
    return status, answer, time.monotonic() - started


def within_limit(seconds: float) -> bool:
    """True when a request took no longer than the limit and the margin."""
    return seconds <= LIMIT_MS / 1000 + MARGIN_S


@pytest.fixture(scope="module")
def classic4(url: str) -> str:
    """A classic/4 deal's position, its seat to act with five moves."""
    position: str = call("POST", url + "/v1/deal", {"rules": "classic/4", "seed": 4})[1]["position"]
    return position


@pytest.mark.parametrize("game", ["sce2", "classic/4"])
def test_a_bot_move_with_every_option_ends_by_the_limit_at_the_depths_reached(url: str, classic4: str,
                                                                               game: str) -> None:
    position = SCE2 if game == "sce2" else classic4
    status, answer, seconds = timed(url, "/v1/bot-move", {"position": position, "bot": "fair:depth=64,samples=256",
                                                          **EVERY_OPTION})
    assert status == 200, answer
    assert within_limit(seconds), seconds
    assert 1 <= answer["depth"] < 64
    played = answer["played"]
    hint, fair = played["hint"], played["fair_hint"]
    assert hint is None or (1 <= hint["depth"] < 64 and hint["exact"] is False) or hint["exact"]
    assert fair is None or fair["depth"] >= 1 and (fair["complete"] is False or fair["depths"]["max"] < 64)


@pytest.mark.parametrize("game", ["sce2", "classic/4"])
def test_apply_with_a_hint_and_a_fair_hint_ends_by_the_limit(url: str, classic4: str, game: str) -> None:
    position = SCE2 if game == "sce2" else classic4
    moves = [call("POST", url + "/v1/moves", {"position": position})[1]["moves"][0]["move"]]
    status, answer, seconds = timed(url, "/v1/apply", {"position": position, "moves": moves, "seed": 3,
                                                       **{key: value for key, value in EVERY_OPTION.items()
                                                          if key != "play"}})
    assert status == 200, answer
    assert within_limit(seconds), seconds


@pytest.fixture(scope="module")
def record_2000() -> dict[str, Any]:
    """A deal of 2,000 actions (the cap, EIGHTS_MAX_ANALYSE_MOVES), as a request's fields."""
    record = long_deal(2000)
    assert len(record.moves) == 2000
    return {"position": compact(record.start), "moves": [move.notation() for move in record.moves]}


@pytest.mark.parametrize("asked", [DEEP, {}])
def test_an_analysis_past_its_time_answers_the_steps_done_and_names_the_rest(url: str, record_2000: dict[str, Any],
                                                                             asked: dict[str, Any]) -> None:
    status, answer, seconds = timed(url, "/v1/analyse", {**record_2000, **asked})  # {}: finding 5, the defaults
    assert status == 200, answer
    assert within_limit(seconds), seconds
    assert answer["complete"] is False and answer["not_done"]
    assert [step["step"] for step in answer["steps"]] + answer["not_done"] == list(range(2000))
    assert answer["summary"]["over"] is False


def test_a_batch_past_its_time_answers_the_positions_done_and_names_the_rest(url: str) -> None:
    deals = [call("POST", url + "/v1/deal", {"rules": "openspiel/8", "seed": seed})[1]["position"] for seed in range(64)]
    status, answer, seconds = timed(url, "/v1/batch", {"positions": deals, **DEEP})
    assert status == 200, answer
    assert within_limit(seconds), seconds
    assert answer["complete"] is False and len(answer["results"]) + len(answer["not_done"]) == 64
    assert answer["not_done"] == list(range(len(answer["results"]), 64))


def test_a_plain_hint_facing_a_long_draw_chain_answers_sampled_at_its_time(url: str) -> None:
    status, answer, _ = timed(url, "/v1/hint", {"position": CHAIN, "evaluation": "trained"})
    assert status == 200, answer
    assert answer["depth"] >= 1 and answer["exact"] is False and answer["sampled"] is True
    status, answer, _ = timed(url, "/v1/hint", {"position": CHAIN})  # by default its time goes to playouts
    assert status == 200 and answer["depth"] == 1 and answer["exact"] is False and answer["sampled"] is False, answer


def bot_move_searches(make_app: Callable[..., Flask], searches: Callable[[Flask], list[dict[str, Any]]],
                      hint: dict[str, Any]) -> list[dict[str, Any]]:
    """The searches (their time_ms and depth) of a bot move by a depth-64 solver, played, with ``hint``."""
    app = make_app(EIGHTS_MAX_REQUEST_MS=LIMIT_MS)
    calls = searches(app)
    answer = app.test_client().post("/v1/bot-move", json={"position": SCE2, "bot": "solver:depth=64", "play": True,
                                                          "hint": hint}).get_json()
    assert answer["played"]["hint"] is None or answer["played"]["hint"]["depth"] >= 1, answer
    return calls


def test_a_bot_asked_by_depth_leaves_a_timed_hint_its_time_and_takes_the_rest(
        make_app: Callable[..., Flask], searches: Callable[[Flask], list[dict[str, Any]]]) -> None:
    bot, hint = bot_move_searches(make_app, searches, {"time_ms": 100})
    assert LIMIT_MS / 2 / 1.5 < bot["time_ms"] <= (LIMIT_MS - 150) / 1.5 and hint["time_ms"] == 100


def test_a_bot_and_a_hint_both_asked_by_depth_share_the_time(
        make_app: Callable[..., Flask], searches: Callable[[Flask], list[dict[str, Any]]]) -> None:
    bot, hint = bot_move_searches(make_app, searches, {"depth": 64})
    assert bot["time_ms"] <= LIMIT_MS / 2 / 1.5 and hint["time_ms"] <= LIMIT_MS / 1.5
