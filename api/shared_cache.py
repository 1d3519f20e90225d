"""The result cache shared by every process and instance, in Redis (EIGHTS_REDIS_URL).

Each result is a key of its own with the cache's TTL; a sorted set indexes the keys by
the time they were written, so that the cache holds at most ``size`` results: writing
one more drops the oldest (and the index forgets expired ones). Two small Lua scripts
make a lookup with its hit/miss count, and a write with its trimming, one atomic call
each. Results are kept as their game's solution JSON, ``to_json(digits=None)`` (a family
game's names its ``rules``: ``eights.games.game_of`` reads it back in its game), so a result
read back is the one written, digit for digit. A Redis that fails is a miss, and a write that fails
is dropped (``RedisLink`` counts both): the request searches, it is never refused.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from eights.api.errors import StoreUnavailable
from eights.api.shared import RedisLink
from eights.games import game_of

ENTRY = "eights:solution:"  # + the cache key: one result
INDEX = "eights:solutions"  # sorted set: each result's key, scored by the time it was written
COUNTS = "eights:cache"  # hash: hits, misses of every process
BACKEND = "redis"

LOOKUP = """
local found = redis.call('GET', KEYS[1])
redis.call('HINCRBY', KEYS[2], found and 'hits' or 'misses', 1)
return found
"""
STORE = """
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3] - ARGV[2])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #oldest, 2 do redis.call('DEL', oldest[i]) end
end
"""


class RedisCache:
    """Solutions by key in Redis, at most ``size`` of them for ``ttl_s`` seconds each."""

    def __init__(self, link: RedisLink, size: int, ttl_s: int) -> None:
        self.link, self.size, self.ttl_s = link, size, ttl_s
        self._lookup = link.client.register_script(LOOKUP)
        self._store = link.client.register_script(STORE)
        self.hits = self.misses = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Any | None:
        """The solution stored under ``key``; None when there is none or Redis fails."""
        try:
            found = self.link.call(lambda client: self._lookup(keys=[ENTRY + key, COUNTS], client=client))
        except StoreUnavailable:
            found = None
        with self._lock:
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
        return None if found is None else solution_from_json(json.loads(found))

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key`` (the oldest results make room); nothing when Redis fails."""
        text = json.dumps(value.to_json(digits=None))
        try:
            self.link.call(lambda client: self._store(keys=[ENTRY + key, INDEX],
                                                      args=[text, self.ttl_s, time.time(), self.size], client=client))
        except StoreUnavailable:
            pass

    def stats(self) -> dict[str, Any]:
        """The process's figures (``hits``, ``misses``, Redis ``errors``) and the shared ones:
        ``entries`` and, in ``shared``, every process's hits and misses and Redis's memory;
        those are None while Redis does not answer."""
        try:
            entries, counts, memory = self.link.call(self._shared)
            shared: dict[str, Any] | None = {"hits": int(counts.get("hits", 0)),
                                             "misses": int(counts.get("misses", 0)), "memory_bytes": memory}
        except StoreUnavailable:
            entries, shared = None, None
        with self._lock:
            return {"backend": BACKEND, "entries": entries, "size": self.size, "ttl_s": self.ttl_s,
                    "hits": self.hits, "misses": self.misses, "errors": self.link.errors, "shared": shared}

    def _shared(self, client: Any) -> tuple[int, dict[str, str], int]:
        """Live entries, the shared counts and Redis's memory, in one round trip."""
        with client.pipeline(transaction=False) as pipe:
            pipe.zcount(INDEX, time.time() - self.ttl_s, "+inf")
            pipe.hgetall(COUNTS)
            pipe.info("memory")
            entries, counts, memory = pipe.execute()
        return int(entries), counts, int(memory["used_memory"])


def solution_from_json(data: dict[str, Any]) -> Any:
    """The solution whose ``to_json(digits=None)`` is ``data``: a family game's names its rules."""
    return game_of(data, None).solution_from_json(data)
