"""The solver's error: bad arguments to a search, in the engine's "field: problem" family."""

from __future__ import annotations

from eights.engine.errors import EightsError


class SolverError(EightsError):
    """A search asked for with an unknown mode or evaluation, or an impossible depth or time."""


class FirstDepthOutlasted(SolverError):
    """A search whose depth 1 outlasted the core's limit for it (a draw of many cards): no answer
    in the time, though nothing asked was wrong (the service answers 503, not 422)."""
