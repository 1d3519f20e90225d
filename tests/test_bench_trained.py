"""The trained evaluation's benchmarks: bench.eights, bench.calibration and bench.stability on tiny budgets."""

from __future__ import annotations

import pytest

from bench.calibration import Calibration
from bench.eights import holds_an_eight_and_more
from bench.eights import main as eights_main
from bench.stability import main as stability_main
from bench.stability import mid_deal_positions
from engine.notation import parse_position
from engine.rules import legal_moves


def test_an_eight_with_another_play_is_the_decision_counted() -> None:
    with_other = parse_position("N:K... E:Q... S:8.5.. W:9... up:5C turn:S")
    only_eight = parse_position("N:K... E:Q... S:8..K. W:9... up:5C turn:S")
    assert holds_an_eight_and_more(with_other, list(legal_moves(with_other)))
    assert not holds_an_eight_and_more(only_eight, list(legal_moves(only_eight)))


def test_a_perfectly_calibrated_value_has_slope_one_and_no_error() -> None:
    result = Calibration("ideal", [-10.0, 0.0, 25.0], [-10.0, 0.0, 25.0])
    assert (result.slope, result.intercept, result.rmse) == pytest.approx((1.0, 0.0, 0.0))


def test_eights_benchmark_prints_a_row_per_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    assert eights_main(["--deals", "2", "--time-ms", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:]] == ["material", "trained"]


def test_stability_benchmark_compares_two_budgets_per_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    assert stability_main(["--positions", "2", "--short-ms", "5", "--long-ms", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[2:]] == [["material", "2"], ["trained", "2"]]


def test_mid_deal_positions_are_seeded_decisions_with_a_choice() -> None:
    positions = list(mid_deal_positions(3, seed=5))
    assert positions == list(mid_deal_positions(3, seed=5))
    assert all(len(list(legal_moves(position))) > 1 for position in positions)
