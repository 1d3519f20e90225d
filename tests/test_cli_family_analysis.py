"""``eights analyse`` of a family deal record: the same analysis as POST /v1/analyse (one plan
for both), whole classic/4 and layout/6 deals, --rules for a record that does not say its game,
stdin, a directory of records of both games, and bad input in one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from eights.answers.analyse.schemas import FAMILY_EXAMPLES
from eights.engine.family import parse_rules
from eights.play.family import make_family_bot
from eights.play.family.seats import play_match
from tests.api_examples import ENDGAME, ENDGAME_MOVES
from tests.cli_support import run
from tests.test_api_family_analyse import check_whole_deal, whole_deal


def written(tmp_path: Path, name: str, record: dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_a_whole_classic4_deal_is_analysed_as_the_service_analyses_it(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path, client: FlaskClient) -> None:
    record = whole_deal("classic/4", 3)
    status, out, err = run(capsys, "analyse", written(tmp_path, "deal.json", record), "--depth", "2", "--json")
    assert status == 0, err
    answer = json.loads(out)
    check_whole_deal(record, answer)
    served = client.post("/v1/analyse", json={**record, "depth": 2}).get_json()
    assert [{**step, "cached": False} for step in served["steps"]] == [{**step, "cached": False}
                                                                        for step in answer["steps"]]
    assert served["graph"] == answer["graph"]


def test_a_whole_layout6_deal_with_rules_given_on_the_command_line(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    record = whole_deal("layout/6", 4, bot="random")
    bare = {key: value for key, value in record.items() if key not in ("rules", "end")}
    bare["position"] = bare["position"].replace("rules:layout/6 ", "")
    status, out, err = run(capsys, "analyse", written(tmp_path, "deal.json", bare), "--rules", "layout/6",
                           "--depth", "2", "--json")
    assert status == 0, err
    check_whole_deal(record, json.loads(out))


def test_the_text_gives_each_step_and_each_player(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "analyse", written(tmp_path, "deal.json", FAMILY_EXAMPLES["classic/4"]), "--depth", "2")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("classic/4, each move against the best one for its mover")
    assert lines[1].split()[:4] == ["0", "seat", "0", "play"] and "drew AD" in lines[2]
    assert [line.split(":")[0] for line in lines if line.startswith("seat ")] == [f"seat {seat}" for seat in range(4)]
    assert lines[-1].startswith("each seat from the start's value to the payoffs:")


def test_stdin_and_a_directory_of_both_games(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(FAMILY_EXAMPLES["classic/4"])))
    status, out, _ = run(capsys, "analyse", "-", "--depth", "1", "--json")
    assert status == 0 and json.loads(out)["rules"] == "classic/4"
    written(tmp_path, "a.json", FAMILY_EXAMPLES["classic/4"])
    written(tmp_path, "b.json", {"position": ENDGAME, "moves": ENDGAME_MOVES})
    status, out, _ = run(capsys, "analyse", str(tmp_path), "--depth", "2", "--json")
    records = json.loads(out)["records"]
    assert status == 0 and [(record["file"], record.get("rules")) for record in records] == [("a.json", "classic/4"),
                                                                                               ("b.json", None)]


def test_a_family_match_record_gives_each_deal_and_each_player(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    status, out, err = run(capsys, "analyse", written(tmp_path, "match.json", MATCH), "--depth", "1", "--json")
    assert status == 0, err
    answer = json.loads(out)
    deals = [deal["analysis"] for deal in answer["deals"]]
    assert (answer["rules"], answer["players"], answer["totals"]) == ("layout/3", ["seat 0", "seat 1", "seat 2"],
                                                                      MATCH["totals"])
    assert [deal["position"] for deal in deals] == [record["position"] for record in MATCH["deals"]]
    for seat, player in enumerate(answer["summary"]["players"]):
        own = [deal["summary"]["players"][seat] for deal in deals]
        assert player["player"] == seat and player["decisions"] == sum(account["decisions"] for account in own)
        assert player["mistakes"] == sum(account["mistakes"] for account in own)
    status, out, _ = run(capsys, "analyse", written(tmp_path, "match.json", MATCH), "--depth", "1")
    assert status == 0 and out.splitlines()[0] == "deal 1" and f"totals {' '.join(MATCH['totals'])}" in out


def bad(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**record, **changes}


CLASSIC = FAMILY_EXAMPLES["classic/4"]
MATCH = play_match(parse_rules("layout/3"), [make_family_bot("heuristic")] * 3, 1).to_json()  # 3 deals
ILLEGAL = list(CLASSIC["moves"])
ILLEGAL[3] = "play 9C"


@pytest.mark.parametrize("record, argv, problem", [
    (bad(CLASSIC, moves=ILLEGAL), [], "moves[3]: "),
    (bad(CLASSIC, result=["1", "2", "3", "-6"]), [], "result: not the payoffs"),
    (CLASSIC, ["--rules", "layout/6"], "--rules: layout/6, but the position's rules are classic/4"),
    (CLASSIC, ["--rules", "classic/0"], "--rules.players:"),
    ({"format": "eights-record", "version": 2, "kind": "match", "rules": "classic/4", "deals": []}, [],
     "deals: a list of deal records"),
    ({**MATCH, "totals": ["0", "0", "0"]}, [], "totals: the deals add up to"),
    ({**MATCH, "deals": [MATCH["deals"][0], {**MATCH["deals"][1], "moves": ["play 9C"]}]}, [], "deals[1].moves[0]:"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any],
                               argv: list[str], problem: str) -> None:
    status, out, err = run(capsys, "analyse", written(tmp_path, "deal.json", record), "--depth", "1", *argv)
    assert status == 2 and out == "" and problem in err and len(err.strip().splitlines()) == 1, err


def test_the_commands_time_replaces_the_records_depth_and_the_text_says_so(capsys: pytest.CaptureFixture[str],
                                                                           tmp_path: Path) -> None:
    """Issue #38: a record holding ``"depth": 2`` analysed with --time-ms 200 is searched for 200 ms
    a position, not at depth 2, and says so; with neither option, at the record's depth."""
    record = FAMILY_EXAMPLES["classic/4"]
    assert record["depth"] == 2
    path = written(tmp_path, "deal.json", record)
    status, out, err = run(capsys, "analyse", path, "--time-ms", "200", "--json")
    assert status == 0, err
    assert json.loads(out)["summary"]["searched"] == {"time_ms": 200, "depth": None}
    status, out, err = run(capsys, "analyse", path, "--time-ms", "200")
    assert status == 0 and "searched at 200 ms a position;" in out
    status, out, _ = run(capsys, "analyse", path)
    assert status == 0 and "searched at depth 2 a position;" in out
