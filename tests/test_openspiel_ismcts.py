"""The wrapper game that gives pyspiel's ``crazy_eights`` information states
(eights.bench.openspiel_ismcts, issue #32, item 5): its states are ``crazy_eights``' action for
action, a resampled state keeps the player's information state and cards, and OpenSpiel's
ISMCTSBot plays it to the end."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from eights.bench.openspiel import ChanceOrder, load, play_game  # noqa: E402
from eights.bench.openspiel_ismcts import GAME_NAME, IsmctsPlayer, wrap  # noqa: E402
from eights.engine.openspiel_seat import SeatRecord  # noqa: E402

SETTINGS = [(2, False), (2, True), (4, True)]


def random_walk(game, rng: random.Random):
    """The states of a random game of ``game``, each after the action before it."""
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("players, special_cards", SETTINGS)
def test_the_wrapper_is_crazy_eights_action_for_action(players: int, special_cards: bool) -> None:
    parameters = {"players": players, "use_special_cards": special_cards}
    for number in range(3):
        rng = random.Random(number)
        state = pyspiel.load_game(GAME_NAME, parameters).new_initial_state()
        inner = pyspiel.load_game("crazy_eights", parameters).new_initial_state()
        while not inner.is_terminal():
            assert (state.current_player(), state.is_terminal()) == (inner.current_player(), False)
            if inner.is_chance_node():
                assert state.chance_outcomes() == inner.chance_outcomes()
                actions, odds = zip(*inner.chance_outcomes())
                action = rng.choices(actions, odds)[0]
            else:
                player = inner.current_player()
                assert state.legal_actions() == inner.legal_actions()
                assert state.observation_string(player) == inner.observation_string(player)
                action = rng.choice(inner.legal_actions())
                assert state.action_to_string(player, action) == inner.action_to_string(player, action)
            state.apply_action(action)
            inner.apply_action(action)
            assert state.history() == inner.history()
        assert state.is_terminal() and state.returns() == inner.returns()


def test_a_wrapped_state_is_the_state_replayed() -> None:
    game = load(2, False)
    states = list(random_walk(game, random.Random(4)))
    state = states[-1]
    assert wrap(state).history() == state.history() and wrap(state).returns() == state.returns()


@pytest.mark.parametrize("players, special_cards", SETTINGS)
def test_resampling_keeps_the_information_state_and_the_players_cards(players: int, special_cards: bool) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players, "use_special_cards": special_cards})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked, changed = 0, 0
    for number in range(4):
        rng = random.Random(number)
        for state in random_walk(game, rng):
            if state.is_chance_node() or state.is_terminal() or rng.random() > 0.3:
                continue
            player = state.current_player()
            info = state.information_state_string(player)
            for _ in range(3):
                world = state.resample_from_infostate(player, sampler)
                assert world.information_state_string(player) == info
                assert world.observation_string(player) == state.observation_string(player)  # her hand, the table
                assert world.legal_actions() == state.legal_actions()
                changed += world.history() != state.history()
            checked += 1
    assert checked > 20 and changed > checked  # the other hands do change


def test_the_information_state_hides_exactly_the_other_seats_cards() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    state = list(random_walk(game, random.Random(2)))[40]
    for seat in range(3):
        tokens = state.information_state_string(seat).split(": ")[1].split()
        assert len(tokens) == len(state.history())
        record = SeatRecord.of(state.inner, seat)
        assert {index for index, token in enumerate(tokens) if token == "?"} == record.hidden_indices()
        assert all(token == str(action) for token, action in zip(tokens, state.history()) if token != "?")


def test_ismcts_plays_a_game_to_the_end() -> None:
    game = load(2, False)
    players = [IsmctsPlayer(game, 10, seed, 2.0) for seed in (1, 2)]
    returns = play_game(game, players, ChanceOrder(seed=7, players=2))
    assert len(returns) == 2 and min(returns) <= 0
    assert all(player.clock.decisions > 0 and player.clock.simulations >= 8 * player.clock.decisions
               for player in players)
