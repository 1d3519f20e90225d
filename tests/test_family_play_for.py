"""Issue #40, items 5 and 7: classic/2's deal played for the game to 100 points around it.

The family's core under a utility (solver/native/family_utility.c) against the reference search
(eights.solver.family) under the same utility, the game context ``totals:`` and ``play_for``
through ``eights hint``/``eights solve`` and /v1/hint, /v1/solve (on a real gunicorn too), the
points answered exactly as before, and every other family game's ``play_for`` refused naming it."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

from eights.engine.family import FamilyPosition, parse_family
from eights.games import find_game
from eights.play.bots.spec import BotSpecError
from eights.play.family.searching import must_play_rules
from eights.play.series.target import TargetContext, measure_spreads, target_utility
from eights.solver import _core
from eights.solver.errors import SolverError
from eights.solver.family.objective import MaxN
from eights.solver.family.reference import Search, Value
from eights.solver.family_convert import to_state
from eights.solver.family_native import solve
from eights.solver.utility import Utility, read
from tests.cli_support import run
from tests.processes import call, gunicorn
from tests.test_family_core_search import _positions

GAME = find_game("classic/2")
POSITION = GAME.notation(GAME.deal(3, 0))
CONTEXT = "totals:90,50"
TOLERANCE = 1e-9


class UtilitySearch(Search):
    """The reference search with its finished deals and horizon leaves valued as the core values
    them under a utility: seat 0's payoff read through the utility's tables (in the core's units),
    seat 1's the opposite, a horizon leaf's bounds the worths of the payoff range."""

    def __init__(self, position: FamilyPosition, utility: Utility) -> None:
        super().__init__(position.rules, MaxN())
        self.finished, self.leaf = utility.core_tables

    def _value(self, position: FamilyPosition, depth: int) -> Value:
        found = super()._value(position, depth)
        if position.is_over:
            worth = read(self.finished, found.values[0])
            return Value((worth, -worth), (worth, -worth), (worth, -worth), True)
        if position.owed or depth > 0:
            return found
        assert self.range is not None
        low, high = self.range
        worth = read(self.leaf, found.values[0])
        least = min(read(self.finished, low), read(self.leaf, low))
        most = max(read(self.finished, high), read(self.leaf, high))
        return Value((worth, -worth), (least, -most), (most, -least), False)


def utilities() -> list[Utility]:
    """A close game, a game one deal from its end, and its horizon read as the mean."""
    return [target_utility("classic/2", TargetContext((40, 55)), 0),
            target_utility("classic/2", TargetContext((90, 70)), 1),
            target_utility("classic/2", TargetContext((90, 70)), 1, horizon="mean")]


@pytest.mark.parametrize("which", range(3))
def test_the_core_under_a_utility_matches_the_reference(which: int) -> None:
    utility = utilities()[which]
    table = _core.FamilyTable(8)
    checked = 0
    for position in _positions("classic/2", 6, seed=40 + which):
        for depth in (1, 2, 3):
            reference = UtilitySearch(position, utility)
            found = solve(position, depth=depth, evaluation="material", table=table, utility=utility)
            assert found.play_for == "game"
            if position.owed:
                expected = reference.value(position, depth)
                assert found.values == pytest.approx(tuple(map(utility.equity, expected.values)), abs=TOLERANCE)
                continue
            moves = reference.moves(position, depth)
            best = MaxN().choose(position, [value.values for _, value in moves])
            assert found.best == moves[best][0]
            for move, value in moves:
                worths = tuple(map(utility.equity, value.values))
                assert found.value_of(move).values == pytest.approx(worths, abs=TOLERANCE)
                assert sum(found.value_of(move).values) == pytest.approx(1.0)
            checked += 1
    assert checked >= 8


def test_a_linear_utility_plays_the_points_and_the_table_keeps_each_apart() -> None:
    """A utility linear in the payoff picks the points' moves with their values rescaled; the
    same table then answers the points as a fresh one does (the keys are salted by the utility)."""
    linear = [(payoff + 580) / 1160 for payoff in range(-580, 581)]
    utility = Utility.of("game", linear, linear, 1.0, "linear")
    table = _core.FamilyTable(8)
    for position in _positions("classic/2", 6, seed=7):
        if position.owed:
            continue
        points = solve(position, depth=3, evaluation="material", table=table)
        game = solve(position, depth=3, evaluation="material", table=table, utility=utility)
        again = solve(position, depth=3, evaluation="material", table=table)
        fresh = solve(position, depth=3, evaluation="material", table=_core.FamilyTable(8))
        assert game.best == points.best and again.moves == fresh.moves == points.moves
        for move_value in points.moves:
            assert game.value_of(move_value.move).value == pytest.approx((move_value.value + 580) / 1160, abs=TOLERANCE)


def test_a_finished_deal_is_worth_its_chance() -> None:
    over = parse_family("rules:classic/2 0:... 1:9.K.. up:5C turn:1")
    utility = target_utility("classic/2", TargetContext((85, 0)), 0)  # seat 0 collects 19: 104
    found = GAME.solve(over, utility=utility)
    assert found.values == (1.0, 0.0) and found.play_for == "game"


def test_only_classic2s_max_n_is_played_for_the_game() -> None:
    utility = utilities()[0]
    with pytest.raises(SolverError, match="maxn") as error:
        solve(GAME.deal(1), depth=2, mode="paranoid", utility=utility)
    assert error.value.field == "play_for"
    classic4 = find_game("classic/4")
    with pytest.raises(SolverError) as error:
        classic4.play_for_utility(classic4.deal(1), None, "game")
    assert error.value.field == "play_for"
    with pytest.raises(ValueError, match="utility"):
        _core.family_search(_core.FamilyTable(1), to_state(classic4.deal(1)), 0, 0, 2, False, 0, 0, None, utility.core_tables)


def test_the_search_by_time_reads_each_playout_through_the_utility() -> None:
    """The core's UCT under a utility linear in the payoff makes the same choices as without it,
    its means the payoffs' means rescaled (the worths' range is the payoffs' rescaled too, so the
    bounds, the tree and so each iteration are the same); a utility is max-n's of two seats."""
    linear = [(payoff + 580) / 1160 for payoff in range(-580, 581)]
    utility = Utility.of("game", linear, linear, 1.0, "linear")
    finished = utility.core_tables[0]
    per_point = finished[581] - finished[580]
    for position in _positions("classic/2", 4, seed=11):
        if position.owed:
            continue
        state = to_state(position)
        points = _core.family_uct(state, 300, 0, 0.08, -1, 1 << 12, 3)
        game = _core.family_uct(state, 300, 0, 0.08, -1, 1 << 12, 3, utility.core_tables)
        assert game["best"] == points["best"] and game["nodes"] == points["nodes"]
        for (code, means, visits), (same_code, worths, same_visits) in zip(points["moves"], game["moves"]):
            assert (code, visits) == (same_code, same_visits)
            assert worths == pytest.approx(tuple(mean * per_point for mean in means), abs=TOLERANCE)
    four = find_game("classic/4").deal(1)
    state = to_state(four)
    with pytest.raises(ValueError, match="utility"):
        _core.family_uct(state, 10, 0, 0.08, -1, 64, 1, utility.core_tables)
    with pytest.raises(ValueError, match="utility"):
        _core.family_uct(to_state(GAME.deal(1)),
                         10, 0, 0.08, 1, 64, 1, utility.core_tables)


def test_a_deal_played_for_the_game_by_time_takes_the_playouts(client: FlaskClient) -> None:
    """By time (the default of a hint and of the bots), a deal played for the game is searched by
    the playouts as a deal played for its points is: each value a chance of winning the game;
    without a stock, the exact attempt first, under the same utility."""
    answer = client.post("/v1/hint", json={"position": f"{POSITION} {CONTEXT}", "time_ms": 60}).get_json()
    assert (answer["evaluation"], answer["play_for"]) == ("playouts", "game")
    assert answer["values"][0] + answer["values"][1] == pytest.approx(1.0)
    position = GAME.read_position(POSITION)
    utility = GAME.play_for_utility(position, TargetContext((90, 50)), "game")
    found = GAME.solve(position, time_ms=60, utility=utility)
    assert (found.evaluation, found.play_for, found.depth) == ("playouts", "game", 1)
    assert found.bounds == (0.0, 1.0) and sum(found.values) == pytest.approx(1.0)
    assert all(0 <= move.value <= 1 for move in found.moves)
    ending = parse_family("rules:classic/2,reshuffle=no 0:K5.8.. 1:Q.9..4 up:7S turn:0 stock:...")
    utility = GAME.play_for_utility(ending, TargetContext((90, 50)), "game")
    exact = GAME.solve(ending, time_ms=200, utility=utility)
    assert exact.exact and exact.play_for == "game"
    assert exact.values == pytest.approx(GAME.solve(ending, depth=12, utility=utility).values, abs=TOLERANCE)


def expected(totals: tuple[int, int], play_for: str = "game", must_play: bool = False) -> dict[str, float]:
    """Each move's value for the seat to act at depth 3, from the game itself (``must_play``:
    searched as the bots search it, ``eights.play.family.searching.must_play_rules``)."""
    position = GAME.read_position(POSITION)
    utility = GAME.play_for_utility(position, TargetContext(totals), play_for)
    searched = replace(position, rules=must_play_rules(position.rules)) if must_play else position
    solution = GAME.solve(searched, depth=3, utility=utility)
    return {move.move.notation(): round(move.value, 6) for move in solution.moves}


@pytest.mark.parametrize("endpoint", ["/v1/hint", "/v1/solve"])
def test_a_classic2_position_with_its_totals_is_played_for_the_game(client: FlaskClient, endpoint: str) -> None:
    for body in ({"position": f"{POSITION} {CONTEXT}"},
                 {"position": {**GAME.to_json(GAME.read_position(POSITION)), "totals": {"0": 90, "1": 50}}}):
        answer = client.post(endpoint, json={**body, "depth": 3}).get_json()
        assert answer["play_for"] == "game" and 0 <= answer["value"] <= 1
        assert answer["values"][0] + answer["values"][1] == pytest.approx(1.0)
        assert {move["move"]: move["value"] for move in answer["moves"]} == expected((90, 50))


@pytest.mark.parametrize("endpoint", ["/v1/hint", "/v1/solve"])
def test_classic2_played_for_the_points_answers_as_before(client: FlaskClient, endpoint: str) -> None:
    points = client.post(endpoint, json={"position": f"{POSITION} {CONTEXT}", "depth": 3, "play_for": "points"})
    alone = client.post(endpoint, json={"position": POSITION, "depth": 3})
    drop = ("time_ms", "nodes", "cached", "table")
    assert "play_for" not in alone.get_json()
    assert {k: v for k, v in points.get_json().items() if k not in drop} == \
        {k: v for k, v in alone.get_json().items() if k not in drop}


CLASSIC4 = "rules:classic/4 0:5... 1:9... 2:K... 3:Q... up:5C turn:0"


@pytest.mark.parametrize(("body", "field"), [
    ({"position": POSITION, "play_for": "game"}, "play_for"),
    ({"position": f"{POSITION} {CONTEXT}", "play_for": "series"}, "play_for"),
    ({"position": f"{POSITION} totals:100,5"}, "position.totals"),
    ({"position": f"{POSITION} totals:5"}, "position.totals"),
    ({"position": CLASSIC4, "play_for": "game"}, "play_for"),
    ({"position": f"{CLASSIC4} totals:3,4"}, "position.totals"),
])
def test_family_play_for_refuses_bad_input_naming_the_field(client: FlaskClient, body: dict[str, object],
                                                           field: str) -> None:
    for endpoint in ("/v1/hint", "/v1/solve"):
        answer = client.post(endpoint, json={**body, "depth": 2})
        assert answer.status_code == 422 and answer.get_json()["field"] == field


@pytest.mark.parametrize("command", ["hint", "solve"])
def test_eights_plays_classic2_with_its_totals_for_the_game(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["play_for"] == "game"
    assert {move["move"]: move["value"] for move in answer["moves"]} == expected((90, 50))
    status, out, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3")
    assert status == 0 and "(maxn, for the game)" in out
    _, before, _ = run(capsys, command, POSITION, "--depth", "3", "--json")
    _, asked, _ = run(capsys, command, f"{POSITION} {CONTEXT}", "--depth", "3", "--json", "--play-for", "points")
    drop = ("time_ms", "nodes", "table", "cached")
    assert {k: v for k, v in json.loads(before).items() if k not in drop} == \
        {k: v for k, v in json.loads(asked).items() if k not in drop}


@pytest.mark.parametrize(("argv", "message"), [
    ([POSITION, "--play-for", "game"], "eights: --play-for: a deal is played for the game only in a game"),
    ([f"{POSITION} {CONTEXT}", "--play-for", "series"], "eights: --play-for: classic/2's game to 100 has no cube"),
    ([f"{POSITION} totals:90,x"], "eights: position.totals: expected each seat's winnings"),
    ([CLASSIC4, "--play-for", "game"], "eights: --play-for: classic/4 has no game around its deals"),
])
def test_eights_family_play_for_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                              message: str) -> None:
    for command in ("hint", "solve"):
        status, out, err = run(capsys, command, *argv, "--depth", "2")
        assert status == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_gunicorn_plays_classic2_for_the_game_and_caches_each_apart() -> None:
    """On a real server: the points, the game twice (the second cached), another game context."""
    asked = [POSITION, f"{POSITION} {CONTEXT}", f"{POSITION} {CONTEXT}", f"{POSITION} totals:50,90"]
    with gunicorn(workers=1) as url:
        answers = [call("POST", f"{url}/v1/hint", {"position": position, "depth": 3}) for position in asked]
    assert [status for status, _, _ in answers] == [200] * 4
    points, game, again, other = (dict(answer) for _, answer, _ in answers)
    assert "play_for" not in points and [game["play_for"], game["cached"], again["cached"]] == ["game", False, True]
    assert {move["move"]: move["value"] for move in game["moves"]} == expected((90, 50))
    assert other["cached"] is False and other["value"] != game["value"]


def test_the_family_solver_bot_plays_for_the_game_once_told_its_context() -> None:
    """``play_for=`` and ``horizon=`` in the spec; with a context the bot's move is the game's
    best (the search under classic/2's utility), without one the points' (as before)."""
    bot = GAME.make_bot("solver:depth=3,play_for=game,horizon=mean")
    assert bot.spec == "solver:depth=3,play_for=game,horizon=mean"
    position = GAME.read_position(POSITION)
    searched = replace(position, rules=must_play_rules(position.rules))  # as the bot searches (must_play=yes)
    assert bot.choose(position, GAME.legal_moves(position)) == solve(searched, depth=3).best
    bot.play_in(TargetContext((90, 50)))
    utility = target_utility("classic/2", TargetContext((90, 50)), position.dealer, horizon="mean")
    assert bot.choose(position, GAME.legal_moves(position)) == solve(searched, depth=3, utility=utility).best
    with pytest.raises(BotSpecError, match="play_for must be one of"):
        GAME.make_bot("solver:depth=3,play_for=match")


def test_the_horizons_spreads_are_measured_by_the_cards() -> None:
    spreads = measure_spreads("classic/2", 3, seed=1, bot="heuristic")
    assert spreads and all(cards % 2 == 0 and positions > 0 and spread >= 0
                           for cards, (positions, spread) in spreads.items())
