"""Running a function over many pieces on a cluster, results as they come, stoppable.

    for index, result in run_pieces(Cluster(), pow, [(2, 3), (3, 2)], "powers"):
        ...

Each piece is a task of its own (key ``NAME-INDEX``), so a worker that dies takes
nothing with it that Dask cannot run again. Between results, at least every POLL_S,
``should_stop`` is asked; when it says so, or when the caller stops reading, or a piece
fails, the pieces not yet finished are cancelled: queued ones never start, and one under
way ends with its own time limit.

``run_stoppable`` is for long work cut as it goes (a rollout's rounds): pieces are made
as slots free up, at most WINDOW per worker thread in flight, each carrying a ``Halt``;
when the run must stop, the Halt's Event is set, so the pieces under way stop between
their steps and give back what they finished, which is waited for (at most GRACE_S).
"""

from __future__ import annotations

import itertools
import queue
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from eights.cluster.connect import Cluster
from eights.cluster.halt import Halt

if TYPE_CHECKING:
    from distributed import Client, Future

POLL_S = 0.2
WINDOW = 2  # a stoppable run's pieces in flight per worker thread: one running, one ready to start
GRACE_S = 5.0  # after a stop, how long the pieces under way are waited for (each stops at its next step)
T = TypeVar("T")
Piece = tuple[Any, ...]


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


def run_stoppable(cluster: Cluster, function: Callable[..., T], next_piece: Callable[[], Piece | None], name: str,
                  budget_s: float, should_stop: Callable[[], bool] = lambda: False) -> Iterator[tuple[Piece, T]]:
    """``(piece, function(*piece, halt))`` for pieces from ``next_piece()`` (None: none for
    now), in the order they finish, until none is left or ``should_stop()``. Each piece
    goes on about ``budget_s`` and stops at once when the run is stopped (``eights.cluster.halt``),
    giving back what it did; the caller may then have more pieces for ``next_piece``. ``name``
    makes the tasks' keys and the Event's: unique per run. A piece's error is raised here."""
    client = cluster.client()
    halt = Halt(f"{name}-halt", budget_s)
    numbers = itertools.count()
    in_flight: dict[object, tuple[Future[T], Piece]] = {}  # by task key
    finished: queue.Queue[Future[T]] = queue.Queue()

    def fill() -> None:
        slots = WINDOW * max(1, sum(client.nthreads().values()))
        while len(in_flight) < slots and (piece := next_piece()) is not None:
            future = client.submit(function, *piece, halt, key=f"{name}-{next(numbers)}", pure=False)
            in_flight[future.key] = (future, piece)
            future.add_done_callback(finished.put)

    def take(timeout_s: float) -> tuple[Piece, T] | None:
        try:
            future = finished.get(timeout=timeout_s)
        except queue.Empty:
            return None
        return in_flight.pop(future.key)[1], future.result()

    stopped = False
    try:
        fill()
        while in_flight and not should_stop():
            if (done := take(POLL_S)) is not None:
                yield done
                fill()
        if in_flight:
            stopped = True
            _signal(client, halt, True)
            give_up = time.monotonic() + GRACE_S
            while in_flight and (left := give_up - time.monotonic()) > 0:
                if (done := take(min(POLL_S, left))) is not None:
                    yield done
    finally:
        if in_flight:
            client.cancel([future for future, _ in in_flight.values()])
        if stopped:
            _signal(client, halt, False)


def _signal(client: Client, halt: Halt, stop: bool) -> None:
    """Set the Event of ``halt`` (its pieces stop), or clear it (the scheduler forgets it)."""
    from distributed import Event

    event = Event(halt.event, client)
    if stop:
        event.set()
    else:
        event.clear()
