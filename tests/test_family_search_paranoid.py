"""Issue #30: the paranoid mode beside max-n: one value in the two-player zero-sum games,
where both modes are one game; a different answer in OpenSpiel's general-sum game; never
more for the player than max-n gives her."""

from __future__ import annotations

import pytest

from eights.engine.family import parse_family
from eights.solver.family import solve
from tests.test_family_search_brute import random_positions

# openspiel/2: seat 1, the leader (53 points against 68), plays 8C and names a suit. Her own
# payoff is 2D's -3 whatever she names, so max-n takes the first suit (S) and seat 0 sheds KS;
# against seat 0 she names D, which seat 0 cannot follow: she draws AH or KH.
EIGHT_TO_NAME = "rules:openspiel/2 0:K.QJ9..3 1:..2.8 up:6S turn:1 stock:.AK.."


@pytest.mark.parametrize("name", ["classic/2", "layout/2"])
def test_zero_sum_two_player_games_give_one_value_in_both_modes(name: str) -> None:
    for depth, position in zip((1, 2, 2), random_positions(name, 3, seed=2)):
        maxn, paranoid = solve(position, depth=depth), solve(position, depth=depth, mode="paranoid")
        assert paranoid.player == maxn.player == position.turn
        assert paranoid.value == pytest.approx(maxn.value, abs=1e-9)
        assert paranoid.values == pytest.approx(maxn.values, abs=1e-9)
        assert [m.move for m in paranoid.moves] == [m.move for m in maxn.moves]
        assert paranoid.exact == maxn.exact


def test_paranoid_for_the_other_player_of_a_zero_sum_game_is_the_same_game_seen_from_her_side() -> None:
    position = random_positions("classic/2", 1, seed=3)[0]
    mine, theirs = solve(position, depth=2), solve(position, depth=2, mode="paranoid", player=1 - position.turn)
    assert theirs.value == pytest.approx(-mine.value, abs=1e-9) and theirs.values == pytest.approx(mine.values, abs=1e-9)
    assert theirs.best == mine.best


def test_openspiel_two_players_is_general_sum_so_paranoid_differs_from_maxn() -> None:
    position = parse_family(EIGHT_TO_NAME)
    maxn = solve(position, depth=2)
    paranoid = solve(position, depth=2, mode="paranoid", player=0)
    assert maxn.best is not None and maxn.best.notation() == "play 8C/S" and maxn.values == (-58.0, -3.0)
    assert paranoid.best is not None and paranoid.best.notation() == "play 8C/D" and paranoid.value == -78.0
    assert paranoid.values is None  # the other seat's payoff is not what paranoid searches


def test_paranoid_moves_run_best_first_for_the_mover_who_minimises_the_player() -> None:
    solution = solve(parse_family(EIGHT_TO_NAME), depth=2, mode="paranoid", player=0)
    assert [(m.move.notation(), m.value) for m in solution.moves] == [
        ("play 8C/D", -78.0), ("draw", -68.0), ("play 8C/C", -62.0), ("play 8C/S", -58.0), ("play 8C/H", -36.0)]


@pytest.mark.parametrize("name", ["sce/3", "classic/4", "openspiel/3,use_special_cards=yes"])
def test_paranoid_never_promises_a_player_more_than_maxn_gives_her(name: str) -> None:
    for depth, position in zip((1, 2, 2), random_positions(name, 3, seed=4)):
        maxn = solve(position, depth=depth)
        assert maxn.values is not None
        for player in range(position.players):
            assert solve(position, depth=depth, mode="paranoid", player=player).value <= maxn.values[player] + 1e-9
