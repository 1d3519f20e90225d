"""The family's solver bot: the native core's best move (``eights.solver.family_native.solve``)
at a fixed depth or within a time per move, double dummy: it sees every hand, never the
stock's order (draws are chance nodes).

``solver:time=MS``, ``solver:depth=D`` (both: deepen for MS, at most to D), with
``mode=paranoid`` or ``mode=brs`` (default ``maxn``), ``eval=NAME``, ``must_play=yes|no`` and
``playouts=K`` (``eights.play.family.searching``), and, in classic/2's game to 100 points,
``play_for=points|game`` and ``horizon=mean|spread`` as sce2's solver bot takes them
(``eights.play.series.target``): the bot is told each deal's game context by ``play_in`` (None: a
single deal, played for its points whatever the spec says); unset, it plays for the game when it
has a context.
Where even one action deep the search outlasts its time many times over (the core's limit:
a draw of many cards), it plays the heuristic's move, which reads only its own view.
"""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.family import FamilyMove, FamilyPosition
from eights.games import game_for
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.family.heuristic import heuristic_move
from eights.play.family.searching import SEARCH_OPTIONS, FamilySearchingBot, playouts_option, search_options
from eights.play.series.play_for import HORIZONS, PLAY_FOR, SPREAD
from eights.play.series.target import TargetContext
from eights.solver.errors import SolverError


class FamilySolverBot(FamilySearchingBot):
    """Plays the search's best move; a move that is the only one it considers is played unsearched."""

    play_for: str | None = None  # the spec's play_for= (None: game with a context, else points)
    horizon: str = SPREAD
    context: TargetContext | None = None  # the game context of the deals that follow (play_in)

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FamilySolverBot:
        """``solver:time=MS`` or ``solver:depth=D``, with ``mode=``, ``eval=``, ``must_play=``,
        ``playouts=``, ``play_for=`` and ``horizon=``."""
        options = spec.options_of((*SEARCH_OPTIONS, "playouts", "play_for", "horizon"))
        for key, known in (("play_for", PLAY_FOR), ("horizon", HORIZONS)):
            if key in options and options[key] not in known:
                raise BotSpecError(str(spec), f"{key} must be one of {', '.join(known)}, got {options[key]!r}")
        bot = cls(*search_options(spec, options))
        bot.play_for, bot.horizon = options.get("play_for"), options.get("horizon", SPREAD)
        bot.playouts = playouts_option(spec, options)
        return bot

    @property
    def spec(self) -> str:
        """The canonical spec: ``solver:depth=4``, ``solver:time=100,mode=paranoid``,
        ``solver:depth=3,play_for=game``."""
        options = self.search_options()
        options += [f"play_for={self.play_for}"] if self.play_for is not None else []
        options += [f"horizon={self.horizon}"] if self.horizon != SPREAD else []
        return f"solver:{','.join(options)}"

    def play_in(self, context: TargetContext | None) -> None:
        """The game context of the deals that follow (None: single deals)."""
        self.context = context

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """The search's best move, or the only move the bot considers (``candidates``)."""
        moves = self.candidates(position, moves)
        if len(moves) == 1:
            return moves[0]
        utility = None if self.context is None else game_for(position).play_for_utility(
            position, self.context, self.play_for, self.horizon)
        try:
            best = self.search(position, self.time_ms, utility).best
        except SolverError:  # one action deep outlasts the time many times over (a draw of many cards)
            return heuristic_move(position, moves)
        assert best is not None  # a position with legal moves has a best one
        return best
