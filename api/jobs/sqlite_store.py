"""Jobs in SQLite (when EIGHTS_REDIS_URL is ``-``): one database file in EIGHTS_DATA_DIR that
every worker process of an instance shares, with no server to run, so that any worker
answers for any job and takes over one whose worker died; or, with EIGHTS_DATA_DIR ``-``, a
database in the process's memory, seen by that process alone.

Tables (``id`` a job's id, of the service's form):

- ``jobs`` — a row per job kept: kind, args (JSON, emptied when the job ends), state, done,
  total, created; once finished: finished, expires, result and error (JSON) and size (their
  bytes, which the Retention counts); while it runs: owner (the lease's holder) and
  lease_until (seconds since the epoch). A job is active while it has no ``finished`` time.
- ``pieces`` — (job, number) -> the piece's result (JSON, as the job's work writes it), the
  pieces finished so far; dropped when the job ends.
- ``gone`` — finished jobs no longer kept and why (expired, dropped), each until its id is
  old enough to tell by itself (``Retention.lifetime_s`` after it was made).

The file is in WAL mode (a reader never waits for the writer), synchronous NORMAL (a commit
survives its process being killed; a crash of the machine may lose the last ones). Each
change is one short transaction, begun IMMEDIATE when it reads before it writes, so that a
state changes only from active (a job cancelled as it finishes ends one way, not both). A
process has one connection, used under a lock, opened at its first call (never by a process
that only builds the app); a database locked longer than BUSY_TIMEOUT_S, or a full disk,
raises StoreUnavailable.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from eights.answers.errors import StoreUnavailable, jobs_full
from eights.api.jobs.ids import made_at
from eights.api.jobs.model import RUNNING, Job
from eights.answers.jobs.work import Piece
from eights.api.jobs.store import DROPPED, EXPIRED, Retention
from eights.answers.settings import NONE, USER_DATA_DIR, Settings, env_name

FILE_NAME = "jobs.sqlite3"
IN_MEMORY = ":memory:"
BUSY_TIMEOUT_S = 5.0
FIELD = "data_dir"  # what a StoreUnavailable names
SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, args TEXT NOT NULL, state TEXT NOT NULL,
    done INTEGER NOT NULL, total INTEGER NOT NULL, created REAL NOT NULL,
    finished REAL, expires REAL, result TEXT, error TEXT, size INTEGER,
    owner TEXT, lease_until REAL);
CREATE INDEX IF NOT EXISTS active_jobs ON jobs (id) WHERE finished IS NULL;
CREATE INDEX IF NOT EXISTS finished_jobs ON jobs (finished) WHERE finished IS NOT NULL;
CREATE INDEX IF NOT EXISTS expiring_jobs ON jobs (expires) WHERE expires IS NOT NULL;
CREATE TABLE IF NOT EXISTS pieces (
    job TEXT NOT NULL, number INTEGER NOT NULL, piece TEXT NOT NULL, PRIMARY KEY (job, number));
CREATE TABLE IF NOT EXISTS gone (id TEXT PRIMARY KEY, why TEXT NOT NULL, until REAL NOT NULL);
CREATE INDEX IF NOT EXISTS gone_by_time ON gone (until);
"""
JOB_COLUMNS = "kind, args, state, done, total, created, finished, expires, result, error"


def database(settings: Settings) -> str:
    """The jobs' database: ``jobs.sqlite3`` in EIGHTS_DATA_DIR (its default ``$XDG_DATA_HOME/eights``,
    or ``~/.local/share/eights`` when XDG_DATA_HOME is unset or not absolute), or ``:memory:``
    for ``-``."""
    if settings.data_dir == NONE:
        return IN_MEMORY
    if settings.data_dir == USER_DATA_DIR:
        base = os.environ.get("XDG_DATA_HOME", "")
        directory = Path(base if os.path.isabs(base) else Path.home() / ".local" / "share") / "eights"
    else:
        directory = Path(settings.data_dir).expanduser()
    return str(directory / FILE_NAME)


def prepare(settings: Settings) -> None:
    """Create the jobs' database and its tables, as the service starts, so that a data
    directory it cannot write to stops it at once: ValueError naming EIGHTS_DATA_DIR. Nothing
    to do with Redis, or without a data directory."""
    path = database(settings)
    if settings.redis_url != NONE or path == IN_MEMORY:
        return
    try:
        _connect(path).close()
    except (OSError, sqlite3.Error) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise ValueError(f"{env_name('data_dir')}: cannot keep the jobs' database {path} ({reason})") from None


def _connect(path: str) -> sqlite3.Connection:
    """A connection to the database at ``path`` (its directory and tables created if missing)."""
    if path != IN_MEMORY:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.executescript(f"BEGIN IMMEDIATE; {SCHEMA} COMMIT;")
    return connection


class SqliteJobStore:
    """The JobStore in the SQLite database at ``path`` (a file, or ``:memory:``), finished jobs
    kept as ``retention`` says (in all, whichever process ended them); every method may raise
    StoreUnavailable (``retry_after_s`` its Retry-After)."""

    def __init__(self, path: str, retention: Retention, retry_after_s: int) -> None:
        self.path, self.retention, self.retry_after_s = path, retention, retry_after_s
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def add(self, job: Job, max_jobs: int, retry_after_s: int) -> None:
        """Keep a new job; Overloaded when ``max_jobs`` are already queued or running."""
        with self._transaction() as db:
            (active,) = db.execute("SELECT count(*) FROM jobs WHERE finished IS NULL").fetchone()
            if active >= max_jobs:
                raise jobs_full(max_jobs, retry_after_s)
            db.execute("INSERT INTO jobs (id, kind, args, state, done, total, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (job.id, job.kind, json.dumps(job.args), job.state, job.done, job.total, job.created))

    def get(self, job_id: str) -> Job | None:
        """The job, or None (never made, or no longer kept)."""
        with self._connected() as db:
            row = db.execute(f"SELECT {JOB_COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        if row is None:
            return None
        kind, args, state, done, total, created, finished, expires, result, error = row
        if expires is not None and expires < time.time():
            return None
        return Job(job_id, kind, json.loads(args), state, done, total, created, finished, expires,
                   None if result is None else json.loads(result), None if error is None else json.loads(error))

    def gone(self, job_id: str) -> str | None:
        """EXPIRED or DROPPED for a finished job no longer kept, None for one never held (or
        made before the Retention's lifetime)."""
        with self._connected() as db:
            row = db.execute("SELECT ? FROM jobs WHERE id = ? AND expires < ? UNION ALL "
                             "SELECT why FROM gone WHERE id = ?", (EXPIRED, job_id, time.time(), job_id)).fetchone()
        return None if row is None else str(row[0])

    def begin(self, job_id: str, total: int, done: int) -> bool:
        """Mark an active job running with its progress; False if it is no longer active."""
        with self._connected() as db:
            changed = db.execute("UPDATE jobs SET state = ?, total = ?, done = ? WHERE id = ? AND finished IS NULL",
                                 (RUNNING, total, done, job_id)).rowcount
        return changed == 1

    def record(self, job_id: str, index: int, piece: Piece) -> None:
        """Keep the result of piece ``index`` and count it done, while the job is active (a job
        that has ended keeps no more)."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM jobs WHERE id = ? AND finished IS NULL", (job_id,)).fetchone() is None:
                return
            db.execute("INSERT OR REPLACE INTO pieces (job, number, piece) VALUES (?, ?, ?)",
                       (job_id, index, json.dumps(piece)))
            db.execute("UPDATE jobs SET done = (SELECT count(*) FROM pieces WHERE job = ?) WHERE id = ?",
                       (job_id, job_id))

    def pieces(self, job_id: str) -> dict[int, Piece]:
        """The results kept so far, by piece index."""
        with self._connected() as db:
            rows = db.execute("SELECT number, piece FROM pieces WHERE job = ?", (job_id,)).fetchall()
        return {number: json.loads(text) for number, text in rows}

    def end(self, job_id: str, state: str, result: object = None, error: dict[str, object] | None = None) -> bool:
        """Finish an active job in ``state``, without its request, and drop the finished jobs
        the Retention no longer allows (the expired, then the oldest); False if it was not active."""
        result_text, error_text = json.dumps(result), json.dumps(error)
        now = time.time()
        with self._transaction() as db:
            changed = db.execute(
                "UPDATE jobs SET state = ?, finished = ?, expires = ?, args = '{}', result = ?, error = ?, size = ?, "
                "owner = NULL, lease_until = NULL WHERE id = ? AND finished IS NULL",
                (state, now, now + self.retention.keep_s, result_text, error_text,
                 len(result_text) + len(error_text), job_id)).rowcount
            if changed == 0:
                return False
            db.execute("DELETE FROM pieces WHERE job = ?", (job_id,))
            self._keep_finished(db, now)
        return True

    def take(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Become (or stay) the runner of an active job for ``lease_s`` seconds; False if another
        process holds its lease, or it has ended."""
        now = time.time()
        with self._connected() as db:
            changed = db.execute("UPDATE jobs SET owner = ?, lease_until = ? WHERE id = ? AND finished IS NULL "
                                 "AND (owner IS NULL OR owner = ? OR lease_until < ?)",
                                 (owner, now + lease_s, job_id, owner, now)).rowcount
        return changed == 1

    def renew(self, job_id: str, owner: str, lease_s: int) -> bool:
        """Extend ``owner``'s lease; False if it has lost it (ran out, or taken)."""
        now = time.time()
        with self._connected() as db:
            changed = db.execute("UPDATE jobs SET lease_until = ? WHERE id = ? AND owner = ? AND lease_until >= ?",
                                 (now + lease_s, job_id, owner, now)).rowcount
        return changed == 1

    def release(self, job_id: str, owner: str) -> None:
        """Give up ``owner``'s lease."""
        with self._connected() as db:
            db.execute("UPDATE jobs SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?", (job_id, owner))

    def orphans(self) -> list[str]:
        """Active jobs whose lease has run out, or that nobody has taken."""
        with self._connected() as db:
            rows = db.execute("SELECT id FROM jobs WHERE finished IS NULL AND (owner IS NULL OR lease_until < ?) "
                              "ORDER BY id", (time.time(),)).fetchall()
        return [job_id for (job_id,) in rows]

    def _keep_finished(self, db: sqlite3.Connection, now: float) -> None:
        """Drop the finished jobs past their time, then the oldest while more are kept than the
        Retention allows; forget the gone ones whose ids now tell by themselves."""
        db.execute("DELETE FROM gone WHERE until < ?", (now,))
        for (old,) in db.execute("SELECT id FROM jobs WHERE expires < ?", (now,)).fetchall():
            self._drop(db, old, EXPIRED, now)
        count, size = db.execute("SELECT count(*), coalesce(sum(size), 0) FROM jobs "
                                 "WHERE finished IS NOT NULL").fetchone()
        while self.retention.over(count, size):
            old, old_size = db.execute("SELECT id, size FROM jobs WHERE finished IS NOT NULL "
                                       "ORDER BY finished LIMIT 1").fetchone()
            self._drop(db, old, DROPPED, now)
            count, size = count - 1, size - old_size

    def _drop(self, db: sqlite3.Connection, job_id: str, why: str, now: float) -> None:
        """Forget a finished job, remembering ``why`` while its id cannot tell by itself."""
        db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))
        until = made_at(job_id) + self.retention.lifetime_s
        if until >= now:
            db.execute("INSERT OR REPLACE INTO gone (id, why, until) VALUES (?, ?, ?)", (job_id, why, until))

    @contextmanager
    def _connected(self) -> Iterator[sqlite3.Connection]:
        """The connection, for single statements (each a transaction of its own)."""
        with self._lock:
            try:
                if self._connection is None:
                    self._connection = _connect(self.path)
                yield self._connection
            except sqlite3.OperationalError as error:  # locked too long, disk full, unreadable: the store's state
                raise StoreUnavailable(self.retry_after_s, FIELD) from error

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """The connection in an IMMEDIATE transaction (the write lock taken before it reads),
        committed at the end, rolled back on an error (a failed commit's too)."""
        with self._connected() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
