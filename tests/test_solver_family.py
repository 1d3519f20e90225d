"""Issue #30: ``Solver.solve`` answers every game of the family (the family's core, in the
Solver's own table), with values per player, mode maxn (the default) or paranoid, and sce2 as
before."""

from __future__ import annotations

import pytest

from eights.engine.family import deal, parse_rules
from eights.engine.notation import parse_position
from eights.solver import Solution, Solver, SolverError
from eights.solver.family.solution import FamilySolution
from eights.solver.family_native import solve as solve_family

SCE2 = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=8)


@pytest.mark.parametrize("rules", ["sce/4", "classic/2", "classic/4,draw=one", "openspiel/3", "layout/4"])
def test_a_family_position_is_solved_as_the_family_core_solves_it(solver: Solver, rules: str) -> None:
    position = deal(parse_rules(rules), 7)
    found = solver.solve(position, depth=2)
    assert isinstance(found, FamilySolution) and found.mode == "maxn" and found.evaluation == "trained"
    expected = solve_family(position, depth=2)
    assert (found.values, found.moves, found.best) == (expected.values, expected.moves, expected.best)
    assert len(found.values) == position.players


def test_paranoid_is_for_the_player_named(solver: Solver) -> None:
    position = deal(parse_rules("openspiel/2"), 3)
    found = solver.solve(position, depth=3, mode="paranoid", player=0)
    assert found.mode == "paranoid" and found.values == solve_family(position, depth=3, mode="paranoid", player=0).values


def test_sce2_is_solved_as_before_and_takes_no_player_or_stock(solver: Solver) -> None:
    assert isinstance(solver.solve(parse_position(SCE2), depth=3), Solution)
    with pytest.raises(SolverError, match="player"):
        solver.solve(parse_position(SCE2), depth=3, player=0)
    with pytest.raises(SolverError, match="stock"):
        solver.solve(parse_position(SCE2), depth=3, stock="fixed-order")


def test_a_family_mode_is_checked(solver: Solver) -> None:
    with pytest.raises(SolverError, match="mode"):
        solver.solve(deal(parse_rules("classic/4"), 1), depth=2, mode="expectimax")


def test_clear_empties_the_family_table_too(solver: Solver) -> None:
    position = deal(parse_rules("classic/3"), 2)
    before = solver.solve(position, depth=3)
    solver.clear()
    again = solver.solve(position, depth=3)
    assert (again.values, again.moves) == (before.values, before.moves) and again.nodes >= before.nodes
