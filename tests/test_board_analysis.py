"""Issue #28, item 3, on the board: a deal is analysed as a job (POST /v1/jobs, polled) at the
analysis's own budget, deeper than the hints', with a progress bar and a Cancel button; the job
is cancelled when its moves change, a new deal starts or the page leaves; a second look at the
same deal comes from the service's cache. How sure the analysis is: the mistakes are the steps
the service calls mistakes, none found is said with the budget, each side's loss, error rate
and luck, the result as start + skill + luck, hollow points where the best move was not stable,
lucky and unlucky draws marked on the graph. In Debian's Chromium, as tests/test_board_browser.py.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Request, Response, expect

from eights.bench.board_page import BoardPage
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)

BUDGET_MS = 50  # each hint
ANALYSIS_MS = 100  # each analysed position: the smallest the analysis offers
LONG_ANALYSIS_MS = 3000  # an analysis still running when the test acts on it
GONE_OUT = "N:K... E:Q... S:.9.. W:9..5. up:5H turn:S"  # S goes out with 9H, or draws: a mistake


def call(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The service's JSON answer to a GET (or, with ``body``, a POST) of ``path``."""
    request = urllib.request.Request(f"{url}{path}", data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def played_deal(url: str, deal: int, seed: int) -> dict[str, Any]:
    """The record (version 1 is enough to paste) of deal ``deal`` from ``seed``, S dealing, played
    to the end by two heuristic bots through /v1/bot-move."""
    start = call(url, "/v1/deal", {"deal": deal, "dealer": "S", "seed": seed})
    position, moves = start["position"], []
    for number in range(1000):
        answer = call(url, "/v1/bot-move", {"position": position, "bot": "heuristic", "seed": number, "play": True})
        step = answer["played"]["steps"][0]
        position = step["position"]
        moves.append(step["move"])
        if answer["played"]["over"]:
            return {"version": 1, "position": start["position"], "moves": moves}
    raise AssertionError("the deal did not end")


@pytest.fixture(scope="module")
def long_deal(service: str) -> dict[str, Any]:
    """A finished deal of eight cards a hand (tens of positions to analyse)."""
    return played_deal(service, 1, 2)


@pytest.fixture
def board(page: Page, service: str) -> BoardPage:
    """The board, its hints held to BUDGET_MS and its analysis to ANALYSIS_MS a position."""
    return BoardPage(page, service).open().set_budget(BUDGET_MS).set_analysis_budget(ANALYSIS_MS)


@pytest.fixture
def jobs(page: Page) -> Iterator[list[Request]]:
    """Every request ``page`` makes to /v1/jobs from now on."""
    found: list[Request] = []
    page.on("request", lambda request: found.append(request) if "/v1/jobs" in request.url else None)
    yield found


@pytest.fixture
def answers(page: Page) -> list[Any]:
    """The results of the analysis jobs done, as the page read them (GET /v1/jobs/ID)."""
    results: list[Any] = []

    def read(response: Response) -> None:
        if response.request.method == "GET" and "/v1/jobs/" in response.url and response.ok:
            job = response.json()
            if job["state"] == "done":
                results.append(job["result"])

    page.on("response", read)
    return results


def job_state(url: str, job: str) -> str:
    """The state the service gives job ``job``."""
    return str(call(url, f"/v1/jobs/{job}")["state"])


def cancelled(url: str, job: str) -> bool:
    """True once the service says job ``job`` is cancelled (waiting a little for it)."""
    for _ in range(50):
        if job_state(url, job) == "cancelled":
            return True
        time.sleep(0.1)
    return False


def started_long_analysis(board: BoardPage) -> str:
    """Start an analysis at LONG_ANALYSIS_MS a position of the moves on the board; the job's id,
    once its progress shows."""
    board.set_analysis_budget(LONG_ANALYSIS_MS)
    board.page.click("#analyse")
    expect(board.page.locator("#analysis-run")).to_be_visible()
    return board.analysis_job()


def test_a_finished_deal_is_analysed_as_a_job_at_the_analysis_budget(board: BoardPage, jobs: list[Request]) -> None:
    board.set_up(GONE_OUT)
    board.play("9H")  # the end of the deal starts its analysis
    board.analysis()
    posted = [request for request in jobs if request.method == "POST"]
    assert len(posted) == 1 and posted[0].url.endswith("/v1/jobs")
    body = json.loads(posted[0].post_data or "{}")
    assert body["kind"] == "analyse" and body["time_ms"] == ANALYSIS_MS != BUDGET_MS
    assert body["format"] == "eights-record" and body["version"] == 2 and body["moves"] == ["play 9H"]
    assert [request.method for request in jobs[1:]] == ["GET"] * (len(jobs) - 1)


def test_the_analysis_budget_is_1_s_a_position_unless_chosen(page: Page, service: str) -> None:
    board = BoardPage(page, service).open()
    assert board.page.input_value("#analysis-budget") == "1000"
    assert board.page.input_value("#budget") == "100"  # the hints' own search, untouched by it


def test_a_running_analysis_shows_its_progress(board: BoardPage, long_deal: dict[str, Any], service: str) -> None:
    board.set_up(json.dumps(long_deal))
    job = started_long_analysis(board)
    progress = board.page.locator("#analysis-progress")
    positions = len(long_deal["moves"])
    expect(progress).to_have_attribute("max", re.compile(r"^\d+$"))  # the job's distinct searches, once started
    assert 1 < int(str(progress.get_attribute("max"))) <= positions
    expect(board.page.locator("#analysis-count")).to_have_text(re.compile(rf"^\d+ of \d+ positions$"))
    board.page.click("#analysis-cancel")
    assert cancelled(service, job)


def test_cancel_stops_the_analysis_job(board: BoardPage, long_deal: dict[str, Any], service: str,
                                       jobs: list[Request]) -> None:
    board.set_up(json.dumps(long_deal))
    job = started_long_analysis(board)
    board.page.click("#analysis-cancel")
    expect(board.page.locator("#analysis-run")).to_be_hidden()
    assert board.analysis_state == "cancelled" and "cancelled" in board.page.inner_text("#analysis-status")
    assert cancelled(service, job)
    assert [request.method for request in jobs if request.url.endswith(job)][-1] == "DELETE"


def test_the_analysis_job_is_cancelled_when_the_moves_change(board: BoardPage, long_deal: dict[str, Any],
                                                            service: str) -> None:
    # The moves up to a draw of one card, analysed; that draw undone and another card drawn.
    cut = next(index for index, move in enumerate(long_deal["moves"]) if re.fullmatch(r"draw \w\w", move)) + 1
    board.set_up(json.dumps({**long_deal, "moves": long_deal["moves"][:cut]}))
    job = started_long_analysis(board)
    board.undo()  # the moves are still those analysed: the job goes on
    assert job_state(service, job) in ("queued", "running") and board.analysis_state == "running"
    board.page.click("#draw-chosen")
    undone = long_deal["moves"][cut - 1].split()[1]
    board.page.locator(f'#cards-choices .card:not([data-card="{undone}"])').first.click()
    board.page.click("#cards-confirm")
    expect(board.page.locator("#analysis")).to_have_attribute("data-state", "cancelled")
    assert board.moves()[-1] != long_deal["moves"][cut - 1]
    assert cancelled(service, job)


def test_the_analysis_job_is_cancelled_when_a_new_deal_starts(board: BoardPage, long_deal: dict[str, Any],
                                                              service: str) -> None:
    board.set_up(json.dumps(long_deal))
    job = started_long_analysis(board)
    board.deal(8, "S", seed=1)
    assert cancelled(service, job)
    expect(board.page.locator("#analysis-run")).to_be_hidden()


def test_the_analysis_job_is_cancelled_when_the_page_leaves(board: BoardPage, long_deal: dict[str, Any],
                                                            service: str) -> None:
    board.set_up(json.dumps(long_deal))
    job = started_long_analysis(board)
    board.page.goto("about:blank")
    assert cancelled(service, job)


def test_a_second_look_at_a_deal_comes_from_the_cache(board: BoardPage, answers: list[Any]) -> None:
    board.deal(8, "S", seed=1)
    for _ in range(3):
        board.draw()
    first = board.analyse()
    first_s = float(str(first.get_attribute("data-seconds")))
    second = board.analyse()
    second_s = float(str(second.get_attribute("data-seconds")))
    print(f"\nthe first analysis {first_s:.3f} s, the second {second_s:.3f} s (measured in the page)")
    assert [step["cached"] for step in answers[-1]["steps"]] == [True] * 3
    assert second.get_attribute("data-cached") == second.get_attribute("data-steps") == "3"
    expect(board.page.locator("#analysis-status")).to_contain_text("all from the cache")
    assert second_s < 1.0 and second_s < first_s


def test_a_mistake_is_a_step_the_analysis_calls_one_not_any_loss(board: BoardPage, long_deal: dict[str, Any],
                                                                 answers: list[Any]) -> None:
    board.set_up(json.dumps(long_deal))
    panel = board.analyse()
    steps = answers[-1]["steps"]
    mistakes = {step["step"] + 1 for step in steps if step["mistake"]}
    assert any(step["loss"] > 0 and not step["mistake"] for step in steps)  # losses too small to tell apart
    marked = panel.locator("svg.value-graph circle.mistake")
    assert {int(str(index)) for index in marked.evaluate_all("cs => cs.map(c => c.dataset.index)")} == mistakes
    listed = panel.locator(".mistakes li")
    expect(listed).to_have_count(min(len(mistakes), 5))


def test_no_mistake_found_is_said_with_the_budget_never_as_every_move_best(board: BoardPage) -> None:
    board.set_up(GONE_OUT)
    board.play("9H")
    panel = board.analysis()
    expect(panel.locator(".no-mistakes")).to_have_text("No mistakes found at 0.1 s a position.")
    assert "every move was the best" not in panel.inner_text()
    expect(panel.locator("svg.value-graph circle.mistake")).to_have_count(0)


def test_each_side_shows_its_loss_error_rate_and_luck(board: BoardPage, long_deal: dict[str, Any],
                                                      answers: list[Any]) -> None:
    board.set_up(json.dumps(long_deal))
    panel = board.analyse()
    sides = answers[-1]["summary"]["sides"]
    for side in ("NS", "EW"):
        row = panel.locator(f'table.sides tr[data-side="{side}"]')
        facts = sides[side]
        expect(row.locator(".loss")).to_have_text(f"{facts['loss']:.1f}")
        expect(row.locator(".rate")).to_have_text(f"{facts['error_rate']:.2f}")
        expect(row.locator(".count")).to_have_text(f"{facts['mistakes']} of {facts['decisions']}")
        assert signed(row.locator(".luck").inner_text()) == pytest.approx(facts["luck"], abs=0.05)


def signed(text: str) -> float:
    """A value as the page writes it (+1.5, −2.0, 0.0) as a number."""
    return float(text.replace("\u2212", "-"))


def test_the_result_is_start_plus_skill_plus_luck(board: BoardPage, long_deal: dict[str, Any],
                                                  answers: list[Any]) -> None:
    board.set_up(json.dumps(long_deal))
    panel = board.analyse()
    summary = answers[-1]["summary"]
    text = panel.locator(".identity").inner_text()
    match = re.fullmatch(r"Result for NS (\S+) = start (\S+) \+ skill (\S+) \+ luck (\S+)(?: \+ drift (\S+))?", text)
    assert match, text
    result, start, skill, luck, drift = (signed(part) if part else 0.0 for part in match.groups())
    assert (result, start, skill, luck) == pytest.approx(
        (summary["result_ns"], summary["start_ns"], summary["skill_ns"], summary["luck_ns"]), abs=0.05)
    assert (match.group(5) is None) == (round(summary["drift_ns"], 1) == 0)
    assert start + skill + luck + drift == pytest.approx(result, abs=0.25)  # each term rounded to 0.1


def test_lucky_and_unlucky_draws_are_marked_on_the_graph(board: BoardPage, long_deal: dict[str, Any],
                                                         answers: list[Any]) -> None:
    board.set_up(json.dumps(long_deal))
    panel = board.analyse()
    steps = answers[-1]["steps"]
    draws = [step for step in steps if step["played"].startswith("draw") and step["luck"] is not None]
    lucky = {step["step"] + 1 for step in draws if step["luck"] >= 1}
    unlucky = {step["step"] + 1 for step in draws if step["luck"] <= -1}
    assert lucky or unlucky
    for kind, expected in (("lucky", lucky), ("unlucky", unlucky)):
        marks = panel.locator(f"svg.value-graph text.luck.{kind}")
        assert {int(index) for index in marks.evaluate_all("ms => ms.map(m => m.dataset.index)")} == expected
        for mark in marks.all():
            assert mark.inner_html().startswith("\u25b2" if kind == "lucky" else "\u25bc")
            assert re.search(rf"{kind} for (NS|EW), [+\u2212]\d+\.\d points", mark.locator("title").inner_html())


def test_a_step_whose_best_move_was_not_stable_is_a_hollow_point(board: BoardPage, long_deal: dict[str, Any],
                                                                 answers: list[Any]) -> None:
    board.set_up(json.dumps(long_deal))
    panel = board.analyse()
    unstable = {step["step"] + 1 for step in answers[-1]["steps"] if not step["stable"]}
    assert unstable
    hollow = panel.locator("svg.value-graph circle.unsure")
    assert {int(index) for index in hollow.evaluate_all("cs => cs.map(c => c.dataset.index)")} == unstable
    assert "not the same at the last two depths" in hollow.first.locator("title").inner_html()
