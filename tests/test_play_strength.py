"""The strength benchmark (eights.play.strength, eights.play.stats, eights.play.report, eights.bench.strength): the
statistics against values worked out by hand, determinism for a seed, the table, and
``python -m eights.bench.strength`` end to end on a few pairs of small deals."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from eights.bench.strength import main
from eights.engine import DealRecord, Move, Position, parse_position
from eights.engine.cards import S, scan
from eights.play.bots import make_bot
from eights.play.paired import play_game
from eights.play.report import report
from eights.play.stats import (
    CONCEALED_ALL,
    CONCEALED_ONE,
    DUMMY_OUT,
    TWO_OUT,
    DealStats,
    ending,
    mean_interval,
    sign_test,
)
from eights.play.strength import StrengthResult, run


@pytest.fixture(scope="module")
def small_run() -> StrengthResult:
    return run("heuristic", "solver:depth=1", pairs=6, seed=2, deal_size=2, workers=1)


# --- statistics ------------------------------------------------------------------------------------

def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    # mean 3, sample variance 10/4 = 2.5, standard error sqrt(2.5/5) = 0.70711; z = 1.95996
    interval = mean_interval([1, 2, 3, 4, 5])
    assert interval.mean == 3
    assert interval.half_width == pytest.approx(1.95996 * 0.70711, abs=1e-4)
    assert (interval.low, interval.high) == pytest.approx((1.6141, 4.3859), abs=1e-4)


def test_one_value_has_no_interval() -> None:
    assert mean_interval([4]).half_width == math.inf


@pytest.mark.parametrize("wins, losses, p", [
    (9, 1, 22 / 1024),  # 2 * (C(10,0) + C(10,1)) / 2^10
    (10, 0, 2 / 1024),
    (1, 3, 10 / 16),  # 2 * (1 + 4) / 16
    (5, 5, 1.0),  # the doubled tail passes 1
    (0, 0, 1.0),
])
def test_the_sign_test_is_the_exact_two_sided_binomial_tail(wins: int, losses: int, p: float) -> None:
    assert sign_test(wins, losses) == pytest.approx(p)


@pytest.mark.parametrize("text, expected", [
    ("N:5... E:Q... S:K... W:9... up:5H turn:N", DUMMY_OUT),
    # S goes out; EW counts W's 9 rather than all three hands (9 + 10 - 3 = 16)
    ("N:3... E:Q... S:5... W:9... up:5H turn:S", CONCEALED_ONE),
    # S goes out; EW counts all three hands (9 + 10 - 20 = -1), less than W or E alone
    ("N:KJ... E:Q... S:5... W:9... up:5H turn:S", CONCEALED_ALL),
    # N goes out on a 3, E is skipped, S goes out too
    ("N:3... E:Q... S:4... W:9... up:5S turn:N", TWO_OUT),
])
def test_how_a_deal_ended(text: str, expected: str) -> None:
    start = parse_position(text)
    start = replace(start, order=tuple(scan(start.stock)))
    bots = (make_bot("heuristic"), make_bot("heuristic"))
    assert ending(play_game(start, bots, lambda n, cards: ())) == expected


class Scripted:
    """A bot that makes the moves it is given, in order."""

    spec, deterministic = "scripted", True

    def __init__(self, *moves: str) -> None:
        self.moves = [Move.from_notation(move) for move in moves]

    def new_game(self, seed: int) -> None:
        pass

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        return self.moves.pop(0)


def test_a_hand_that_went_out_and_had_to_draw_again_is_not_the_one_that_went_out() -> None:
    # N goes out on 3S (E skipped); S covers with 3H (W skipped); extended play comes back
    # to N, which must draw (RULES "Going out and extended play"); E cannot play and draws;
    # S goes out with 4H.
    start = parse_position("N:3... E:K... S:.43.. W:...9 up:5S turn:N")
    start = replace(start, order=tuple(scan(start.stock)))
    game = play_game(start, (Scripted("play 3S", "play 3H", "draw", "play 4H"), Scripted("draw")),
                     lambda n, cards: ())
    assert [move.notation().split()[0] for move in game.record.moves] == ["play", "play", "draw", "draw", "play"]
    assert (game.first_out, game.hands_out) == (S, 1)
    assert ending(game) in (CONCEALED_ONE, CONCEALED_ALL)


def test_deal_statistics_count_every_game(small_run: StrengthResult) -> None:
    games = [game for pair in small_run.pairs for game in pair.games]
    stats = DealStats.of(games)
    assert stats.deals == 12
    assert sum(e.deals for e in stats.endings.values()) == 12
    assert stats.max_actions == max(game.actions for game in games)
    assert stats.against_a - stats.against_b == pytest.approx(-small_run.summary().payoff.mean)


# --- runs ----------------------------------------------------------------------------------------

def test_a_run_is_the_same_for_the_same_seed_whatever_the_workers(small_run: StrengthResult) -> None:
    again = run("heuristic", "solver:depth=1", pairs=6, seed=2, deal_size=2, workers=2)
    assert again.to_json() == small_run.to_json()
    assert again.deterministic


def test_another_seed_gives_other_deals(small_run: StrengthResult) -> None:
    other = run("heuristic", "solver:depth=1", pairs=6, seed=3, deal_size=2, workers=1)
    assert [pair.deal.seed for pair in other.pairs] != [pair.deal.seed for pair in small_run.pairs]


def test_the_summary_counts_pairs_won_lost_and_tied_on_their_totals(small_run: StrengthResult) -> None:
    summary = small_run.summary()
    totals = [pair.total for pair in small_run.pairs]
    assert (summary.wins, summary.losses, summary.ties) == \
        (sum(t > 0 for t in totals), sum(t < 0 for t in totals), sum(t == 0 for t in totals))
    assert summary.payoff.mean == pytest.approx(sum(totals) / 12)
    assert summary.sign_p == sign_test(summary.wins, summary.losses)


def test_a_time_limited_solver_makes_the_run_not_deterministic() -> None:
    assert not run("solver:time=1", "random", pairs=1, seed=1, deal_size=1, workers=1).deterministic


def test_the_table_prints_the_payoff_the_sign_test_and_the_kellers_deals(small_run: StrengthResult) -> None:
    table = report(small_run)
    assert table.splitlines()[0] == "A: heuristic   B: solver:depth=1   seed 2   deals: 2-card deals"
    for text in ("pairs", "6 (12 deals)", "A's payoff per deal", "95% CI", "sign test", "p = ",
                 "actions per deal", "reshuffle", "draws by a hand that could play", "points against NS / EW"):
        assert text in table
    kellers = {line.split()[-5] for line in table.splitlines() if line.startswith("  ")}
    assert kellers == {"91", "90", "13", "1"}


# --- python -m eights.bench.strength ---------------------------------------------------------------------------

def test_bench_strength_runs_end_to_end_on_two_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    summary_file, records_file = tmp_path / "run.json", tmp_path / "deals.jsonl"
    status = main(["--a", "heuristic", "--b", "solver:depth=1", "--pairs", "4", "--seed", "5", "--deal-size", "1",
                   "--workers", "2", "--json", str(summary_file), "--records", str(records_file)])
    assert status == 0
    assert "A's payoff per deal" in capsys.readouterr().out
    data = json.loads(summary_file.read_text())
    assert (data["a"], data["b"], data["summary"]["pairs"], len(data["pairs"])) == \
        ("heuristic", "solver:depth=1", 4, 4)
    lines = [json.loads(line) for line in records_file.read_text().splitlines()]
    assert [(line["pair"], line["a_side"]) for line in lines] == \
        [(pair, side) for pair in range(4) for side in ("NS", "EW")]
    assert all(DealRecord.from_json(line["record"]).positions()[-1].is_over for line in lines)


def test_bench_strength_prints_a_bad_spec_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "solver:depth=0", "--b", "random", "--pairs", "1"]) == 2
    assert capsys.readouterr().err == "python -m eights.bench.strength: --a: bot 'solver:depth=0': " \
                                      "depth must be a whole number from 1 to 64, got '0'\n"


# The sce2 form's table as bench.strength printed it before it was written once over the games'
# interface (#38): the numbers of a paired run at a fixed depth must not change.
SCE2_TABLE = """\
A: solver:depth=1   B: heuristic   seed 5   deals: 8…1…8 cycling

pairs                                                 3 (6 deals)
A's payoff per deal (B's points - A's)                -109.33   95% CI -177.80 .. -40.87
pairs A won / lost / tied (on the pair's total)       0 / 3 / 0
sign test on the pair totals, two-sided               p = 0.25

deals played (both games of every pair)               these deals
actions per deal, mean / max                          84.2 / 148
deals with a reshuffle                                50.0%
decisions that were draws by a hand that could play   21.6%
points against NS / EW per deal                       77.3 / 43.7
points against A / B per deal                         115.2 / 5.8   (Kellers: about 25 a side)

how deals ended                                        deals  share   out/other   Kellers: deals  share out/other
  a dummy out (all three hands count)                      4  66.7%     9 / 152               91  46.7%   21 / 60
  a concealed hand out, the opponent counts one hand       2  33.3%      0 / 41               90  46.2%    0 / 16
  a concealed hand out, the opponent counts all three      0   0.0%           -               13   6.7%   32 / 48
  two or more hands out                                    0   0.0%           -                1   0.5%    0 / 34
(out/other: mean points against the side that went out first, and against the other side)
"""


@pytest.mark.parametrize("argv", [
    ["--a", "solver:depth=1", "--b", "heuristic", "--pairs", "3"],
    ["--rules", "sce2", "--bots", "solver:depth=1,heuristic", "--deals", "3"],
])
def test_sce2_s_paired_table_is_as_before_in_its_own_form_and_the_common_one(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main([*argv, "--seed", "5", "--workers", "1"]) == 0
    assert capsys.readouterr().out == SCE2_TABLE
