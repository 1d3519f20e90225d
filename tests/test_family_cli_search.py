"""Issue #32, item 2: ``eights show`` lays out a family game's N hands, and ``eights solve``
answers for every game of the family (values per player, max-n or paranoid), with one-line
errors (status 2) on flags that do not fit the game. sce2's commands are unchanged."""

from __future__ import annotations

import json

import pytest

from eights.engine.family import deal, parse_family, parse_rules
from eights.engine.family.notation import compact_family
from eights.solver import Solver
from tests.cli_support import run

ENDING = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
SCE2 = "N:K... E:Q... S:5... W:9... up:5H turn:S"


@pytest.mark.parametrize("name", ["classic/7", "sce/6", "openspiel/8", "layout/8"])
def test_show_lays_out_every_hand_with_its_count_and_points(capsys: pytest.CaptureFixture[str], name: str) -> None:
    position = deal(parse_rules(name), seed=2)
    status, out, err = run(capsys, "show", compact_family(position))
    lines = out.splitlines()
    assert status == 0 and not err
    for seat, hand in enumerate(position.hands):
        assert lines[seat].startswith(f"seat {seat}")
        assert f"{len(hand)} card" in lines[seat]
    assert sum("<- to act" in line for line in lines) == 1
    assert any(line.startswith("pile 0:" if position.rules.centre else "upcard:") for line in lines)


def test_show_json_gives_the_position_back_with_its_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "--rules", "classic/4", ENDING.replace("rules:classic/4 ", ""), "--json")
    data = json.loads(out)
    assert status == 0 and parse_family(data["position"]) == parse_family(ENDING)
    assert data["json"]["rules"] == "classic/4" and data["diagram"].startswith("seat 0 (dealer) <- to act")


def test_show_of_an_sce2_position_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", SCE2)
    assert status == 0 and out.splitlines()[0].strip() == "N (dummy, NS)"


def test_solve_gives_each_move_its_value_and_every_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", ENDING, "--depth", "2", "--evaluation", "material", "--json")
    data = json.loads(out)
    expected = Solver().solve(parse_family(ENDING), depth=2, evaluation="material")
    assert status == 0 and data["mode"] == "maxn" and data["player"] == 0 and data["evaluation"] == "material"
    assert data["best"] == "play 5H" and data["values"] == [90.0, -13.0, -60.0, -17.0]
    assert [move["values"] for move in data["moves"]] == [list(move.values) for move in expected.moves]


def test_solve_in_text_names_the_player_and_lists_every_seats_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", ENDING, "--depth", "2", "--evaluation", "material")
    lines = out.splitlines()
    assert status == 0 and lines[0].split() == ["+90.000", "play", "5H", "(+90.000,", "-13.000,", "-60.000,", "-17.000)"]
    assert lines[-1].startswith("values for seat 0 (maxn); depth 2, not exact")


def test_solve_paranoid_for_a_named_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", ENDING, "--depth", "2", "--objective", "paranoid", "--player", "2",
                          "--evaluation", "material", "--json")
    data = json.loads(out)
    assert status == 0 and data["mode"] == "paranoid" and data["player"] == 2 and data["value"] == -60.0


def test_solve_follows_the_stocks_order_with_fixed_order(capsys: pytest.CaptureFixture[str]) -> None:
    known = "rules:classic/2 0:4... 1:9.K.. up:5C turn:0 stock:..2.4 order:4C,2D"
    values = [json.loads(run(capsys, "solve", known, "--depth", "3", "--mode", mode, "--evaluation", "material", "--json")[1])["value"]
              for mode in ("expectimax", "fixed-order")]
    assert values == [20.0, 21.0]  # docs/family-solver.md's example


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", ENDING, "--player", "4"], "eights: --player: a seat 0 to 3 in classic/4, not 4"),
    (["solve", ENDING, "--rules", "classic/2"], "eights: --rules: classic/2, but the position's rules are classic/4"),
    (["solve", SCE2, "--objective", "maxn"], "eights: --objective: sce2 is two-sided, with no objective or player to choose"),
    (["solve", SCE2, "--player", "1"], "eights: --player: sce2 is two-sided, with no objective or player to choose"),
    (["hint", ENDING, "--samples", "4"], "eights: --samples and --seed are for a position seen from one seat (view:S or view:W, a family game's view:0, view:1, ...)"),
    (["hint", SCE2, "--player", "1"], "eights: --player: sce2 is two-sided, with no objective or player to choose"),
    (["hint", ENDING, "--player", "5"], "eights: --player: a seat 0 to 3 in classic/4, not 5"),
])
def test_flags_that_do_not_fit_the_game_are_one_line_and_status_two(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                                     message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out and err == message + "\n"


def test_solve_of_an_sce2_position_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", SCE2, "--depth", "2", "--json")
    data = json.loads(out)
    assert status == 0 and data["best"] == "play 5S" and data["evaluation"] == "trained"


def test_hint_answers_a_family_position_as_post_v1_hint_does(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", ENDING, "--depth", "2", "--evaluation", "material", "--json")
    data = json.loads(out)
    assert status == 0 and data["rules"] == "classic/4" and data["objective"] == "maxn" and data["best"] == "play 5H"
    assert data["values"] == [90.0, -13.0, -60.0, -17.0] and "nodes" not in data
    status, out, _ = run(capsys, "hint", ENDING, "--depth", "2", "--objective", "paranoid", "--player", "2",
                         "--evaluation", "material", "--json")
    assert status == 0 and json.loads(out)["value"] == -60.0
