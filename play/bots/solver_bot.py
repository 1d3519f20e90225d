"""The solver bot: the C solver's best move at a fixed depth or within a time per move.

``solver:time=MS``, ``solver:depth=D`` (both: deepen for MS, at most to D),
``eval=NAME`` (default the solver's, ``eights.solver.evaluation.DEFAULT_EVALUATION``), handed to
``Solver.rank(evaluation=...)`` as it is, so that an evaluation the solver learns is a bot at
once, and ``tt=MB``, the table's size (default 64: emptying it costs about 1 ms, a lot for a
shallow bot playing thousands of games, as a rollout's does). The search is expectimax: it
never sees the stock's order. Its Solver and table: ``eights.play.bots.searching``.

``hold8=P`` (points, default 0: off) applies the game's first strategic rule, "hold an 8 as
long as possible" (seed wgr-guide), where the search hardly tells the moves apart: when the
best move plays an 8 and a play of another card is valued within P points of it, the bot
plays the best such card instead.

``play_for=points|game|series`` (RULES.md's objectives; ``eights.play.series.play_for``) plays
a deal of a game for the game around it: the bot is told each deal's game context by
``play_in`` (None: a single deal, played for its points whatever the spec says); unset, it plays
for the game when it has a context and for the points when not. ``horizon=mean|spread``
(default spread) is how a horizon's estimate becomes an equity.
"""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.cards import EIGHT, rank_of
from eights.engine.game import GameContext
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.play.bots.searching import SEARCH_OPTIONS, TABLE_MB, SearchingBot, number, search_options, search_spec
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.series.play_for import HORIZONS, PLAY_FOR, SPREAD, utility_of_position
from eights.solver import MoveValue
from eights.solver.evaluation import DEFAULT_EVALUATION


class SolverBot(SearchingBot):
    """Plays the solver's best move (``Solver.rank``: the search without its proofs), or with
    ``hold_eights`` > 0 a card other than an 8 that close to it; a move that is the only legal
    one is played unsearched."""

    def __init__(self, depth: int | None, time_ms: float | None, evaluation: str = DEFAULT_EVALUATION,
                 tt_mb: int = TABLE_MB, hold_eights: float = 0.0, play_for: str | None = None,
                 horizon: str = SPREAD) -> None:
        super().__init__(depth, time_ms, evaluation, tt_mb)
        self.hold_eights = hold_eights
        self.play_for, self.horizon = play_for, horizon
        self.context: GameContext | None = None

    @classmethod
    def from_spec(cls, spec: BotSpec) -> SolverBot:
        """``solver:time=MS``, ``solver:depth=D``, either with ``eval=NAME``, ``tt=MB``, ``hold8=P``,
        ``play_for=`` and ``horizon=``."""
        options = spec.options_of((*SEARCH_OPTIONS, "hold8", "play_for", "horizon"))
        for key, known in (("play_for", PLAY_FOR), ("horizon", HORIZONS)):
            if key in options and options[key] not in known:
                raise BotSpecError(str(spec), f"{key} must be one of {', '.join(known)}, got {options[key]!r}")
        return cls(*search_options(spec, options), hold_eights=number(
            spec, options.get("hold8", "0"), "hold8 must be a number of points, 0 or more", zero_allowed=True),
            play_for=options.get("play_for"), horizon=options.get("horizon", SPREAD))

    @property
    def spec(self) -> str:
        """The canonical spec: ``solver:depth=4``, ``solver:time=100,eval=material,hold8=4``,
        ``solver:depth=4,play_for=game``."""
        options = search_spec(self.depth, self.time_ms, self.evaluation, self.tt_mb)
        options += [f"hold8={self.hold_eights:g}"] if self.hold_eights else []
        options += [f"play_for={self.play_for}"] if self.play_for is not None else []
        options += [f"horizon={self.horizon}"] if self.horizon != SPREAD else []
        return f"solver:{','.join(options)}"

    def play_in(self, context: GameContext | None) -> None:
        """The game context of the deals that follow (None: single deals)."""
        self.context = context

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The move to play by the search (``pick``), or the only legal move."""
        if len(moves) == 1:
            return moves[0]
        utility = None if self.context is None else utility_of_position(position, self.context, self.play_for,
                                                                          self.horizon)
        played_for = {} if utility is None else {"utility": utility}  # the points: searched exactly as before
        return self.pick(self._searcher().rank(position, depth=self.depth, time_ms=self.move_time_ms,
                                               evaluation=self.evaluation, **played_for))

    def pick(self, ranked: Sequence[MoveValue]) -> Move:
        """The move to play from the search's moves, best first (``pick``)."""
        return pick(ranked, self.hold_eights)


def pick(ranked: Sequence[MoveValue], hold_eights: float) -> Move:
    """The move to play from a search's moves, best first: the best, unless it plays an 8 and a
    play of another card is within ``hold_eights`` points of it (then the best such)."""
    best = ranked[0]
    if hold_eights <= 0 or not plays_an_eight(best.move):
        return best.move  # off, even against a play of another card valued the same
    for other in ranked[1:]:
        if best.value - other.value > hold_eights:
            break
        if other.move.card is not None and not plays_an_eight(other.move):
            return other.move
    return best.move


def plays_an_eight(move: Move) -> bool:
    """The move plays an 8."""
    return move.card is not None and rank_of(move.card) == EIGHT
