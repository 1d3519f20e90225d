"""A job's id, in the service's own form: 32 lowercase hex digits, the first 12 the time the
job was made (milliseconds since the epoch), the other 20 random (80 bits, not to be guessed).

Anything else names no job: it is answered 404 without asking the store, so that no request
puts a key of its own choosing into a Redis key name. The time lets a Redis that lost its
state tell a job it lost (made before the state it holds began) from one it never had.

>>> job_id = new_id(1700000000.5)
>>> is_job_id(job_id), made_at(job_id)
(True, 1700000000.5)
>>> is_job_id(job_id + ":lease"), is_job_id(job_id.upper())
(False, False)
"""

from __future__ import annotations

import re
import secrets

TIME_DIGITS = 12  # 48 bits of milliseconds: enough until the year 10889
RANDOM_BYTES = 10
FORM = re.compile(f"[0-9a-f]{{{TIME_DIGITS + 2 * RANDOM_BYTES}}}")


def new_id(made: float) -> str:
    """A new id for a job made at ``made`` (seconds since the epoch)."""
    return f"{round(made * 1000):0{TIME_DIGITS}x}{secrets.token_hex(RANDOM_BYTES)}"


def is_job_id(text: str) -> bool:
    """True when ``text`` has the form of the service's ids."""
    return FORM.fullmatch(text) is not None


def made_at(job_id: str) -> float:
    """When the job of ``job_id`` (of the service's form) was made, in seconds since the epoch."""
    return int(job_id[:TIME_DIGITS], 16) / 1000
