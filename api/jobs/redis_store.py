"""Jobs in Redis (EIGHTS_REDIS_URL): seen by every process of every instance, and taken
over when the process running one dies.

Keys (``ID`` a job's id, always of the service's form: hex digits, so that no id names
another key):

- ``eights:job:ID`` — hash: kind, args (JSON, dropped when the job ends), state, done,
  total, created, finished, expires, result and error (JSON); given a TTL of
  EIGHTS_JOB_KEEP_S when the job ends.
- ``eights:job:ID:pieces`` — hash: piece index -> the piece's result (JSON, as the job's
  work writes it), the pieces finished so far; dropped when the job ends.
- ``eights:job:ID:lease`` — the id of the process running the job, with a TTL it renews;
  a job whose lease has run out is an orphan, for another process to take.
- ``eights:job:ID:gone`` — why a finished job is no longer kept: ``expired`` (set as it ends,
  its TTL the Retention's lifetime, longer than the job's), or ``dropped`` for newer ones.
- ``eights:jobs`` — set: the ids of the jobs queued or running.
- ``eights:jobs:finished`` — sorted set: the finished jobs' ids by the time they ended;
  ``eights:jobs:finished:bytes`` — hash: each one's size (its result's and error's JSON);
  ``eights:jobs:finished:total`` — their sum. A script run as a job ends drops the expired
  ones and then the oldest, while more are kept than the Retention allows.
- ``eights:jobs:since`` — sorted set of one member: when the earliest job this Redis has
  held was made. A job missing from Redis but made before then, recently enough to have
  been kept still, was lost with an earlier state of Redis (restarted without persistence,
  or emptied): it is answered ``lost``, not 404. So is every recent one while the key is
  missing, Redis holding no job at all.

A state changes only from queued or running (a WATCH transaction), so that a job
cancelled at the moment it finishes ends one way, not both.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from redis import Redis
from redis.client import Pipeline

from eights.answers.errors import jobs_full
from eights.api.jobs.ids import made_at
from eights.api.jobs.model import ACTIVE, LOST, RUNNING, Job, job_path
from eights.answers.jobs.work import Piece
from eights.api.jobs.store import DROPPED, EXPIRED, Retention
from eights.api.problems import problem_body
from eights.answers.shared import RedisLink

PREFIX = "eights:job:"
ACTIVE_SET = "eights:jobs"
FINISHED = "eights:jobs:finished"
FINISHED_BYTES = "eights:jobs:finished:bytes"
FINISHED_TOTAL = "eights:jobs:finished:total"
SINCE = "eights:jobs:since"
SINCE_MEMBER = "made"
JSON_FIELDS = ("args", "result", "error")
NUMBER_FIELDS = ("done", "total", "created", "finished", "expires")
LOST_DETAIL = ("Redis lost the job's state (it restarted without persistence, or was emptied): run it with "
               "--appendonly yes (README, Scaling out)")

KEEP_FINISHED = """
local finished, sizes, total = KEYS[1], KEYS[2], KEYS[3]
local id, now, size, keep_s = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local most_jobs, most_bytes, prefix, lifetime = tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[7], tonumber(ARGV[8])
local expired, dropped = ARGV[9], ARGV[10]
local function drop(old, why)
  redis.call('ZREM', finished, old)
  redis.call('DECRBY', total, redis.call('HGET', sizes, old) or 0)
  redis.call('HDEL', sizes, old)
  redis.call('DEL', prefix .. old)
  redis.call('SET', prefix .. old .. ':gone', why, 'EX', lifetime)
end
redis.call('ZADD', finished, now, id)
redis.call('HSET', sizes, id, size)
redis.call('INCRBY', total, size)
redis.call('SET', prefix .. id .. ':gone', expired, 'EX', lifetime)
for _, old in ipairs(redis.call('ZRANGEBYSCORE', finished, '-inf', now - keep_s)) do drop(old, expired) end
local count = redis.call('ZCARD', finished)
while count > 1 and (count > most_jobs or tonumber(redis.call('GET', total)) > most_bytes) do
  drop(redis.call('ZRANGE', finished, 0, 0)[1], dropped)
  count = count - 1
end
"""


def _job_key(job_id: str) -> str:
    return PREFIX + job_id


def _pieces_key(job_id: str) -> str:
    return PREFIX + job_id + ":pieces"


def _lease_key(job_id: str) -> str:
    return PREFIX + job_id + ":lease"


def _gone_key(job_id: str) -> str:
    return PREFIX + job_id + ":gone"


class RedisJobStore:
    """The JobStore in Redis, finished jobs kept as ``retention`` says (in all, whichever
    process ended them); every method may raise StoreUnavailable."""

    def __init__(self, link: RedisLink, retention: Retention) -> None:
        self.link, self.retention = link, retention
        self._keep_finished = link.client.register_script(KEEP_FINISHED)

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""
        def add(client: Redis) -> int:
            with client.pipeline() as pipe:
                pipe.hset(_job_key(job.id), mapping=_fields(vars(job)))
                pipe.sadd(ACTIVE_SET, job.id)
                pipe.zadd(SINCE, {SINCE_MEMBER: made_at(job.id)}, lt=True)  # lt: the earliest stays
                pipe.scard(ACTIVE_SET)
                active: int = pipe.execute()[-1]
            if active > max_jobs:
                with client.pipeline() as pipe:
                    pipe.srem(ACTIVE_SET, job.id)
                    pipe.delete(_job_key(job.id))
                    pipe.execute()
            return active
        if self.link.call(add) > max_jobs:
            raise jobs_full(max_jobs, retry_after_s)

    def get(self, job_id: str) -> Job | None:
        """The job; a ``lost`` one when Redis lost its state; else None."""
        def get(client: Redis) -> list[Any]:
            with client.pipeline(transaction=False) as pipe:
                pipe.hgetall(_job_key(job_id))
                pipe.zscore(SINCE, SINCE_MEMBER)
                return pipe.execute()
        stored, since = self.link.call(get)
        return _job(job_id, stored) if stored else self._lost(job_id, since)

    def gone(self, job_id: str) -> str | None:
        """EXPIRED or DROPPED for a finished job no longer kept, None for one never held (or
        made before the Retention's lifetime)."""
        why: str | None = self.link.call(lambda client: client.get(_gone_key(job_id)))
        return why

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""
        return self._change(job_id, _fields({"state": RUNNING, "total": total, "done": done}))

    def record(self, job_id: str, index: int, piece: Piece) -> None:
        """Keep the result of piece ``index`` and count it done, while the job is active
        (a job that has ended keeps no more)."""
        text = json.dumps(piece)

        def record(pipe: Pipeline) -> None:
            if pipe.hget(_job_key(job_id), "state") not in ACTIVE:
                return
            done = pipe.hlen(_pieces_key(job_id)) + (not pipe.hexists(_pieces_key(job_id), str(index)))
            pipe.multi()
            pipe.hset(_pieces_key(job_id), str(index), text)
            pipe.hset(_job_key(job_id), "done", done)
        self.link.call(lambda client: client.transaction(record, _job_key(job_id), _pieces_key(job_id)))

    def pieces(self, job_id: str) -> dict[int, Piece]:
        """The results kept so far, by piece index."""
        stored: dict[str, str] = self.link.call(lambda client: client.hgetall(_pieces_key(job_id)))
        return {int(index): json.loads(text) for index, text in stored.items()}

    def end(self, job_id: str, state: str, result: object = None, error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state``, without its request, and drop the finished
        jobs the Retention no longer allows (the oldest first); False if it was not active."""
        now, keep = time.time(), self.retention
        changes = _fields({"state": state, "finished": now, "expires": now + keep.keep_s, "result": result,
                           "error": error})

        def finish(pipe: Pipeline) -> None:
            pipe.hdel(_job_key(job_id), "args")
            pipe.expire(_job_key(job_id), keep.keep_s)
            pipe.delete(_pieces_key(job_id), _lease_key(job_id))
            pipe.srem(ACTIVE_SET, job_id)
            size = len(changes["result"]) + len(changes["error"])
            self._keep_finished(keys=[FINISHED, FINISHED_BYTES, FINISHED_TOTAL],
                                args=[job_id, now, size, keep.keep_s, keep.jobs, keep.bytes, PREFIX,
                                      math.ceil(keep.lifetime_s), EXPIRED, DROPPED], client=pipe)
        return self._change(job_id, changes, finish)

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become (or stay) the job's runner for ``lease_s`` seconds; False if another process runs it."""
        taken = self.link.call(lambda client: client.set(_lease_key(job_id), owner, nx=True, ex=lease_s))
        return bool(taken) or self.renew(job_id, owner, lease_s)

    def renew(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Extend ``owner``'s lease; False if it has lost it."""
        def renew(pipe: Pipeline) -> bool:
            if pipe.get(_lease_key(job_id)) != owner:
                return False
            pipe.multi()
            pipe.expire(_lease_key(job_id), lease_s)
            return True
        return bool(self.link.call(lambda client: client.transaction(renew, _lease_key(job_id),
                                                                      value_from_callable=True)))

    def release(self, job_id: str, owner: str) -> None:
        """Give up ``owner``'s lease."""
        def release(pipe: Pipeline) -> None:
            if pipe.get(_lease_key(job_id)) == owner:
                pipe.multi()
                pipe.delete(_lease_key(job_id))
        self.link.call(lambda client: client.transaction(release, _lease_key(job_id)))

    def orphans(self) -> list[str]:
        """Active jobs whose lease has run out."""
        def orphans(client: Redis) -> list[str]:
            active = sorted(client.smembers(ACTIVE_SET))
            with client.pipeline(transaction=False) as pipe:
                for job_id in active:
                    pipe.exists(_lease_key(job_id))
                leased = pipe.execute()
            return [job_id for job_id, held in zip(active, leased) if not held]
        orphaned: list[str] = self.link.call(orphans)
        return orphaned

    def _lost(self, job_id: str, since: float | None) -> Job | None:
        """The job ``job_id`` as lost, when Redis's state began after it was made (or holds no
        job: ``since`` None), recently enough that it would be kept still; else None."""
        began = time.time() if since is None else since
        made = made_at(job_id)
        if not began - self.retention.lifetime_s < made < began:
            return None
        return Job(job_id, None, {}, state=LOST, created=made,
                   error=problem_body(500, "job-lost", "id", f"id: {LOST_DETAIL}", job_path(job_id)))

    def _change(self, job_id: str, changes: dict[str, str], then: Any = None) -> bool:
        """Set ``changes`` (as the hash holds them) on a job that is still active (and run
        ``then`` on the same transaction); False if it is not active."""
        def change(pipe: Pipeline) -> bool:
            if pipe.hget(_job_key(job_id), "state") not in ACTIVE:
                return False
            pipe.multi()
            pipe.hset(_job_key(job_id), mapping=changes)
            if then is not None:
                then(pipe)
            return True
        return bool(self.link.call(lambda client: client.transaction(change, _job_key(job_id),
                                                                      value_from_callable=True)))


def _fields(values: dict[str, Any]) -> dict[str, str]:
    """A job's fields as the hash holds them: JSON for the structured ones, text for the rest
    (an absent time or outcome is the empty string)."""
    return {name: json.dumps(value) if name in JSON_FIELDS else "" if value is None else str(value)
            for name, value in values.items() if name != "id"}


def _job(job_id: str, stored: dict[str, str]) -> Job:
    """The job a hash holds."""
    values: dict[str, Any] = {"id": job_id, "kind": stored["kind"], "state": stored["state"]}
    for name in JSON_FIELDS:
        values[name] = json.loads(stored[name]) if stored.get(name) else None
    values["args"] = values["args"] or {}
    for name in NUMBER_FIELDS:
        text = stored.get(name, "")
        values[name] = None if text == "" else int(text) if name in ("done", "total") else float(text)
    return Job(**values)
