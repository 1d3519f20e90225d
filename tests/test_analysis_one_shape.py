"""Issue #38, items 2 and 3: one analysis, written once over the game interface
(``eights.play.analysis``), answers with the same fields for every game. An sce2 record and a
classic/4 record go through the same path over HTTP, as a job's kind and on the command line;
sce2's own fields are projections of the common ones; every player's result is the sum of its
parts; and the analysis itself runs without the service (no Flask)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from eights.api import create_app
from eights.api.analyse.schemas import FAMILY_EXAMPLES
from tests.conftest import TEST_SETTINGS
from tests.api_examples import ENDGAME, ENDGAME_MOVES
from tests.cli_support import run

URL = "/v1/analyse"
SCE2 = {"position": ENDGAME, "moves": ENDGAME_MOVES, "depth": 2}
CLASSIC = FAMILY_EXAMPLES["classic/4"]
RECORDS = {"sce2": SCE2, "classic/4": CLASSIC}

TOP = {"game", "player_names", "mode", "position", "complete", "not_done", "steps", "graph", "summary"}
STEP = {"step", "position", "to_act", "played", "played_value", "played_values", "best", "best_value", "loss",
        "mistake", "margin", "stable", "choices", "values", "after", "cards", "luck", "mode", "depth", "exact", "cached"}
SUMMARY = {"players", "mistakes", "start", "skill", "luck", "drift", "result", "searched", "final", "over", "payoffs"}
ACCOUNT = {"player", "decisions", "mistakes", "loss", "error_rate", "luck", "draws"}
SCE2_STEP = {"side", "value_ns", "played_value_ns", "after_ns", "luck_ns"}
SCE2_SUMMARY = {"loss", "sides", "start_ns", "skill_ns", "luck_ns", "drift_ns", "result_ns", "score"}


@pytest.fixture(scope="module")
def answers() -> dict[str, dict[str, Any]]:
    """Each record analysed by POST /v1/analyse (one app for the module: the searches are done once)."""
    client = create_app(TEST_SETTINGS).test_client()
    found = {}
    for name, record in RECORDS.items():
        response = client.post(URL, json=record)
        assert response.status_code == 200, response.get_json()
        found[name] = response.get_json()
    return found


def common_fields(answer: dict[str, Any]) -> None:
    """``answer`` has every common field, of one type in every game."""
    players = len(answer["player_names"])
    assert TOP <= set(answer) and answer["complete"] and answer["not_done"] == []
    assert len(answer["graph"]) == players and all(len(line) == len(answer["steps"]) + 1 for line in answer["graph"])
    for step in answer["steps"]:
        assert STEP <= set(step) and 0 <= step["to_act"] < players
        assert len(step["values"]) == len(step["played_values"]) == len(step["after"]) == players
        assert step["values"][step["to_act"]] == step["best_value"]
        assert step["played_values"][step["to_act"]] == step["played_value"]
        assert step["loss"] == pytest.approx(step["best_value"] - step["played_value"], abs=1e-5)
        if step["luck"] is not None:
            assert step["cards"] and step["luck"] == pytest.approx(
                step["after"][step["to_act"]] - step["played_values"][step["to_act"]], abs=1e-5)
    summary = answer["summary"]
    assert SUMMARY <= set(summary)
    assert (summary["payoffs"] is None) if not summary["over"] else len(summary["payoffs"]) == players
    assert [set(account) for account in summary["players"]] == [ACCOUNT] * players
    assert [account["player"] for account in summary["players"]] == list(range(players))
    for player in range(players):
        parts = sum(summary[key][player] for key in ("start", "skill", "luck", "drift"))
        assert summary["result"][player] == pytest.approx(parts, abs=1e-4)
        assert summary["players"][player]["decisions"] == sum(
            step["choices"] > 1 for step in answer["steps"] if step["to_act"] == player)


@pytest.mark.parametrize("name", list(RECORDS))
def test_every_game_answers_the_common_fields(answers: dict[str, dict[str, Any]], name: str) -> None:
    answer = answers[name]
    assert answer["game"] == name
    common_fields(answer)


def test_both_games_answer_the_same_shape_with_their_own_beside(answers: dict[str, dict[str, Any]]) -> None:
    sce2, classic = answers["sce2"], answers["classic/4"]
    assert set(sce2) - TOP == set() and set(classic) - TOP == {"rules"}
    assert {key for step in sce2["steps"] for key in step} - STEP == SCE2_STEP
    assert {key for step in classic["steps"] for key in step} == STEP
    assert set(sce2["summary"]) - SUMMARY == SCE2_SUMMARY and set(classic["summary"]) == SUMMARY
    assert (sce2["player_names"], classic["player_names"]) == (["NS", "EW"], ["0", "1", "2", "3"])


def test_sce2s_own_fields_are_the_common_ones_for_ns(answers: dict[str, dict[str, Any]]) -> None:
    answer = answers["sce2"]
    for step in answer["steps"]:
        assert (step["side"], step["value_ns"], step["played_value_ns"], step["after_ns"]) == (
            answer["player_names"][step["to_act"]], step["values"][0], step["played_values"][0], step["after"][0])
        assert step["luck_ns"] == (None if step["luck"] is None else step["luck"] * (1 if step["to_act"] == 0 else -1))
    summary = answer["summary"]
    assert [summary[f"{key}_ns"] for key in ("start", "skill", "luck", "drift", "result")] == [
        summary[key][0] for key in ("start", "skill", "luck", "drift", "result")]
    assert summary["sides"] == {name: {key: value for key, value in account.items() if key != "player"}
                                for name, account in zip(answer["player_names"], summary["players"])}
    assert not summary["over"] and summary["score"] is None and summary["payoffs"] is None  # the endgame goes on


def test_an_analyse_job_answers_the_same_shape(answers: dict[str, dict[str, Any]]) -> None:
    from eights.api.jobs.kinds import KINDS

    for answer in answers.values():
        assert KINDS["analyse"].response().dump(answer) == answer


@pytest.mark.parametrize("name", list(RECORDS))
def test_eights_analyse_answers_as_post_analyse(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                answers: dict[str, dict[str, Any]], name: str) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(RECORDS[name]), encoding="utf-8")
    status, out, err = run(capsys, "analyse", str(path), "--depth", "2", "--json")
    assert status == 0, err
    answer = json.loads(out)
    common_fields(answer)
    http = answers[name]
    assert set(answer) == set(http) and [step["played"] for step in answer["steps"]] == [
        step["played"] for step in http["steps"]]
    assert answer["summary"]["result"] == http["summary"]["result"]


@pytest.mark.parametrize(("name", "label"), [("sce2", "NS"), ("classic/4", "seat 0")])
def test_the_text_is_one_for_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str,
                                        label: str) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(RECORDS[name]), encoding="utf-8")
    status, out, _ = run(capsys, "analyse", str(path), "--depth", "2")
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"{name}, each move against the best one for its mover"
    assert any(line.startswith(f"{label}: ") and " mistakes in " in line for line in lines)
    assert any(line.startswith(f"result for {label} ") and " + drift " in line for line in lines)
    ending = "payoffs" if name != "sce2" else "last position's values"  # the endgame goes on
    assert lines[-1].startswith("each ") and f"from the start's value to the {ending}: " in lines[-1]


def test_the_analysis_needs_no_service() -> None:
    """``eights.play.analysis`` analyses a classic/4 and an sce2 deal from the games' own searches
    alone: the service (and Flask) is never imported."""
    script = f"""
import sys
from eights.games import find_game
from eights.play.analysis import Searched, analysis, searched_positions
for name, record in {json.dumps(list(RECORDS.items()))}:
    record = {{key: value for key, value in record.items() if key != "depth"}}
    game = find_game(name)
    start, steps = game.read_played_deal(record)
    searched = [Searched(game.notation(p), game.solve(p, depth=1, objective=game.fair_objective), "expectimax", False)
                for p in searched_positions(game, start, steps)]
    answer = analysis(game, start, steps, searched, "expectimax", {{"time_ms": None, "depth": 1}})
    assert answer["complete"] and answer["steps"], answer
assert "flask" not in sys.modules and "eights.api" not in sys.modules, sorted(m for m in sys.modules if "flask" in m)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_openapi_document_shows_one_shape_with_the_games_own_fields() -> None:
    document = json.loads((Path(__file__).parent.parent / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    answer = document["paths"]["/v1/analyse"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/AnalyseResponse"}  # no oneOf per game
    schemas = document["components"]["schemas"]
    assert TOP <= set(schemas["AnalyseResponse"]["required"]) and "rules" in schemas["AnalyseResponse"]["properties"]
    assert STEP <= set(schemas["AnalyseStep"]["required"]) and SCE2_STEP <= set(schemas["AnalyseStep"]["properties"])
    assert SUMMARY <= set(schemas["AnalyseSummary"]["required"])
    assert SCE2_SUMMARY <= set(schemas["AnalyseSummary"]["properties"]) - set(schemas["AnalyseSummary"]["required"])
