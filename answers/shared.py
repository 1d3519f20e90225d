"""The process's link to Redis (EIGHTS_REDIS_URL), which the shared cache and the job store use.

Redis is a help, not a dependency of an answer: every call has a short socket timeout
(EIGHTS_REDIS_TIMEOUT_MS) and no retries, and a call Redis cannot serve (unreachable, too
slow, loading, read-only or out of memory) is counted and raises StoreUnavailable. After
such a failure the link stays down for BACKOFF_S (calls fail at once, counted too), so that
a Redis that is down or slow costs a request one timeout at most instead of one per call.
The cache turns StoreUnavailable into a miss (the request searches); a job request gets
503. Any other Redis error (a key of the wrong type, say) is a fault of the call, not of
Redis: it is raised as it is (a request answers 500, logged), and the link stays up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

import redis
from redis.backoff import NoBackoff
from redis.exceptions import MasterDownError, OutOfMemoryError, ReadOnlyError
from redis.retry import Retry

from eights.answers.errors import StoreUnavailable
from eights.answers.settings import NONE, Settings

BACKOFF_S = 1.0
UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, ReadOnlyError, OutOfMemoryError, MasterDownError)
T = TypeVar("T")


class RedisLink:
    """A Redis client with short timeouts, and the count of calls that failed or were skipped."""

    def __init__(self, url: str, timeout_ms: int, retry_after_s: int) -> None:
        timeout_s = timeout_ms / 1000
        self.client = redis.Redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s,
                                           retry=Retry(NoBackoff(), 0), decode_responses=True)
        self.retry_after_s = retry_after_s
        self.errors = 0
        self._down_until = 0.0
        self._lock = threading.Lock()

    @classmethod
    def of(cls, settings: Settings) -> RedisLink | None:
        """The link EIGHTS_REDIS_URL names, or None when it is ``-``. No connection is made yet."""
        if settings.redis_url == NONE:
            return None
        return cls(settings.redis_url, settings.redis_timeout_ms, settings.retry_after_s)

    def call(self, work: Callable[[redis.Redis], T]) -> T:
        """``work(client)``'s result; StoreUnavailable (counted) when Redis cannot serve it or
        the link is down."""
        with self._lock:
            down = time.monotonic() < self._down_until
            if down:
                self.errors += 1
        if down:
            raise StoreUnavailable(self.retry_after_s)
        try:
            return work(self.client)
        except UNAVAILABLE as error:
            with self._lock:
                self.errors += 1
                self._down_until = time.monotonic() + BACKOFF_S
            raise StoreUnavailable(self.retry_after_s) from error
