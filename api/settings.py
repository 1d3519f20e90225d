"""The service's settings: every one has a default and can come from an ``EIGHTS_*`` variable.

The same names serve the environment, ``create_app(config)``, the gunicorn config and
the README's "Service settings" table (``python -m api.settings`` prints it), so that a
deployment, a test and the documentation say things the same way.

>>> Settings.load({"EIGHTS_MAX_BATCH": "8"}).max_batch
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from solver import DEFAULT_TIME_MS, MAX_DEPTH

PREFIX = "EIGHTS_"


def _setting(default: Any, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True)
class Settings:
    """Server, limits, defaults and sizes; each field is set by ``EIGHTS_<FIELD IN CAPITALS>``."""

    host: str = _setting("127.0.0.1", "Address `eights serve` and the Procfile's gunicorn listen on.")
    port: int = _setting(8000, "Port they listen on.")
    workers: int = _setting(2, "gunicorn worker processes (each has its own solver and cache).")
    threads: int = _setting(4, "Threads per worker.")
    tt_mb: int = _setting(64, "Transposition table of each process's solver, in MB.")
    cache_size: int = _setting(4096, "Solved results kept in each process's cache (0: no cache).")
    cache_ttl_s: int = _setting(3600, "Seconds a cached result is kept.")
    solve_time_ms: int = _setting(DEFAULT_TIME_MS, "Search time of /v1/solve, /v1/batch and /v1/analyse "
                                  "when a request gives neither depth nor time_ms.")
    hint_time_ms: int = _setting(100, "Search time of /v1/hint when a request gives neither depth nor time_ms.")
    max_depth: int = _setting(MAX_DEPTH, "Largest depth a request may ask for.")
    max_time_ms: int = _setting(10000, "Largest time_ms a request may ask for; also caps a search asked "
                                "for by depth alone. Sizes the gunicorn timeout.")
    max_batch: int = _setting(64, "Largest number of positions in one /v1/batch request.")
    max_analyse_moves: int = _setting(200, "Largest number of moves in one /v1/analyse record.")
    max_body_bytes: int = _setting(262144, "Largest request body, in bytes (413 over it).")
    max_solves: int = _setting(4, "Searches running or waiting for the solver at once in a process; "
                               "more get 503.")
    queue_wait_ms: int = _setting(250, "How long a search waits for a place before it gets 503.")
    retry_after_s: int = _setting(1, "The Retry-After header of a 503, in seconds.")

    @classmethod
    def load(cls, values: Mapping[str, Any]) -> Settings:
        """The settings named in ``values`` (``EIGHTS_MAX_BATCH`` and so on), the rest default.

        Raises ValueError naming the variable of a value of the wrong kind.
        """
        chosen: dict[str, Any] = {}
        for setting in fields(cls):
            name = env_name(setting.name)
            if name in values:
                chosen[setting.name] = _converted(name, values[name], str(setting.type))
        return cls(**chosen)


def env_name(field_name: str) -> str:
    """The variable that sets a field: ``max_batch`` -> ``EIGHTS_MAX_BATCH``."""
    return PREFIX + field_name.upper()


def _converted(name: str, value: Any, kind: str) -> Any:
    text = str(value).strip()
    if kind == "str":
        if not text:
            raise ValueError(f"{name}: must not be empty")
        return text
    if not text.isdigit():
        raise ValueError(f"{name}: expected a whole number >= 0, got {value!r}")
    return int(text)


def markdown_table() -> str:
    """The README's table of settings: variable, default, meaning."""
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    for setting in fields(Settings):
        lines.append(f"| `{env_name(setting.name)}` | `{setting.default}` | {setting.metadata['doc']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown_table())
