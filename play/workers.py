"""Playing many independent jobs between bots A and B on worker processes, or on a Dask
cluster: each process makes its own two bots once (a solver bot's table stays with it),
and a job is a top-level function of a task and the two bots, so that it can be sent to
another process.

    results = play_all(play_pair, deals, ("solver:depth=2", "heuristic"), workers=2)

Results come back in the order of the tasks, wherever they ran; ``progress`` is called
with each as it finishes, in any order.
"""

from __future__ import annotations

import functools
import os
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from eights.cluster import Cluster, run_pieces
from eights.play.bots import Bot, make_bot

Task = TypeVar("Task")
Result = TypeVar("Result")
Job = Callable[[Task, Bot, Bot], Result]
# Processes, each with its own bots and tables: more than this (or than the cores) is a typing mistake.
MAX_WORKERS = max(256, os.cpu_count() or 1)


def play_all(job: Job[Task, Result], tasks: Sequence[Task], specs: tuple[str, ...],
             workers: int | None = None, progress: Callable[[Result], None] | None = None,
             cluster: Cluster | None = None, make: Callable[[str], Any] = make_bot) -> list[Result]:
    """``job(task, a, b)`` for every task, bots A and B made from ``specs``, on ``cluster``
    (each task a piece) or else on ``workers`` processes (default: one per core; 1 plays
    in this process; never more than the tasks). ValueError for workers outside 1 to MAX_WORKERS.
    ``make`` (a top-level function, sent to the workers) makes the bots: with the family's
    ``make_family_bot`` and one spec a seat, ``job(task, *bots)``."""
    workers = (os.cpu_count() or 1) if workers is None else workers
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS}, got {workers}")
    workers = min(workers, max(1, len(tasks)))
    if cluster is not None:
        pieces = [(job, task, make, *specs) for task in tasks]
        results = {index: _told(result, progress)
                   for index, result in run_pieces(cluster, _run, pieces, f"eights-play-{uuid.uuid4().hex}")}
        return [results[index] for index in range(len(tasks))]
    if workers == 1:
        bots = [make(spec) for spec in specs]
        return [_told(job(task, *bots), progress) for task in tasks]
    results = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[Result], int] = {pool.submit(_run, job, task, make, *specs): index
                                              for index, task in enumerate(tasks)}
        try:
            for future in as_completed(futures):
                results[futures[future]] = _told(future.result(), progress)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise
    return [results[index] for index in range(len(tasks))]


def _told(result: Result, progress: Callable[[Result], None] | None) -> Result:
    """``result``, once ``progress`` has been told of it."""
    if progress is not None:
        progress(result)
    return result


@functools.cache
def _worker_bots(make: Callable[[str], Any], *specs: str) -> tuple[Any, ...]:
    """A worker process's bots of ``specs`` (made by ``make``), made once."""
    return tuple(make(spec) for spec in specs)


def _run(job: Callable[..., Result], task: Task, make: Callable[[str], Any], *specs: str) -> Result:
    """The job on this process's bots."""
    return job(task, *_worker_bots(make, *specs))
