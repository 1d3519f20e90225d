"""Issue #30: the family's reference search against a tiny independent recursion (the rules of
RULES-FAMILY "The solver's objective with N > 2 players" written again plainly, over the
engine's public rules), at small depths, on seeded positions of every preset."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from eights.engine.family import apply_chance, apply_move, chance_outcomes, deal, legal_moves, parse_rules, payoffs
from eights.engine.family.position import FamilyPosition
from eights.engine.family.scoring import hand_points
from eights.solver.family import material, solve

TOLERANCE = 1e-9  # RULES-FAMILY's "within the solver's tolerance": eights.solver.api.SAME_VALUE
RULESETS = (
    "sce/3", "sce/5", "sce/4,deal=6",
    "classic/2", "classic/4", "classic/6", "classic/3,draw=one,skip=Q,reverse=A,draw2=2",
    "classic/3,draw=upto:2,must_play=yes,eights=nosuit", "classic/4,draw=one_play,eights=match,reshuffle=no",
    "openspiel/2", "openspiel/3,use_special_cards=yes,reshuffle=yes,max_draw_cards=2", "openspiel/6",
    "layout/2", "layout/4",
)


def depths(name: str) -> tuple[int, ...]:
    """The depths searched, one position each: deeper for the layout game, which has no chance
    (a draw from a stock of 30 cards multiplies a search by 30)."""
    return (3, 5, 7) if name.startswith("layout") else (1, 2)


def random_positions(name: str, count: int, seed: int = 0, steps: int = 30) -> list[FamilyPosition]:
    """``count`` decision nodes of deals of ``name``, each after up to ``steps`` random events
    (moves and cards drawn), so that stocks are smaller and some deals are near their end."""
    rng = random.Random(f"{name}/{seed}")
    found: list[FamilyPosition] = []
    while len(found) < count:
        position = deal(parse_rules(name), seed=rng.randrange(10**6))
        for _ in range(rng.randrange(steps)):
            if position.is_over:
                break
            if position.owed:
                cards = [card for card, _ in chance_outcomes(position)]
                position = apply_chance(position, rng.choice(cards))
            else:
                position = apply_move(position, rng.choice(list(legal_moves(position))))
        while position.owed:
            position = apply_chance(position, chance_outcomes(position)[0][0])
        if not position.is_over:
            found.append(position)
    return found


def leader(position: FamilyPosition) -> int:
    n = position.players
    return min(range(n), key=lambda seat: (hand_points(position.rules, position.hands[seat]), (seat - position.turn) % n))


@lru_cache(maxsize=None)
def maxn(position: FamilyPosition, depth: int) -> tuple[float, ...]:
    """Max-n as RULES-FAMILY says it, plainly: the mover's best, ties to the leader's lowest,
    then the first move."""
    if position.is_over:
        return tuple(float(payoff) for payoff in payoffs(position))
    if position.owed:
        outcomes = [(float(p), maxn(apply_chance(position, card), depth)) for card, p in chance_outcomes(position)]
        return tuple(sum(p * value[seat] for p, value in outcomes) for seat in range(position.players))
    if depth == 0:
        return material(position)
    children = [maxn(apply_move(position, move), depth - 1) for move in legal_moves(position)]
    mover, lead = position.turn, leader(position)
    best = max(value[mover] for value in children)
    tied = [value for value in children if value[mover] >= best - TOLERANCE]
    lowest = min(value[lead] for value in tied)
    return next(value for value in tied if value[lead] <= lowest + TOLERANCE)


@lru_cache(maxsize=None)
def minimax(position: FamilyPosition, depth: int, player: int) -> float:
    """Plain expectiminimax for ``player``: she maximises, every other hand minimises."""
    if position.is_over:
        return float(payoffs(position)[player])
    if position.owed:
        return sum(float(p) * minimax(apply_chance(position, card), depth, player) for card, p in chance_outcomes(position))
    if depth == 0:
        return material(position)[player]
    children = [minimax(apply_move(position, move), depth - 1, player) for move in legal_moves(position)]
    return max(children) if position.turn == player else min(children)


@pytest.mark.parametrize("name", RULESETS)
def test_maxn_at_depth_d_equals_the_plain_recursion(name: str) -> None:
    for depth, position in zip(depths(name), random_positions(name, len(depths(name)))):
        solution = solve(position, depth=depth, evaluation="material")
        assert solution.values == pytest.approx(maxn(position, depth), abs=1e-6)
        for move_value in solution.moves:
            child = apply_move(position, move_value.move)
            assert move_value.values == pytest.approx(maxn(child, depth - 1), abs=1e-6)


@pytest.mark.parametrize("name", RULESETS)
def test_paranoid_equals_plain_minimax_from_the_players_view(name: str) -> None:
    for number, (depth, position) in enumerate(zip(depths(name), random_positions(name, len(depths(name)), seed=1))):
        player = (position.turn + number) % position.players  # the mover, then the next seat
        solution = solve(position, depth=depth, mode="paranoid", player=player, evaluation="material")
        assert solution.value == pytest.approx(minimax(position, depth, player), abs=1e-6)
        assert [move_value.value for move_value in solution.moves] == pytest.approx(
            sorted((minimax(apply_move(position, m.move), depth - 1, player) for m in solution.moves),
                   reverse=position.turn == player), abs=1e-6)
