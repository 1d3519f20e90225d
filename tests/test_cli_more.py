"""Issue #8, CLI parity: --version, --json on every command that prints data, hint, batch and
analyse speaking the service's JSON, and replay of deal and match records."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from eights.api import create_app
from eights.api.version import VERSION
from eights.engine import Move, parse_position
from eights.engine.match import MatchResult, play_match, random_strategy
from eights.engine.record import DealRecord
from tests.cli_support import run

EXAMPLE = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
ENDGAME = "N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S stock:2.3.."


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        run(capsys, "--version")
    assert done.value.code == 0 and capsys.readouterr().out == f"eights {VERSION}\n"


def test_help_lists_every_command_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        run(capsys, "--help")
    out = capsys.readouterr().out
    assert done.value.code == 0 and "95% interval" in out and all(name in out for name in ("rollout", "match", "play"))


def test_show_json_gives_both_forms_and_the_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "show", "--json", EXAMPLE)[1])
    assert parse_position(data["position"]) == parse_position(data["json"]) and "upcard: 8S" in data["diagram"]


def test_perft_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert json.loads(run(capsys, "perft", "--json", EXAMPLE, "2")[1]) == {"depth": 2, "nodes": int(
        run(capsys, "perft", EXAMPLE, "2")[1])}


def test_hint_json_is_what_the_service_answers(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "hint", "--json", EXAMPLE, "--depth", "3")[1])
    served = create_app({"TESTING": True, "EIGHTS_TT_MB": 1}).test_client().post(
        "/v1/hint", json={"position": EXAMPLE, "depth": 3}).get_json()
    for answer in (data, served):
        answer.pop("time_ms")
    assert data == served


def test_batch_reads_a_position_a_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "positions.txt"
    path.write_text(f"{EXAMPLE}\n{ENDGAME}\n{EXAMPLE}\n", encoding="utf-8")
    data = json.loads(run(capsys, "batch", "--json", str(path), "--depth", "2")[1])
    assert len(data["results"]) == 3 and data["unique"] == 2


def test_batch_of_a_bad_position_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "positions.json"
    path.write_text(json.dumps([EXAMPLE, "N:nonsense"]), encoding="utf-8")
    status, _, err = run(capsys, "batch", str(path), "--depth", "1")
    assert status == 2 and err.startswith("eights: positions[1]") and err.count("\n") == 1


def test_analyse_reads_a_deal_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = DealRecord(parse_position(ENDGAME), (Move.from_notation("play 5S"), Move.from_notation("play 5D")))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    data = json.loads(run(capsys, "analyse", "--json", str(path), "--depth", "2")[1])
    assert [step["played"] for step in data["steps"]] == ["play 5S", "play 5D"]


def test_analyse_of_a_file_that_is_not_json_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text("{not json", encoding="utf-8")
    status, _, err = run(capsys, "analyse", str(path))
    assert status == 2 and "not valid JSON" in err and err.count("\n") == 1


def test_a_number_too_long_to_read_is_named_without_pythons_advice(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text('{"start": ' + "9" * 5000 + "}", encoding="utf-8")
    status, _, err = run(capsys, "analyse", str(path))
    assert status == 2 and "5000 digits" in err and "set_int_max_str_digits" not in err and err.count("\n") == 1


def test_replay_of_a_deal_record_prints_every_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = DealRecord(parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S"), (Move.from_notation("play 5S"),))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 3 and lines[1].startswith("play 5S") and lines[2].startswith("deal over")


def test_replay_of_a_match_record_reaches_its_totals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    match = play_match([random_strategy(random.Random(1)), random_strategy(random.Random(2))], seed=3)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_json(["a", "b"])), encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--json", str(path))
    assert status == 0 and json.loads(out)["totals"] == list(match.totals)


def test_replay_of_a_tampered_match_record_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = play_match([random_strategy(random.Random(1)), random_strategy(random.Random(2))], seed=3).to_json()
    data["deals"][3]["player_points"][0] += 10
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2 and err.startswith("eights: deals[3]")


def test_replay_of_a_match_stopped_early_names_the_deal_it_stopped_in(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    match = play_match([random_strategy(random.Random(1)), random_strategy(random.Random(2))], seed=3)
    stopped = MatchResult.of(match.deals[:2], DealRecord(match.deals[2].record.start, match.deals[2].record.moves[:4]))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(stopped.to_json(["a", "b"])), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0 and out.splitlines()[-2:] == [f"totals {stopped.totals[0]} {stopped.totals[1]}",
                                                     "stopped in deal 3 after 4 moves"]


def test_analyse_of_a_directory_analyses_every_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, moves in (("a.json", ["play 5S"]), ("b.json", ["play 5S", "play 5D"])):
        record = DealRecord(parse_position(ENDGAME), tuple(Move.from_notation(move) for move in moves))
        (tmp_path / name).write_text(json.dumps(record.to_json()), encoding="utf-8")
    data = json.loads(run(capsys, "analyse", "--json", str(tmp_path), "--depth", "2")[1])
    assert [(record["file"], len(record["steps"])) for record in data["records"]] == [("a.json", 1), ("b.json", 2)]


def test_batch_reads_a_json_list_from_stdin(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps([ENDGAME])))
    data = json.loads(run(capsys, "batch", "--json", "-", "--depth", "2")[1])
    assert len(data["results"]) == 1


@pytest.mark.parametrize("command", ["hint", "batch", "analyse"])
def test_a_search_time_under_1_ms_is_refused_as_the_service_refuses_it(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path, command: str) -> None:
    (tmp_path / "batch").write_text(EXAMPLE, encoding="utf-8")
    record = DealRecord(parse_position(ENDGAME), (Move.from_notation("play 5S"),))
    (tmp_path / "analyse").write_text(json.dumps(record.to_json()), encoding="utf-8")
    given = EXAMPLE if command == "hint" else str(tmp_path / command)
    status, _, err = run(capsys, command, given, "--time-ms", "0")
    assert status == 2 and err == "eights: --time-ms: must be at least 1, got 0\n"


@pytest.mark.parametrize("flags, problem", [
    (["--hint-ms", "-3"], "--hint-ms: must be a positive number"),
    (["--hint-ms", "nan"], "--hint-ms: invalid int value"),
    (["--record", "/nonexistent/folder/match.json"], "cannot write there"),
])
def test_play_refuses_a_bad_hint_time_or_record_file_before_the_match(capsys: pytest.CaptureFixture[str],
                                                                      flags: list[str], problem: str) -> None:
    status, out, err = run(capsys, "play", "--bot", "random", *flags)
    assert status == 2 and out == "" and problem in err and err.count("\n") == 1
