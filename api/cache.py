"""The cache of solved results shared by a process's requests: a TTLCache behind a lock.

>>> cache = SolutionCache(size=2, ttl_s=60)
>>> cache.get("k") is None, cache.put("k", 1), cache.get("k")
(True, None, 1)
>>> cache.stats()["hits"], cache.stats()["misses"]
(1, 1)
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from cachetools import TTLCache


class SolutionCache:
    """Results by key; ``size`` 0 keeps nothing. Counts hits and misses."""

    def __init__(self, size: int, ttl_s: int) -> None:
        self._entries: TTLCache[Hashable, Any] | None = TTLCache(maxsize=size, ttl=ttl_s) if size else None
        self._lock = threading.Lock()
        self.size, self.ttl_s = size, ttl_s
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> Any:
        """The result stored under ``key``, or None."""
        with self._lock:
            found = self._entries.get(key) if self._entries is not None else None
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
            return found

    def put(self, key: Hashable, value: Any) -> None:
        """Store ``value`` under ``key`` (the oldest or expired entries make room)."""
        if self._entries is not None:
            with self._lock:
                self._entries[key] = value

    def stats(self) -> dict[str, int]:
        """``entries``, ``size``, ``ttl_s``, ``hits``, ``misses``."""
        with self._lock:
            entries = 0
            if self._entries is not None:
                self._entries.expire()
                entries = int(self._entries.currsize)
            return {"entries": entries, "size": self.size, "ttl_s": self.ttl_s,
                    "hits": self.hits, "misses": self.misses}
