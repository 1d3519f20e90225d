"""The analysis board and the API docs in a real browser: Debian's Chromium (/usr/bin/chromium),
driven by Playwright, against the service under gunicorn on a free loopback port.

These tests need the system package ``chromium``; without it they fail (they do not skip):
.ci/run installs it.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from eights.bench import screenshots
from eights.bench.board_page import BoardPage
from eights.play.bots import make_bot
from eights.play.versus import DEFAULT_PERSON_BOT
from tests.api_examples import HIDDEN_HANDS
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)

BUDGET_MS = 50  # each hint: enough for these small deals
ANALYSIS_MS = 100  # each position of an analysis (the analysis's own setting, 1 s by default)
VALUE = re.compile(r"^(0\.0|[+\u2212]\d+\.\d)$")  # a value as written on a card
EIGHT_TO_PLAY = "N:84.K7.Q.9 E:T.J5..K3 S:6.Q2.T7. W:A3..95.J up:5S turn:N"


@pytest.fixture
def requested(page: Page) -> list[str]:
    """The URL of every request ``page`` makes from now on."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


@pytest.fixture
def board(page: Page, requested: list[str], service: str) -> BoardPage:
    """The board, loaded (its requests recorded from the first), its hints held to BUDGET_MS and
    its analysis to ANALYSIS_MS a position."""
    return BoardPage(page, service).open().set_budget(BUDGET_MS).set_analysis_budget(ANALYSIS_MS)


def post(url: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(f"{url}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def legal_cards(url: str, position: str) -> set[str]:
    """The cards /v1/moves says the hand to act may play."""
    moves = post(url, "/v1/moves", {"position": position})["moves"]
    return {move["move_json"]["card"] for move in moves if move["move_json"]["action"] == "play"}


def hand_size(position: str, seat: str) -> int:
    """How many cards ``seat`` holds in ``position`` (compact form)."""
    match = re.search(rf"(?:^| ){seat}:(\S+)", position)
    assert match, position
    return len(match.group(1).replace(".", ""))


def outside(requests: list[str], url: str) -> list[str]:
    """The requests that went anywhere but the service."""
    return [request for request in requests if not request.startswith(f"{url}/")]


def play_to_the_end(board: BoardPage) -> None:
    """Draw once, then play the first legal card whenever there is one (else draw), to the end."""
    drawn = False
    for _ in range(40):
        if board.state == "over":
            return
        if not drawn or not board.legal_cards().count():
            board.draw()
            drawn = True
        else:
            board.play(str(board.legal_cards().first.get_attribute("data-card")))
    raise AssertionError("the deal did not end within 40 actions")


def service_calls(requests: list[str], since: int) -> list[str]:
    """The requests to the service's endpoints (/v1/...) from request ``since`` on, a job's URL
    written jobs/ID."""
    return [re.sub(r"^jobs/\w+$", "jobs/ID", request.split("/v1/", 1)[1])
            for request in requests[since:] if "/v1/" in request]


def playing_calls(requests: list[str], since: int) -> list[str]:
    """The requests of service_calls but the polls of the analysis job (GET /v1/jobs/ID), which
    depend on how long the analysis takes, not on the actions."""
    return [call for call in service_calls(requests, since) if call != "jobs/ID"]


def per_action(board: BoardPage, requested: list[str], since: int, who: str) -> float:
    """The requests to the service per action of the deal on the board, from request ``since``
    (the deal's) to its analysis, which the end of a deal starts (its POST /v1/jobs; not the
    polls of the job); printed, with the requests of each endpoint."""
    # The analysis answered (under load it may run out of its request's time: a request all the same).
    board.page.locator('#analysis:is([data-state="done"], [data-state="failed"])').wait_for(timeout=80_000)
    actions, calls = len(board.moves()), playing_calls(requested, since)
    endpoints = {name: calls.count(name) for name in sorted(set(calls))}
    print(f"\n{who}: {len(calls)} requests for {actions} actions, {len(calls) / actions:.2f} an action {endpoints}")
    return len(calls) / actions


def play_against_the_computer(board: BoardPage) -> None:
    """The person plays NS (the first legal card, else a draw) to the end; the computer plays EW."""
    for _ in range(200):
        if board.state == "over":
            return
        if board.legal_cards().count():
            board.play(str(board.legal_cards().first.get_attribute("data-card")))
        else:
            board.draw()
    raise AssertionError("the deal did not end within 200 of the person's actions")


def test_the_board_opens_on_deal_1_its_seed_in_the_field(page: Page, service: str) -> None:
    board = BoardPage(page, service).open()
    assert (page.input_value("#deal-number"), page.input_value("#deal-seed")) == ("1", "1")
    expect(page.locator("#deal-status")).to_have_text("Deal 1, S deals, seed 1")
    assert all(hand_size(board.position, seat) == 8 for seat in "NESW")


def test_the_bot_field_shows_a_solver_spec_whole(board: BoardPage) -> None:
    board.page.fill("#bot", "solver:time=100")
    width = board.page.eval_on_selector("#bot", "input => [input.scrollWidth, input.clientWidth]")
    assert width[0] <= width[1], width


def test_bots_play_a_deal_in_at_most_2_requests_an_action(board: BoardPage, requested: list[str]) -> None:
    since = len(requested)
    board.deal(1, "S", seed=2)  # 8 cards a hand; 36 actions when two heuristic bots play it
    board.let_bots_play("both", "heuristic")
    assert per_action(board, requested, since, "two bots") <= 2


def test_a_person_plays_the_computer_in_at_most_2_requests_an_action(board: BoardPage, requested: list[str]) -> None:
    since = len(requested)
    board.deal(1, "S", seed=2)
    board.let_bots_play("EW", "heuristic")
    play_against_the_computer(board)
    assert per_action(board, requested, since, "a person against the computer") <= 2


@pytest.mark.parametrize("fair, hint", [(True, "fair-hint"), (False, "hint")])
def test_a_person_playing_both_sides_makes_1_request_an_action_besides_the_deal_and_its_analysis(
        board: BoardPage, requested: list[str], fair: bool, hint: str) -> None:
    board.set_fair_view(fair)
    since = len(requested)
    board.deal(8, "S", seed=1)
    play_to_the_end(board)
    assert per_action(board, requested, since, "a person on both sides") <= 2
    calls, actions = playing_calls(requested, since), len(board.moves())
    # Each action: /v1/apply, whose answer is the next position's state and, asked with it, the
    # hint (fair, or double dummy) of the person's next turn; the start's hint, the deal and its
    # analysis job besides.
    assert calls.count("apply") == actions and calls.count(hint) == 1
    assert sorted(set(calls)) == sorted(["apply", "deal", hint, "jobs"]) and len(calls) == actions + 3


def test_the_values_of_the_next_turn_come_with_the_move(board: BoardPage, requested: list[str]) -> None:
    board.deal(14, "S", seed=1)
    since = len(requested)
    card = str(board.legal_cards().first.get_attribute("data-card"))
    board.play(card)
    assert board.card_values() and service_calls(requested, since) == ["apply"]
    assert re.search(r" of 16 samples · seed 1 ", board.hint_about())  # the fair hint asked with the move


def test_every_legal_card_carries_its_value(board: BoardPage, service: str) -> None:
    board.deal(14, "S", seed=1)
    values = board.card_values()
    assert set(values) == legal_cards(service, board.position)
    assert all(VALUE.match(value) for value in values.values()), values
    assert VALUE.match(board.page.inner_text("#draw .value"))


def test_the_best_move_is_marked(board: BoardPage) -> None:
    board.deal(14, "S", seed=1)
    assert board.page.locator(".seat.acting .card.best, #draw.best").count() >= 1


def test_the_table_shows_the_seats_and_the_piles(board: BoardPage) -> None:
    board.deal(7, "S", seed=1)
    for seat in "NESW":
        assert board.page.locator(f"#seat-{seat} .card").count() == 2
    centre = board.page.inner_text("#centre")
    assert "upcard" in centre and "stock" in centre and "clockwise" in centre and "to act" in centre
    assert str(board.page.locator("#centre .card.large").get_attribute("data-card")) in board.position


def test_a_deal_played_to_the_end_is_analysed_and_the_page_stays_on_the_service(board: BoardPage, requested: list[str],
                                                                                  service: str) -> None:
    board.deal(8, "S", seed=1)
    play_to_the_end(board)
    moves = board.moves()
    assert any(" draw " in f" {move} " for move in moves) and any(" play " in f" {move} " for move in moves)
    record = board.record()
    assert record["version"] == 2 and record["moves"] == [move.split(" ", 1)[1] for move in moves]
    assert record["result"] is not None
    analysis = board.analysis()
    assert analysis.locator("svg.value-graph circle").count() == len(moves) + 1
    assert analysis.locator("svg.value-graph path.value-line").count() == 1
    assert requested and outside(requested, service) == []


def test_a_mistake_is_marked_on_the_graph(board: BoardPage) -> None:
    board.set_up("N:K... E:Q... S:.9.. W:9..5. up:5H turn:S")
    board.draw()  # instead of going out with 9H
    # At 1 s the search reaches the depth that tells this loss apart (at 0.1 s under load it may not).
    analysis = board.set_analysis_budget(1000).analyse()
    expect(analysis.locator("svg.value-graph circle.mistake")).to_have_count(1)
    expect(analysis.locator(".mistakes li")).to_contain_text("S draw")


def test_undo_and_redo_step_through_the_moves(board: BoardPage) -> None:
    board.deal(7, "S", seed=1)
    start = board.position
    board.draw()
    after = board.position
    board.undo()
    assert board.position == start
    expect(board.page.locator("#move-list li.undone")).to_have_count(1)
    board.redo()
    assert board.position == after


def test_an_eight_asks_for_its_suit(board: BoardPage) -> None:
    board.set_up(EIGHT_TO_PLAY)
    before = board.position
    board.page.click('.seat.acting .card[data-card="8S"]')
    choices = board.page.locator("#suit-choices button")
    expect(choices).to_have_count(4)
    assert all(VALUE.match(text) for text in choices.locator(".value").all_inner_texts())
    board.page.click('#suit-choices button[data-suit="H"]')
    board.moved_from(before)
    assert "up:8S/H" in board.position


def test_a_draw_may_take_chosen_cards(board: BoardPage) -> None:
    board.deal(8, "S", seed=1)
    board.page.click("#draw-chosen")
    board.page.click('#cards-choices .card[data-card="AS"]')
    before = board.position
    board.page.click("#cards-confirm")
    board.moved_from(before)
    assert board.moves()[-1].endswith("draw AS")


def test_a_bot_plays_its_side(board: BoardPage) -> None:
    board.deal(8, "S", seed=1)  # the upcard is a 3: the dealer's dummy, N, acts first
    board.let_bots_play("NS", "random")
    expect(board.page.locator("#move-list li[data-move]").first).to_contain_text("N ")


def test_bots_play_a_deal_out(board: BoardPage) -> None:
    board.deal(8, "W", seed=2)
    board.let_bots_play("both", "heuristic")
    assert board.state == "over" and board.moves()


def test_the_position_and_the_record_can_be_copied(board: BoardPage) -> None:
    board.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    board.page.click("#copy-position")
    expect(board.page.locator("#copy-status")).to_have_text("Copied.")
    assert board.page.evaluate("navigator.clipboard.readText()") == board.position
    board.page.click("#copy-record")
    copied = json.loads(board.page.evaluate("navigator.clipboard.readText()"))
    assert copied == {"format": "eights-record", "version": 2, "kind": "deal", "position": board.position, "moves": [],
                      "result": None, "dealt": {"deal": 1, "dealer": "S", "seed": 1}, "players": None}


def test_a_record_pasted_is_replayed(board: BoardPage, service: str) -> None:
    start = post(service, "/v1/deal", {"deal": 8, "dealer": "S", "seed": 1})["position"]
    moves = post(service, "/v1/apply", {"position": start, "moves": ["draw"], "seed": 9})["steps"]
    record = {"version": 1, "position": start, "moves": [moves[0]["move"]], "result": None}
    board.set_up(json.dumps(record))
    assert board.moves() == [f"N {moves[0]['move']}"] and board.position == moves[0]["position"]


def test_a_refusal_of_the_service_is_shown(board: BoardPage) -> None:
    board.page.fill("#paste", "N:K43.5.K82. E:K.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W")
    board.page.click("#paste-button")
    message = board.error()
    assert "KS" in message and "twice" in message and "field: position" in message


def test_the_fair_view_hides_the_opponents_hand_and_shows_fair_values(board: BoardPage, requested: list[str],
                                                                     service: str) -> None:
    board.deal(14, "S", seed=1)  # W acts first: S's hand is the one hidden from EW; the fair view is the default
    expect(board.faces("S")).to_have_count(0)
    expect(board.backs("S")).to_have_count(hand_size(board.position, "S"))
    values = board.card_values()
    assert set(values) == legal_cards(service, board.position)
    assert all(VALUE.match(value) for value in values.values()), values
    assert VALUE.match(board.page.inner_text("#draw .value"))
    # Under load fewer than the 16 samples may be solved within the budget: the page says how many.
    assert re.search(r"\b([1-9]|1[0-6]) of 16 samples · seed 1 ", board.hint_about())
    assert f"{service}/v1/fair-hint" in requested and outside(requested, service) == []
    board.play(str(board.legal_cards().first.get_attribute("data-card")))
    hidden, seen = ("W", "S") if re.search(r"turn:[NS]", board.position) else ("S", "W")
    expect(board.faces(hidden)).to_have_count(0)
    expect(board.faces(seen)).to_have_count(hand_size(board.position, seen))
    board.set_fair_view(False)
    expect(board.faces(hidden)).to_have_count(hand_size(board.position, hidden))
    expect(board.page.locator(".seat .card.back")).to_have_count(0)


def test_in_the_fair_view_the_computers_hand_stays_hidden(board: BoardPage) -> None:
    board.deal(14, "S", seed=1)  # W acts first
    board.set_fair_view(True)
    board.let_bots_play("EW", "heuristic")  # the person plays NS: W's hand is hidden, on W's turn too
    board.page.locator('#table[data-state="ready"] :is(#seat-N, #seat-S).acting').wait_for()
    expect(board.faces("W")).to_have_count(0)
    expect(board.faces("S")).to_have_count(hand_size(board.position, "S"))
    board.undo()  # back to the computer's turn: it waits, its hand still hidden and without values
    assert re.search(r"turn:[EW]", board.position)
    expect(board.faces("W")).to_have_count(0)
    assert board.hint_about() == "no values"


def test_a_refusal_of_the_fair_hint_is_shown(board: BoardPage) -> None:
    def too_many_samples(route: Route) -> None:
        route.continue_(post_data=json.dumps({**json.loads(route.request.post_data or "{}"), "samples": 100_000}))

    board.page.route("**/v1/fair-hint", too_many_samples)
    board.page.click("#deal-button")  # the deal's first values: a fair hint
    message = board.error()
    assert "at most 256" in message and "field: samples" in message
    assert board.hint_about() == "no values"


def bot_moves_asked(page: Page) -> list[Any]:
    """The body of every /v1/bot-move request ``page`` makes from now on."""
    bodies: list[Any] = []
    page.on("request", lambda request: bodies.append(request.post_data_json) if request.url.endswith("/v1/bot-move")
            else None)
    return bodies


def test_the_computer_plays_the_person_with_the_fair_bot_by_default(board: BoardPage) -> None:
    asked = bot_moves_asked(board.page)
    board.deal(14, "S", seed=1)  # W acts first
    board.let_bots_play("EW", "")
    assert asked and all(body["against"] == "person" and "bot" not in body for body in asked)
    assert board.page.get_attribute("#bot", "placeholder") == f"{make_bot(DEFAULT_PERSON_BOT).spec} (the default)"
    assert board.moves()[0].startswith("W ")


def test_the_computers_move_does_not_depend_on_the_persons_hidden_hand(board: BoardPage) -> None:
    board.let_bots_play("EW", "")
    moves = []
    for position in HIDDEN_HANDS:  # W to act; the same but for S's concealed hand
        board.set_up(position)
        moves.append(board.moves()[0])
    assert moves == ["W play 5D"] * 2


def test_a_double_dummy_bot_is_asked_for_by_name(board: BoardPage) -> None:
    asked = bot_moves_asked(board.page)
    board.let_bots_play("EW", "solver:time=100")
    board.set_up(HIDDEN_HANDS[0])
    assert asked and asked[-1]["bot"] == "solver:time=100"


def test_the_board_opens_in_the_fair_view_with_fair_values(page: Page, requested: list[str], service: str) -> None:
    board = BoardPage(page, service).open()
    assert page.is_checked("#fair-view")
    expect(page.locator(".seat .card.back")).not_to_have_count(0)  # the opponents' concealed hand
    assert re.search(r" of 16 samples · seed 1 ", board.hint_about())
    assert f"{service}/v1/fair-hint" in requested and f"{service}/v1/hint" not in requested


def test_docs_render_from_the_service_alone(page: Page, requested: list[str], service: str) -> None:
    page.goto(f"{service}/docs")
    expect(page.locator(".opblock-summary-path", has_text="/v1/solve")).to_have_count(1, timeout=20_000)
    assert requested and outside(requested, service) == []


def test_the_readmes_screenshots_are_taken_by_one_command(browser: Browser, service: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screenshots, "BUDGET_MS", BUDGET_MS)  # python -m eights.bench.screenshots, its searches shorter
    monkeypatch.setattr(screenshots, "ANALYSIS_MS", ANALYSIS_MS)
    written = screenshots.take(browser, service, tmp_path)
    assert [path.name for path in written] == ["board-deal.png", "board-eight.png", "board-fair.png",
                                               "board-analysing.png", "board-analysis.png", "board-classic4.png",
                                               "board-layout6.png", "board-sce4.png", "board-openspiel2.png",
                                               "board-family-analysis.png"]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in written)
