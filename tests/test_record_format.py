"""Issue #28: one record format for a deal and for a match (engine/record.schema.json), written by
``eights match``, ``eights play`` and the board, read by ``eights replay``, ``eights analyse`` (a
whole match: each deal, and per player the mistakes and the loss per decision; luck is said to
be unmeasured) and POST /v1/analyse; the records of version 1 and with no version
(tests/records_v1/, written by the eights before version 2) still read, as the same matches."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from eights.cli.main import main
from eights.engine.errors import EightsError, NotationError
from eights.engine.match import MatchRecord
from eights.engine.record import SCHEMA_PATH, DealRecord, record_kind
from eights.engine.rules import legal_moves
from eights.play.matches import run as run_matches
from tests.cli_support import run
from tests.test_fuzz import derandomized, json_values

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "records_v1"  # written by eights before version 2 (eights match --seed 3, eights play)
OLD_FILES = sorted(path.name for path in OLD.glob("*.json"))
VALIDATOR = jsonschema_rs.validator_for(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def schema_errors(data: Any) -> list[str]:
    """What the JSON Schema finds wrong with ``data``."""
    return [f"{list(error.instance_path)}: {error.message[:200]}" for error in VALIDATOR.iter_errors(data)]


def swap_players(record: dict[str, Any]) -> None:
    """Say that the deal's sides were played the other way round."""
    record["players"] = {"NS": record["players"]["EW"], "EW": record["players"]["NS"]}


def read_any(data: Any) -> DealRecord | MatchRecord:
    return MatchRecord.from_json(data) if record_kind(data) == "match" else DealRecord.from_json(data)


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record ``eights match --records`` writes of one match, random against heuristic (seed 3)."""
    folder = tmp_path_factory.mktemp("records")
    assert main(["match", "--a", "random", "--b", "heuristic", "--matches", "1", "--seed", "3", "--workers", "1",
                 "--records", str(folder)]) == 0
    return folder / "match-001.json"


@pytest.fixture(scope="module")
def match_analysis(match_file: Path) -> dict[str, Any]:
    """``eights analyse --json`` of the match record, searched 1 deep."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["analyse", "--json", str(match_file), "--depth", "1"]) == 0
    return json.loads(out.getvalue())


# --- eights analyse reads what eights match and eights play write ----------------------------------

def test_eights_analyse_analyses_every_deal_of_the_record_eights_match_writes(
        match_file: Path, match_analysis: dict[str, Any]) -> None:
    record = MatchRecord.from_json(read(match_file))
    assert match_analysis["players"] == ["random", "heuristic"] and len(match_analysis["deals"]) == 15
    for deal, analysed in zip(record.result.deals, match_analysis["deals"]):
        assert analysed["number"] == deal.number and analysed["finished"]
        assert [step["played"] for step in analysed["analysis"]["steps"]] == [m.notation() for m in deal.record.moves]
        assert analysed["players"] == dict(zip(("NS", "EW"), record.side_players(deal.number)))


def test_a_match_analysis_gives_each_player_its_decisions_mistakes_loss_and_luck_over_every_deal(
        match_file: Path, match_analysis: dict[str, Any]) -> None:
    record = MatchRecord.from_json(read(match_file))
    decisions, mistakes, loss, luck = [0, 0], [0, 0], [0.0, 0.0], [0.0, 0.0]
    for deal, analysed in zip(record.result.deals, match_analysis["deals"]):
        for step, before in zip(analysed["analysis"]["steps"], deal.record.positions()):
            player = deal.south_player if step["side"] == "NS" else 1 - deal.south_player
            decisions[player] += len(legal_moves(before)) > 1
            mistakes[player] += step["mistake"]
            loss[player] += step["loss"]
            luck[player] += step["luck"] or 0.0
        for side in ("NS", "EW"):
            player = deal.south_player if side == "NS" else 1 - deal.south_player
            assert analysed["analysis"]["summary"]["sides"][side]["luck"] == pytest.approx(
                sum(step["luck"] or 0.0 for step in analysed["analysis"]["steps"] if step["side"] == side), abs=1e-5)
    for player, summary in enumerate(match_analysis["summary"]["players"]):
        assert (summary["name"], summary["decisions"], summary["mistakes"]) == \
            (record.players[player], decisions[player], mistakes[player])
        assert summary["loss"] == pytest.approx(loss[player])
        assert summary["mistakes_per_decision"] == pytest.approx(mistakes[player] / decisions[player], abs=1e-6)
        assert summary["loss_per_decision"] == pytest.approx(loss[player] / decisions[player], abs=1e-6)
        assert summary["luck"] == pytest.approx(luck[player], abs=1e-5)
    assert 0 < decisions[0] + decisions[1] < sum(len(deal.record.moves) for deal in record.result.deals)
    assert luck[0] + luck[1] != 0  # random and the heuristic draw often: their draws' luck is measured


def test_eights_analyse_prints_each_deal_then_each_players_rates_and_luck(
        capsys: pytest.CaptureFixture[str], match_file: Path, match_analysis: dict[str, Any]) -> None:
    status, out, _ = run(capsys, "analyse", str(match_file), "--depth", "1")
    lines = out.splitlines()
    first, second = match_analysis["summary"]["players"]
    assert status == 0 and lines[0].startswith("deal 1 (dealer S; NS random, EW heuristic)")
    assert lines[-2].startswith(f"player 0 random: {first['mistakes']} mistakes in {first['decisions']} decisions (")
    assert lines[-1].startswith(f"player 1 heuristic: {second['mistakes']} mistakes in {second['decisions']} decisions (")
    assert lines[-1].endswith(f"luck {second['luck']:+.3f}")


def test_eights_analyse_reads_a_folder_of_match_records(capsys: pytest.CaptureFixture[str], match_file: Path) -> None:
    status, out, _ = run(capsys, "analyse", "--json", str(match_file.parent), "--depth", "1")
    (analysed,) = json.loads(out)["records"]
    assert status == 0 and analysed["file"] == "match-001.json" and len(analysed["deals"]) == 15


def test_a_deal_of_a_match_record_is_a_deal_record_eights_analyse_reads(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, match_file: Path) -> None:
    deal = read(match_file)["deals"][4]["record"]
    (tmp_path / "deal.json").write_text(json.dumps(deal), encoding="utf-8")
    status, out, _ = run(capsys, "analyse", "--json", str(tmp_path / "deal.json"), "--depth", "1")
    assert status == 0 and [step["played"] for step in json.loads(out)["steps"]] == deal["moves"]


def test_each_deal_of_a_match_record_is_dealt_as_eights_deal_deals_it(
        capsys: pytest.CaptureFixture[str], match_file: Path) -> None:
    for entry in read(match_file)["deals"]:
        dealt = entry["record"]["dealt"]
        assert (dealt["deal"], dealt["dealer"]) == (entry["number"], entry["dealer"])
        status, out, _ = run(capsys, "deal", "--deal", str(dealt["deal"]), "--dealer", dealt["dealer"],
                             "--seed", str(dealt["seed"]))
        assert status == 0 and out.strip() == entry["record"]["position"]


def test_the_record_of_eights_play_names_the_players_the_seed_and_the_deals_planned_and_is_analysed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "play.json"
    child = pexpect.spawn(sys.executable, ["-m", "eights", "play", "--deals", "2", "--bot", "random", "--seed", "4",
                                           "--record", str(path)], cwd=str(ROOT), encoding="utf-8", timeout=20)
    for _ in range(3):  # three moves of the person's, then quit
        child.expect(r"[NESW] \(your (hand|dummy)\)> ")
        child.sendline("moves")
        child.expect(r"[NESW] \(your (hand|dummy)\)> ")
        child.sendline(child.before.strip().splitlines()[-1].split(", ")[0])
    child.expect(r"[NESW] \(your (hand|dummy)\)> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = read(path)
    assert schema_errors(data) == []
    assert (data["format"], data["version"], data["kind"]) == ("eights-record", 2, "match")
    assert data["players"] == ["human", "random"] and data["seed"] == 4 and len(data["schedule"]) == 2
    assert data["unfinished"]["players"] == {"NS": "human", "EW": "random"} and data["unfinished"]["dealt"]["deal"] == 1
    status, out, _ = run(capsys, "analyse", "--json", str(path), "--depth", "1")
    (deal,) = json.loads(out)["deals"]
    assert status == 0 and not deal["finished"]
    assert [step["played"] for step in deal["analysis"]["steps"]] == data["unfinished"]["moves"]
    assert json.loads(out)["summary"]["players"][0]["decisions"] >= 1


# --- older records ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", OLD_FILES)
def test_an_older_record_replays_and_is_analysed(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert run(capsys, "replay", str(OLD / name))[0] == 0
    status, out, _ = run(capsys, "analyse", "--json", str(OLD / name), "--depth", "1")
    assert status == 0 and ("deals" in json.loads(out) or "steps" in json.loads(out))


@pytest.mark.parametrize("name", OLD_FILES)
def test_eights_replay_json_writes_an_older_record_as_version_2_the_same_record(
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, "replay", "--json", str(OLD / name))
    new = json.loads(out)
    assert status == 0 and (new["format"], new["version"]) == ("eights-record", 2) and schema_errors(new) == []
    old = read_any(read(OLD / name))
    assert read_any(new) == old


def test_the_older_match_record_reads_as_the_match_the_same_seed_plays_now(match_file: Path, tmp_path: Path) -> None:
    # tests/records_v1/match.json: eights match --a random --b random --matches 1 --seed 3, before version 2
    assert main(["match", "--a", "random", "--b", "random", "--matches", "1", "--seed", "3", "--workers", "1",
                 "--records", str(tmp_path)]) == 0
    old, new = MatchRecord.from_json(read(OLD / "match.json")), MatchRecord.from_json(read(tmp_path / "match-001.json"))
    assert old.players == new.players and old.result.totals == new.result.totals
    assert [(deal.record.start, deal.record.moves) for deal in old.result.deals] == \
        [(deal.record.start, deal.record.moves) for deal in new.result.deals]
    assert old.seed is None and new.seed is not None and all(deal.record.dealt for deal in new.result.deals)


def test_an_older_record_of_a_match_stopped_plans_the_deals_it_has() -> None:
    old = MatchRecord.from_json(read(OLD / "play-stopped.json"))
    assert (len(old.result.deals), old.result.unfinished is not None, old.planned) == (1, True, 2)


# --- the JSON Schema --------------------------------------------------------------------------------

def test_the_records_eights_match_writes_and_the_older_ones_meet_the_schema(match_file: Path) -> None:
    assert schema_errors(read(match_file)) == []
    for name in OLD_FILES:
        assert schema_errors(read(OLD / name)) == [], name


def test_a_deal_record_meets_the_schema_with_and_without_what_is_known() -> None:
    record = DealRecord.from_json(read(OLD / "deal.json"))
    assert schema_errors(record.to_json()) == [] and record.to_json()["dealt"] is None
    with_players = DealRecord(record.start, record.moves, players=("human", "random"))
    assert schema_errors(with_players.to_json()) == []


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(version=3), "version"),
    (lambda d: d.update(format="pbn"), "format"),
    (lambda d: d.update(kind="deal"), "kind"),
    (lambda d: d.pop("schedule"), "schedule"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(score=1), "score"),
    (lambda d: d["schedule"][2].update(dealer="S"), "schedule[2]"),
    (lambda d: swap_players(d["deals"][3]["record"]), "deals[3].record.players"),
    (lambda d: d["deals"][3]["record"]["dealt"].update(seed=d["deals"][3]["record"]["dealt"]["seed"] + 1),
     "deals[3].record.dealt"),
    (lambda d: d["deals"][3]["record"]["dealt"].update(dealer="W"), "deals[3].record.dealt"),
    (lambda d: d["deals"][3]["record"].update(version=1), "deals[3].record"),
])
def test_a_match_record_the_readers_refuse(match_file: Path, change: Any, field: str) -> None:
    data = read(match_file)
    change(data)
    with pytest.raises(NotationError) as refused:
        MatchRecord.from_json(data)
    assert refused.value.field == field or refused.value.field.startswith(f"{field}.")


@pytest.mark.parametrize("change", [
    lambda d: d.update(version=3), lambda d: d.update(format="pbn"), lambda d: d.update(kind="deal"),
    lambda d: d.pop("schedule"), lambda d: d.update(seed=-1), lambda d: d.update(score=1),
    lambda d: d["deals"][0]["record"].update(players={"NS": "a"}), lambda d: d["deals"][0].pop("record"),
])
def test_the_schema_refuses_a_record_the_readers_refuse(match_file: Path, change: Any) -> None:
    data = read(match_file)
    change(data)
    assert schema_errors(data)
    with pytest.raises(NotationError):
        MatchRecord.from_json(data)


def test_a_deal_record_of_version_2_names_its_format_and_kind() -> None:
    data = DealRecord.from_json(read(OLD / "deal.json")).to_json()
    for key in ("format", "kind"):
        with pytest.raises(NotationError, match=f"^{key}: "):
            DealRecord.from_json({k: v for k, v in data.items() if k != key})
    with pytest.raises(NotationError, match="^kind: expected a deal record"):
        DealRecord.from_json({**data, "kind": "match"})


# --- POST /v1/analyse ------------------------------------------------------------------------------

def test_post_analyse_takes_a_deal_of_a_match_record_as_it_is(client: FlaskClient, match_file: Path) -> None:
    deal = read(match_file)["deals"][6]["record"]
    answer = client.post("/v1/analyse", json={**deal, "depth": 1})
    assert answer.status_code == 200 and [step["played"] for step in answer.get_json()["steps"]] == deal["moves"]


def test_post_analyse_takes_an_older_deal_record_still(client: FlaskClient) -> None:
    for name in ("deal.json", "deal-unversioned.json", "board-export.json"):
        assert client.post("/v1/analyse", json={**read(OLD / name), "depth": 1}).status_code == 200


def test_post_analyse_refuses_a_deal_record_not_dealt_as_it_says(client: FlaskClient, match_file: Path) -> None:
    deal = read(match_file)["deals"][6]["record"]
    deal["dealt"]["seed"] += 1
    problem = client.post("/v1/analyse", json={**deal, "depth": 1}).get_json()
    assert (problem["code"], problem["field"]) == ("invalid-notation", "dealt")


def test_an_analyse_job_takes_a_deal_record_without_its_kind(client: FlaskClient, match_file: Path) -> None:
    """A job's body has a kind of its own (analyse): the record's kind (deal) may be left out."""
    from eights.answers.analyse import analysis
    from eights.api.jobs.schemas import JobRequestSchema
    from eights.answers.service import current_service
    deal = {key: value for key, value in read(match_file)["deals"][6]["record"].items() if key != "kind"}
    with client.application.test_request_context():  # the request's service checks the limits
        client.application.preprocess_request()
        loaded = JobRequestSchema().load({**deal, "kind": "analyse", "depth": 1})
        assert len(analysis.plan(current_service(), loaded["args"]).searches) == len(deal["moves"])


# --- garbled match records ---------------------------------------------------------------------------

SMALL_MATCH = run_matches("random", "heuristic", matches=1, seed=5, workers=1).matches[0].record()


def paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in ``data``."""
    found = [path]
    if isinstance(data, dict):
        found += [p for key, value in data.items() for p in paths(value, (*path, key))]
    elif isinstance(data, list):
        found += [p for index, value in enumerate(data) for p in paths(value, (*path, index))]
    return found


def garbled(path: tuple[Any, ...], value: Any) -> Any:
    """SMALL_MATCH with the value at ``path`` replaced by ``value``."""
    root = json.loads(json.dumps(SMALL_MATCH))
    data = root
    *parents, last = path
    for key in parents:
        data = data[key]
    data[last] = value
    return root


@derandomized(100)
@given(st.sampled_from(paths(SMALL_MATCH)[1:]), json_values)
def test_a_garbled_match_record_is_refused_with_an_error_naming_a_field(path: tuple[Any, ...], value: Any) -> None:
    try:
        MatchRecord.from_json(garbled(path, value))
    except EightsError as error:  # a NotationError, or an IllegalMoveError naming the move
        assert isinstance(error.field, str) and error.problem
