"""The solver bot: the C solver's best move at a fixed depth or within a time per move.

``solver:time=MS``, ``solver:depth=D`` (both: deepen for MS, at most to D) and
``eval=NAME`` (default ``material``), handed to ``Solver.solve(evaluation=...)`` as it
is, so an evaluation the solver learns is a bot at once. The search is expectimax: it
never sees the stock's order. Each bot keeps one Solver (its table warm from move to move)
for the life of its process, its own so that two solver bots in one process never read
each other's entries, and empties the table at the start of every game, so that with
``depth=`` and no ``time=`` a game's moves depend only on the game (time-limited bots
depend on the machine's speed and load).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.moves import Move
from engine.position import Position
from play.bots.spec import BotSpec, BotSpecError
from solver import MAX_DEPTH, Solver
from solver.evaluation import EVALUATIONS

TABLE_MB = 64
DEFAULT_EVALUATION = "material"
SEARCH_OPTIONS = ("time", "depth", "eval")


class SolverBot:
    """Plays the solver's best move (``Solver.rank``: the search without its proofs); a move
    that is the only legal one is played unsearched."""

    def __init__(self, depth: int | None, time_ms: float | None, evaluation: str = DEFAULT_EVALUATION) -> None:
        self.depth, self.time_ms, self.evaluation = depth, time_ms, evaluation
        self._solver: Solver | None = None

    @classmethod
    def from_spec(cls, spec: BotSpec) -> SolverBot:
        """``solver:time=MS``, ``solver:depth=D``, either with ``eval=NAME``."""
        return cls(*search_options(spec, spec.options_of(SEARCH_OPTIONS)))

    @property
    def spec(self) -> str:
        """The canonical spec: ``solver:depth=4``, ``solver:time=100,eval=material``."""
        return f"solver:{','.join(search_spec(self.depth, self.time_ms, self.evaluation))}"

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: a depth and no time."""
        return self.time_ms is None

    def new_game(self, seed: int) -> None:
        """Empty the table, so that the game does not depend on the games before it."""
        if self._solver is not None:
            self._solver.clear()

    def use_solver(self, solver: Solver) -> None:
        """Search with ``solver`` (a service's, sized and counted by it) instead of a table of its own."""
        self._solver = solver

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The best move by the search, or the only legal move."""
        if len(moves) == 1:
            return moves[0]
        ranked = self._searcher().rank(position, depth=self.depth, time_ms=self.time_ms, evaluation=self.evaluation)
        return ranked[0].move

    def _searcher(self) -> Solver:
        """The bot's Solver, made on first use (a bot only checked, never played, allocates no table)."""
        if self._solver is None:
            self._solver = Solver(tt_mb=TABLE_MB)
        return self._solver


def search_options(spec: BotSpec, options: dict[str, str]) -> tuple[int | None, float | None, str]:
    """A search's depth, time_ms and evaluation from a spec's options ``depth``, ``time``
    (one at least) and ``eval``; BotSpecError naming the problem."""
    if "time" not in options and "depth" not in options:
        raise BotSpecError(str(spec), f"the {spec.name} bot needs time=MS or depth=D (or both)")
    depth = _depth(spec, options["depth"]) if "depth" in options else None
    time_ms = _time_ms(spec, options["time"]) if "time" in options else None
    evaluation = options.get("eval", DEFAULT_EVALUATION)
    if evaluation not in EVALUATIONS:
        raise BotSpecError(str(spec), f"unknown evaluation {evaluation!r} (known: {', '.join(EVALUATIONS)})")
    return depth, time_ms, evaluation


def search_spec(depth: int | None, time_ms: float | None, evaluation: str) -> list[str]:
    """The canonical options of a search: ``time=``, ``depth=``, ``eval=`` (when not the default)."""
    options = [f"time={time_ms:g}"] if time_ms is not None else []
    options += [f"depth={depth}"] if depth is not None else []
    options += [f"eval={evaluation}"] if evaluation != DEFAULT_EVALUATION else []
    return options


def _depth(spec: BotSpec, text: str) -> int:
    try:
        depth = int(text)
    except ValueError:
        depth = 0
    if not 1 <= depth <= MAX_DEPTH:
        raise BotSpecError(str(spec), f"depth must be a whole number from 1 to {MAX_DEPTH}, got {text!r}")
    return depth


def _time_ms(spec: BotSpec, text: str) -> float:
    try:
        time_ms = float(text)
    except ValueError:
        time_ms = math.nan
    if not 0 < time_ms < math.inf:
        raise BotSpecError(str(spec), f"time must be a positive number of milliseconds, got {text!r}")
    return time_ms
