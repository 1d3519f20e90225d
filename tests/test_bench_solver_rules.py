"""Issue #30, item 4: ``python -m eights.bench.solver --rules PRESET`` prints the family core's rows
beside sce2's and, for pyspiel's own game, the outside baselines on the same deals (the shape of
the tables only: no timing is asserted); the baselines answer the question the core answers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_bench_extras import WITHOUT

ROOT = Path(__file__).resolve().parent.parent


def bench(*arguments: str) -> str:
    """The benchmark's standard output, run as a user runs it."""
    done = subprocess.run([sys.executable, "-m", "eights.bench.solver", *arguments], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_preset_prints_a_row_per_mode_and_sce2_beside_it() -> None:
    lines = bench("--rules", "classic/2", "--deals", "1", "--rules-ms", "5").splitlines()
    assert lines[1] == "| rules | mode | deals | M nodes/s | least depth | median depth |"
    rows = [line.split(" | ") for line in lines[3:]]
    assert [(row[0], row[1]) for row in rows] == [("| classic/2", "maxn"), ("| classic/2", "paranoid"),
                                                  ("| sce2", "expectimax")]
    assert [row[2] for row in rows[:2]] == ["1", "1"] and all(len(row) == 6 for row in rows)
    assert "outside" not in "\n".join(lines)  # no pyspiel game asked for: no baseline


def test_pyspiels_game_gets_the_outside_baselines_with_their_ratios() -> None:
    pytest.importorskip("pyspiel")
    found = json.loads(bench("--rules", "openspiel/2", "--deals", "1", "--rules-ms", "5", "--json"))
    assert [(row["rules"], row["mode"]) for row in found["family"]] == [("openspiel/2", "maxn"),
                                                                        ("openspiel/2", "paranoid")]
    assert found["sce2"]["rules"] == "sce2" and found["sce2"]["deals"] == 4
    outside = found["outside"]
    assert [row["against"] for row in outside] == ["paranoid", "maxn", "maxn"]
    assert outside[0]["baseline"].startswith("OpenSpiel expectiminimax")
    assert all(row["deals"] == 1 and row["least_depth"] >= 1 and row["ratio"] > 0 for row in outside)


def test_the_baselines_value_a_deal_as_the_core_does() -> None:
    pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import minimax

    from eights.bench.family_core import largest_deal
    from eights.bench.family_search import PyspielMaxN, counted_expectiminimax, material_leaf, pyspiel_state
    from eights.engine.family import parse_rules
    from eights.games import find_game
    from eights.solver.family_native import solve

    rules = parse_rules("openspiel/2")
    position = largest_deal(find_game("openspiel/2"), 2)
    state = pyspiel_state(position)
    leaf = material_leaf(state.get_game(), rules.decks)
    player = state.current_player()
    for depth in (1, 2):  # no 8 in either hand: pyspiel's depth is eights'
        search = PyspielMaxN(leaf)
        with counted_expectiminimax(search):
            value, _ = minimax.expectiminimax(state, depth, lambda s: search.expand(s, 0)[player], player)
        assert search.nodes > 1
        assert value == pytest.approx(solve(position, depth=depth, mode="paranoid").value, abs=1e-9)
        kept = PyspielMaxN().value(state, depth, tuple(leaf(state)))
        values = solve(position, depth=depth).values
        assert values is not None and kept == pytest.approx(list(values), abs=1e-9)


def test_without_pyspiel_the_baselines_say_so_in_one_line_before_any_work(tmp_path: Path) -> None:
    script = WITHOUT.format(hidden=["pyspiel"], module="eights.bench.solver", arguments=["--rules", "openspiel/2"])
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == "", done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "needs pyspiel, from the test extra: " in done.stderr
