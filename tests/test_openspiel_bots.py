"""Issue #38: OpenSpiel's users first-class (``eights.openspiel``): eights' solver and fair bots
seated by pyspiel's own ``evaluate_bots`` against its uniform random bot (seeded, at a small
fixed depth), the fair bot deciding from its seat's information alone, and a pyspiel state
sent to the service's ``/v1/hint`` in one call; docs/openspiel.md's examples run as shown."""

from __future__ import annotations

import doctest
import random
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

pyspiel = pytest.importorskip("pyspiel")

from eights.engine.family import FamilyMove, legal_moves  # noqa: E402
from eights.engine.openspiel import move_actions, position_from_state  # noqa: E402
from eights.engine.openspiel_seat import SeatRecord  # noqa: E402
from eights.openspiel import FairBot, SolverBot, hint_request, position_text  # noqa: E402
from eights.play.family import FamilySolverBot  # noqa: E402

PAGE = Path(__file__).resolve().parent.parent / "docs" / "openspiel.md"
GAMES = 4
BOTS = {"solver": (SolverBot, "solver:depth=2"), "fair": (FairBot, "fair:depth=1,samples=4")}


def game_of(players: int, **parameters: Any) -> Any:
    return pyspiel.load_game("crazy_eights", {"players": players, **parameters})


def evaluated(name: str, players: int) -> list[list[float]]:
    """Each game's returns, the eights bot ``name`` at seat 0 and pyspiel's uniform random bots
    at the others, every game from its own seed."""
    cls, spec = BOTS[name]
    game = game_of(players)
    bots = [cls(game, 0, spec, seed=1)] + [pyspiel.make_uniform_random_bot(seat, 7) for seat in range(1, players)]
    return [list(pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)) for seed in range(GAMES)]


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("players", [2, 3])
def test_evaluate_bots_seats_an_eights_bot_against_the_uniform_random_bot(name: str, players: int) -> None:
    returns = evaluated(name, players)
    assert len(returns) == GAMES and all(len(game) == players for game in returns)
    assert returns == evaluated(name, players)  # seeded: the same games again
    mine = sum(game[0] for game in returns)
    assert all(mine > sum(game[seat] for game in returns) for seat in range(1, players))


def state_at_a_decision(game: Any, seed: int, actions: int) -> Any:
    """A state of ``game`` after the deal and ``actions`` random decisions, at seat 0's turn."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < actions or state.current_player() != 0:
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
        assert not state.is_terminal()
    return state


def test_the_fair_bot_plays_the_same_on_states_its_seat_cannot_tell_apart() -> None:
    game = game_of(3)
    state = state_at_a_decision(game, 5, 12)
    other = game.new_initial_state()
    for action in SeatRecord.of(state, 0).resampled_history(random.Random(2)):
        other.apply_action(action)
    assert other.history() != state.history()  # other hands hold other cards
    assert other.observation_string(0) == state.observation_string(0)
    spec = "fair:depth=2,samples=8"
    assert FairBot(game, 0, spec, seed=3).step(state) == FairBot(game, 0, spec, seed=3).step(other)


def test_an_eight_is_the_card_then_the_suit_the_bot_chose() -> None:
    game = game_of(2)
    for seed in range(100):  # the first seeded state where the search's best move is an 8
        state = state_at_a_decision(game, seed, 4)
        position = position_from_state(state)
        best = move_actions(FamilySolverBot(2, None).choose(position, list(legal_moves(position))))
        if len(best) == 2:
            break
    assert len(best) == 2
    bot = SolverBot(game, 0, "solver:depth=2")
    card = bot.step(state)
    state.apply_action(card)
    assert (card, bot.step(state)) == best


def test_a_state_goes_to_the_service_in_one_call(client: FlaskClient) -> None:
    state = state_at_a_decision(game_of(3), 1, 6)
    request = hint_request(state, depth=2)
    assert request == {"position": position_text(state), "depth": 2}
    assert request["position"].startswith("rules:openspiel/3 ")
    answer = client.post("/v1/hint", json=request).get_json()
    assert answer["rules"] == "openspiel/3" and answer["mover"] == state.current_player() == 0
    for action in move_actions(FamilyMove.from_notation(answer["best"])):
        assert action in state.legal_actions()
        state.apply_action(action)


def test_a_bot_of_the_wrong_kind_or_a_fair_bot_with_reshuffle_is_refused() -> None:
    with pytest.raises(ValueError, match="spec: FairBot plays a fair bot's spec"):
        FairBot(game_of(2), 0, "solver:depth=2")
    with pytest.raises(ValueError, match="game: FairBot does not play with reshuffle=yes"):
        FairBot(game_of(2, reshuffle=True), 0, "fair:depth=1")


def test_the_openspiel_pages_examples_run() -> None:
    results = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert results.attempted and not results.failed
