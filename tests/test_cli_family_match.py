"""Issue #32 (2 and 4): ``eights match --rules`` (one bot a seat, each deal played once a seat
with the seats rotated, each bot's mean payoff per deal with its 95% CI, the paired table for
two seats, the records) and ``eights batch --rules`` (a file of family positions solved as POST
/v1/batch solves them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eights.engine.family import parse_rules
from eights.engine.family.record import FamilyDealRecord
from eights.play.family import make_family_bot
from eights.play.family.seats import rotated_deals
from tests.cli_support import run

BOTS = ["--bot", "heuristic", "--bot", "random", "--bot", "random"]


def test_a_match_of_three_seats_gives_each_bots_mean_payoff_with_its_interval_and_the_records(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "match", "--rules", "classic/3", *BOTS, "--deals", "3", "--seed", "2",
                           "--workers", "1", "--records", str(tmp_path / "records"), "--json", str(tmp_path / "run.json"))
    assert status == 0, err
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["bots"] == ["heuristic", "random", "random"] and [row["deals"] for row in data["rows"]] == [9, 9, 9]
    expected = rotated_deals(parse_rules("classic/3"), [make_family_bot(s) for s in ("heuristic", "random", "random")],
                             3, seed=2)
    assert [row["mean"] for row in data["rows"]] == [row.interval.mean for row in expected]
    assert "3 deals, each played 3 times with the seats rotated (9 games), seed 2" in out
    heuristic = next(line for line in out.splitlines() if line.startswith("0    heuristic"))
    low, high = data["rows"][0]["ci95"]
    assert f"{data['rows'][0]['mean']:+.2f}" in heuristic and f"{low:+.2f} .. {high:+.2f}" in heuristic
    assert data["rounds"][0]["seats"] == [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    records = sorted((tmp_path / "records").iterdir())
    assert [path.name for path in records][:4] == ["deal-001-game-1.json", "deal-001-game-2.json",
                                                  "deal-001-game-3.json", "deal-002-game-1.json"]
    for path in records:
        record = FamilyDealRecord.from_json(json.loads(path.read_text()))
        assert record.end.is_over
    first = [FamilyDealRecord.from_json(json.loads(path.read_text())) for path in records[:3]]
    assert len({record.start for record in first}) == 1  # one deal a round, played once a seat


def test_the_table_is_the_same_on_worker_processes_and_on_a_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    tables = []
    for where in (["--workers", "1"], ["--workers", "2"], ["--cluster", "--workers", "1"]):
        status, out, _ = run(capsys, "match", "--rules", "classic/3", *BOTS, "--deals", "4", *where)
        assert status == 0
        tables.append(out)
    assert tables[0] == tables[1] == tables[2]


def test_two_seats_give_the_paired_table_with_the_sign_test(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    status, out, _ = run(capsys, "match", "--rules", "openspiel/2", "--bot", "heuristic", "--bot", "random",
                         "--deals", "6", "--workers", "1", "--json", str(tmp_path / "run.json"))
    assert status == 0
    data = json.loads((tmp_path / "run.json").read_text())
    gaps = [sum(played["payoffs"][0]) - sum(played["payoffs"][1]) for played in data["rounds"]]  # not zero-sum
    wins, losses = sum(gap > 0 for gap in gaps), sum(gap < 0 for gap in gaps)
    assert data["pairs"]["wins"] == wins and data["pairs"]["losses"] == losses
    assert f"pairs A won / lost / tied: {wins} / {losses} / {6 - wins - losses}, sign test two-sided p = " in out
    assert f"A (heuristic) minus B (random) per deal: {sum(gaps) / 12:+.2f}" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "classic/3", "--bot", "random"], "eights: --bot: one a seat, 3 in classic/3, not 1"),
    (["--rules", "classic/3", "--bot", "random", "--bot", "nope", "--bot", "random"], "eights: --bot: bot 'nope'"),
    (["--rules", "classic/3", "--bot", "fair:time=100,samples=0", "--bot", "random", "--bot", "random"],
     "eights: --bot: bot 'fair:time=100,samples=0': samples must be"),
    (["--rules", "nope/3"], "eights: --rules.preset: unknown preset 'nope'"),
    (["--rules", "classic/3", "--a", "random"], "eights: --a: bots A and B play a game of two; classic/3 names one --bot a seat"),
    (["--rules", "classic/3", *BOTS, "--deals", "0"], "eights: deals must be a whole number from 1"),
    (["--bot", "random", "--a", "random", "--b", "random"], "eights: --bot: name the bots with --a and --b, or with --bot"),
    (["--a", "random", "--b", "random", "--deals", "2"], "eights: --deals: sce2 counts its matches (--matches)"),
    (["--rules", "classic/3", *BOTS, "--matches", "2"], "eights: --matches: classic/3 counts its deals (--deals)"),
    (["--a", "random"], "eights: the following arguments are required: --b"),
])
def test_bad_options_are_one_line_naming_the_option(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                     message: str) -> None:
    status, out, err = run(capsys, "match", "--workers", "1", *argv)
    assert status == 2 and out == "" and err.startswith(message) and len(err.strip().splitlines()) == 1


def positions(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Two classic/4 deals' first positions."""
    dealt = []
    for seed in ("3", "4"):
        status, out, _ = run(capsys, "deal", "--rules", "classic/4", "--seed", seed)
        assert status == 0
        dealt.append(out.strip())
    return dealt


def test_batch_solves_a_file_of_family_positions_as_post_v1_batch(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    dealt = positions(capsys)
    (tmp_path / "positions.txt").write_text("\n".join(dealt) + "\n")
    status, out, _ = run(capsys, "batch", str(tmp_path / "positions.txt"), "--depth", "2", "--json")
    assert status == 0
    results = json.loads(out)["results"]
    assert [result["position"] for result in results] == dealt
    assert all(result["rules"] == "classic/4" and len(result["values"]) == 4 for result in results)
    for result in results:  # as /v1/solve answers each: the solver's own
        status, solved, _ = run(capsys, "solve", result["position"], "--depth", "2", "--json")
        assert json.loads(solved)["values"] == result["values"]
    status, out, _ = run(capsys, "batch", str(tmp_path / "positions.txt"), "--depth", "2", "--rules", "classic/4",
                         "--objective", "paranoid", "--player", "2")
    assert status == 0 and all(line.endswith(" for seat 2") for line in out.splitlines()) and len(out.splitlines()) == 2


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "sce2"], "eights: --rules: sce2, but the position's rules are classic/4"),
    (["--rules", "classic/4,draw=one"], "eights: --rules: classic/4,draw=one, but the position's rules are classic/4"),
    (["--rules", "nope/4"], "eights: --rules.preset: unknown preset 'nope'"),
])
def test_batch_with_rules_other_than_the_positions_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              argv: list[str], message: str) -> None:
    (tmp_path / "positions.txt").write_text("\n".join(positions(capsys)) + "\n")
    status, out, err = run(capsys, "batch", str(tmp_path / "positions.txt"), "--depth", "1", *argv)
    assert status == 2 and out == "" and err.startswith(message) and len(err.strip().splitlines()) == 1


def test_batch_of_bare_positions_reads_them_as_rules_says(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bare = [text.split(" ", 1)[1] for text in positions(capsys)]  # without the rules: word
    (tmp_path / "positions.txt").write_text("\n".join(bare) + "\n")
    status, out, _ = run(capsys, "batch", str(tmp_path / "positions.txt"), "--depth", "1", "--rules", "classic/4",
                         "--json")
    assert status == 0 and [result["rules"] for result in json.loads(out)["results"]] == ["classic/4"] * 2
