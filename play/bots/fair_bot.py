"""The fair bot: decides from its own view only (``eights.engine.view``): its concealed hand, both
dummies, the upcard and the discard pile. The other concealed hand and the stock are
sampled (``eights.play.fair``), each sample is ranked by the solver double dummy, and the move
of best mean value over the samples is played.

``fair:time=MS,samples=N`` (MS for the whole move) or ``fair:depth=D,samples=N`` (each sample
searched D deep), either with ``eval=NAME`` and ``tt=MB`` as the solver bot and
``schedule=deepen|split`` and ``infer=none|draws``; ``samples`` defaults to 16. ``deepen`` (the default) searches
every sample 1 deep, then 2, ... until the time is up, and decides at the last depth
completed on every sample (``eights.play.fair.deepen``); ``split`` (the first fair bot) gives each sample its share of
MS, searched alone. The samples of a move come from the game's seed and the move's number
in the game, so with ``depth=`` and no ``time=`` a game's moves depend only on the game.
Against the solver bot, which sees every hand, it measures what knowing the hidden hand is
worth.

``infer=draws`` samples the deals in proportion to how likely they made the hidden hand's
draws and passes in the deal so far (``eights.play.inference``); ``none`` (the default)
samples them uniformly. The bot keeps its own views and moves of the deal for it (emptied by
``new_game``): every position it is shown is its side's turn, and what changed between one
and the next is public. The time the sampling takes comes out of the move's time.

``play_for=points|game|series`` and ``horizon=mean|spread`` as the solver bot's
(``eights.play.bots.solver_bot``): told each deal's game context by ``play_in``, every sample
is searched for what the deal is worth in the game (unset: the game with a context, the
points without).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from eights.engine.cards import S, W
from eights.engine.game import GameContext
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.view import View
from eights.play.bots.searching import SEARCH_OPTIONS, TABLE_MB, SearchingBot, search_options, search_spec, whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.fair import DEEPEN, DEFAULT_SAMPLES, SCHEDULES, deepen, fair_hint
from eights.play.inference import History, inferred_deals
from eights.play.paired import derive
from eights.play.series.play_for import HORIZONS, PLAY_FOR, SPREAD, utility_of_position
from eights.solver import MoveValue

MAX_SAMPLES = 10_000
UNIFORM, DRAWS = "none", "draws"  # infer=: nothing (uniform samples), or from the hidden hand's draws and passes
INFERENCES = (UNIFORM, DRAWS)


class FairBot(SearchingBot):
    """Plays the move of best mean over deals sampled from its own view; an only move unsearched."""

    def __init__(self, depth: int | None, time_ms: float | None, evaluation: str, tt_mb: int = TABLE_MB,
                 samples: int = DEFAULT_SAMPLES, schedule: str = DEEPEN, infer: str = UNIFORM,
                 play_for: str | None = None, horizon: str = SPREAD) -> None:
        super().__init__(depth, time_ms, evaluation, tt_mb)
        if schedule not in SCHEDULES:
            raise ValueError(f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        if infer not in INFERENCES:
            raise ValueError(f"infer must be one of {', '.join(INFERENCES)}, got {infer!r}")
        self.samples, self.schedule, self.infer = samples, schedule, infer
        self.play_for, self.horizon = play_for, horizon
        self.context: GameContext | None = None
        self._seed, self._decisions = 0, 0
        self._seen: list[tuple[View, Move]] = []  # the deal's views and moves so far (infer=draws)

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FairBot:
        """``fair:time=MS`` or ``fair:depth=D``, with ``samples=N``, ``schedule=deepen|split``,
        ``infer=none|draws``, ``eval=NAME``, ``tt=MB``, ``play_for=`` and ``horizon=``."""
        options = spec.options_of((*SEARCH_OPTIONS, "samples", "schedule", "infer", "play_for", "horizon"))
        samples = whole(spec, options.pop("samples"), "samples", MAX_SAMPLES) if "samples" in options else DEFAULT_SAMPLES
        schedule = options.pop("schedule", DEEPEN)
        if schedule not in SCHEDULES:
            raise BotSpecError(str(spec), f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        infer = options.pop("infer", UNIFORM)
        if infer not in INFERENCES:
            raise BotSpecError(str(spec), f"infer must be one of {', '.join(INFERENCES)}, got {infer!r}")
        for key, known in (("play_for", PLAY_FOR), ("horizon", HORIZONS)):
            if key in options and options[key] not in known:
                raise BotSpecError(str(spec), f"{key} must be one of {', '.join(known)}, got {options[key]!r}")
        play_for, horizon = options.pop("play_for", None), options.pop("horizon", SPREAD)
        return cls(*search_options(spec, options), samples=samples, schedule=schedule, infer=infer,
                   play_for=play_for, horizon=horizon)

    @property
    def spec(self) -> str:
        """The canonical spec: ``fair:time=100,samples=16``, then ``schedule=split``,
        ``infer=draws``, ``play_for=`` and ``horizon=mean`` when not the defaults."""
        search = search_spec(self.depth, self.time_ms, self.evaluation, self.tt_mb)
        schedule = [f"schedule={self.schedule}"] if self.schedule != DEEPEN else []
        infer = [f"infer={self.infer}"] if self.infer != UNIFORM else []
        play_for = [f"play_for={self.play_for}"] if self.play_for is not None else []
        horizon = [f"horizon={self.horizon}"] if self.horizon != SPREAD else []
        return f"fair:{','.join([*search, f'samples={self.samples}', *schedule, *infer, *play_for, *horizon])}"

    def play_in(self, context: GameContext | None) -> None:
        """The game context of the deals that follow (None: single deals)."""
        self.context = context

    def new_game(self, seed: int) -> None:
        """Take the game's seed for the samples, forget the last deal's views, and empty the table."""
        self._seed, self._decisions, self._seen = seed, 0, []
        super().new_game(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The move of best mean over the samples of the bot's view, or the only legal move."""
        view = View.of(replace(position, order=None), (S, W)[position.side_to_act])
        move = moves[0] if len(moves) == 1 else self._best(view)
        if self.infer == DRAWS:
            self._seen.append((view, move))
        return move

    def _best(self, view: View) -> Move:
        """The move of best mean over the samples of ``view``."""
        started = time.perf_counter()
        seed = derive(self._seed, "move", self._decisions)
        self._decisions += 1
        history = History.of(self._seen, view) if self.infer == DRAWS else History(())
        deals = inferred_deals(view, history, self.samples, seed)
        move_time_ms = self.move_time_ms
        if move_time_ms is not None:
            move_time_ms = max(move_time_ms - (time.perf_counter() - started) * 1000, 1.0)
        solver = self._searcher()
        utility = None if self.context is None else utility_of_position(deals[0], self.context, self.play_for,
                                                                          self.horizon)  # the same cards in each
        if self.schedule == DEEPEN:
            ranked: Sequence[Sequence[MoveValue]] = deepen(solver, deals, self.evaluation, self.depth, move_time_ms,
                                                           utility=utility).values
        else:
            time_ms = None if move_time_ms is None else move_time_ms / self.samples
            played_for = {} if utility is None else {"utility": utility}  # the points: searched exactly as before
            ranked = [solver.rank(deal, depth=self.depth, time_ms=time_ms, evaluation=self.evaluation, **played_for)
                      for deal in deals]
        return fair_hint(view, ranked, seed).moves[0].move
