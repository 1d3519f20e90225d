"""A job's id, in the service's own form: 32 lowercase hex digits (a random UUID's).

Anything else names no job: it is answered 404 without asking the store, so that no request
puts a key of its own choosing into a Redis key name.

>>> job_id = new_id()
>>> is_job_id(job_id), is_job_id(job_id + ":lease"), is_job_id(job_id.upper())
(True, False, False)
"""

from __future__ import annotations

import re
import uuid

FORM = re.compile("[0-9a-f]{32}")


def new_id() -> str:
    """A new id."""
    return uuid.uuid4().hex


def is_job_id(text: str) -> bool:
    """True when ``text`` has the form of the service's ids."""
    return FORM.fullmatch(text) is not None
