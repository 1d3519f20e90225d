"""Issue #39: the heuristic's playouts in the C core (solver/native/family_playout.c): the core's
heuristic chooses the move ``eights.play.family.heuristic.heuristic_move`` chooses on every
position of random walks of every preset and option; a playout ends, is reproducible from its
seed and follows the rules; a rollout's means are its playouts' means."""

from __future__ import annotations

import random

import pytest

from eights.engine.family import apply_chance, apply_move, legal_moves, parse_family, parse_rules
from eights.engine.family.deal import deal
from eights.engine.family.scoring import payoffs
from eights.play.family.heuristic import heuristic_move
from eights.solver import _core
from eights.solver.family_convert import move_code, move_of, to_state
from tests.family_moves import random_step
from tests.test_family_core_perft import RULESETS

POSITIONS = 1000  # decisions checked a ruleset (deals walked until there are this many)
STEPS = 300


def _walk(name: str, seed: int) -> list:
    """The decisions of a seeded deal walked half at random, half by the heuristic (so that
    both odd positions and the heuristic's own are met)."""
    rng = random.Random(seed)
    position = deal(parse_rules(name), seed, seed % parse_rules(name).players)
    seen = []
    for _ in range(STEPS):
        if position.is_over:
            break
        if not position.owed:
            seen.append(position)
        if not position.owed and rng.random() < 0.5:
            position = apply_move(position, heuristic_move(position, list(legal_moves(position))))
        else:
            position = random_step(position, rng)
    return seen


@pytest.mark.parametrize("name", RULESETS)
def test_the_cores_heuristic_chooses_the_python_heuristics_move(name: str) -> None:
    checked, seed = 0, 0
    while checked < POSITIONS:
        for position in _walk(name, seed):
            expected = heuristic_move(position, list(legal_moves(position)))
            assert move_of(position, _core.family_heuristic_move(to_state(position))) == expected, position
            checked += 1
        seed += 1


@pytest.mark.parametrize("text", [
    "rules:classic/4 0:K5.8.. 1:Q... 2:.2.. 3:3... turn:0 up:7S stock:...2",   # an 8 held, a suit's length
    "rules:classic/2,draw2=2 0:2.5.. 1:K... up:2H turn:0 draw:2 stock:..AK.",  # a draw-two pending
    "rules:classic/3,reshuffle=no 0:K... 1:Q... 2:J... up:2H turn:0 stock:- passes:1",  # only a pass
    "rules:sce/4 0:2.K.. 1:Q... 2:.J.. 3:..9. turn:0 up:7S stock:...2",       # a draw-two before a low hand
])
def test_the_cores_heuristic_on_the_rules_corners(text: str) -> None:
    position = parse_family(text)
    assert move_of(position, _core.family_heuristic_move(to_state(position))) == heuristic_move(
        position, list(legal_moves(position)))


def test_the_cores_heuristic_refuses_a_position_without_a_move() -> None:
    position = parse_family("rules:classic/2 0:K... 1:Q... up:2H turn:0 stock:..A. owed:1")
    with pytest.raises(ValueError, match="no legal move"):
        _core.family_heuristic_move(to_state(position))



@pytest.mark.parametrize("name", ["classic/4", "classic/2", "sce/4", "openspiel/4", "classic/5,draw2=2,skip=Q,reverse=A",
                                  "layout/4", "openspiel/3,use_special_cards=yes,reshuffle=yes"])
def test_playouts_end_and_are_reproducible_from_their_seed(name: str) -> None:
    for seed in range(10):
        state = to_state(deal(parse_rules(name), seed))
        pay, events, cut = _core.family_playout(state, seed)
        assert not cut and 0 < events
        assert _core.family_playout(state, seed) == (pay, events, cut)
        assert len(pay) == parse_rules(name).players


def test_playouts_of_different_seeds_differ() -> None:
    state = to_state(deal(parse_rules("classic/4"), 3))
    assert len({_core.family_playout(state, seed) for seed in range(20)}) > 5


def test_a_playout_scores_the_deal_it_ends_as_the_engine_does() -> None:
    """A playout with its stock order known and no reshuffle needed is the heuristic's deal
    played in Python with the draws in that order."""
    position = parse_family("rules:classic/2,reshuffle=no 0:K5.8.3. 1:Q4..9.2 turn:0 up:7S stock:A6..JT. "
                            "order:AS,6S,JD,TD")
    pay, events, cut = _core.family_playout(to_state(position), 1)
    played = 0
    while not position.is_over:
        if position.owed:
            position = apply_chance(position, position.order[0])
        else:
            position = apply_move(position, heuristic_move(position, list(legal_moves(position))))
        played += 1
    assert (pay, events, cut) == (tuple(float(p) for p in payoffs(position)), played, False)


def test_a_rollout_gives_each_legal_move_the_mean_of_its_playouts() -> None:
    position = parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT.")
    found = _core.family_rollout(to_state(position), 8, 0, 5)
    assert found["games"] == 8 and found["cut"] == 0
    assert [move_of(position, code) for code, _ in found["moves"]] == list(legal_moves(position))
    assert found == _core.family_rollout(to_state(position), 8, 0, 5)
    for code, means in found["moves"]:
        assert len(means) == 3 and sum(means) == pytest.approx(0.0)  # classic: the winner collects


@pytest.mark.parametrize("games, time_ms", [(-1, 0), (0, 0), (1_000_001, 0), (1, -5)])
def test_a_rollout_refuses_bad_limits(games: int, time_ms: int) -> None:
    state = to_state(parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT."))
    with pytest.raises(ValueError, match="family_rollout: games must be"):
        _core.family_rollout(state, games, time_ms, 1)


def test_the_search_values_its_horizon_by_playouts_the_same_in_a_fresh_and_a_warm_table() -> None:
    from eights.solver.family_native import solve

    position = parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT.")
    table = _core.FamilyTable(4)
    first = solve(position, depth=2, playouts=16, playout_seed=3, table=table)
    warm = solve(position, depth=2, playouts=16, playout_seed=3, table=table)
    table.clear()
    fresh = solve(position, depth=2, playouts=16, playout_seed=3, table=table)
    assert [m.values for m in first.moves] == [m.values for m in warm.moves] == [m.values for m in fresh.moves]
    other = solve(position, depth=2, playouts=16, playout_seed=4, table=table)
    material = solve(position, depth=2, evaluation="material", table=table)
    assert [m.values for m in other.moves] != [m.values for m in first.moves] != [m.values for m in material.moves]
    assert not first.exact


def test_the_solver_bot_takes_playouts_at_its_horizon() -> None:
    from eights.play.bots.spec import BotSpecError
    from eights.play.family import make_family_bot

    bot = make_family_bot("solver:depth=2,playouts=16")
    assert bot.spec == "solver:depth=2,playouts=16" and make_family_bot(bot.spec).spec == bot.spec
    position = parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT.")
    bot.new_game(1)
    chosen = bot.choose(position, list(legal_moves(position)))
    bot.new_game(1)
    assert bot.choose(position, list(legal_moves(position))) == chosen
    with pytest.raises(BotSpecError, match="playouts must be a whole number from 1 to 100000, got 'many'"):
        make_family_bot("solver:depth=2,playouts=many")


def test_the_core_search_refuses_negative_playouts() -> None:
    state = to_state(parse_family("rules:classic/3 0:K5.8.. 1:Q.9.. 2:.2.4. turn:0 up:7S stock:A6..JT."))
    with pytest.raises(ValueError, match="family_search: playouts must be in 0..1000000"):
        _core.family_search(_core.FamilyTable(1), state, 0, 0, 1, False, 0, 0, None, None, -1, 0)
