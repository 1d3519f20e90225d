"""``eights solve`` and ``eights bench`` through ``cli.main.main(argv)``; bad input through a
real process (status 2, one stderr line, no traceback)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from eights.solver.benchmark import load_suite
from eights.cli.main import main
from eights.engine.notation import compact
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
# S goes out with 5H (EW then counts W alone: +9 to NS) or draws KC (material +1 at depth 1).
GO_OUT_OR_DRAW = "N:3... E:K... S:.5.. W:9... up:5C turn:S stock:...K"
FINISHED = "N:5... E:Q... S:... W:9... up:5H turn:W"


def test_solve_prints_moves_best_first_then_pv_and_depth(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", GO_OUT_OR_DRAW, "--depth", "1", "--evaluation", "material")
    lines = out.splitlines()
    assert (status, err) == (0, "")
    assert [line.split() for line in lines[:2]] == [["+9.000", "play", "5H"], ["+1.000", "draw"]]
    assert lines[2] == "pv: play 5H"
    assert lines[3].startswith("depth 1, not exact, ") and lines[3].endswith("(expectimax)")


def test_solve_json_is_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", GO_OUT_OR_DRAW, "--depth", "1", "--evaluation", "material", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["best"], data["value"], data["depth"], data["exact"]) == ("play 5H", 9.0, 1, False)
    assert data["moves"] == [{"move": "play 5H", "value": 9.0}, {"move": "draw", "value": 1.0}]


def test_solve_reads_stdin_and_reports_a_finished_deal(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(FINISHED))
    status, out, _ = run(capsys, "solve", "-", "--time-ms", "50")
    assert status == 0
    assert out.splitlines()[0] == "deal over: value -9.000 for the side to act"
    assert out.splitlines()[1].startswith("depth 0, exact, ")


def test_solve_fixed_order_follows_the_order(capsys: pytest.CaptureFixture[str]) -> None:
    position = "N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2 order:2C,KC"
    status, out, _ = run(capsys, "solve", position, "--depth", "1", "--mode", "fixed-order", "--evaluation",
                         "material", "--json")
    assert status == 0 and json.loads(out)["moves"] == [{"move": "draw", "value": -16.0}]


def test_solve_takes_the_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    position = "N:K... E:Q... S:.5.. W:..9. up:9C turn:S stock:...K2"
    status, out, _ = run(capsys, "solve", position, "--depth", "1", "--evaluation", "trained", "--json")
    assert status == 0 and json.loads(out)["evaluation"] == "trained"


@pytest.fixture
def small_suite(tmp_path: Path) -> Path:
    """A suite of two positions: a 1-card deal and the suite's 8-card start."""
    eight_card_start = compact(dict(load_suite())["8-start"])
    suite = tmp_path / "suite.txt"
    suite.write_text(f"# two positions\n1-go-out {GO_OUT_OR_DRAW}\n8-start {eight_card_start}\n")
    return suite


def test_bench_prints_the_table(capsys: pytest.CaptureFixture[str], small_suite: Path) -> None:
    status, out, _ = run(capsys, "bench", "--suite", str(small_suite), "--depths", "1-2", "--ref-depth", "1")
    lines = out.splitlines()
    assert status == 0
    assert lines[0].startswith("suite: suite.txt, 2 positions")
    assert lines[1].split()[:3] == ["depth", "positions", "nodes"]
    assert lines[2].split()[:2] == ["1", "2/2"] and len(lines[2].split()) == 9  # with the reference
    assert lines[3].split()[:2] == ["2", "2/2"] and len(lines[3].split()) == 6  # without
    assert "8-start" in out and "1-go-out" not in out.split("depth reached")[1]


def test_bench_json_is_the_tables_data(capsys: pytest.CaptureFixture[str], small_suite: Path) -> None:
    status, out, _ = run(capsys, "bench", "--suite", str(small_suite), "--depths", "1-2", "--ref-depth", "1", "--json")
    data = json.loads(out)
    first, second = data["depths"]
    assert status == 0
    assert (data["suite"], data["positions"], data["mode"], data["evaluation"]) == ("suite.txt", 2, "expectimax",
                                                                                    "material")
    assert (first["depth"], first["finished"], first["tried"]) == (1, 2, 2) and first["nodes"] > 0
    assert first["nodes_per_second"] == pytest.approx(first["nodes"] / first["seconds"])
    assert first["reference"]["finished"] == 2 and first["ratio"] == pytest.approx(
        first["nodes_per_second"] / first["reference"]["nodes_per_second"])
    assert (second["depth"], second["reference"], second["ratio"]) == (2, None, None)
    assert [deal["label"] for deal in data["eight_card_deals"]] == ["8-start"] and data["quick_ms"] == 100


def test_bench_help_documents_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    assert "--json" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "problem"), [
    (["solve", "N:3... E:K..."], "eights: S: required"),
    (["solve", GO_OUT_OR_DRAW, "--depth", "0"], "eights: depth: must be a whole number from 1 to 64, got 0"),
    (["solve", GO_OUT_OR_DRAW, "--time-ms", "-1"], "eights: time_ms: must be a positive number of milliseconds up to 86400000, got -1.0"),
    (["solve", GO_OUT_OR_DRAW, "--depth", "1", "--time-ms", "5"], "eights: argument --time-ms: not allowed with argument --depth"),
    (["solve", GO_OUT_OR_DRAW, "--mode", "minimax"], "eights: argument --mode: invalid choice: 'minimax' (choose from 'expectimax', 'fixed-order')"),
    (["solve", GO_OUT_OR_DRAW, "--mode", "fixed-order"], "eights: mode: fixed-order needs a position with the stock's order (order:)"),
    (["bench", "--depths", "0-3"], "eights: argument --depths: expected depths from 1 to 64 as 1-6 or 1,2,4, got '0-3'"),
    (["bench", "--suite", "no/such/file"], "eights: argument --suite: no such suite file: no/such/file"),
])
def test_bad_input_is_one_line_with_status_2(argv: list[str], problem: str) -> None:
    done = subprocess.run([sys.executable, "-m", "eights", *argv], cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", problem + "\n")
