"""Issue #39, item 3: Best-Reply Search (``mode=brs``) in the family's native core, checked
against a small pure-Python BRS on small positions; with two players it is paranoid; the
command line, the service and the bots' specs take it where they take ``paranoid``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from eights.engine.family import FamilyMove, FamilyPosition, apply_move, legal_moves, parse_family
from eights.engine.family.rules import apply_chance, chance_outcomes
from eights.engine.family.scoring import card_points, payoffs
from eights.engine.family.ruleset import EIGHT_RANK
from eights.play.bots.spec import BotSpecError
from eights.play.family import make_family_bot
from eights.solver.errors import SolverError
from eights.solver.family import solve as reference_solve
from eights.solver.family.evaluation import material
from eights.solver.family_native import solve
from eights.solver.limits import SAME_VALUE
from tests.cli_support import run
from tests.test_family_search_brute import random_positions

OPEN = None  # no opponent of the layer has branched yet
ENDING = "rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:5C turn:0 stock:..A."
URL = "/v1/bot-move"


def default_move(position: FamilyPosition, moves: list[FamilyMove]) -> FamilyMove:
    """An opponent's move when she does not branch: the ordinary card of most points, else the
    first play (an 8), else the first move."""
    plays = [(move, move.card) for move in moves if move.card is not None]
    ordinary = [(move, card) for move, card in plays if card % 13 != EIGHT_RANK]
    if ordinary:
        return max(ordinary, key=lambda pair: card_points(position.rules, pair[1]))[0]  # the first of equals
    return plays[0][0] if plays else moves[0]


def replies(position: FamilyPosition, player: int, branch: int | None) -> list[tuple[FamilyMove, int, int | None]]:
    """BRS's children of a decision node: (move, depth spent, branch state after); an
    opponent's default play spends no depth."""
    moves, turn = list(legal_moves(position)), position.turn
    if turn == player:
        return [(move, 1, OPEN) for move in moves]
    found: list[tuple[FamilyMove, int, int | None]] = []
    if branch in (OPEN, turn):
        found += [(move, 1, turn) for move in moves]
    if branch != turn and (branch is not OPEN or position.players > 2):
        move = default_move(position, moves)
        found.append((move, 0 if move.card is not None else 1, branch))
    return found


def brs(position: FamilyPosition, depth: int, player: int, branch: int | None) -> float:
    """Best-Reply Search by its definition: no pruning, no table."""
    if position.is_over:
        return float(payoffs(position)[player])
    if position.owed:
        total = 0.0
        for card, probability in chance_outcomes(position):
            total += float(probability) * brs(apply_chance(position, card), depth, player, branch)
        return total
    if depth == 0:
        return material(position)[player]
    values = [brs(apply_move(position, move), depth - cost, player, after)
              for move, cost, after in replies(position, player, branch)]
    return max(values) if position.turn == player else min(values)


def root_values(position: FamilyPosition, depth: int, player: int) -> list[float]:
    """Each root move's value, in the engine's order (the root's hand answers with any move)."""
    after = OPEN if position.turn == player else position.turn
    return [brs(apply_move(position, move), depth - 1, player, after) for move in legal_moves(position)]


@pytest.mark.parametrize("name", ["classic/3", "classic/4", "sce/3", "openspiel/4,use_special_cards=yes"])
def test_brs_values_and_best_move_are_the_python_reference_brs(name: str) -> None:
    for depth, position in zip((1, 2, 2, 3 if name.startswith("classic") else 2), random_positions(name, 4, seed=39)):
        for player in (position.turn, (position.turn + 1) % position.players):
            found = solve(position, depth=depth, mode="brs", player=player, evaluation="material")
            expected = root_values(position, depth, player)
            by_move = {value.move: value.value for value in found.moves}
            assert [by_move[move] for move in legal_moves(position)] == pytest.approx(expected, abs=1e-9)
            sign = 1 if position.turn == player else -1
            best = max(sign * value for value in expected)
            first = next(i for i, value in enumerate(expected) if sign * value >= best - SAME_VALUE)
            assert found.best == list(legal_moves(position))[first] and found.value == pytest.approx(expected[first])
            assert found.mode == "brs" and found.player == player and not found.exact


@pytest.mark.parametrize("name", ["classic/2", "openspiel/2"])
def test_with_two_players_brs_is_paranoid(name: str) -> None:
    for depth, position in zip((1, 2, 3), random_positions(name, 3, seed=5)):
        paranoid = solve(position, depth=depth, mode="paranoid", evaluation="material")
        best_reply = solve(position, depth=depth, mode="brs", evaluation="material")
        assert [(m.move, m.value) for m in best_reply.moves] == [(m.move, m.value) for m in paranoid.moves]
        assert best_reply.pv == paranoid.pv and best_reply.value == paranoid.value


def test_the_brs_line_plays_the_opponents_default_moves_without_spending_depth() -> None:
    position = random_positions("classic/4", 1, seed=7)[0]
    found = solve(position, depth=2, mode="brs", evaluation="material")
    assert len(found.pv) >= 2  # the player's move, then the layer: defaults and one reply


def test_the_python_reference_solve_leaves_brs_to_the_native_core() -> None:
    with pytest.raises(SolverError, match="mode: brs is searched by the native core only"):
        reference_solve(random_positions("classic/4", 1)[0], depth=1, mode="brs")


def test_the_solver_bot_takes_mode_brs_and_names_it() -> None:
    bot = make_family_bot("solver:mode=brs,depth=2")
    assert bot.spec == "solver:depth=2,mode=brs"
    position = random_positions("classic/4", 1, seed=8)[0]
    assert bot.choose(position, list(legal_moves(position))) in legal_moves(position)


def test_a_bad_mode_names_the_modes() -> None:
    with pytest.raises(BotSpecError, match="mode must be one of maxn, paranoid, brs, got 'best'"):
        make_family_bot("solver:depth=2,mode=best")


def test_the_command_line_solves_with_objective_brs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", ENDING, "--depth", "2", "--objective", "brs", "--player", "2",
                         "--evaluation", "material", "--json")
    data = json.loads(out)
    assert status == 0 and data["mode"] == "brs" and data["player"] == 2 and data["values"] is None
    assert data["value"] == solve(parse_family(ENDING), depth=2, mode="brs", player=2, evaluation="material").value


def test_the_command_line_refuses_an_unknown_objective_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", ENDING, "--depth", "2", "--objective", "best")
    assert status == 2 and "--objective" in err and "'brs'" in err


def post(client: Any, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


def test_the_service_solves_with_objective_brs(client: Any) -> None:
    status, answer = post(client, "/v1/solve", {"position": ENDING, "depth": 2, "objective": "brs", "player": 2,
                                                "evaluation": "material"})
    assert status == 200 and answer["objective"] == "brs" and answer["player"] == 2 and answer["values"] is None
    status, problem = post(client, "/v1/solve", {"position": ENDING, "objective": "brs", "player": 4})
    assert status in (400, 422) and "player" in str(problem)


def test_the_service_plays_the_brs_solver_bot_and_refuses_a_bad_mode(client: Any) -> None:
    status, answer = post(client, URL, {"position": ENDING, "bot": "solver:depth=2,mode=brs"})
    assert status == 200 and answer["bot"] == "solver:depth=2,mode=brs" and answer["values"] is None
    status, problem = post(client, URL, {"position": ENDING, "bot": "solver:depth=2,mode=best"})
    assert status in (400, 422) and "mode must be one of maxn, paranoid, brs" in str(problem)
