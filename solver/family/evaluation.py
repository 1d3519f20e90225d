"""Estimates at the search's horizon for the family games, and the range every payoff of a
deal lies in (what a horizon leaf may turn out to be worth, for the proofs of exactness).

``material`` is each seat's payoff if the deal ended now as a **blocked** deal ends
(RULES-FAMILY "A deal that cannot go on"), by the game's own scoring:

- ``sce``: each player minus the points in her hand (8 = 50, 2 = 20, K Q J T = 10, A = 1,
  other cards their pips);
- ``classic``: the hand with the fewest points (ties: the first clockwise from the dealer's
  left) collects every other hand's points (8 = 50, K Q J T = 10, A = 1, other pips); each
  other player pays her own;
- ``openspiel``: each player minus her hand's penalty by pyspiel's table (8 = 50, J Q K A =
  10, a 2 to T its card id + 2), as a deal ended by ``max_turns`` pays;
- ``layout``: the highest count (A = 15, K Q J T = 10, other pips) takes half the pool of N
  stakes and the lowest the other half (ties share), less each player's stake of 1.

A hand already out in ``sce``'s extended play is out: payoffs follow the engine's rule for
a finished deal (``eights.engine.family.scoring.payoffs``), which this calls.

>>> from eights.engine.family.notation import parse_family
>>> material(parse_family("rules:classic/3 0:K... 1:5... 2:9.8.. up:5C turn:0"))
(-10.0, 69.0, -59.0)
>>> payoff_range(parse_family("rules:layout/4 0:7... 1:K... 2:.2.. 3:.3.. piles:7C/KD/2S/3S/4S/5S/6S/9S turn:0"))
(-1.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from eights.engine.family.position import FamilyPosition
from eights.engine.family.scoring import hand_points, payoffs
from eights.solver.family.trained import model_values, weights_for

FamilyEvaluation = Callable[[FamilyPosition], tuple[float, ...]]


def material(position: FamilyPosition) -> tuple[float, ...]:
    """Each seat's payoff if the deal were blocked now (the module docstring, per game)."""
    blocked = replace(position, passes=position.rules.blocked_after, owed=0)
    return tuple(float(payoff) for payoff in payoffs(blocked))


def payoff_range(position: FamilyPosition) -> tuple[float, float]:
    """The least and the most any seat can be paid when the deal ends (however it goes on):
    with T the points of every card of the position, ``sce`` and ``openspiel`` pay from
    -T to 0, ``classic`` from -T to T, ``layout`` from -1 (the stake) to N - 1 (the pool)."""
    scoring = position.rules.scoring
    if scoring == "layout":
        return -1.0, float(position.players - 1)
    total = float(hand_points(position.rules, position.all_cards()))
    if scoring == "classic":
        return -total, total
    return -total, 0.0


def trained(position: FamilyPosition) -> tuple[float, ...]:
    """Each seat's value by the shipped trained model of the ruleset (``eights.solver.family.trained``),
    within the payoff range; the material where no model ships for the ruleset."""
    weights = weights_for(position.rules)
    if weights is None:
        return material(position)
    return model_values(position, weights, *payoff_range(position))


EVALUATIONS: dict[str, FamilyEvaluation] = {"material": material, "trained": trained}
DEFAULT_EVALUATION = "trained"  # a search's by depth (or nodes) unless told, and the reference's
PLAYOUTS = "playouts"  # the native core's alone: each horizon leaf the mean of the heuristic's playouts
SEARCH_EVALUATIONS = (*EVALUATIONS, PLAYOUTS)  # the names the native core's solve takes
TIMED_EVALUATION = PLAYOUTS  # a search by time alone unless told: docs/family-evaluation.md measures why


def default_evaluation(depth: int | None, node_limit: int | None) -> str:
    """The horizon estimate a search uses unless told: ``playouts`` by time alone, where the
    time goes to UCT over the root's moves with the heuristic's playouts below its tree
    (``eights.solver.family_native.played_out``), which beat every deeper alpha-beta search in
    paired deals against the heuristic; ``trained`` at a
    depth or a node limit, which asks for a tree of that size and wants a quick leaf.

    >>> default_evaluation(None, None), default_evaluation(4, None), default_evaluation(None, 10_000)
    ('playouts', 'trained', 'trained')
    """
    return TIMED_EVALUATION if depth is None and node_limit is None else DEFAULT_EVALUATION


def spends_time_on_playouts(evaluation: str | None, depth: int | None) -> bool:
    """Whether a search with ``evaluation`` (None: the default) ``depth`` deep (None: by time)
    spends its time on playouts rather than depth: so a fair search's samples are each
    searched alone, each its share of the time."""
    return depth is None and evaluation in (None, PLAYOUTS)
