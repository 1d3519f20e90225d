"""What the family's searching bots (``solver``, ``fair``) share: their spec options ``time=MS``,
``depth=D`` (one at least; both: deepen for MS, at most to D), ``mode=maxn|paranoid|brs`` (max-n
by default: every player for herself, RULES-FAMILY's objective; paranoid: the others
against the bot's seat; brs: Best-Reply Search, paranoid where one opponent a turn answers,
docs/family-solver.md) and ``eval=NAME`` (the family's horizon estimate; unless told, the
solver's ``default_evaluation``: by time alone, ``playouts``, the time spent on the heuristic's
playouts of every move, the strongest in paired deals; at a depth, the trained model;
docs/family-evaluation.md),
``must_play=yes|no`` (in a game whose rules take ``must_play``, classic's, ``yes`` searches
as if every hand had to play when it can, the rules' option, so the bot never draws holding a
play and expects no other hand to; unless told, ``default_must_play``: ``yes`` to a depth,
where the horizon's "blocked now" value made draws look good, ``no`` by time, where the
playouts value a draw as it plays out and drawing holding a play sometimes wins more;
docs/family-evaluation.md measures both), and a search
table of the bot's own, emptied at every new game, so that with ``depth=`` and no ``time=``
a game's moves depend only on the game.

The numbers are read as sce2's bots read theirs (``eights.play.bots.searching``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from eights.engine.family import FamilyMove, FamilyPosition, Ruleset, legal_moves
from eights.play.bots.searching import depth_and_time, whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.paired import derive
from eights.solver.family.evaluation import SEARCH_EVALUATIONS, default_evaluation, spends_time_on_playouts
from eights.solver.family.objective import MAXN, MODES
from eights.solver.family.solution import FamilySolution
from eights.solver.family_native import solve
from eights.solver.utility import Utility

if TYPE_CHECKING:
    from eights.solver._core import FamilyTable

TABLE_MB = 16  # a bot's own table: a match seats several bots in one process
SEARCH_OPTIONS = ("time", "depth", "mode", "eval", "must_play")
SWITCHES = {"yes": True, "no": False}
MAX_PLAYOUTS = 100_000  # playouts= a horizon leaf


class FamilySearchingBot:
    """A bot that searches family positions in the native core to ``depth`` or for
    ``time_ms`` a move, in ``mode`` with ``evaluation`` (None: the solver's default for the
    search's limits) and ``must_play`` (the module docstring), in a table of its own."""

    def __init__(self, depth: int | None, time_ms: float | None, mode: str = MAXN,
                 evaluation: str | None = None, must_play: bool | None = None) -> None:
        self.depth, self.time_ms, self.mode, self.evaluation = depth, time_ms, mode, evaluation
        self.must_play = default_must_play(evaluation, depth) if must_play is None else must_play
        self.playouts, self._playout_seed = 0, 0  # the solver bot's playouts= (``playouts_option``)
        self._table: FamilyTable | None = None

    @property
    def deterministic(self) -> bool:
        """True when moves do not depend on the machine's speed: a depth and no time."""
        return self.time_ms is None

    def new_game(self, seed: int) -> None:
        """Empty the table, so that the game does not depend on the games before it; take the
        game's seed for the playouts at the horizon (``playouts=``)."""
        self._playout_seed = derive(seed, "playouts")
        if self._table is not None:
            self._table.clear()

    def searched(self, position: FamilyPosition) -> FamilyPosition:
        """The position the bot searches: under ``must_play`` where the bot assumes it and the
        rules take it, else ``position`` itself."""
        return replace(position, rules=must_play_rules(position.rules)) if self.must_play else position

    def candidates(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> list[FamilyMove]:
        """The moves of ``moves`` the bot considers: those legal in the position it searches."""
        allowed = set(legal_moves(self.searched(position)))
        return [move for move in moves if move in allowed]

    def search(self, position: FamilyPosition, time_ms: float | None, utility: Utility | None = None) -> FamilySolution:
        """The core's solution of ``position`` for the seat to act (``time_ms`` this search's
        share of the move's time, None: by depth alone), in the bot's table; ``utility``: the
        deal played for the game around it (``eights.solver.family_native``), None: its points."""
        return self.search_at(position, time_ms, self.depth, utility)

    def search_at(self, position: FamilyPosition, time_ms: float | None, depth: int | None,
                  utility: Utility | None = None) -> FamilySolution:
        """``search`` at most ``depth`` deep (None: by time alone)."""
        if self._table is None:
            from eights.solver import _core  # made on first use: a bot only checked allocates no table

            self._table = _core.FamilyTable(TABLE_MB)
        return solve(self.searched(position), depth=depth, time_ms=time_ms, mode=self.mode,
                     evaluation=self.evaluation, table=self._table, utility=utility, playouts=self.playouts,
                     playout_seed=self._playout_seed)

    def search_options(self) -> list[str]:
        """The canonical options of the search: ``time=``, ``depth=``, then ``mode=``,
        ``eval=`` and ``must_play=`` when not the defaults."""
        options = [f"time={self.time_ms:g}"] if self.time_ms is not None else []
        options += [f"depth={self.depth}"] if self.depth is not None else []
        options += [f"mode={self.mode}"] if self.mode != MAXN else []
        default = default_evaluation(self.depth, None)
        options += [f"eval={self.evaluation}"] if self.evaluation not in (None, default) else []
        told = self.must_play != default_must_play(self.evaluation, self.depth)
        options += [f"must_play={'yes' if self.must_play else 'no'}"] if told else []
        options += [f"playouts={self.playouts}"] if self.playouts else []
        return options


@cache
def must_play_rules(rules: Ruleset) -> Ruleset:
    """``rules`` with ``must_play=yes`` where its preset takes the option (classic), else ``rules``.

    >>> from eights.engine.family import parse_rules
    >>> must_play_rules(parse_rules("classic/4")).name, must_play_rules(parse_rules("sce/4")).name
    ('classic/4,must_play=yes', 'sce/4')
    """
    return replace(rules, must_play=True) if "must_play" in rules.to_json()["options"] else rules


def default_must_play(evaluation: str | None, depth: int | None) -> bool:
    """A searching bot's ``must_play`` unless told: False where its search spends its time on
    playouts (by time, ``eval=playouts``), True to a depth. In paired deals at 100 ms the
    search by time without it won +11.18 (+3.84 .. +18.53) a classic/4 deal more than with it
    (docs/family-evaluation.md); to a depth it cured the draws the horizon's value made.

    >>> default_must_play(None, None), default_must_play(None, 4), default_must_play("trained", None)
    (False, True, True)
    """
    return not spends_time_on_playouts(evaluation, depth)


def search_options(spec: BotSpec, options: dict[str, str]) -> tuple[int | None, float | None, str, str | None,
                                                                      bool | None]:
    """A search's depth, time_ms, mode, evaluation (None: the solver's default) and must_play
    (None: ``default_must_play``) from a spec's options; BotSpecError naming the option and
    the problem."""
    depth, time_ms = depth_and_time(spec, options)
    mode = options.get("mode", MAXN)
    if mode not in MODES:
        raise BotSpecError(str(spec), f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    evaluation = options.get("eval")
    if evaluation is not None and evaluation not in SEARCH_EVALUATIONS:
        raise BotSpecError(str(spec), f"unknown evaluation {evaluation!r} (known: {', '.join(SEARCH_EVALUATIONS)})")
    must_play = options.get("must_play")
    if must_play is not None and must_play not in SWITCHES:
        raise BotSpecError(str(spec), f"must_play must be yes or no, got {must_play!r}")
    return depth, time_ms, mode, evaluation, None if must_play is None else SWITCHES[must_play]


def playouts_option(spec: BotSpec, options: dict[str, str]) -> int:
    """The solver bot's ``playouts=K`` (0 when not given): each horizon leaf the mean payoffs
    of K playouts by the heuristic in every seat (``eights.play.family.rollout_bot``'s): the
    ``playouts`` evaluation with K playouts a leaf; BotSpecError naming the problem."""
    return whole(spec, options["playouts"], "playouts", MAX_PLAYOUTS) if "playouts" in options else 0
