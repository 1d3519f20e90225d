"""The training command end to end on a tiny budget (seconds): self-play, fit, duel, and the
weights file it writes loads as a model of this solver's features."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from eights.solver.trained import FEATURES, TrainedModel, shipped_model
from eights.solver.training.__main__ import main
from eights.solver.training.deals import schedule
from eights.solver.training.duel import duel
from eights.solver.training.fit import fit
from eights.solver.training.players import SearchPlayer
from eights.solver.training.selfplay import lambda_returns, self_play


def test_self_play_labels_every_position_with_the_payoff_to_its_side() -> None:
    samples = self_play(SearchPlayer(None, depth=1), schedule(3, random.Random(1)))
    assert samples.deals == 3 and len(samples.rows) == len(samples.labels) > 3
    assert all(len(row) == len(FEATURES) for row in samples.rows)


def test_labels_at_lambda_1_are_the_deals_payoff_and_below_1_lean_on_the_searched_values() -> None:
    deals = schedule(2, random.Random(5))
    outcome = self_play(SearchPlayer(None, depth=2), deals)
    mixed = self_play(SearchPlayer(None, depth=2), deals, lam=0.5)
    assert outcome.rows == mixed.rows and outcome.labels != mixed.labels
    assert len({abs(label) for label in outcome.labels[:5]}) == 1  # one deal, one payoff


def test_a_forced_position_takes_its_successors_return() -> None:
    assert lambda_returns([None, 2.0, None, None], -6.0, 0.0) == [2.0, -6.0, -6.0, -6.0]
    assert lambda_returns([], 5.0, 0.3) == []


def test_fit_gives_one_weight_per_feature() -> None:
    samples = self_play(SearchPlayer(None, depth=1), schedule(4, random.Random(2)))
    assert len(fit(samples).weights) == len(FEATURES)


def test_training_command_writes_a_model_that_beat_material(tmp_path: Path) -> None:
    out = tmp_path / "model.json"
    assert main(["--generations", "1", "--deals", "200", "--pairs", "100", "--depth", "2", "--seed", "1",
                 "--out", str(out)]) == 0
    model = TrainedModel.load(out)
    assert "--seed 1" in model.meta["command"] and model.meta["generations"][0]["kept"]


def test_training_can_start_from_a_weights_file_and_label_with_td_lambda(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = tmp_path / "start.json"
    TrainedModel("start", shipped_model().weights).save(start)
    main(["--generations", "1", "--deals", "20", "--pairs", "6", "--depth", "1", "--seed", "3",
          "--start", str(start), "--td-lambda", "0.7", "--out", str(tmp_path / "model.json")])
    assert "self-play by start@d1" in capsys.readouterr().out  # and the refit duelled it


def test_training_refuses_a_bad_start_file_lambda_node_limit_or_workers_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--start", str(tmp_path / "missing.json")], ["--td-lambda", "1.5"], ["--node-limit", "-1"],
                 ["--workers", "0"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        message = capsys.readouterr().err.strip().splitlines()[-1]
        assert argv[0] in message or "missing.json" in message
        assert "Traceback" not in message


def test_self_play_and_duels_give_the_same_numbers_on_one_process_or_several() -> None:
    player, other = SearchPlayer(shipped_model(), depth=3), SearchPlayer(None, depth=3)
    deals = schedule(45, random.Random(4))  # three chunks of CHUNK deals
    assert self_play(player, deals, workers=2) == self_play(player, deals)
    assert duel(player, other, deals, workers=2) == duel(player, other, deals)


def test_a_search_over_its_node_limit_keeps_its_last_completed_depth() -> None:
    deals = schedule(3, random.Random(6))
    assert self_play(SearchPlayer(None, depth=8, node_limit=1), deals) == self_play(SearchPlayer(None, depth=1), deals)
