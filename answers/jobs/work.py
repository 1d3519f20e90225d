"""What a job runs: its work, split into independent pieces (searches, rounds of games) that
run on the cluster, each piece's result kept in the store as it comes, so that a job taken
over by another process goes on from the pieces kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from eights.cluster import Cluster

Piece = dict[str, Any]  # a piece's result as JSON-ready data, as the job's work writes and reads it
Found = Callable[[int, Piece], None]  # told of each piece's result as it comes


def ignore(index: int, piece: Piece) -> None:
    """A Found that keeps nothing more."""


class JobWork(Protocol):
    """A job's work: ``total`` pieces; ``known`` results by piece index, as the store keeps them."""

    @property
    def total(self) -> int:
        """How many pieces there are."""

    @property
    def time_limit_ms(self) -> int | None:
        """When the job stops by itself (None: only when cancelled or done)."""

    @property
    def answers_when_out_of_time(self) -> bool:
        """True when a job out of time answers with the pieces done (a rollout), False when it fails."""

    def check(self) -> None:
        """Raise what the request may not ask of a job (its cost over the job limits)."""

    def from_cache(self, known: dict[int, Piece], found: Found = ignore) -> None:
        """Add to ``known`` what the service's cache already has, telling ``found`` of each."""

    def on_cluster(self, cluster: Cluster, name: str, known: dict[int, Piece], found: Found = ignore,
                   should_stop: Callable[[], bool] = lambda: False) -> None:
        """Run what ``known`` lacks on ``cluster`` (tasks named ``name``-i), adding each result
        to ``known`` and telling ``found`` as it comes; stop when ``should_stop()``."""

    def answer(self, known: dict[int, Piece]) -> Any:
        """The synchronous endpoint's answer from the pieces ``known``."""
