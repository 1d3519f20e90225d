"""The solver bot: the C solver's best move at a fixed depth or within a time per move.

``solver:time=MS``, ``solver:depth=D`` (both: deepen for MS, at most to D),
``eval=NAME`` (default the solver's, ``solver.evaluation.DEFAULT_EVALUATION``), handed to
``Solver.rank(evaluation=...)`` as it is, so that an evaluation the solver learns is a bot at
once, and ``tt=MB``, the table's size (default 64: emptying it costs about 1 ms, a lot for a
shallow bot playing thousands of games, as a rollout's does). The search is expectimax: it
never sees the stock's order. Its Solver and table: ``play.bots.searching``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.moves import Move
from engine.position import Position
from play.bots.searching import SEARCH_OPTIONS, SearchingBot, search_options, search_spec
from play.bots.spec import BotSpec


class SolverBot(SearchingBot):
    """Plays the solver's best move (``Solver.rank``: the search without its proofs); a move
    that is the only legal one is played unsearched."""

    @classmethod
    def from_spec(cls, spec: BotSpec) -> SolverBot:
        """``solver:time=MS``, ``solver:depth=D``, either with ``eval=NAME`` and ``tt=MB``."""
        return cls(*search_options(spec, spec.options_of(SEARCH_OPTIONS)))

    @property
    def spec(self) -> str:
        """The canonical spec: ``solver:depth=4``, ``solver:time=100,eval=material``."""
        return f"solver:{','.join(search_spec(self.depth, self.time_ms, self.evaluation, self.tt_mb))}"

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The best move by the search, or the only legal move."""
        if len(moves) == 1:
            return moves[0]
        ranked = self._searcher().rank(position, depth=self.depth, time_ms=self.move_time_ms,
                                       evaluation=self.evaluation)
        return ranked[0].move
