"""A fair hint for the service: the deals a view cannot tell apart are sampled and solved
through the SolveService (its cache, lanes and request budget), then compared
(``eights.play.fair``). /v1/fair-hint, ``eights hint`` on a view and a fair bot's /v1/bot-move
all answer with it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from eights.api.common.reading import ns_value
from eights.api.errors import DeadlineExceeded
from eights.api.service import SearchOptions, SolveService
from eights.engine.errors import NotationError
from eights.engine.view import View
from eights.play.fair import FairHint, fair_hint, sample_deals
from eights.solver.modes import EXPECTIMAX


def fair_options(service: SolveService, args: dict[str, Any]) -> SearchOptions:
    """Each sample's search: ``depth`` deep, or its share of ``time_ms``, the hint's whole
    search time (default EIGHTS_HINT_TIME_MS); NotationError for fewer than one sample (the
    command line's --samples), LimitExceeded over the service's limits."""
    if args["samples"] < 1:
        raise NotationError("samples", f"must be at least 1, got {args['samples']}")
    service.limit("samples", args["samples"], "max_samples")
    service.limit("depth", args.get("depth"), "max_depth")
    service.limit("time_ms", args.get("time_ms"), "max_time_ms")
    total = args.get("time_ms", service.settings.hint_time_ms if args.get("depth") is None else None)
    return sample_options(args["evaluation"], args.get("depth"), total, args["samples"])


def sample_options(evaluation: str, depth: int | None, total_ms: float | None, samples: int) -> SearchOptions:
    """The search of each of ``samples`` samples: ``depth`` deep, within its share of ``total_ms``
    (at least 1 ms; none: by depth alone, capped as the service caps any search)."""
    share = 0 if total_ms is None else max(1, math.floor(total_ms / samples))
    return SearchOptions(EXPECTIMAX, evaluation, depth, share)


@dataclass(frozen=True)
class FairAnswer:
    """A fair hint over the samples solved of those ``asked`` for, the least and the most
    depth their searches completed, and its time."""

    hint: FairHint
    asked: int
    depths: tuple[int, int]
    time_ms: float

    def to_json(self) -> dict[str, Any]:
        """The hint's JSON with ``value_ns``, ``asked``, ``complete``, ``depth`` (``min``, ``max``) and ``time_ms``."""
        hint = self.hint.to_json()
        return {**hint, "value_ns": ns_value(hint["value"], self.hint.view.template.side_to_act),
                "asked": self.asked, "complete": self.hint.samples == self.asked,
                "depth": {"min": self.depths[0], "max": self.depths[1]}, "time_ms": self.time_ms}


def hint_fairly(service: SolveService, view: View, samples: int, options: SearchOptions, seed: int) -> FairAnswer:
    """``samples`` deals sampled from ``seed`` for ``view`` (one ``eights.play.fair.check_view``
    passes), each solved with ``options``, and compared: TooCostly (field ``samples``) when
    they may take longer than a request may; the samples solved by the budget's deadline
    (its searches' cost and slack: what a sample's search overruns is taken from the last
    ones); DeadlineExceeded with none."""
    started = time.perf_counter()
    results = service.solve_all(sample_deals(view, samples, seed), options, "samples", partial=True)
    if not results:
        raise DeadlineExceeded("samples", "not one sample was solved within the request's time; ask for less "
                                          "depth or more time_ms")
    depths = [result.solution.depth for result in results]
    return FairAnswer(fair_hint(view, [result.solution.moves for result in results], seed), samples,
                      (min(depths), max(depths)), round((time.perf_counter() - started) * 1000, 3))
