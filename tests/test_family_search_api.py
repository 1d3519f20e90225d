"""Issue #30: ``eights.solver.family.solve``, the family's entry point: its answer's form for
every preset, its JSON, its limits, and its errors naming the argument."""

from __future__ import annotations

import json

import pytest

from eights.engine.family import FamilyMove, apply_move, deal, legal_moves, parse_family, parse_rules, payoffs
from eights.engine.notation import parse_position
from eights.solver import SolverError
from eights.solver.family import FamilySolution, solve

PRESETS = ("sce/4", "classic/4", "openspiel/5", "layout/4")
THREE = "rules:sce/3 0:5.5.. 1:9... 2:.K.. up:5C turn:0 stock:...2"


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_answers_every_legal_move_best_first_with_every_seats_payoff(name: str) -> None:
    position = deal(parse_rules(name), seed=7)
    solution = solve(position, depth=1)
    assert sorted(m.move.notation() for m in solution.moves) == sorted(m.notation() for m in legal_moves(position))
    assert solution.best == solution.moves[0].move == solution.pv[0]
    assert solution.values is not None and len(solution.values) == position.players
    assert solution.value == solution.values[position.turn] == solution.moves[0].value
    assert solution.mode == "maxn" and solution.player == solution.mover == position.turn and solution.depth == 1


def test_the_json_form_round_trips_and_is_plain_json() -> None:
    solution = solve(parse_family(THREE), depth=2)
    data = json.loads(json.dumps(solution.to_json(digits=None)))
    assert FamilySolution.from_json(data) == solution
    assert data["moves"][0] == {"move": "play 5H", "value": -5.0, "values": [-5.0, -29.0, -10.0]}


def test_the_json_form_rounds_values_to_six_decimals() -> None:
    data = solve(parse_family(THREE), depth=3).to_json()  # the draw: 2C, then 23 cards reshuffled
    assert data["moves"][-1] == {"move": "draw", "value": -30.0, "values": [-30.0, -20.434783, -21.434783]}
    assert data["rules"] == "sce/3" and data["mode"] == "maxn" and data["player"] == data["mover"] == 0


def test_a_finished_deal_is_its_payoffs_exactly_and_has_no_move() -> None:
    position = apply_move(parse_family("rules:classic/3 0:5... 1:K... 2:9... up:5C turn:0"), FamilyMove.from_notation("play 5S"))
    solution = solve(position, depth=3)
    assert solution.values == tuple(float(p) for p in payoffs(position)) == (19.0, -10.0, -9.0)
    assert solution.exact and solution.moves == [] and solution.best is None and solution.mover is None


def test_a_draw_under_way_is_valued_without_moves_as_the_draw_was_before_it() -> None:
    before = parse_family("rules:classic/3,draw=one 0:K... 1:..7. 2:..4. up:5C turn:0 stock:.92..")
    drawing = apply_move(before, FamilyMove.from_notation("draw"))
    solution = solve(drawing, depth=1)  # the cards cost no depth: then seat 1 acts
    assert drawing.owed and solution.moves == [] and solution.best is None
    assert solution.values == solve(before, depth=2).value_of(FamilyMove.from_notation("draw")).values


def test_a_time_budget_deepens_and_always_completes_depth_one() -> None:
    position = deal(parse_rules("classic/4"), seed=2)
    assert solve(position, time_ms=0.001).depth == 1
    assert solve(position, time_ms=300).depth >= 2


def test_a_node_limit_stops_the_deepening() -> None:
    position = deal(parse_rules("classic/4"), seed=2)
    few, more = solve(position, node_limit=50), solve(position, node_limit=5000)
    assert few.depth < more.depth


@pytest.mark.parametrize("arguments, field", [
    ({"mode": "minimax"}, "mode"),
    ({"mode": "paranoid", "player": 3}, "player"),
    ({"player": 1}, "player"),
    ({"evaluation": "neural"}, "evaluation"),
    ({"depth": 0}, "depth"),
    ({"depth": True}, "depth"),
    ({"time_ms": -1}, "time_ms"),
    ({"node_limit": 0}, "node_limit"),
])
def test_bad_arguments_are_refused_naming_the_argument(arguments: dict[str, object], field: str) -> None:
    with pytest.raises(SolverError) as error:
        solve(parse_family(THREE), **arguments)  # type: ignore[arg-type]
    assert error.value.field == field


def test_an_sce2_position_is_sent_to_the_sce2_solver() -> None:
    with pytest.raises(SolverError, match="eights.solver.Solver") as error:
        solve(parse_position("N:K... E:5... S:.5.. W:9... up:5C turn:S stock:...2"))  # type: ignore[arg-type]
    assert error.value.field == "position"



def test_a_pyspiel_state_mid_game_is_solved_and_its_best_move_played_back_in_pyspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from eights.engine.openspiel import move_actions, position_from_state

    state = pyspiel.load_game("crazy_eights", {"players": 3, "use_special_cards": True}).new_initial_state()
    played = 0
    while state.is_chance_node() or played < 6:  # the deal, then six actions: each the first choice
        if not state.is_chance_node():
            played += 1
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    position = position_from_state(state)
    best = solve(position, depth=2).best
    assert best is not None and position.plays
    for action in move_actions(best):
        state.apply_action(action)
    assert position_from_state(state) == apply_move(position, best)
