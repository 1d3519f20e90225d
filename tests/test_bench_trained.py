"""The trained evaluation's benchmarks: eights.bench.eights, eights.bench.calibration, eights.bench.stability and
eights.bench.models on tiny budgets; weights files of an earlier feature set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eights.bench.calibration import Calibration
from eights.bench.calibration import main as calibration_main
from eights.bench.eights import holds_an_eight_and_more
from eights.bench.eights import main as eights_main
from eights.bench.models import main as models_main
from eights.bench.stability import Comparison, by_depth_gap, loss, mid_deal_positions
from eights.bench.stability import main as stability_main
from eights.engine.moves import Move
from eights.engine.notation import parse_position
from eights.engine.rules import legal_moves
from eights.solver import Solver
from eights.solver.trained import FEATURES, TrainedModel, shipped_model


def test_an_eight_with_another_play_is_the_decision_counted() -> None:
    with_other = parse_position("N:K... E:Q... S:8.5.. W:9... up:5C turn:S")
    only_eight = parse_position("N:K... E:Q... S:8..K. W:9... up:5C turn:S")
    assert holds_an_eight_and_more(with_other, list(legal_moves(with_other)))
    assert not holds_an_eight_and_more(only_eight, list(legal_moves(only_eight)))


def test_a_perfectly_calibrated_value_has_slope_one_and_no_error() -> None:
    result = Calibration("ideal", [-10.0, 0.0, 25.0], [-10.0, 0.0, 25.0], [0, 1, 2])
    assert (result.slope, result.intercept, result.rmse) == pytest.approx((1.0, 0.0, 0.0))
    assert result.slope_interval() == pytest.approx((1.0, 1.0))


def test_calibration_slope_interval_resamples_deals_not_decisions() -> None:
    # Deal 0's ten decisions all say 0 and it ended 0; deal 1 said 10 and ended 30; deal 2 said
    # 20 and ended 20. Resampling decisions would keep every deal in nearly every draw.
    values = [0.0] * 10 + [10.0, 20.0]
    result = Calibration("clustered", values, [0.0] * 10 + [30.0, 20.0], [0] * 10 + [1, 2])
    low, high = result.slope_interval()
    assert low < result.slope < high and high - low > 1


def test_calibration_benchmark_prints_a_row_per_evaluation_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert calibration_main(["--deals", "2", "--time-ms", "5", "--evaluations", "trained"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[0] for row in rows] == ["trained"]


def test_eights_benchmark_prints_a_row_per_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    assert eights_main(["--deals", "4", "--time-ms", "5"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    assert [row[0] for row in rows] == ["material", "trained"]
    for _, decisions, played, _, near, large, played_large, _ in rows:
        assert 0 <= int(near) <= int(played) <= int(decisions)
        assert int(played_large) <= min(int(played), int(large)) and int(large) <= int(decisions)


def test_eights_benchmark_with_a_large_hold8_never_plays_the_8(capsys: pytest.CaptureFixture[str]) -> None:
    assert eights_main(["--deals", "6", "--time-ms", "5", "--evaluations", "trained", "--hold8", "1000"]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert "hold8=1000)" in header
    _, decisions, played, *_ = row.split()
    assert int(decisions) > 0 and int(played) == 0  # every such decision has another card to play


def test_eights_benchmark_refuses_negative_hold8(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        eights_main(["--hold8", "-1"])
    assert stop.value.code == 2
    assert "--hold8 must be a number of points, 0 or more, got -1" in capsys.readouterr().err


def test_stability_benchmark_compares_two_budgets_per_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    assert stability_main(["--positions", "2", "--short-ms", "5", "--long-ms", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[2:4]] == [["material", "2"], ["trained", "2"]]
    assert all(len(line.split()) == 9 for line in lines[2:4])  # every column, the loss too
    assert [line.split(":")[0] for line in lines[5:]] == ["material", "trained"]


def test_stability_by_depth_gap_counts_agreement_per_gap() -> None:
    rows = [Comparison(8, True, 0.0, 0.0, 6, 7), Comparison(8, False, 3.0, 2.0, 5, 7),
            Comparison(8, True, 0.0, 0.0, 6, 8), Comparison(8, True, 0.0, 0.0, 6, 7)]
    assert by_depth_gap("trained", rows) == "trained: gap 1: 2/2 (100.0%), gap 2: 1/2 (50.0%)"


def test_stability_counts_a_move_the_long_search_ties_with_its_best_as_the_same() -> None:
    # 8S/S and 8S/H are worth the same (within SAME_VALUE): either is the best of the rest.
    position = parse_position("N:..Q. E:..6. S:8..2. W:..T4.5 up:4H turn:S dir:cw draw:0 discard:.KJ..")
    solution = Solver().solve(position, depth=3)
    values = {entry.move.notation(): entry.value for entry in solution.moves}
    assert loss(solution, Move.draw()) == 0.0
    assert loss(solution, Move.from_notation("play 8S/S")) == loss(solution, Move.from_notation("play 8S/H"))
    assert loss(solution, Move.from_notation("play 8S/D")) == pytest.approx(values["draw"] - values["play 8S/D"])


def test_mid_deal_positions_are_seeded_decisions_with_a_choice() -> None:
    positions = list(mid_deal_positions(3, seed=5))
    assert positions == list(mid_deal_positions(3, seed=5))
    assert all(len(list(legal_moves(position))) > 1 for position in positions)


def test_an_earlier_feature_sets_weights_load_with_the_features_it_lacks_at_zero() -> None:
    shipped = shipped_model()
    older = {"name": "older", "weights": dict(list(zip(FEATURES, shipped.weights))[:41])}
    model = TrainedModel.from_json(older)
    assert model.weights[:41] == shipped.weights[:41] and set(model.weights[41:]) == {0.0}


def test_weights_of_a_feature_the_solver_does_not_know_are_refused() -> None:
    with pytest.raises(ValueError, match="not this solver's"):
        TrainedModel.from_json({"name": "alien", "weights": {"own_concealed.jokers": 1.0}})


def test_models_benchmark_duels_two_weights_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = tmp_path / "older.json"
    older.write_text(json.dumps({"name": "older", "weights": dict(list(zip(FEATURES, shipped_model().weights))[:41])}))
    assert models_main(["--a", "solver/weights/trained-v2.json", "--b", str(older), "--depth", "1", "--pairs", "2"]) == 0
    assert capsys.readouterr().out.startswith("trained-v2@d1 against older@d1: ")


def test_models_benchmark_refuses_a_missing_file_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert models_main(["--a", "no-such-weights.json", "--b", "material"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
