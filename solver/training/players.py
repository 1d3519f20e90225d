"""Search players for self-play and duels: the native core at a fixed depth or time, scoring
its horizon with ``material`` or a trained model, as an ``eights.engine.match`` strategy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eights.engine.match import Strategy
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.solver import _core
from eights.solver.convert import LEAF_CODES, move_of, to_state
from eights.solver.modes import EXPECTIMAX, searched_position
from eights.solver.trained import TrainedModel

TABLE_MB = 16
# Nodes after which a move's search keeps its last completed depth (a few seconds): with trained
# leaves the pruning bounds stay open, and a draw of many cards a few actions ahead can take
# minutes at depth 4; no move of a normal deal comes near it at that depth.
NODE_LIMIT = 50_000_000


@dataclass(frozen=True)
class SearchPlayer:
    """The search to ``depth`` actions, or for ``time_ms`` (then ``depth`` caps it), with
    ``model``'s trained leaves, or material ones when ``model`` is None; a search that would
    visit more than ``node_limit`` nodes (0: no limit) keeps its last completed depth."""

    model: TrainedModel | None
    depth: int = _core.MAX_DEPTH
    time_ms: int = 0
    node_limit: int = 0

    @property
    def name(self) -> str:
        """``trained-v2@d4``, ``material@100ms``."""
        budget = f"{self.time_ms}ms" if self.time_ms else f"d{self.depth}"
        return f"{self.model.name if self.model else 'material'}@{budget}"

    def searcher(self, fresh: bool = False) -> Callable[[Position], _core.SearchResult]:
        """A search of positions by this player, with one table of its own for all of them
        (emptied before each search when ``fresh``)."""
        table = _core.Table(TABLE_MB)
        model = _core.Model(self.model.weights) if self.model else None
        leaf = LEAF_CODES["trained" if self.model else "material"]

        def search(position: Position) -> _core.SearchResult:
            if fresh:
                table.clear()
            state = to_state(searched_position(position, EXPECTIMAX))
            return _core.search(table, state, self.depth, self.time_ms, self.node_limit, leaf, model)

        return search

    def strategy(self, seen: Callable[[Position, float | None], None] | None = None) -> Strategy:
        """A strategy playing the best move (the first in the engine's order among equals);
        ``seen`` is told every position it is asked about, with the searched value to NS (None
        when the move was forced and nothing was searched)."""
        search = self.searcher()

        def choose(position: Position, moves: Sequence[Move]) -> Move:
            if len(moves) == 1:
                if seen is not None:
                    seen(position, None)
                return moves[0]
            result = search(position)
            sign = 1 if position.side_to_act == 0 else -1
            best = max(range(len(result["moves"])), key=lambda i: (sign * result["moves"][i][1], -i))
            if seen is not None:
                seen(position, float(result["moves"][best][1]))
            return move_of(result["moves"][best][0])

        return choose
