"""What a player of a family game plays for (RULES-FAMILY.md, "The solver's objective with
N > 2 players"): which move a hand picks among its children's values, in each mode.

- ``maxn``: every player maximises her own expected payoff; among moves whose values for the
  mover are tied (within ``SAME_VALUE`` of the best), the one lowest for the **leader**
  (``leader``), then the first in the engine's move order.
- ``paranoid``: one named player maximises her payoff and every other hand minimises it (a
  two-sided zero-sum game); ties go to the first move in the engine's order.
- ``brs``: Best-Reply Search, paranoid's choice over a smaller tree (the native core's
  ``family_brs.c``): between two of the named player's turns one opponent alone answers with
  any move, the others play a default move; searched by the native core only.

Values here are tuples: one payoff per seat in ``maxn``, the named player's payoff alone (a
1-tuple) in ``paranoid``. The order of the moves given is the engine's documented order.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:sce/3 0:K... 1:5... 2:9... up:5C turn:0")
>>> leader(p)   # 5 points: seat 1 holds the fewest
1
>>> MaxN().choose(p, [(-3.0, -9.0, 0.0), (-3.0, -20.0, 0.0), (-4.0, -30.0, 0.0)])
1
>>> Paranoid(2).choose(p, [(1.0,), (-5.0,), (-5.0,)])   # seat 0 minimises seat 2's payoff
1
"""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.cards import Seat
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import Ruleset
from eights.engine.family.scoring import hand_points
from eights.solver.limits import SAME_VALUE

MAXN, PARANOID, BRS = "maxn", "paranoid", "brs"
MODES = (MAXN, PARANOID, BRS)

Values = tuple[float, ...]
Bounds = tuple[Values, Values]  # the lows and the highs, entry by entry


def leader(position: FamilyPosition) -> Seat:
    """The player who holds the fewest points now by the game's card values (the mover
    included); ties go to the first such seat clockwise (+1) from the mover, the mover first.

    >>> from eights.engine.family.notation import parse_family
    >>> leader(parse_family("rules:classic/4 0:K... 1:Q... 2:T... 3:J... up:5C turn:2"))
    2
    """
    n = position.players
    seats = [(position.turn + step) % n for step in range(n)]
    return min(seats, key=lambda seat: hand_points(position.rules, position.hands[seat]))


def zero_sum(rules: Ruleset) -> bool:
    """Whether every deal's payoffs add up to 0 (``classic``: the winner collects what the
    others lose; ``layout``: the pool is the stakes), so that two players play one zero-sum
    game in both modes.

    >>> from eights.engine.family.ruleset import parse_rules
    >>> zero_sum(parse_rules("classic/2")), zero_sum(parse_rules("openspiel/2"))
    (True, False)
    """
    return rules.scoring in ("classic", "layout")


def best_of(scores: Sequence[float], candidates: Sequence[int]) -> list[int]:
    """The candidates whose score is within ``SAME_VALUE`` of the highest (order kept).

    >>> best_of([1.0, 3.0, 3.0 - 1e-12, 2.0], [0, 1, 2, 3])
    [1, 2]
    """
    top = max(scores[index] for index in candidates)
    return [index for index in candidates if scores[index] >= top - SAME_VALUE]


class Objective:
    """How a hand chooses among its moves' values; ``sign`` and ``entry`` say which entry of
    a value she pushes up (+1) or down (-1)."""

    name = ""

    def entry(self, position: FamilyPosition) -> int:
        """The entry of a value that the hand to act decides by."""
        raise NotImplementedError

    def sign(self, position: FamilyPosition) -> int:
        """+1 when the hand to act maximises that entry, -1 when she minimises it."""
        raise NotImplementedError

    def tie_break(self, position: FamilyPosition, values: Sequence[Values], tied: list[int]) -> list[int]:
        """The tied moves left after the mode's own tie-break (before the move order)."""
        raise NotImplementedError

    def terminal(self, payoffs: Values) -> Values:
        """The value of a finished deal (or a horizon's estimate) from the seats' payoffs."""
        raise NotImplementedError

    def bounds(self, sign: int, children: Sequence[Bounds], candidates: Sequence[Bounds]) -> Bounds:
        """The bounds of an inexact decision node, entry by entry, from its children's and its
        candidates' (the children that can be its choice, whatever lies beyond the horizon)."""
        raise NotImplementedError

    def choose(self, position: FamilyPosition, values: Sequence[Values]) -> int:
        """The index of the move the hand to act picks: the best for her (ties within
        ``SAME_VALUE``), then the mode's tie-break, then the first in move order."""
        return self._pick(position, values, list(range(len(values))))

    def rank(self, position: FamilyPosition, values: Sequence[Values]) -> list[int]:
        """Every index, best first: the best pick of those left, again and again."""
        left = list(range(len(values)))
        order = []
        while left:
            picked = self._pick(position, values, left)
            order.append(picked)
            left.remove(picked)
        return order

    def _pick(self, position: FamilyPosition, values: Sequence[Values], left: list[int]) -> int:
        """The pick among the moves ``left`` (indices in move order)."""
        entry, sign = self.entry(position), self.sign(position)
        scores = [sign * value[entry] for value in values]
        return self.tie_break(position, values, best_of(scores, left))[0]


class MaxN(Objective):
    """Max-n: the mover maximises her own entry; ties go to the lowest for the leader."""

    name = MAXN

    def entry(self, position: FamilyPosition) -> int:
        return position.turn

    def sign(self, position: FamilyPosition) -> int:
        return 1

    def tie_break(self, position: FamilyPosition, values: Sequence[Values], tied: list[int]) -> list[int]:
        seat = leader(position)
        return best_of([-value[seat] for value in values], tied)

    def bounds(self, sign: int, children: Sequence[Bounds], candidates: Sequence[Bounds]) -> Bounds:
        """The hull of the candidates' bounds: any of them may be the choice."""
        entries = range(len(candidates[0][0]))
        return (tuple(min(low[e] for low, _ in candidates) for e in entries),
                tuple(max(high[e] for _, high in candidates) for e in entries))

    def terminal(self, payoffs: Values) -> Values:
        return payoffs


class Paranoid(Objective):
    """Paranoid for ``player``: she maximises her payoff, every other hand minimises it."""

    name = PARANOID

    def __init__(self, player: Seat) -> None:
        self.player = player

    def entry(self, position: FamilyPosition) -> int:
        return 0

    def sign(self, position: FamilyPosition) -> int:
        return 1 if position.turn == self.player else -1

    def tie_break(self, position: FamilyPosition, values: Sequence[Values], tied: list[int]) -> list[int]:
        return tied

    def bounds(self, sign: int, children: Sequence[Bounds], candidates: Sequence[Bounds]) -> Bounds:
        """Minimax's: the highest low and high for the maximiser, the lowest for the others."""
        pick = max if sign > 0 else min
        entries = range(len(children[0][0]))
        return (tuple(pick(low[e] for low, _ in children) for e in entries),
                tuple(pick(high[e] for _, high in children) for e in entries))

    def terminal(self, payoffs: Values) -> Values:
        return (payoffs[self.player],)


class BestReply(Paranoid):
    """Best-Reply Search for ``player``: paranoid's choice among the moves' values."""

    name = BRS
