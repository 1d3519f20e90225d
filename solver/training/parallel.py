"""Running training's deals on every core: a list of deals split into chunks, each chunk played
by a process of its own, the results put back in the deals' order. The chunks are the same
with any number of workers (one process plays them one after another), so a run gives the
same numbers with any number of workers, even where a search stops at a node limit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

CHUNK = 20  # deals a worker plays before it reports back (a duel plays them with one table a player)


def chunks(items: Sequence[Item], size: int) -> list[Sequence[Item]]:
    """``items`` in consecutive slices of ``size`` (the last may be shorter).

    >>> chunks([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    return [items[start:start + size] for start in range(0, len(items), size)]


def map_chunks(play: Callable[[Sequence[Item]], Result], items: Sequence[Item], workers: int) -> list[Result]:
    """``play`` of every chunk of ``items``, in order; in this process when ``workers`` is 1,
    else on that many processes (``play`` must be a module-level function, its arguments picklable)."""
    if workers <= 1:
        return [play(chunk) for chunk in chunks(items, CHUNK)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, chunks(items, CHUNK)))
