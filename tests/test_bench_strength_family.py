"""Issue #32 (4), #38, #39 (5): ``python -m eights.bench.strength --rules``: N bots at a family
game, the seats rotated over each deal, each bot's mean payoff per deal with its 95% CI and its
difference from the mean of the baseline bot's seats in the same run (tiny smoke runs at a fixed
depth: timed runs are not tests); bad options one line and status 2; and the engine's match with
a person's hooks (an observer of every event, a limit on the deals)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from eights.bench.strength import main, split_specs
from eights.engine.family import parse_rules, play_family_match, random_family_strategy
from eights.engine.family.match import match_over, match_so_far
from eights.play.family.rotation import run
from eights.play.stats import mean_interval


def test_a_tiny_run_gives_every_seat_its_row_and_the_difference_from_the_fill_bots_mean(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status = main(["--rules", "classic/4", "--bots", "heuristic,solver:depth=1", "--deals", "2", "--seed", "3",
                   "--workers", "1", "--json", str(tmp_path / "run.json"), "--records", str(tmp_path / "games.jsonl")])
    out = capsys.readouterr().out
    assert status == 0
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["bots"] == ["heuristic", "solver:depth=1", "random", "random"]
    assert "classic/4: 2 deals, each played 4 times with the seats rotated (8 games), seed 3" in out
    assert "minus the baseline (random), 95% CI" in out
    rounds = data["rounds"]
    means = [[sum(row) / 4 for row in played["payoffs"]] for played in rounds]  # each bot's mean a round
    baseline = [(mine[2] + mine[3]) / 2 for mine in means]  # the two random seats' mean, deal by deal
    assert data["baseline"]["spec"] == "random" and data["baseline"]["seats"] == [2, 3]
    assert data["baseline"]["mean"] == pytest.approx(mean_interval(baseline).mean)
    for bot in (0, 1):
        gap = mean_interval([mine[bot] - theirs for mine, theirs in zip(means, baseline)])
        assert data["rows"][bot]["minus_baseline"]["mean"] == pytest.approx(gap.mean)
        assert data["rows"][bot]["minus_baseline"]["ci95"] == pytest.approx([gap.low, gap.high])
        assert f"{gap.mean:+.2f} ({gap.low:+.2f} .. {gap.high:+.2f})" in out
    assert data["rows"][2]["minus_baseline"] is None and data["rows"][3]["minus_baseline"] is None
    summary = mean_interval(baseline)
    assert (f"baseline random (seats 2, 3): {summary.mean:+.2f} per deal, "
            f"95% CI {summary.low:+.2f} .. {summary.high:+.2f}") in out
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 8


def test_against_the_heuristic_in_every_other_seat_a_bot_is_measured_against_their_mean(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue #39 (5): the baseline is the mean of every seat the baseline bot holds, not its first
    seat; classic's payoffs are zero-sum, so the heuristics' mean is minus A's over three and
    A's difference from it is 4/3 of A's mean, deal by deal."""
    assert main(["--rules", "classic/4", "--bots", "solver:depth=1", "--fill", "heuristic", "--deals", "3",
                 "--seed", "2", "--workers", "1", "--json", str(tmp_path / "run.json")]) == 0
    data = json.loads((tmp_path / "run.json").read_text())
    mine = data["rows"][0]
    assert data["baseline"]["seats"] == [1, 2, 3]
    assert data["baseline"]["mean"] == pytest.approx(-mine["mean"] / 3)
    assert mine["minus_baseline"]["mean"] == pytest.approx(4 / 3 * mine["mean"])
    assert "baseline heuristic (seats 1, 2, 3): " in capsys.readouterr().out


def test_the_run_docs_matches_md_shows_prints_as_shown(capsys: pytest.CaptureFixture[str]) -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "matches.md"
    lines = iter(page.read_text(encoding="utf-8").splitlines())
    command = next(line for line in lines if line.startswith("    $ python -m eights.bench.strength "))
    shown = []
    for line in lines:
        if line.strip() and not line.startswith("    "):
            break
        shown.append(line[4:])
    assert main(command.split()[4:]) == 0
    assert capsys.readouterr().out.strip() == "\n".join(shown).strip()


def test_with_two_seats_the_table_has_the_pairs_and_the_sign_test(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "classic/2", "--bots", "heuristic", "--deals", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "A (heuristic) minus B (random) per deal: " in out and "pairs A won / lost / tied: " in out


def test_a_run_is_the_same_for_any_number_of_workers() -> None:
    rules = parse_rules("openspiel/3")
    one = run(rules, ["heuristic", "random", "random"], 3, seed=5, workers=1)
    two = run(rules, ["heuristic", "random", "random"], 3, seed=5, workers=2)
    assert one.to_json() == two.to_json() and one.deterministic


def test_specs_are_split_at_the_commas_a_bots_name_follows() -> None:
    assert split_specs("fair:time=100,samples=8,heuristic,solver:depth=2,mode=paranoid") == [
        "fair:time=100,samples=8", "heuristic", "solver:depth=2,mode=paranoid"]
    assert split_specs("solver:depth=1,eval=material,random") == ["solver:depth=1,eval=material", "random"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "classic/3", "--deals", "1"], "--bots: the bots to seat"),
    (["--rules", "classic/3", "--bots", "nope,heuristic"], "--bots: bot 'nope'"),
    (["--rules", "classic/3", "--bots", "solver:depth=0"], "--bots: bot 'solver:depth=0': depth must be"),
    (["--rules", "classic/3", "--bots", "heuristic", "--fill", "nope"], "--fill: bot 'nope'"),
    (["--rules", "classic/3", "--bots", "heuristic", "--baseline", "nope"], "--baseline: bot 'nope'"),
    (["--rules", "classic/2", "--bots", "random,random,random"], "--bots: 3 bots, more than the 2 seats"),
    (["--bots", "random,random,random"], "--bots: 3 bots, more than the 2 sides of sce2"),
    (["--rules", "classic/3", "--bots", "random", "--deals", "0"], "--deals: at least 1 deal, got 0"),
    (["--a", "random", "--b", "random", "--pairs", "0"], "--deals: at least 1 deal, got 0"),
    (["--rules", "classic/3", "--bots", "random", "--deal-size", "3"], "--deal-size: classic/3 deals the hand size"),
    (["--a", "random", "--b", "random", "--bots", "random"], "--bots: name the bots with --bots, or with --a"),
    (["--rules", "nope/3", "--bots", "random"], "--rules.preset: unknown preset"),
    (["--b", "random"], "the following arguments are required: --a"),
])
def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main([*argv, "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"python -m eights.bench.strength: {message}") and len(err.strip().splitlines()) == 1


def test_a_match_tells_its_observer_every_event_and_stops_after_the_deals_asked() -> None:
    rules = parse_rules("classic/3")
    seen: list[str] = []
    result = play_family_match(rules, [random_family_strategy] * 3, 4, deals=2,
                               observe=lambda before, event, after: seen.append(event))
    assert len(result.records) == 2 and seen == [event for record in result.records for event in record.events]
    whole = play_family_match(rules, [random_family_strategy] * 3, 4)
    assert whole.records[:2] == result.records and match_over(whole)
    so_far = match_so_far(rules, result.records)
    assert so_far == result and so_far.points == tuple(
        sum((deal[seat] for deal in result.deals if deal[seat] > 0), Fraction(0)) for seat in range(3))
