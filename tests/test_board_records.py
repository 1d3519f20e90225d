"""Issue #28: the board's Set up box reads the records of engine/record.schema.json, in Debian's
Chromium (as tests/test_board_browser.py): a deal record of version 2 or older, and a match
record, whose deal to set up is chosen in the list that appears when a match is pasted; the
record the board offers to copy is a deal record of version 2, as the engine writes it and
``eights replay`` and ``eights analyse`` read it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from playwright.sync_api import Page, expect

from eights.bench.board_page import BoardPage
from eights.engine.match import MatchRecord
from eights.engine.notation import compact
from eights.engine.record import SCHEMA_PATH, DealRecord
from eights.play.matches import run
from tests.board_fixtures import browser, page, service  # noqa: F401  (fixtures)

BUDGET_MS = 50
OLD = Path(__file__).resolve().parent / "records_v1"


@pytest.fixture
def board(page: Page, service: str) -> BoardPage:
    return BoardPage(page, service).open().set_budget(BUDGET_MS)


@pytest.fixture(scope="module")
def match() -> dict[str, Any]:
    """The record of a match of heuristic against random, as eights match --records writes it."""
    return next(run("heuristic", "random", matches=1, seed=2, workers=1).records())


def set_up_deal(board: BoardPage, text: str, deal: int) -> BoardPage:
    """Paste ``text`` (a match record), choose its deal ``deal`` (from 0) in the list, and set it up."""
    board.page.fill("#paste", text)
    expect(board.page.locator("#paste-deal")).to_be_visible()
    board.page.select_option("#paste-deal", str(deal))
    return board.started_by(lambda: board.page.click("#paste-button"))


def played(board: BoardPage) -> list[str]:
    """The moves in the board's move list, without their seats."""
    return [move.split(" ", 1)[1] for move in board.moves()]


def test_a_match_record_pasted_offers_its_deals_and_sets_up_the_one_chosen(board: BoardPage,
                                                                           match: dict[str, Any]) -> None:
    board.page.fill("#paste", json.dumps(match))
    options = board.page.locator("#paste-deal option")
    expect(options).to_have_count(15)
    assert options.nth(2).inner_text().startswith("Deal 3, W deals: ")
    set_up_deal(board, json.dumps(match), 2)
    deal = MatchRecord.from_json(match).result.deals[2].record
    assert played(board) == [move.notation() for move in deal.moves]
    assert board.position == compact(deal.positions()[-1]) and board.state == "over"


def test_the_deal_under_way_of_an_older_match_record_can_be_set_up(board: BoardPage) -> None:
    text = (OLD / "play-stopped.json").read_text(encoding="utf-8")
    board.page.fill("#paste", text)
    expect(board.page.locator("#paste-deal option")).to_have_count(2)
    assert "under way" in board.page.locator("#paste-deal option").nth(1).inner_text()
    set_up_deal(board, text, 1)
    assert played(board) == json.loads(text)["unfinished"]["moves"]


@pytest.mark.parametrize("name", ["deal.json", "deal-unversioned.json", "board-export.json"])
def test_a_deal_record_of_version_2_or_older_is_replayed(board: BoardPage, name: str) -> None:
    old = DealRecord.from_json(json.loads((OLD / name).read_text(encoding="utf-8")))
    for data in (old.to_json(), json.loads((OLD / name).read_text(encoding="utf-8"))):
        board.set_up(json.dumps(data))
        assert played(board) == data["moves"] and board.position == compact(old.positions()[-1])
    expect(board.page.locator("#paste-deal-label")).to_be_hidden()


def test_a_record_of_an_unknown_version_is_refused_naming_it(board: BoardPage, match: dict[str, Any]) -> None:
    board.page.fill("#paste", json.dumps({**match, "version": 3}))
    expect(board.page.locator("#paste-deal-label")).to_be_hidden()
    board.page.click("#paste-button")
    assert "version: unknown record version 3" in board.error()


def version_2_validator() -> Any:
    """A validator of engine/record.schema.json's deal record of version 2 alone (the schema
    itself also takes the older versions)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for({"$defs": schema["$defs"], "$ref": "#/$defs/deal"})


def test_the_record_the_board_offers_to_copy_meets_the_schema(board: BoardPage) -> None:
    validator = jsonschema_rs.validator_for(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    board.deal(8, "S", seed=3)
    board.draw()
    record = board.record()
    assert [error.message for error in validator.iter_errors(record)] == []
    assert DealRecord.from_json(record).moves


def test_the_record_the_board_offers_to_copy_is_of_version_2(board: BoardPage) -> None:
    board.deal(8, "S", seed=3)
    board.draw()
    record = board.record()
    assert [error.message for error in version_2_validator().iter_errors(record)] == []
    assert record["format"] == "eights-record" and record["version"] == 2 and record["kind"] == "deal"
    assert record["dealt"] == {"deal": 8, "dealer": "S", "seed": 3}


def test_the_board_copies_a_record_as_the_engine_writes_it(board: BoardPage) -> None:
    board.deal(8, "S", seed=3)
    board.draw()
    under_way = board.record()
    while board.state != "over":
        cards = board.legal_cards()
        if cards.count():
            board.play(str(cards.first.get_attribute("data-card")))
        else:
            board.draw()
    for record in (under_way, board.record()):
        assert DealRecord.from_json(record).to_json() == record  # every key, in the engine's words


def test_eights_replay_and_analyse_read_the_copied_record_as_version_2(board: BoardPage, tmp_path: Path) -> None:
    board.deal(8, "S", seed=3)
    board.draw()
    path = tmp_path / "board.json"
    path.write_text(board.page.input_value("#record-text"), encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "eights", "replay", "--json", str(path)],
                              capture_output=True, text=True, check=True)
    analysed = subprocess.run([sys.executable, "-m", "eights", "analyse", "--json", "--depth", "2", str(path)],
                              capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout) == board.record()  # eights replay --json rewrites a record as version 2
    assert [step["played"] for step in json.loads(analysed.stdout)["steps"]] == board.record()["moves"]


def test_a_record_copied_from_the_board_and_pasted_back_is_copied_the_same(board: BoardPage) -> None:
    board.deal(8, "S", seed=3)
    board.draw()
    copied = board.record()
    board.deal(7, "W", seed=4)
    board.set_up(json.dumps(copied))
    assert board.record() == copied and copied["dealt"] == {"deal": 8, "dealer": "S", "seed": 3}
