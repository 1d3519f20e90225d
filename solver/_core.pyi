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
           leaf: int, model: Model | None = None,
           utility: tuple[Sequence[float], Sequence[float]] | None = None) -> SearchResult:
    """Iterative deepening to ``depth`` (limits 0 = none); every root move's exact value.
    ``leaf`` 3 (trained) needs ``model``. ``utility``: (finished, leaf), the worth to NS of
    each payoff -580 ... 580 of a finished deal and of a horizon leaf's estimate (nondecreasing,
    within [-580, 580]); the values are then expected worths (``eights.solver.utility``)."""

# ---- the family (docs/core-interface.md, "The family in the core"; eights.solver.family_convert)

FamilyRules = tuple[
    int, int, int, int, int, int, int,  # players, decks, draw_ends_turn, draw_cap (0 none), must_play, eights_must_match, eights_name_suit
    tuple[int, ...],  # effects: 13 codes by rank (0 none, 1 skip, 2 reverse, 3 draw2)
    int, int, int,  # reshuffle (0 no, 1 lazy, 2 eager), centre (layout piles), scoring (0 own, 1 winner, 2 pool)
    tuple[int, ...],  # points: 52, by card
    int, int, int, int, int, int, int,  # continues (bits), reverse_again, blocked_after, draw2_needs_stock, spent_penalty_is_pass, pass_holding_play, plays_cap (0 none)
    int,  # reshuffle_cap: the lazy reshuffles a deal allows (0 none)
]
FamilyState = tuple[
    FamilyRules,
    tuple[tuple[int, ...], ...],  # hands: N sorted tuples of cards (a card twice with two decks)
    int, int,  # turn, upcard (-1: none, the layout game)
    tuple[int, ...], tuple[int, ...],  # stock, discard (cards)
    int, int,  # called (-1 none), under (-1 none)
    int, int, int, int, int, int, int, int, int,  # free, direction, pending, owed, penalty, draws, passes, plays, extended
    tuple[int, ...],  # the layout piles' top cards
    int,  # dealer
    tuple[int, ...],  # the stock's order, top first (() unknown)
    int,  # reshuffles: the lazy reshuffles the deal has made (at most reshuffle_cap)
]

def family_perft(state: FamilyState, depth: int) -> int:
    """Sequences of ``depth`` events, as ``eights.engine.family.perft.perft`` (GIL released)."""

def family_legal_moves(state: FamilyState) -> list[int]:
    """Family move codes in the engine's order: card | (suit + 1) << 6 | (pile + 1) << 9, then
    8192 (draw), 8193 (pass)."""

def family_payoffs(state: FamilyState) -> tuple[float, ...]:
    """A finished deal's payoffs, one per seat, as ``eights.engine.family.scoring.payoffs``."""

class FamilyTableStats(TypedDict):
    bytes: int
    width: int  # doubles an entry holds (3N in maxn, 2 in paranoid); -1 before a search
    probes: int
    hits: int
    stores: int

class FamilyTable:
    """The family search's transposition table, a fixed size in MB; not for two threads at once."""

    def __init__(self, mb: int) -> None: ...
    def clear(self) -> None: ...
    def stats(self) -> FamilyTableStats: ...

FamilyValue = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], bool]  # values, lows, highs, exact

class FamilySearchResult(TypedDict):
    depth: int
    root: FamilyValue
    moves: list[tuple[int, FamilyValue]]  # each root move (engine order) and its value; [] at a chance node
    pv: list[int]
    nodes: int
    stopped: bool
    sampled: bool  # a timed max-n search sampled a long draw at its horizon: the values are estimates

def family_search(table: FamilyTable, state: FamilyState, mode: int, player: int, depth: int, deepen: bool,
                  time_ms: int, node_limit: int, weights: Sequence[float] | None = None,
                  utility: tuple[Sequence[float], Sequence[float]] | None = None, playouts: int = 0,
                  seed: int = 0) -> FamilySearchResult:
    """mode 0 max-n (values: one per seat), 1 paranoid for ``player`` (values: hers alone);
    ``deepen``: from depth 1 up to ``depth`` within the limits (0 = none), stopping once every
    root move is exact; else ``depth`` alone; ``weights``: the trained evaluation's
    (``eights.solver.family.trained.weights_for``), None: material; ``utility``: max-n of two
    seats whose deal's winner collects, played for (finished, leaf), the worth of seat 0's
    payoff -580 ... 580 in the core's units (``Utility.core_tables``; seat 1's the opposite),
    None: the payoffs; ``playouts`` (> 0): each horizon leaf the mean of that many heuristic
    playouts seeded by ``seed`` and the leaf (family_playout.h) (GIL released)."""

def family_heuristic_move(state: FamilyState) -> int:
    """The move code ``eights.play.family.heuristic.heuristic_move`` chooses (ValueError: no move)."""

def family_playout(state: FamilyState, seed: int) -> tuple[tuple[float, ...], int, bool]:
    """The deal played out by the heuristic in every seat, the stock shuffled from ``seed``:
    each seat's payoff, the events (moves and cards drawn), and whether it was cut at the
    core's cap (then scored as blocked) (GIL released)."""

class FamilyRolloutResult(TypedDict):
    moves: list[tuple[int, tuple[float, ...]]]  # each legal move (engine order) and its mean payoffs per seat
    games: int  # playouts of each move
    cut: int  # playouts cut at the core's cap

def family_rollout(state: FamilyState, games: int, time_ms: int, seed: int) -> FamilyRolloutResult:
    """Every legal move played out ``games`` times (0: no limit) or for ``time_ms`` (0: none) by
    the heuristic, playout i of every move from the same seed (``seed`` and the position)
    (GIL released)."""

class FamilyUctResult(TypedDict):
    moves: list[tuple[int, tuple[float, ...], int]]  # each legal move (engine order), its mean payoffs, its iterations
    best: int  # the index of the move of best mean for the hand to act (or against paranoid_for's seat)
    iterations: int  # iterations made (whole rounds of every move)
    nodes: int  # the tree's nodes
    cut: int  # playouts cut at the core's cap

def family_uct(state: FamilyState, iterations: int, time_ms: int, exploration: float, paranoid_for: int,
               max_nodes: int, seed: int,
               utility: tuple[Sequence[float], Sequence[float]] | None = None) -> FamilyUctResult:
    """Every legal move searched alike, round after round from common seeds, and below each UCT
    over the plans of the hand to act, the others playing the heuristic (``iterations``: 0 no
    limit; ``time_ms``: 0 none; ``paranoid_for``: -1 for herself, or the seat whose payoff she
    pushes down; the tree at most ``max_nodes``; ``utility``: max-n of two seats whose deal's
    winner collects, played for (finished, leaf) worths of seat 0's payoff, each playout's end
    read through the finished table, the means then worths) (GIL released)."""
