"""The cache of solved results in front of the solvers: a process's own, or one shared in Redis.

Without EIGHTS_REDIS_URL each process keeps its results in a TTLCache behind a lock (the
embedded default); with it, every process and instance shares ``eights.answers.shared_cache``'s.
Both take the same keys (the canonical position and the search options, as text) and
give the same figures to /v1/stats.

>>> cache = SolutionCache(size=2, ttl_s=60)
>>> cache.get("k") is None, cache.put("k", 1), cache.get("k")
(True, None, 1)
>>> cache.stats()["hits"], cache.stats()["misses"]
(1, 1)
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from cachetools import TTLCache

from eights.answers.settings import Settings
from eights.answers.shared import RedisLink
from eights.answers.shared_cache import RedisCache

BACKEND = "process"


class Cache(Protocol):
    """What the service needs of a cache."""

    def get(self, key: str) -> Any:
        """The result stored under ``key``, or None."""

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key``."""

    def stats(self) -> dict[str, Any]:
        """The figures /v1/stats gives."""


class SolutionCache:
    """Results by key in this process; ``size`` 0 keeps nothing. Counts hits and misses."""

    def __init__(self, size: int, ttl_s: int) -> None:
        self._entries: TTLCache[str, Any] | None = TTLCache(maxsize=size, ttl=ttl_s) if size else None
        self._lock = threading.Lock()
        self.size, self.ttl_s = size, ttl_s
        self.hits = self.misses = 0

    def get(self, key: str) -> Any:
        """The result stored under ``key``, or None."""
        with self._lock:
            found = self._entries.get(key) if self._entries is not None else None
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
            return found

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key`` (the oldest or expired entries make room)."""
        if self._entries is not None:
            with self._lock:
                self._entries[key] = value

    def stats(self) -> dict[str, Any]:
        """``backend``, ``entries``, ``size``, ``ttl_s``, ``hits``, ``misses``, ``errors`` (none here)
        and ``shared`` (None: nothing is shared)."""
        with self._lock:
            entries = 0
            if self._entries is not None:
                self._entries.expire()
                entries = int(self._entries.currsize)
            return {"backend": BACKEND, "entries": entries, "size": self.size, "ttl_s": self.ttl_s,
                    "hits": self.hits, "misses": self.misses, "errors": 0, "shared": None}


def open_cache(settings: Settings, link: RedisLink | None) -> Cache:
    """The shared cache when there is a Redis link and a size, else the process's own."""
    if link is None or not settings.cache_size:
        return SolutionCache(settings.cache_size, settings.cache_ttl_s)
    return RedisCache(link, settings.cache_size, settings.cache_ttl_s)
