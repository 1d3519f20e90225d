"""What the searching bots (``solver``, ``fair``) share: their spec options ``time=MS``,
``depth=D``, ``eval=NAME`` and ``tt=MB``, and one Solver for the life of the bot's process.

The Solver is the bot's own, so that two searching bots in one process never read each
other's entries (or the service's, handed over by ``use_solver``); its table stays warm
from move to move and is emptied at the start of every game, so that with ``depth=`` and
no ``time=`` a game's moves depend only on the game (time-limited bots depend on the
machine's speed and load).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from eights.play.bots.spec import BotSpec, BotSpecError
from eights.solver import MAX_DEPTH, Solver
from eights.solver.api import MAX_TT_MB
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS

TABLE_MB = 64
SEARCH_OPTIONS = ("time", "depth", "eval", "tt")
# The numbers of a spec, in ASCII digits only: int() and float() would also read other scripts'
# digits, underscores and a sign. A whole number has at most 18 digits (int() refuses a text of
# thousands); a decimal may have an exponent, as a canonical spec's ``:g`` writes a large one
# (time=1e+06).
WHOLE = re.compile(r"[0-9]{1,18}")
DECIMAL = re.compile(r"[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?")


class SearchingBot:
    """A bot that searches to ``depth`` or for ``time_ms`` a move, with ``evaluation``, in a
    table of ``tt_mb``; when ``time_cap`` is set, a move's search takes at most the
    milliseconds it gives at that moment (a service's limit or deadline, not part of the
    spec: a bot asked by depth alone then stops at it)."""

    def __init__(self, depth: int | None, time_ms: float | None, evaluation: str = DEFAULT_EVALUATION,
                 tt_mb: int = TABLE_MB) -> None:
        self.depth, self.time_ms, self.evaluation, self.tt_mb = depth, time_ms, evaluation, tt_mb
        self.time_cap: Callable[[], float] | None = None
        self._solver: Solver | None = None

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: a depth and no time."""
        return self.time_ms is None

    @property
    def move_time_ms(self) -> float | None:
        """The time a move's search may take: the spec's, at most the cap; None: by depth alone."""
        if self.time_cap is None:
            return self.time_ms
        return min(self.time_cap(), math.inf if self.time_ms is None else self.time_ms)

    def new_game(self, seed: int) -> None:
        """Empty the table, so that the game does not depend on the games before it."""
        if self._solver is not None:
            self._solver.clear()

    def use_solver(self, solver: Solver) -> None:
        """Search with ``solver`` (a service's, sized and counted by it) instead of a table of its own."""
        self._solver = solver

    def _searcher(self) -> Solver:
        """The bot's Solver, made on first use (a bot only checked, never played, allocates no table)."""
        if self._solver is None:
            self._solver = Solver(tt_mb=self.tt_mb)
        return self._solver


def search_options(spec: BotSpec, options: dict[str, str]) -> tuple[int | None, float | None, str, int]:
    """A search's depth, time_ms, evaluation and table size from a spec's options ``depth``,
    ``time`` (one at least), ``eval`` and ``tt``; BotSpecError naming the problem."""
    depth, time_ms = depth_and_time(spec, options)
    evaluation = options.get("eval", DEFAULT_EVALUATION)
    if evaluation not in EVALUATIONS:
        raise BotSpecError(str(spec), f"unknown evaluation {evaluation!r} (known: {', '.join(EVALUATIONS)})")
    tt_mb = whole(spec, options["tt"], "tt", MAX_TT_MB) if "tt" in options else TABLE_MB
    return depth, time_ms, evaluation, tt_mb


def depth_and_time(spec: BotSpec, options: dict[str, str]) -> tuple[int | None, float | None]:
    """A search's depth and time_ms from a spec's options ``depth`` and ``time`` (one at least;
    sce2's bots and the family's); BotSpecError naming the problem."""
    if "time" not in options and "depth" not in options:
        raise BotSpecError(str(spec), f"the {spec.name} bot needs time=MS or depth=D (or both)")
    depth = whole(spec, options["depth"], "depth", MAX_DEPTH) if "depth" in options else None
    time_ms = (number(spec, options["time"], "time must be a positive number of milliseconds")
               if "time" in options else None)
    return depth, time_ms


def search_spec(depth: int | None, time_ms: float | None, evaluation: str, tt_mb: int) -> list[str]:
    """The canonical options of a search: ``time=``, ``depth=``, then ``eval=`` and ``tt=``
    when not the defaults."""
    options = [f"time={time_ms:g}"] if time_ms is not None else []
    options += [f"depth={depth}"] if depth is not None else []
    options += [f"eval={evaluation}"] if evaluation != DEFAULT_EVALUATION else []
    options += [f"tt={tt_mb}"] if tt_mb != TABLE_MB else []
    return options


def whole(spec: BotSpec, text: str, name: str, most: int) -> int:
    """Option ``name``'s whole number from 1 to ``most``, in ASCII digits; BotSpecError otherwise."""
    if not (WHOLE.fullmatch(text) and 1 <= int(text) <= most):
        raise BotSpecError(str(spec), f"{name} must be a whole number from 1 to {most}, got {text!r}")
    return int(text)


def number(spec: BotSpec, text: str, problem: str, zero_allowed: bool = False) -> float:
    """An option's finite number above 0 (or from 0, ``zero_allowed``), written as DECIMAL reads;
    otherwise BotSpecError saying ``problem`` and what was given."""
    value = float(text) if DECIMAL.fullmatch(text) else math.nan
    if not (0 <= value if zero_allowed else 0 < value) or value == math.inf:
        raise BotSpecError(str(spec), f"{problem}, got {text!r}")
    return value
