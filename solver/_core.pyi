"""Type stub of the native core ``eights.solver._core`` (see docs/core-interface.md)."""

from collections.abc import Sequence
from typing import TypedDict

State = tuple[
    tuple[int, int, int, int],  # hands: card masks of N, E, S, W
    int,  # upcard: card 0..51 (suit * 13 + rank)
    int,  # called: suit called by the 8 on top, -1 for none
    int,  # turn: seat to act
    int,  # direction: +1 clockwise, -1 anticlockwise
    int,  # pending: pending draw count 0, 2, 4, 6, 8
    int,  # stock: card mask
    int,  # discard: card mask
    tuple[int, ...] | None,  # order: stock top first, None: draws random
    bool,  # extended: extended play under way
    int,  # penalised: bit mask of penalised seats
]

MOVE_DRAW: int
MAX_DEPTH: int
TRAINED_FEATURES: int

class TableStats(TypedDict):
    bytes: int
    buckets: int
    entries: int
    used: int
    generation: int
    probes: int
    hits: int

class SearchResult(TypedDict):
    depth: int
    value_ns: float
    moves: list[tuple[int, float]]
    previous: list[float]  # each move's value to NS at the depth before (empty at depth 1)
    pv: list[int]
    nodes: int
    stopped: bool

class Table:
    """A transposition table of a fixed size in MB; not for two threads at once."""

    def __init__(self, mb: int) -> None: ...
    def clear(self) -> None: ...
    def stats(self) -> TableStats: ...

class Model:
    """The trained evaluation's weights: TRAINED_FEATURES floats (eights.solver.trained.FEATURES)."""

    def __init__(self, weights: Sequence[float]) -> None: ...

def perft(state: State, depth: int) -> int:
    """Action sequences of ``depth`` actions, as ``eights.engine.perft.perft``."""

def legal_moves(state: State) -> list[int]:
    """Move codes in the engine's order: plays by card, an 8's suits S H D C, then 255."""

def search(table: Table, state: State, depth: int, time_ms: int, node_limit: int,
           leaf: int, model: Model | None = None) -> SearchResult:
    """Iterative deepening to ``depth`` (limits 0 = none); every root move's exact value.
    ``leaf`` 3 (trained) needs ``model``."""
