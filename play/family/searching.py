"""What the family's searching bots (``solver``, ``fair``) share: their spec options ``time=MS``,
``depth=D`` (one at least; both: deepen for MS, at most to D), ``mode=maxn|paranoid`` (max-n
by default: every player for herself, RULES-FAMILY's objective; paranoid: the others
against the bot's seat) and ``eval=NAME`` (the family's horizon estimate, the solver's ``DEFAULT_EVALUATION``
unless told: the trained model, which beats material and the heuristic, docs/family-evaluation.md), and a search
table of the bot's own, emptied at every new game, so that with ``depth=`` and no ``time=``
a game's moves depend only on the game.

The numbers are read as sce2's bots read theirs (``eights.play.bots.searching``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eights.engine.family import FamilyPosition
from eights.play.bots.searching import depth_and_time
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.solver.family.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.family.objective import MAXN, MODES
from eights.solver.family.solution import FamilySolution
from eights.solver.family_native import solve

if TYPE_CHECKING:
    from eights.solver._core import FamilyTable

TABLE_MB = 16  # a bot's own table: a match seats several bots in one process
SEARCH_OPTIONS = ("time", "depth", "mode", "eval")


class FamilySearchingBot:
    """A bot that searches family positions in the native core to ``depth`` or for
    ``time_ms`` a move, in ``mode`` with ``evaluation``, in a table of its own."""

    def __init__(self, depth: int | None, time_ms: float | None, mode: str = MAXN,
                 evaluation: str = DEFAULT_EVALUATION) -> None:
        self.depth, self.time_ms, self.mode, self.evaluation = depth, time_ms, mode, evaluation
        self._table: FamilyTable | None = None

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: a depth and no time."""
        return self.time_ms is None

    def new_game(self, seed: int) -> None:
        """Empty the table, so that the game does not depend on the games before it."""
        if self._table is not None:
            self._table.clear()

    def search(self, position: FamilyPosition, time_ms: float | None) -> FamilySolution:
        """The core's solution of ``position`` for the seat to act (``time_ms`` this search's
        share of the move's time, None: by depth alone), in the bot's table."""
        return self.search_at(position, time_ms, self.depth)

    def search_at(self, position: FamilyPosition, time_ms: float | None, depth: int | None) -> FamilySolution:
        """``search`` at most ``depth`` deep (None: by time alone)."""
        if self._table is None:
            from eights.solver import _core  # made on first use: a bot only checked allocates no table

            self._table = _core.FamilyTable(TABLE_MB)
        return solve(position, depth=depth, time_ms=time_ms, mode=self.mode,
                     evaluation=self.evaluation, table=self._table)

    def search_options(self) -> list[str]:
        """The canonical options of the search: ``time=``, ``depth=``, then ``mode=`` and
        ``eval=`` when not the defaults."""
        options = [f"time={self.time_ms:g}"] if self.time_ms is not None else []
        options += [f"depth={self.depth}"] if self.depth is not None else []
        options += [f"mode={self.mode}"] if self.mode != MAXN else []
        options += [f"eval={self.evaluation}"] if self.evaluation != DEFAULT_EVALUATION else []
        return options


def search_options(spec: BotSpec, options: dict[str, str]) -> tuple[int | None, float | None, str, str]:
    """A search's depth, time_ms, mode and evaluation from a spec's options; BotSpecError
    naming the option and the problem."""
    depth, time_ms = depth_and_time(spec, options)
    mode = options.get("mode", MAXN)
    if mode not in MODES:
        raise BotSpecError(str(spec), f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    evaluation = options.get("eval", DEFAULT_EVALUATION)
    if evaluation not in EVALUATIONS:
        raise BotSpecError(str(spec), f"unknown evaluation {evaluation!r} (known: {', '.join(EVALUATIONS)})")
    return depth, time_ms, mode, evaluation
