"""Running a function over many pieces on a cluster, results as they come, stoppable.

    for index, result in run_pieces(Cluster(), pow, [(2, 3), (3, 2)], "powers"):
        ...

Each piece is a task of its own (key ``NAME-INDEX``), so a worker that dies takes
nothing with it that Dask cannot run again. Between results, at least every POLL_S,
``should_stop`` is asked; when it says so, or when the caller stops reading, or a piece
fails, the pieces not yet finished are cancelled: queued ones never start, and one under
way ends with its own time limit.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cluster.connect import Cluster

if TYPE_CHECKING:
    from distributed import Future

POLL_S = 0.2
T = TypeVar("T")


def run_pieces(cluster: Cluster, function: Callable[..., T], pieces: Sequence[tuple[Any, ...]], name: str,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[tuple[int, T]]:
    """``(index, function(*pieces[index]))`` for every piece, in the order they finish; stops
    early (the rest cancelled) when ``should_stop()`` is true. ``name`` makes the tasks'
    keys: unique per run. A piece's error is raised here."""
    if not pieces:
        return
    client = cluster.client()
    futures = client.map(function, *zip(*pieces), key=[f"{name}-{index}" for index in range(len(pieces))])
    index_of = {future.key: index for index, future in enumerate(futures)}
    finished: queue.Queue[Future[T]] = queue.Queue()
    for future in futures:
        future.add_done_callback(finished.put)
    pending = set(index_of)
    try:
        while pending and not should_stop():
            try:
                future = finished.get(timeout=POLL_S)
            except queue.Empty:
                continue
            pending.discard(future.key)
            yield index_of[future.key], future.result()
    finally:
        if pending:
            client.cancel([future for future in futures if future.key in pending])
