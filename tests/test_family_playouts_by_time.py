"""The family's search by time alone spends its time on playouts (#39): the ``playouts``
evaluation, the default by time (``eights.solver.family.evaluation.default_evaluation``). A
share of the time first tries to solve the position exactly; if that fails, UCT searches the
moves with the heuristic's playouts below its tree, and ranks them by how often it chose them
(``eights.solver.family_native.played_out``). At a depth or node limit the default
stays the trained model, and ``playouts=K`` values each horizon leaf by K playouts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from eights.engine.family import deal, legal_moves, parse_rules
from eights.engine.family.notation import parse_family
from eights.games import find_game
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.family.fair_bot import FamilyFairBot
from eights.play.family.solver_bot import FamilySolverBot
from eights.solver.errors import SolverError
from eights.solver.family import solve as reference_solve
from eights.solver.family.evaluation import payoff_range
from eights.solver.family_native import solve

OPENING = deal(parse_rules("classic/4"), seed=5)
SOLVED = deal(parse_rules("layout/6"), seed=1)  # no chance: solved in a few ms


def test_by_time_alone_every_legal_move_is_valued_by_the_mean_payoffs_of_its_playouts() -> None:
    """UCT over the moves (tests/test_family_uct.py): each move's values are the mean payoffs of
    the iterations through it, the moves ranked by how often the search chose them."""
    found = solve(OPENING, time_ms=60)
    assert found.evaluation == "playouts" and found.depth == 1 and not found.exact
    assert {value.move for value in found.moves} == set(legal_moves(OPENING))
    mover = OPENING.turn
    assert found.values is not None and len(found.values) == OPENING.players
    assert found.nodes > len(found.moves)  # the tree's nodes: the root, a node a move, and more
    assert all(value.values is not None and value.value == value.values[mover] for value in found.moves)
    assert found.best == found.moves[0].move and found.pv == [found.best]
    assert found.bounds == payoff_range(OPENING)


def test_a_position_solved_exactly_within_its_share_of_the_time_is_answered_exactly() -> None:
    found = solve(SOLVED, time_ms=200)
    exact = solve(SOLVED, depth=found.depth, evaluation="trained")
    assert found.exact and found.evaluation == "playouts"
    assert [(value.move, value.values) for value in found.moves] == [(value.move, value.values) for value in exact.moves]


def test_where_playouts_cannot_take_the_time_the_search_by_time_is_the_trained_models() -> None:
    drawing = parse_family("rules:sce/4 0:5.KJ.4.K84 1:A6.9.J3.6 2:KT7.3..Q9 3:QJ..AQ8.72 up:2S turn:3 owed:1")
    assert drawing.owed and solve(drawing, time_ms=30).evaluation == "trained"  # a draw under way: chance to act
    assert solve(drawing, time_ms=30, evaluation="playouts").evaluation == "trained"
    known = replace(OPENING, order=tuple(sorted(OPENING.stock)))
    assert solve(known, time_ms=30, stock="fixed-order").evaluation == "trained"


def test_paranoid_by_time_ranks_the_playouts_by_the_named_players_mean() -> None:
    found = solve(OPENING, time_ms=60, mode="paranoid", player=(OPENING.turn + 1) % 4)
    assert found.evaluation == "playouts" and found.values is None
    values = sorted(value.value for value in found.moves)
    assert found.moves[0].value <= values[len(values) // 2]  # the mover plays against the player: her choice is low


def test_a_depth_or_a_node_limit_keeps_the_trained_model_and_a_count_of_playouts_values_the_leaves() -> None:
    assert solve(OPENING, depth=2).evaluation == "trained"
    assert solve(OPENING, node_limit=5_000).evaluation == "trained"
    by_leaves = solve(OPENING, depth=1, playouts=8)
    assert by_leaves.evaluation == "playouts" and by_leaves.depth == 1
    again = solve(OPENING, depth=1, evaluation="playouts", playouts=8)
    assert again.moves == by_leaves.moves  # seeded: the same playouts
    with pytest.raises(SolverError) as error:
        solve(OPENING, depth=1, evaluation="trained", playouts=8)
    assert error.value.field == "playouts"


def test_the_reference_search_refuses_playouts_naming_the_evaluation() -> None:
    with pytest.raises(SolverError) as error:
        reference_solve(OPENING, depth=1, evaluation="playouts")
    assert error.value.field == "evaluation" and "native core" in str(error.value)


def test_the_family_game_searches_by_time_with_playouts_and_at_a_depth_with_the_trained_model() -> None:
    game = find_game("classic/4")
    assert game.solve_options()[0] == "playouts" and game.solve_options(depth=3)[0] == "trained"
    assert find_game("sce2").solve_options()[0] == "trained"
    assert game.solve(OPENING, time_ms=40).evaluation == "playouts"


def test_the_bots_take_the_default_by_their_limits_and_eval_playouts_by_name() -> None:
    assert FamilySolverBot.from_spec(BotSpec.parse("solver:time=100")).spec == "solver:time=100"
    assert FamilySolverBot.from_spec(BotSpec.parse("solver:depth=2,eval=playouts")).spec == "solver:depth=2,eval=playouts"
    with pytest.raises(BotSpecError, match="unknown evaluation 'neural' \\(known: material, trained, playouts\\)"):
        FamilySolverBot.from_spec(BotSpec.parse("solver:time=100,eval=neural"))
    fair = FamilyFairBot.from_spec(BotSpec.parse("fair:time=100,samples=4"))
    assert fair.plays_out and not FamilyFairBot.from_spec(BotSpec.parse("fair:depth=2")).plays_out
    assert not FamilyFairBot.from_spec(BotSpec.parse("fair:time=100,eval=trained")).plays_out
    fair.new_game(3)
    assert fair.choose(OPENING, legal_moves(OPENING)) in legal_moves(OPENING)
