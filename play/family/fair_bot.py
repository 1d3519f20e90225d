"""The family's fair bot: decides from its own view only (``eights.engine.family.view``): its
hand, the upcard, the discard pile, the counts of the other hands and the stock, and what
the deal's public events showed. The hidden cards are dealt at random among the other hands
and the stock, ``samples`` times, each sample is searched double dummy by the native core,
and the move of best mean payoff for the bot's seat over the samples is played (ties: the
first in the engine's move order).

Where it is told of the deal's events (``observe``: the deals and matches of
``eights.play.family.seats``, so ``bench.strength`` and the rotated runs), a hand that drew or
passed rather than play is dealt no card it could have played, until it draws again
(``eights.play.family.inference``); where it is not (a position given alone, as the API's bot
move and pyspiel's table give it), every hidden card is dealt at random, as before.

``fair:time=MS`` (MS for the whole move) or ``fair:depth=D`` (each sample searched D deep),
with ``samples=N`` (default 16; by time with the playouts evaluation, the default by time,
``PLAYOUT_SAMPLES``), ``mode=``, ``eval=`` and ``must_play=`` as the solver bot, and
``schedule=deepen|split`` as sce2's fair bot (``eights.play.bots.fair_bot``): ``deepen``, the
default, searches the samples together, depth 1 on every sample, then depth 2, ..., and
decides at the last depth completed on every sample (sce2's own ``eights.play.fair.deepen``
schedules the family's searches too); ``split`` gives each sample its share of the time.
The samples of a move come from the game's seed and the move's number in the game, so with
``depth=`` and no ``time=`` a game's moves depend only on the game and on what the bot's seat
has seen, never on how the hidden cards lie. As with sce2's fair bot,
each sample is solved as if its hidden cards were known from then on, so its values lean
optimistic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import cast

from eights.engine.family import FamilyMove, FamilyPosition
from eights.play.bots.searching import whole
from eights.play.bots.spec import BotSpec, BotSpecError
from eights.play.fair import DEEPEN, DEFAULT_SAMPLES, SCHEDULES, deepen
from eights.play.family.heuristic import heuristic_move
from eights.play.family.inference import HiddenHands
from eights.play.family.searching import SEARCH_OPTIONS, FamilySearchingBot, search_options
from eights.engine.family.view import FamilyView
from eights.games.game import PlayedStep
from eights.play.paired import derive
from eights.solver.errors import SolverError
from eights.solver.family.evaluation import spends_time_on_playouts
from eights.solver.family.objective import MAXN
from eights.solver.family.solution import FamilyMoveValue

MAX_SAMPLES = 10_000
# Played out by time (``plays_out``), many samples of a few ms each beat a few long ones: at 100
# ms in classic/4, 50 samples +8.3 a deal over the heuristic (95% CI +0.2 .. +16.3), 16 samples
# +5.3 (-3.8 .. +14.4), 100 samples overran the time (docs/family-evaluation.md).
PLAYOUT_SAMPLES = 50
MS_A_PLAYOUT_SAMPLE = 2


class FamilyFairBot(FamilySearchingBot):
    """Plays the move of best mean over deals sampled from its own view; an only move unsearched."""

    def __init__(self, depth: int | None, time_ms: float | None, mode: str = MAXN,
                 evaluation: str | None = None, must_play: bool | None = None, samples: int = DEFAULT_SAMPLES,
                 schedule: str = DEEPEN) -> None:
        super().__init__(depth, time_ms, mode, evaluation, must_play)
        if schedule not in SCHEDULES:
            raise ValueError(f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        self.samples, self.schedule = samples, schedule
        self._seed, self._decisions = 0, 0
        self._hidden = HiddenHands()

    @classmethod
    def from_spec(cls, spec: BotSpec) -> FamilyFairBot:
        """``fair:time=MS`` or ``fair:depth=D``, with ``samples=N``, ``schedule=``, ``mode=``, ``eval=`` and ``must_play=``."""
        options = spec.options_of((*SEARCH_OPTIONS, "samples", "schedule"))
        given = whole(spec, options.pop("samples"), "samples", MAX_SAMPLES) if "samples" in options else None
        schedule = options.pop("schedule", DEEPEN)
        if schedule not in SCHEDULES:
            raise BotSpecError(str(spec), f"schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}")
        bot = cls(*search_options(spec, options), schedule=schedule)
        bot.samples = bot.default_samples() if given is None else given
        return bot

    def default_samples(self) -> int:
        """The samples unless told: ``PLAYOUT_SAMPLES`` where each is played out for its share of
        the time (``plays_out``; at most one per ``MS_A_PLAYOUT_SAMPLE`` of it), else ``DEFAULT_SAMPLES``.

        >>> FamilyFairBot(None, 100).default_samples(), FamilyFairBot(None, 20).default_samples()
        (50, 10)
        >>> FamilyFairBot(3, None).default_samples()
        16
        """
        if not self.plays_out or self.time_ms is None:
            return DEFAULT_SAMPLES
        return max(1, min(PLAYOUT_SAMPLES, math.floor(self.time_ms / MS_A_PLAYOUT_SAMPLE)))

    @property
    def spec(self) -> str:
        """The canonical spec: ``fair:time=100,samples=16``, then ``schedule=split`` when not the default."""
        schedule = [f"schedule={self.schedule}"] if self.schedule != DEEPEN else []
        return f"fair:{','.join([*self.search_options(), f'samples={self.samples}', *schedule])}"

    @property
    def plays_out(self) -> bool:
        """Whether each sample's search is by time with the playouts evaluation (the solver's
        default by time alone): then each sample gets its share of the time (``split``), the
        rollout's time going to playouts, not to depth."""
        return spends_time_on_playouts(self.evaluation, self.depth)

    def rank(self, position: FamilyPosition, depth: int, time_ms: float, evaluation: str) -> Sequence[FamilyMoveValue]:
        """The move values of one sample searched at most ``depth`` deep within ``time_ms``: what
        ``eights.play.fair.deepen`` asks of a solver (``evaluation`` is the bot's own)."""
        return self.search_at(position, time_ms, depth).moves

    @property
    def move_time_ms(self) -> float | None:
        """The move's time: the spec's, held to the cap a caller set (``time_cap``, as
        ``eights.play.family.capped`` sets it and sce2's bots' ``move_time_ms`` reads it)."""
        cap: Callable[[], float] | None = getattr(self, "time_cap", None)
        if cap is None:
            return self.time_ms
        return min(cap(), math.inf if self.time_ms is None else self.time_ms)

    def new_game(self, seed: int) -> None:
        """Take the game's seed for the samples, and empty the table."""
        self._seed, self._decisions = seed, 0
        self._hidden.forget()
        super().new_game(seed)

    def observe(self, before: FamilyPosition, event: str, after: FamilyPosition) -> None:
        """Learn what one of the deal's events (the engine's observer: a move, or one card of a
        draw, never read) shows of the hidden hands (``eights.play.family.inference``); forget
        it when the deal ends."""
        if after.is_over:
            self._hidden.forget()
        else:
            self._hidden.observe(before, event)

    def observe_step(self, before: FamilyPosition, step: PlayedStep[FamilyPosition]) -> None:
        """``observe`` a step of the game interface's (``Game.play``: a move and the cards its draw
        brought, as ``eights play`` and a series play them), its cards never read."""
        if step.after.is_over:
            self._hidden.forget()
            return
        self._hidden.moved(before, FamilyMove.from_notation(step.move))
        self._hidden.drew(before, len(step.drawn))

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        """The move of best mean over the samples of the bot's view, or the only move the bot
        considers (``candidates``)."""
        moves = self.candidates(position, moves)
        if len(moves) == 1:
            return moves[0]
        try:
            means = self.mean_values(position, moves)
        except SolverError:  # one action deep outlasts the time many times over (a draw of many cards)
            return heuristic_move(position, moves)
        return max(moves, key=means.__getitem__)  # max keeps the first of equals

    def mean_values(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> dict[FamilyMove, float]:
        """Each move's mean payoff for the seat to act over the samples of its view (and of what
        it has seen the other hands do: ``observe``), searched on
        the bot's schedule (``moves``: of those the bot considers, ``candidates``); SolverError
        when a search overruns."""
        view = FamilyView.of(position)
        rng = random.Random(derive(self._seed, "move", self._decisions))
        self._decisions += 1
        deals = [self._hidden.sample(view, rng) for _ in range(self.samples)]
        budget = self.move_time_ms
        ranked: Sequence[Sequence[FamilyMoveValue]]
        if self.schedule == DEEPEN and budget is not None and not self.plays_out:
            deepened = deepen(self, deals, self.evaluation, self.depth, budget)  # type: ignore[arg-type]  # ranks as a solver
            ranked = cast(Sequence[Sequence[FamilyMoveValue]], deepened.values)
        else:
            time_ms = None if budget is None else budget / self.samples
            ranked = [self.search(deal, time_ms).moves for deal in deals]
        totals = dict.fromkeys(moves, 0.0)
        for values in ranked:
            for move_value in values:
                totals[move_value.move] += move_value.value
        return {move: total / self.samples for move, total in totals.items()}
