"""python -m eights.bench.openspiel (issue #32, item 5): eights' bots against pyspiel's MCTSBot
at ``crazy_eights``: the fair bot's position made from its seat's view alone, the chance
outcomes shared by a group's games, and a smoke run of the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from eights.bench.openspiel import ChanceOrder, load  # noqa: E402
from eights.engine.openspiel_seat import public_history, seat_position  # noqa: E402
from eights.engine.openspiel import position_from_state  # noqa: E402
from eights.engine.family.view import FamilyView  # noqa: E402


@pytest.mark.parametrize("players, special_cards", [(2, False), (2, True), (4, True)])
def test_the_fair_bots_position_is_made_from_its_seats_view_alone(players: int, special_cards: bool) -> None:
    # Another seat's hidden cards replaced by cards that fit its plays: pyspiel accepts the history,
    # and the seat's view of it is its view of the true state.
    game = load(players, special_cards)
    checked = 0
    for number in range(6):
        rng = random.Random(number)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            if min(state.legal_actions()) < 54 and rng.random() < 0.3:  # not between an 8 and its suit
                seat = state.current_player()
                replay = game.new_initial_state()
                for action in public_history(state, seat):
                    replay.apply_action(action)
                assert FamilyView.of(seat_position(state, seat), seat) == FamilyView.of(position_from_state(state), seat)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def test_a_public_history_does_not_depend_on_the_other_hands() -> None:
    # The same public actions and own cards, another seat's hidden cards different: the same history.
    game = load(2, False)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 30:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    other = game.new_initial_state()
    for action in public_history(state, seat):
        other.apply_action(action)
    assert other.history() != state.history()  # the other hand is not the true one
    assert public_history(other, seat) == public_history(state, seat)


def test_a_groups_games_are_dealt_alike() -> None:
    game = load(2, False)
    deals = []
    for _ in range(2):
        chance, state = ChanceOrder(seed=5, players=2), game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(chance.outcome(state))
        deals.append(state.history())
    assert deals[0] == deals[1] and len(deals[0]) == 1 + 2 * 7 + 1


def test_the_command_runs_a_short_match() -> None:
    done = subprocess.run([sys.executable, "-m", "eights.bench.openspiel", "--games", "2", "--time-ms", "5",
                           "--players", "2"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "`solver:time=5`" in done.stdout and "`fair:time=5,samples=8`" in done.stdout


def test_the_rollout_bots_play_at_the_table_the_one_from_its_seats_view_alone() -> None:
    done = subprocess.run([sys.executable, "-m", "eights.bench.openspiel", "--games", "2", "--time-ms", "5",
                           "--players", "2", "--bots", "rollout,rollout-view", "--samples", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "`rollout:time=5`" in done.stdout and "`rollout:time=5,samples=2`" in done.stdout


def test_the_command_refuses_an_unknown_bot() -> None:
    done = subprocess.run([sys.executable, "-m", "eights.bench.openspiel", "--bots", "minimax"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--bots takes solver, fair" in done.stderr


def bench(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eights.bench.openspiel", *arguments], capture_output=True,
                          text=True, timeout=300)


def test_a_run_in_chunks_adds_up_to_one_table(tmp_path) -> None:
    # Two processes, then a run with the same records that plays only the groups missing; --table pools them.
    records = tmp_path / "records.jsonl"
    first = bench("--games", "4", "--time-ms", "5", "--bots", "solver", "--workers", "2", "--out", str(records))
    assert first.returncode == 0, first.stderr
    assert len(records.read_text().splitlines()) == 2  # groups 0 and 1
    second = bench("--games", "6", "--time-ms", "5", "--bots", "solver", "--out", str(records))
    assert second.returncode == 0, second.stderr
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert sorted(line["group"] for line in lines) == [0, 1, 2]  # group 2 played, 0 and 1 not again
    assert "| `solver:time=5` | 6 |" in second.stdout
    pooled = bench("--table", str(records))
    assert pooled.returncode == 0 and "| `solver:time=5` | 6 |" in pooled.stdout
    assert "2 players, special cards off, 5 ms a decision, against pyspiel.MCTSBot" in pooled.stdout
    records.write_text(records.read_text() + json.dumps(lines[0]) + "\n")  # a group twice
    twice = bench("--table", str(records))
    assert twice.returncode == 2
    assert f"group {lines[0]['group']} of seed 1 of solver:time=5 is in the records twice" in twice.stderr


def test_the_command_runs_against_ismcts() -> None:
    done = bench("--games", "2", "--time-ms", "5", "--bots", "fair", "--opponent", "ismcts")
    assert done.returncode == 0, done.stderr
    assert "against open_spiel.python ISMCTSBot" in done.stdout
    assert "`fair:time=5,samples=8` | 2 |" in done.stdout


@pytest.mark.parametrize("arguments, message", [
    (["--opponent", "alphazero"], "--opponent takes mcts or ismcts"),
    (["--workers", "0"], "--workers 1 or more"),
    (["--table", "/nonexistent/records"], "--table: "),
])
def test_the_command_refuses_bad_options(arguments: list[str], message: str) -> None:
    done = bench(*arguments)
    assert done.returncode == 2 and message in done.stderr
