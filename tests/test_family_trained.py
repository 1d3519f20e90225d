"""Issue #39, item 2: the family's trained evaluation (``eval=trained``): the native core and
the reference search agree on its values depth by depth, it is the material where no model
ships (the layout game), and its training runs (a few deals, seconds)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from eights.engine.family import deal, parse_rules
from eights.engine.family.notation import parse_family
from eights.play.family import make_family_bot
from eights.solver.family import solve as reference_solve
from eights.solver.family.evaluation import material, trained
from eights.solver.family.trained import feature_names, weights_for
from eights.solver.family_native import solve
from eights.solver.training.family import main as train_main


@pytest.mark.parametrize("rules", ["classic/4", "classic/2", "sce/4", "openspiel/4", "classic/3,draw=one", "layout/4"])
@pytest.mark.parametrize("depth", [1, 2])
def test_the_core_and_the_reference_agree_under_the_trained_evaluation(rules: str, depth: int) -> None:
    for seed in range(3):
        position = deal(parse_rules(rules), seed)
        core = solve(position, depth=depth, evaluation="trained")
        reference = reference_solve(position, depth=depth, evaluation="trained")
        assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(core.values, reference.values))
        assert (core.best, core.evaluation) == (reference.best, "trained")


@pytest.mark.parametrize("notation", [
    # the hand to act must draw: cards of equal points, some playable on the 2C, an 8
    "rules:classic/2 0:K.4.J. 1:.5.. up:2C turn:0 stock:3.3.36.358",
    # the same in sce/4, where the A, 2 and 3 have effects: equal points, effect or not, playable or not
    "rules:sce/4 0:K.4.J. 1:.5.. 2:9... 3:..T. up:6S turn:0 stock:2Q3.23.Q3.8",
])
@pytest.mark.parametrize("mode", ["maxn", "paranoid"])
def test_a_horizon_draw_reads_each_card_by_all_the_model_reads_of_it(notation: str, mode: str) -> None:
    # the core finds a horizon draw's children once per card class (points, an 8, an effect,
    # playable), not once per points as under material: the values are still the reference's
    position = parse_family(notation)
    for depth in (1, 2, 3):
        core = solve(position, depth=depth, mode=mode, evaluation="trained")
        reference = reference_solve(position, depth=depth, mode=mode, evaluation="trained")
        assert math.isclose(core.value, reference.value, abs_tol=1e-9)
        assert [move.move for move in core.moves] == [move.move for move in reference.moves]


def test_trained_is_the_bots_default_at_a_depth_and_the_material_where_no_model_ships() -> None:
    bot = make_family_bot("solver:depth=2")
    assert bot.evaluation is None and bot.search(deal(parse_rules("classic/4"), 1), None).evaluation == "trained"
    layout = deal(parse_rules("layout/4"), 1)
    assert weights_for(layout.rules) is None and trained(layout) == material(layout)
    assert len(weights_for(parse_rules("classic/4"))) == len(feature_names(4)) + 1  # type: ignore[arg-type]


def test_the_horizon_credits_a_hand_near_to_going_out() -> None:
    # the same points in fewer cards: the hand nearer to going out is worth more to its seat
    near = trained(parse_family("rules:classic/2 0:T... 1:.5.. up:2C turn:1 stock:..3.4"))
    far = trained(parse_family("rules:classic/2 0:64... 1:.5.. up:2C turn:1 stock:..3.T"))
    assert near[0] > far[0]


def test_the_bots_take_eval_trained_and_material() -> None:
    assert make_family_bot("solver:depth=2,eval=material").spec == "solver:depth=2,eval=material"
    assert make_family_bot("solver:depth=2").spec == "solver:depth=2"


def test_training_writes_a_model_with_its_command_and_seed(tmp_path: Path) -> None:
    out = tmp_path / "weights.json"
    assert train_main(["--rules", "classic/2", "--deals", "3", "--seed", "5", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["seed"] == 5 and "--deals 3" in written["command"]
    model = written["models"]["classic/2"]
    assert set(model["weights"]) == set(feature_names(2)) and math.isfinite(model["scale"])
