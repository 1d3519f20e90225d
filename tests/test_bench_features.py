"""eights.bench.features: the candidate feature groups on known positions, and a tiny run."""

from __future__ import annotations

import pytest

from eights.bench.features import CANDIDATES, main, pending_twos, playable, points_in, suits, tempo
from eights.engine.notation import parse_position

# S to act holds 8S and 5H on the 5 of clubs; W (next, clockwise) holds one card.
POSITION = parse_position("N:K... E:5... S:8.5.. W:2... up:5C turn:S")


def test_tempo_names_the_sizes_of_the_hand_to_act_and_the_next_hand() -> None:
    assert tempo(POSITION) == [0, 1, 0] + [1, 0, 0]


def test_playable_counts_the_plays_and_whether_one_is_not_an_eight() -> None:
    assert playable(POSITION) == [2, 0, 0, 1]
    stuck = parse_position("N:K... E:5... S:.K.. W:2... up:5C turn:S")
    assert playable(stuck) == [0, 1, 0, 0]


def test_suits_are_counted_per_hand_in_the_models_role_order() -> None:
    # own concealed S, own dummy N, the other side's concealed W and dummy E
    assert suits(POSITION) == [2, 1, 1, 1, 1, 1, 1, 1]


def test_points_in_puts_a_hands_points_under_its_size() -> None:
    assert points_in(POSITION)[:6] == [0, 55, 0, 10, 0, 0]


def test_pending_twos_weighs_the_2s_that_can_pass_the_draw_on() -> None:
    facing = parse_position("N:K... E:5... S:2.5.. W:..2. up:2H turn:S draw:2")
    assert pending_twos(facing) == [2, 2]
    assert pending_twos(POSITION) == [0, 0]


def test_a_tiny_run_prints_a_row_per_candidate_group(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "8", "--positions", "150", "--depth", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "RMSE to search" in out and "shipped features, refit" in out and "nan" not in out
    for name in CANDIDATES:
        assert f"+ {name} " in out


def test_a_sample_without_held_out_positions_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 77's 60 positions of 8 deals miss the last two (of 2 cards and 1 a hand: few positions).
    with pytest.raises(SystemExit) as stop:
        main(["--deals", "8", "--positions", "60", "--depth", "1", "--workers", "1"])
    assert stop.value.code == 2
    assert "--positions 60 drew no position of the deals that judge the weights" in capsys.readouterr().err


def test_a_bad_argument_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--deals", "2"])
    assert stop.value.code == 2
    assert "--deals must be 4 or more" in capsys.readouterr().err
