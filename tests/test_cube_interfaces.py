"""Issue #40, 4: the cube and resignation hints through the command line (``eights cube``)
and the service (POST /v1/cube): a position's game context or the options/keys alone, and
every bad input a one-line error or a problem naming the field."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from eights.engine.game import GameContext
from eights.play.series.cube import advice
from tests.cli_support import run

POSITION = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


def test_eights_cube_reads_a_position_with_its_game_context(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cube", f"{POSITION} deal:13 lead:150 cube:2/NS", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["context"] == {"deal_number": 13, "lead": 150, "cube": 2, "cube_owner": "NS"}
    assert answer == {"context": answer["context"], **advice(GameContext.of(13, 150, 2, 0))}
    assert answer["cube"]["doubler"] == "NS" and "redouble" in answer["cube"]["action"]


def test_eights_cube_takes_the_context_as_options_and_prints_gnubgs_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cube", "--deal", "15", "--lead", "-600")
    assert status == 0 and "Cube action for EW" in out and "Proper cube action: Too good to double, pass" in out
    assert "If NS resigns (200 points): EW should refuse" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--deal", "16"], "eights: --deal: must be a deal number from 1 to 15"),
    (["--deal", "5", "--cube", "2"], "eights: --cube: a doubled cube is its taker's"),
    (["--deal", "1", "--lead", "5"], "eights: --lead: no deal has been played before deal 1"),
    (["--lead", "5"], "eights: --deal: required without a position"),
    ([POSITION], "eights: position: no game context"),
    ([f"{POSITION} deal:3", "--lead", "4"], "eights: --lead: give the position's game context or the options"),
    ([f"{POSITION} deal:2 cube:4/EW"], "eights: cube: a cube of 4 takes 2 doubles"),
])
def test_eights_cube_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                    message: str) -> None:
    status, out, err = run(capsys, "cube", *argv)
    assert status == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_post_cube_answers_for_a_position_with_its_context(client: FlaskClient) -> None:
    answer = client.post("/v1/cube", json={"position": f"{POSITION} deal:12 lead:-60"})
    assert answer.status_code == 200
    assert answer.get_json() == {"context": {"deal_number": 12, "lead": -60, "cube": 1, "cube_owner": None},
                                 **advice(GameContext.of(12, -60))}


def test_post_cube_answers_for_the_context_keys_alone(client: FlaskClient) -> None:
    answer = client.post("/v1/cube", json={"deal_number": 14, "totals": {"NS": 300, "EW": 180}})
    hint = answer.get_json()["cube"]
    assert answer.status_code == 200 and hint["lead"] == -120 and hint["doubler"] == "EW"
    assert set(hint["equities"]) == {"no_double", "double_take", "double_pass"}


@pytest.mark.parametrize(("body", "field"), [
    ({}, "deal_number"),
    ({"position": POSITION}, "position"),
    ({"position": f"{POSITION} deal:3", "cube": 2}, "cube"),
    ({"deal_number": 13, "cube": 3}, "cube"),
    ({"deal_number": 13, "cube": 2, "cube_owner": "N"}, "cube_owner"),
    ({"deal_number": "x"}, "deal_number"),
    ({"lead": 5}, "deal_number"),
    ({"position": f"{POSITION} deal:3 lead:x"}, "lead"),
    ({"deal_number": 3, "bogus": 1}, "bogus"),
])
def test_post_cube_refuses_bad_input_naming_the_field(client: FlaskClient, body: dict[str, object], field: str) -> None:
    answer = client.post("/v1/cube", json=body)
    assert answer.status_code == 422 and answer.content_type == "application/problem+json"
    assert answer.get_json()["field"] == field
