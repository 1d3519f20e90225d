"""The solver's error: bad arguments to a search, in the engine's "field: problem" family."""

from __future__ import annotations

from eights.engine.errors import EightsError


class SolverError(EightsError):
    """A search asked for with an unknown mode or evaluation, or an impossible depth or time."""
