"""Playing many independent jobs between bots A and B on worker processes: each process makes
its own two bots once (a solver bot's table stays with it), and a job is a top-level
function of a task and the two bots, so that it can be sent to another process.

    results = play_all(play_pair, deals, ("solver:depth=2", "heuristic"), workers=2)

Results come back in the order of the tasks, whatever the number of workers; ``progress``
is called with each as it finishes, in any order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import TypeVar

from play.bots import Bot, make_bot

Task = TypeVar("Task")
Result = TypeVar("Result")


def play_all(job: Callable[[Task, Bot, Bot], Result], tasks: Sequence[Task], specs: tuple[str, str],
             workers: int | None = None, progress: Callable[[Result], None] | None = None) -> list[Result]:
    """``job(task, a, b)`` for every task, bots A and B made from ``specs``, on ``workers``
    processes (default: one per core; 1 plays in this process). ValueError for fewer than 1."""
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers == 1:
        bots = make_bot(specs[0]), make_bot(specs[1])
        return [_told(job(task, *bots), progress) for task in tasks]
    results: dict[int, Result] = {}
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=specs) as pool:
        futures: dict[Future[Result], int] = {pool.submit(_run, job, task): index for index, task in enumerate(tasks)}
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


_worker_bots: tuple[Bot, Bot] | None = None


def _start_worker(a: str, b: str) -> None:
    """Make the worker process's two bots, once."""
    global _worker_bots
    _worker_bots = make_bot(a), make_bot(b)


def _run(job: Callable[[Task, Bot, Bot], Result], task: Task) -> Result:
    """The job on this worker's bots."""
    assert _worker_bots is not None
    return job(task, *_worker_bots)
