"""The training command end to end on a tiny budget (seconds): self-play, fit, duel, and the
weights file it writes loads as a model of this solver's features."""

from __future__ import annotations

import random
from pathlib import Path

from solver.trained import FEATURES, TrainedModel
from solver.training.__main__ import main
from solver.training.deals import schedule
from solver.training.fit import fit
from solver.training.players import SearchPlayer
from solver.training.selfplay import self_play


def test_self_play_labels_every_position_with_the_payoff_to_its_side() -> None:
    samples = self_play(SearchPlayer(None, depth=1), schedule(3, random.Random(1)))
    assert samples.deals == 3 and len(samples.rows) == len(samples.labels) > 3
    assert all(len(row) == len(FEATURES) for row in samples.rows)


def test_fit_gives_one_weight_per_feature() -> None:
    samples = self_play(SearchPlayer(None, depth=1), schedule(4, random.Random(2)))
    assert len(fit(samples).weights) == len(FEATURES)


def test_training_command_writes_a_model_that_beat_material(tmp_path: Path) -> None:
    out = tmp_path / "model.json"
    assert main(["--generations", "1", "--deals", "200", "--pairs", "100", "--depth", "2", "--seed", "1",
                 "--out", str(out)]) == 0
    model = TrainedModel.load(out)
    assert "--seed 1" in model.meta["command"] and model.meta["generations"][0]["kept"]
