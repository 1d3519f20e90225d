"""The board plays every game of the family (issue #32, 3), in Debian's Chromium driven by
Playwright against the service under gunicorn: the game chooser, N hands around the table (the
person's at the bottom, the others face down in the fair view, the default), the layout game's
centre, the values on the cards of the player to act (her own payoff, max-n), and whole deals of
classic/4 and layout/6 played from the board, the person's moves clicked and the computer
playing the other seats, one request an action. sce2's board is tests/test_board_browser.py's.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from eights.bench.board_page import BoardPage
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)
from tests.test_board_browser import VALUE, hand_size, playing_calls, post, requested  # noqa: F401  (requested: a fixture)

BUDGET_MS = 50  # each hint
# The computer's bot where a whole deal is played: the default's kind (fair, 16 samples, from the
# person's view) searched by depth, so that the deal, its draws seeded too, is the same every run.
FAIR_BY_DEPTH = "fair:depth=2,samples=16"
PRESETS = {"sce": ["3", "4", "5", "6"], "classic": ["2", "3", "4", "5", "6", "7"],
           "openspiel": ["2", "3", "4", "5", "6", "7", "8"], "layout": ["2", "3", "4", "5", "6", "7", "8"]}
LAYOUT_6 = ("rules:layout/6 0:T3.T.Q.J 1:Q6.7.KT. 2:.J3.4.K5 3:.9..A982 4:K.K8.7.Q 5:J4..A98. "
            "piles:6H/2H/5H/6C/AS/2D/4C/2S turn:1 out:9875.AQ4.J653.T73")  # seat 1 may lay 6S on 6H or on 6C


def board_of(page: Page, service: str, rules: str, computer: str = "others", seed: int = 1, bot: str = "") -> BoardPage:
    """The board on a new deal of ``rules`` from ``seed``, the computer playing ``computer`` (others,
    all, or "": nobody) from its start with ``bot`` (empty: the service's default), its hints held
    to BUDGET_MS."""
    board = BoardPage(page, service).open().set_budget(BUDGET_MS).choose_game(rules, seed)
    page.fill("#bot", bot)
    page.select_option("#bot-side", computer)
    return board.started_by(lambda: page.click("#deal-button"))


def bodies_to(page: Page, *endpoints: str) -> list[Any]:
    """The body of every request to one of ``endpoints`` (as "/v1/apply") ``page`` makes from now on."""
    bodies: list[Any] = []
    page.on("request", lambda request: bodies.append(request.post_data_json)
            if request.url.endswith(endpoints) else None)
    return bodies


def family_moves(page: Page) -> list[Any]:
    """The body of every /v1/apply and /v1/bot-move request ``page`` makes from now on."""
    return bodies_to(page, "/v1/apply", "/v1/bot-move")


def play_the_person_to_the_end(board: BoardPage, limit: int = 150, follow_hint: bool = True) -> int:
    """The person plays her seat, the best card marked (else, or with ``follow_hint`` off, the
    first legal card; else the draw, else the pass), until the deal is over; her actions. The
    best card comes from a hint held to a time, so only ``follow_hint`` off plays the same deal
    every run."""
    for actions in range(limit):
        if board.state == "over":
            return actions
        assert board.page.locator("#error").is_hidden(), board.page.inner_text("#error")
        best = board.page.locator(".seat.acting .card.legal.best")
        cards = best if follow_hint and best.count() else board.legal_cards()
        if cards.count():
            board.play(str(cards.first.get_attribute("data-card")))
        elif board.page.locator("#draw:not([disabled])").count():
            board.draw()
        else:
            board.pass_turn()
    raise AssertionError(f"the deal did not end within {limit} of the person's actions")


def seat_of(move: str) -> str:
    """The seat of a move as the move list shows it ("2 play 6S on 6H")."""
    return move.split(" ", 1)[0]


def test_the_chooser_offers_sce2_and_every_preset_with_its_players(page: Page, service: str) -> None:
    board = BoardPage(page, service).open()
    assert page.input_value("#game") == "sce2" and page.locator("#players-field").is_hidden()
    assert page.eval_on_selector_all("#game option", "options => options.map(o => o.value)") == ["sce2", *PRESETS]
    for preset, players in PRESETS.items():
        page.select_option("#game", preset)
        assert page.eval_on_selector_all("#players option", "options => options.map(o => o.value)") == players
    board.choose_game("layout/4")
    assert page.eval_on_selector_all("#dealer option", "options => options.map(o => o.value)") == ["0", "1", "2", "3"]
    assert page.locator("#deal-number").is_disabled()
    expect(page.locator("#deal-status")).to_have_text("layout/4: seat 0 deals, seed 1")


def test_a_preset_s_options_are_dealt_and_a_bad_one_is_refused_naming_it(page: Page, service: str) -> None:
    board = BoardPage(page, service).open().choose_game("classic/3")
    page.select_option("#bot-side", "")
    page.fill("#rules-options", "draw=one, skip=Q")
    board.started_by(lambda: page.click("#deal-button"))
    assert board.position.startswith("rules:classic/3,draw=one,skip=Q ")
    page.fill("#rules-options", "skip=8")
    page.click("#deal-button")
    message = board.error()
    assert "an 8 cannot be a skip rank" in message and "field: rules.skip" in message


def test_a_classic_4_deal_is_played_to_the_end_against_the_computer(page: Page, service: str,
                                                                   requested: list[str]) -> None:
    # by depth, not by time: the same deal every run (and, RULES-FAMILY "Every deal ends", it ends)
    board = board_of(page, service, "classic/4", computer="", bot=FAIR_BY_DEPTH)  # the computer waits while the deal is set
    since, asked = len(requested), family_moves(page)  # the requests of this deal (not of the game chosen)
    page.select_option("#bot-side", "others")  # seat 1 acts first: the computer plays it, and seats 2 and 3
    page.locator('#table[data-state="ready"] #seat-0.acting').wait_for()  # then the person's turn
    actions = play_the_person_to_the_end(board, follow_hint=False)
    moves = board.moves()
    assert actions == sum(seat_of(move) == "0" for move in moves) > 0
    assert {seat_of(move) for move in moves} == {"0", "1", "2", "3"}
    payoffs = page.locator("#seat-0 .tag.payoff, #seat-1 .tag.payoff, #seat-2 .tag.payoff, #seat-3 .tag.payoff")
    expect(payoffs).to_have_count(4)
    assert "Deal over" in page.inner_text("#centre")
    # One request an action: the person's /v1/apply (with the fair hint of her next turn when she
    # is next), the computer's /v1/bot-move (played in the same call), and the fair hint of her
    # turn after the computer's; at the end, the analysis job (its polls not counted).
    calls = playing_calls(requested, since)
    print(f"\nclassic/4 against the computer: {len(calls)} requests for {len(moves)} actions "
          f"({actions} the person's) {({name: calls.count(name) for name in sorted(set(calls))})}")
    assert calls.count("apply") == actions and calls.count("bot-move") == len(moves) - actions
    assert set(calls) <= {"apply", "bot-move", "fair-hint", "jobs"} and calls.count("jobs") <= 1
    assert all(body["rules"] == "classic/4" for body in asked)
    assert all(body["against"] == "person" and body["bot"] == FAIR_BY_DEPTH for body in asked if "against" in body)


def test_a_classic_4_deal_is_played_from_the_person_s_own_view_to_its_end(page: Page, service: str) -> None:
    """Issue #38: the fair hints of the person's turns ask /v1/fair-hint her own view (her hand, the
    other hands as their counts, no stock, ``view`` her seat), as a front end that knows only her hand
    would; the hidden hands never leave the board in them. The person sits at seat 2."""
    board = board_of(page, service, "classic/4", computer="", bot=FAIR_BY_DEPTH).set_analysis_budget(100)
    page.select_option("#your-seat", "2")  # nobody to the computer yet: the person plays seat 1, to act
    board.settled()
    hints = bodies_to(page, "/v1/fair-hint")
    page.select_option("#bot-side", "others")  # seat 1 acts first, the computer's; then the person's turn
    page.locator('#table[data-state="ready"] #seat-2.acting').wait_for()
    assert re.search(r" of 16 samples · seed ", board.hint_about())  # her values, from her view
    actions = play_the_person_to_the_end(board, follow_hint=False)  # the same deal every run
    assert "Deal over" in page.inner_text("#centre") and len(json.loads(page.input_value("#record-text"))["result"]) == 4
    moves = board.moves()
    assert actions == sum(seat_of(move) == "2" for move in moves) > 0 and len(hints) >= 1
    for body in hints:
        view = body["position"]
        assert view["rules"] == "classic/4" and view["view"] == view["turn"] == 2, body
        assert isinstance(view["hands"][2], str) and all(isinstance(view["hands"][seat], int) for seat in (0, 1, 3)), body
        assert view["stock"] is None and view["stock_order"] is None, body


def test_a_layout_6_deal_is_played_to_the_end_against_the_computer(page: Page, service: str) -> None:
    board = board_of(page, service, "layout/6", computer="")
    piles = page.locator("#centre .layout-piles .pile")
    expect(piles).to_have_count(8)
    assert "piles:" + "/".join(str(pile.get_attribute("data-pile")) for pile in piles.all()) in board.position
    page.select_option("#your-seat", "1")  # seat 1 acts first: the person's
    page.select_option("#bot-side", "others")
    page.locator('#table[data-state="ready"] #seat-1.acting').wait_for()
    actions = play_the_person_to_the_end(board)
    moves = board.moves()
    assert actions == sum(seat_of(move) == "1" for move in moves) > 0
    assert {seat_of(move) for move in moves} == {str(seat) for seat in range(6)}
    expect(page.locator(".seat .tag.payoff")).to_have_count(6)
    assert page.locator(".ring-bottom #seat-1").count() == 1  # the person's seat at the bottom


def test_the_fair_view_hides_the_other_hands_and_double_dummy_shows_them(page: Page, service: str) -> None:
    board = board_of(page, service, "classic/4")  # the person at seat 0; the computer plays 1, 2 and 3
    assert page.is_checked("#fair-view")
    expect(board.faces("0")).to_have_count(5)  # the computer has played seats 1 to 3 (each may have drawn)
    for seat in "123":
        expect(board.faces(seat)).to_have_count(0)
        expect(board.backs(seat)).to_have_count(hand_size(board.position, seat))
    assert page.locator(".ring-bottom #seat-0").count() == 1
    board.set_fair_view(False)
    for seat in "0123":
        expect(board.faces(seat)).to_have_count(hand_size(board.position, seat))
    expect(page.locator(".seat .card.back")).to_have_count(0)


def test_the_person_playing_every_seat_sees_the_hand_to_act(page: Page, service: str) -> None:
    board = board_of(page, service, "sce/4", computer="")  # seat 1 acts first; the person sits at seat 0
    expect(page.locator("#seat-1.acting")).to_have_count(1)
    expect(board.faces("1")).to_have_count(8)
    for seat in "023":
        expect(board.faces(seat)).to_have_count(0)


def test_the_cards_of_the_player_to_act_carry_her_own_values(page: Page, service: str) -> None:
    board = board_of(page, service, "layout/6", computer="").set_budget(300)
    board.set_fair_view(False)  # double dummy: /v1/hint's values, exact in the layout game
    values = board.card_values()
    hint = post(service, "/v1/hint", {"position": board.position, "time_ms": 1000})
    assert hint["exact"] and hint["player"] == 1
    legal = {move["move_json"]["card"] for move in post(service, "/v1/moves", {"position": board.position})["moves"]
             if move["move_json"]["action"] == "play"}
    assert set(values) == legal and all(VALUE.match(value) for value in values.values()), values
    best = {card: max(move["value"] for move in hint["moves"] if move["move"].startswith(f"play {card} "))
            for card in legal}
    shown = {card: float(value.replace("\u2212", "-")) for card, value in values.items()}
    assert all(abs(shown[card] - best[card]) <= 0.05 for card in legal), (shown, best)  # one decimal shown
    assert "values for seat 1: her own expected payoff (max-n)" in page.inner_text("#centre")
    board.set_fair_view(True)  # fair: means over deals sampled from seat 1's view
    assert all(VALUE.match(value) for value in board.card_values().values())
    assert re.search(r" of 16 samples · seed 1 ", board.hint_about())


def test_a_layout_card_with_two_piles_asks_which(page: Page, service: str) -> None:
    board = board_of(page, service, "layout/6", computer="")
    board.set_up(LAYOUT_6)
    before = board.position
    page.click('.seat.acting .card.legal[data-card="6S"]')
    page.locator("#pile-dialog[open]").wait_for()
    assert page.eval_on_selector_all("#pile-choices button", "buttons => buttons.map(b => b.dataset.pile)") == ["6H", "6C"]
    page.click('#pile-choices button[data-pile="6C"]')
    board.moved_from(before)
    assert board.moves() == ["1 play 6S on 6C"]
    assert " piles:6H/2H/5H/6C-6S/" in board.position


def test_the_table_shows_the_state_the_family_reports(page: Page, service: str) -> None:
    board = board_of(page, service, "classic/7", computer="")  # two decks, 7 seats around
    expect(page.locator(".ring-table .seat")).to_have_count(7)
    centre = page.inner_text("#centre")
    assert "upcard" in centre and "stock" in centre and "clockwise" in centre and "Seat 1 to act" in centre
    assert str(page.locator("#centre .card.large").get_attribute("data-card")) in board.position
    for seat in range(7):
        expect(page.locator(f"#seat-{seat} .seat-head")).to_contain_text("5 cards")
    expect(page.locator("#seat-0 .seat-head")).to_contain_text("dealer")


def test_a_family_deal_played_out_is_analysed_with_a_line_per_seat(page: Page, service: str) -> None:
    board = BoardPage(page, service).open().set_budget(BUDGET_MS).set_analysis_budget(100).choose_game("classic/4", 3)
    page.fill("#bot", "heuristic")
    page.select_option("#bot-side", "all")
    board.started_by(lambda: page.click("#deal-button"))  # every seat the computer's, to the end: then analysed
    panel = board.analysis()
    record = json.loads(page.input_value("#record-text"))  # the family's deal record, as the analysis read it
    assert record["rules"] == "classic/4" and len(record["result"]) == 4
    lines = panel.locator(".value-graph .seat-line")
    expect(lines).to_have_count(4)
    assert sorted(str(line.get_attribute("data-seat")) for line in lines.all()) == ["0", "1", "2", "3"]
    expect(panel.locator(".value-graph circle[data-index]")).to_have_count(len(board.moves()))
    rows = panel.locator(".analysis-summary .sides tbody tr")
    expect(rows).to_have_count(4)
    assert [row.locator("td.result").inner_text() for row in rows.all()] == record["result"]  # the payoffs
    page.locator(".value-graph circle[data-index='1']").click()  # a point: the position after its action
    board.settled()
    assert page.eval_on_selector("#move-list li.current button", "b => b.textContent") == board.moves()[0]


def test_a_family_deal_record_copied_is_set_up_again(page: Page, service: str) -> None:
    board = BoardPage(page, service).open().set_budget(BUDGET_MS).choose_game("classic/4", 3)
    page.fill("#bot", "heuristic")
    page.select_option("#bot-side", "all")
    board.started_by(lambda: page.click("#deal-button"))
    moves, end = board.moves(), board.position
    record = json.loads(page.input_value("#record-text"))
    assert any(move.split(" ")[1] == "draw" for move in moves)
    assert any(re.fullmatch(r"draw \S+", event) for event in record["moves"])  # a draw names its cards, as eights play writes it
    assert not any(event.startswith("card ") for event in record["moves"])
    page.select_option("#bot-side", "")
    board.set_up(json.dumps(record))
    assert board.moves() == moves and board.position == end


def test_sce2_comes_back_as_it_was(page: Page, service: str) -> None:
    board = board_of(page, service, "openspiel/2", computer="")
    board.choose_game("sce2")
    for seat in "NESW":
        assert page.locator(f"#seat-{seat}").count() == 1
    assert not board.position.startswith("rules:") and page.locator("#your-seat-field").is_hidden()
    assert page.eval_on_selector_all("#bot-side option", "options => options.map(o => o.value)") == ["", "EW", "NS", "both"]
    expect(page.locator("#deal-status")).to_have_text("Deal 1, S deals, seed 1")


def dealt_by_the_button(board: BoardPage) -> str:
    """Deal with the deal form as it stands; the new position."""
    board.started_by(lambda: board.page.click("#deal-button"))
    return board.position


def test_the_chooser_follows_the_game_set_up_from_the_paste_box(page: Page, service: str) -> None:
    """Issue #38: a family position pasted sets the chooser to its game (preset, players, options;
    sce's deal number in the deal form), so that Deal deals that game; an sce2 position pasted
    sets it back to sce2."""
    board = BoardPage(page, service).open().set_budget(BUDGET_MS)
    page.select_option("#bot-side", "")
    board.set_up("rules:classic/5,draw=one,skip=Q 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 4:...2 up:5C turn:0 stock:..A.")
    assert (page.input_value("#game"), page.input_value("#players"), page.input_value("#rules-options")) == \
        ("classic", "5", "draw=one,skip=Q")
    assert page.eval_on_selector_all("#dealer option", "options => options.map(o => o.value)") == list("01234")
    assert dealt_by_the_button(board).startswith("rules:classic/5,draw=one,skip=Q ")
    dealt = page.request.post(f"{service}/v1/deal", data={"rules": "sce/3", "deal": 4, "dealer": "1", "seed": 2}).json()
    board.set_up(dealt["position"])
    assert (page.input_value("#game"), page.input_value("#players"), page.input_value("#rules-options"),
            page.input_value("#deal-number")) == ("sce", "3", "", "4")
    assert dealt_by_the_button(board).startswith("rules:sce/3,deal=4 ")
    board.set_up("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W")
    assert page.input_value("#game") == "sce2" and page.locator("#players-field").is_hidden()
    assert not dealt_by_the_button(board).startswith("rules:")
