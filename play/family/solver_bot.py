"""The family's solver bot: the native core's best move (``eights.solver.family_native.solve``)
at a fixed depth or within a time per move, double dummy: it sees every hand, never the
stock's order (draws are chance nodes).

``solver:time=MS``, ``solver:depth=D`` (both: deepen for MS, at most to D), with
``mode=paranoid`` or ``mode=brs`` (default ``maxn``), ``eval=NAME`` and ``must_play=yes|no``
(``eights.play.family.searching``).
Where even one action deep the search outlasts its time many times over (the core's limit:
a draw of many cards), it plays the heuristic's move, which reads only its own view.
"""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.family import FamilyMove, FamilyPosition
from eights.play.bots.spec import BotSpec
from eights.play.family.heuristic import heuristic_move
from eights.play.family.searching import SEARCH_OPTIONS, FamilySearchingBot, search_options
from eights.solver.errors import SolverError


class FamilySolverBot(FamilySearchingBot):
    """Plays the search's best move; a move that is the only one it considers is played unsearched."""

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FamilySolverBot:
        """``solver:time=MS`` or ``solver:depth=D``, with ``mode=``, ``eval=`` and ``must_play=``."""
        return cls(*search_options(spec, spec.options_of(SEARCH_OPTIONS)))

    @property
    def spec(self) -> str:
        """The canonical spec: ``solver:depth=4``, ``solver:time=100,mode=paranoid``."""
        return f"solver:{','.join(self.search_options())}"

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """The search's best move, or the only move the bot considers (``candidates``)."""
        moves = self.candidates(position, moves)
        if len(moves) == 1:
            return moves[0]
        try:
            best = self.search(position, self.time_ms).best
        except SolverError:  # one action deep outlasts the time many times over (a draw of many cards)
            return heuristic_move(position, moves)
        assert best is not None  # a position with legal moves has a best one
        return best
