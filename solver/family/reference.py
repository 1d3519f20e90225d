"""The pure-Python reference search for the family games: memoised, depth-limited
expectimax max-n (or paranoid) over the family engine, no pruning, so that it can be
trusted; a native core for the family is to be checked against it exactly.

The definition, step by step (``value(position, depth)``):

1. **A finished deal** (``is_over``) is worth the engine's payoffs (``payoffs``, as binary64
   floats): exact.
2. **A chance node** (a draw under way, ``owed`` > 0) is worth the sum, over the engine's
   ``chance_outcomes`` in their order (by card number), of ``p * value(child, depth)`` where
   ``p`` is the outcome's probability (copies in the stock / cards in the stock) rounded to
   binary64, accumulated left to right from 0.0. A reshuffle is part of the chance event
   that needs it (the engine's ``apply_chance``/``apply_move``), so it has no node of its own.
   Chance nodes never spend depth and are never horizon leaves: a draw of k cards is one
   action followed by k chance nodes at the depth after the action.
3. **The horizon**: a decision node with ``depth`` 0 is worth the evaluation (``material``);
   its bounds are the whole ``payoff_range``; it is not exact.
4. **A decision node** with ``depth`` > 0: every legal move in the engine's order (plays by
   card, an 8 once per suit S H D C, layout plays by pile; then ``draw``; then ``pass``) is
   worth ``value(child, depth - 1)``: each player's action, whatever it is (a play, a draw, a
   pass), spends one unit of depth. The hand to act picks by ``Objective.choose``: her entry
   highest (the named player's entry lowest for the others in ``paranoid``), ties within
   ``SAME_VALUE`` of the best, then (``maxn``) the lowest entry for the ``leader`` within
   ``SAME_VALUE`` of the lowest, then the first in move order. Its value is that move's.

**Bounds and exactness.** Each value carries, per entry, bounds [low, high] that the deal's
true value (whatever lies beyond the horizon) is proven to lie in, and ``exact``:

- a chance node's bounds are the same weighted sums of its children's; it is exact when
  every child is;
- at a decision node, let s be +1 (the hand maximises her entry) or -1 (she minimises it),
  and a child's signed bounds ``[lo, hi]`` its bounds of that entry times s; the
  **candidates** are the children whose ``hi`` is at least the highest ``lo`` less
  ``SAME_VALUE`` (no other child can be the choice, whatever lies beyond the horizon). The
  node is exact when every candidate is; then its bounds are its value. Otherwise, in
  ``maxn`` each entry's bounds are the hull of the candidates' bounds; in ``paranoid`` they
  are minimax's (max of the lows and of the highs for the maximiser, min of both for the
  others).

**Cycles**: positions are told apart by what their value depends on (``key_of``: the count
of card plays only where ``max_turns`` reads it; the reshuffles made, which RULES-FAMILY
"Every deal ends" caps), so no deal of the family comes back to a position it has been in;
should one, it would be the same position. The search keeps no path set; it follows a
repeated position again with less depth, and every cycle holds at least one action, so a
cycle in the searched tree always ends at a horizon leaf, which is never exact, and no
value whose proof a cycle could change is claimed exact. A value is a function of the
position and the depth left, never of the path or of the order of the search: the memo is
keyed by both, and an exact value, which every deeper search finds again bit for bit (the
bounds only narrow as the depth grows, each value lies within its bounds, so the candidates
of an exact node stay exact and the same), is also kept under the position alone for every
depth from the least it was found at.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/3 0:5... 1:K... 2:9... up:5C turn:0 stock:.K..")
>>> [(m.notation(), v.values, v.exact) for m, v in Search(p.rules).moves(p, 1)]
[('play 5S', (19.0, -10.0, -9.0), True), ('draw', (-15.0, -10.0, 25.0), False)]
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import Ruleset
from eights.engine.family.rules import apply_chance, chance_outcomes, successors
from eights.engine.family.scoring import payoffs
from eights.solver.limits import SAME_VALUE
from eights.solver.family.evaluation import FamilyEvaluation, material, payoff_range
from eights.solver.family.objective import MaxN, Objective, Values

CLOCK_EVERY = 256  # calls between two readings of the clock


class Value(NamedTuple):
    """A position's value (one entry per seat in ``maxn``, the named player's alone in
    ``paranoid``), its proven bounds per entry, and whether it is exact."""

    values: Values
    low: Values
    high: Values
    exact: bool


class OutOfBudget(Exception):
    """The search would pass its deadline or its node limit."""


def key_of(position: FamilyPosition) -> FamilyPosition:
    """What a position's value depends on: the position without its count of card plays
    where the ruleset ends no deal by that count (only ``openspiel``'s ``max_turns`` does).

    >>> from eights.engine.family.notation import parse_family
    >>> key_of(parse_family("rules:classic/2 0:5... 1:9... up:5C turn:0 plays:7")).plays
    0
    """
    if position.plays and position.rules.plays_cap is None:
        return replace(position, plays=0)
    return position


@cache
def move_of(label: str) -> FamilyMove:
    """The move of a label of ``successors`` (its notation)."""
    return FamilyMove.from_notation(label)


class Search:
    """One search of one deal's positions under ``rules``: an objective, an evaluation and a
    memo of ``(position, depth) -> Value`` kept across calls (iterative deepening reuses
    it). ``nodes`` counts calls of ``value`` (memo hits included). Every position searched
    must come from one deal: its payoff range, the same at each of them (cards are neither
    made nor lost), is found once."""

    def __init__(self, rules: Ruleset, objective: Objective | None = None, evaluate: FamilyEvaluation = material,
                 deadline: float | None = None, max_nodes: int | None = None) -> None:
        self.rules = rules
        self.objective = objective or MaxN()
        self.evaluate = evaluate
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.memo: dict[tuple[FamilyPosition, int], Value] = {}
        self.solved: dict[FamilyPosition, tuple[int, Value]] = {}
        self.range: tuple[float, float] | None = None  # the deal's payoff range, found once

    def value(self, position: FamilyPosition, depth: int) -> Value:
        """The value of ``position`` searched ``depth`` actions deep (the module docstring).

        A value exact at some depth is the value at every greater depth (see "Cycles" and
        the bounds above), so it is kept once, under the least depth it was found at."""
        self._count()
        same = key_of(position)
        found = self.memo.get((same, depth))
        if found is None:
            solved = self.solved.get(same)
            if solved is not None and solved[0] <= depth:
                return solved[1]
            found = self.memo[same, depth] = self._value(position, depth)
            if found.exact and (solved is None or depth < solved[0]):
                self.solved[same] = (depth, found)
        return found

    def moves(self, position: FamilyPosition, depth: int) -> list[tuple[FamilyMove, Value]]:
        """Each legal move of a decision node in the engine's order, with its value at
        ``depth`` (the child's at ``depth - 1``)."""
        return [(move_of(label), self.value(child, depth - 1)) for label, child in successors(position)]

    def child(self, position: FamilyPosition, move: FamilyMove) -> FamilyPosition:
        """The position after ``move`` (legal at ``position``)."""
        return next(child for label, child in successors(position) if move_of(label) == move)

    def _count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    def _value(self, position: FamilyPosition, depth: int) -> Value:
        objective = self.objective
        if position.is_over:
            values = objective.terminal(tuple(float(payoff) for payoff in payoffs(position)))
            return Value(values, values, values, True)
        if position.owed:
            return self._chance(position, depth)
        if depth == 0:
            values = objective.terminal(self.evaluate(position))
            if self.range is None:
                self.range = payoff_range(position)
            low, high = self.range
            return Value(values, (low,) * len(values), (high,) * len(values), False)
        children = [value for _, value in self.moves(position, depth)]
        return self._decide(position, children)

    def _chance(self, position: FamilyPosition, depth: int) -> Value:
        """Step 2: the children weighted by their probabilities, summed in card order."""
        values: list[float] | None = None
        low: list[float] = []
        high: list[float] = []
        exact = True
        for card, probability in chance_outcomes(position):
            p = float(probability)
            child = self.value(apply_chance(position, card), depth)
            if values is None:
                values, low, high = [0.0] * len(child.values), [0.0] * len(child.values), [0.0] * len(child.values)
            for entry in range(len(values)):
                values[entry] += p * child.values[entry]
                low[entry] += p * child.low[entry]
                high[entry] += p * child.high[entry]
            exact = exact and child.exact
        assert values is not None, "a draw under way has a stock"
        return Value(tuple(values), tuple(low), tuple(high), exact)

    def _decide(self, position: FamilyPosition, children: list[Value]) -> Value:
        """Step 4: the hand's choice, and the bounds and exactness of the candidates."""
        objective = self.objective
        chosen = children[objective.choose(position, [child.values for child in children])]
        entry, sign = objective.entry(position), objective.sign(position)
        signed = [sorted((sign * child.low[entry], sign * child.high[entry])) for child in children]
        floor = max(lo for lo, _ in signed)
        candidates = [child for child, (_, hi) in zip(children, signed) if hi >= floor - SAME_VALUE]
        if all(child.exact for child in candidates):
            return Value(chosen.values, chosen.values, chosen.values, True)
        low, high = objective.bounds(sign, [(child.low, child.high) for child in children],
                                     [(child.low, child.high) for child in candidates])
        return Value(chosen.values, low, high, False)
