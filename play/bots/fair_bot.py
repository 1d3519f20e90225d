"""The fair bot: decides from its own view only (``eights.engine.view``): its concealed hand, both
dummies, the upcard and the discard pile. The other concealed hand and the stock are
sampled (``eights.play.fair``), each sample is ranked by the solver double dummy, and the move
of best mean value over the samples is played.

``fair:time=MS,samples=N`` (MS for the whole move) or ``fair:depth=D,samples=N`` (each sample
searched D deep), either with ``eval=NAME`` and ``tt=MB`` as the solver bot and
``schedule=deepen|split``; ``samples`` defaults to 16. ``deepen`` (the default) searches
every sample 1 deep, then 2, ... until the time is up, and decides at the last depth
completed on every sample (``eights.play.fair.deepen``); ``split`` (the first fair bot) gives each sample its share of
MS, searched alone. The samples of a move come from the game's seed and the move's number
in the game, so with ``depth=`` and no ``time=`` a game's moves depend only on the game.
Against the solver bot, which sees every hand, it measures what knowing the hidden hand is
worth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from eights.engine.cards import S, W
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.view import View
from eights.play.bots.searching import SEARCH_OPTIONS, TABLE_MB, SearchingBot, search_options, search_spec, whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.fair import DEEPEN, DEFAULT_SAMPLES, SCHEDULES, deepen, fair_hint, sample_deals
from eights.play.paired import derive
from eights.solver import MoveValue

MAX_SAMPLES = 10_000


class FairBot(SearchingBot):
    """Plays the move of best mean over deals sampled from its own view; an only move unsearched."""

    def __init__(self, depth: int | None, time_ms: float | None, evaluation: str, tt_mb: int = TABLE_MB,
                 samples: int = DEFAULT_SAMPLES, schedule: str = DEEPEN) -> None:
        super().__init__(depth, time_ms, evaluation, tt_mb)
        if schedule not in SCHEDULES:
            raise ValueError(f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        self.samples, self.schedule = samples, schedule
        self._seed, self._decisions = 0, 0

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FairBot:
        """``fair:time=MS`` or ``fair:depth=D``, with ``samples=N``, ``schedule=deepen|split``,
        ``eval=NAME`` and ``tt=MB``."""
        options = spec.options_of((*SEARCH_OPTIONS, "samples", "schedule"))
        samples = whole(spec, options.pop("samples"), "samples", MAX_SAMPLES) if "samples" in options else DEFAULT_SAMPLES
        schedule = options.pop("schedule", DEEPEN)
        if schedule not in SCHEDULES:
            raise BotSpecError(str(spec), f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        return cls(*search_options(spec, options), samples=samples, schedule=schedule)

    @property
    def spec(self) -> str:
        """The canonical spec: ``fair:time=100,samples=16``, then ``schedule=split`` when not the default."""
        search = search_spec(self.depth, self.time_ms, self.evaluation, self.tt_mb)
        schedule = [f"schedule={self.schedule}"] if self.schedule != DEEPEN else []
        return f"fair:{','.join([*search, f'samples={self.samples}', *schedule])}"

    def new_game(self, seed: int) -> None:
        """Take the game's seed for the samples, and empty the table."""
        self._seed, self._decisions = seed, 0
        super().new_game(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The move of best mean over the samples of the bot's view, or the only legal move."""
        if len(moves) == 1:
            return moves[0]
        view = View.of(replace(position, order=None), (S, W)[position.side_to_act])
        seed = derive(self._seed, "move", self._decisions)
        self._decisions += 1
        deals = sample_deals(view, self.samples, seed)
        solver = self._searcher()
        if self.schedule == DEEPEN:
            ranked: Sequence[Sequence[MoveValue]] = deepen(solver, deals, self.evaluation, self.depth,
                                                           self.move_time_ms).values
        else:
            time_ms = None if self.move_time_ms is None else self.move_time_ms / self.samples
            ranked = [solver.rank(deal, depth=self.depth, time_ms=time_ms, evaluation=self.evaluation) for deal in deals]
        return fair_hint(view, ranked, seed).moves[0].move
