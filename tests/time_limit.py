"""A time limit for a test step that could loop forever in Python code, so that the test
fails with TimeoutError instead of hanging the run (SIGALRM: main thread, Unix only; a
loop inside the C core is not interrupted)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise TimeoutError in the block once it has run ``seconds``."""
    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
