"""Issue #40, 5: the tables' bench runs (a tiny run: the numbers are the docs' to give), and the
simulated games it stands on follow the cube's rules."""

from __future__ import annotations

import numpy as np
import pytest

from eights.bench.series import main, random_states
from eights.play.series.simulate import NeverDouble, Start, TablePolicy, simulate
from eights.play.series.tables import MIDDLE, shipped


def test_the_bench_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--states", "2", "--games", "200", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("table   states inside 95% CI") and "\ngame         2 " in out and "\nseries       2 " in out


def test_random_states_are_states_a_game_reaches() -> None:
    for start in random_states(50, seed=2):
        assert 2 <= start.deal <= 15 and start.cube.bit_length() - 1 <= start.deal - 1
        assert (start.cube == 1) == (start.owner == MIDDLE)


def test_games_without_doubles_keep_the_cube_and_pay_the_lead() -> None:
    games = simulate(shipped(), Start(deal=14, lead=30), (NeverDouble(), NeverDouble()), 500, seed=4)
    assert np.all(games.cube == 1)
    assert np.array_equal(games.won, np.where(games.payoff > 0, 1.0, np.where(games.payoff == 0, 0.5, 0.0)))


def test_a_pass_pays_200_times_the_cube_and_ends_the_game() -> None:
    policy = TablePolicy(shipped())
    games = simulate(shipped(), Start(deal=15, lead=170, cube=2, owner=0), (policy, policy), 300, seed=5)
    state = (1, np.array([170]), np.array([2]), np.array([0]))  # 1 deal left: redouble, and a pass
    assert policy.doubles(0, *state)[0] and not policy.takes(1, *state)[0]
    assert np.all(games.payoff == 400) and np.all(games.won == 1) and np.all(games.cube == 2)
