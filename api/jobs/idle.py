"""An embedded cluster that stops when no job has run on it for a while.

Each gunicorn worker starts its own LocalCluster at its first job (EIGHTS_DASK_SCHEDULER
``-``): its processes hold a warm solver each, about 130 MB apiece at the defaults, which a
worker would otherwise keep until it exits. Stopped once idle for EIGHTS_DASK_IDLE_S, the
cluster costs nothing between spells of jobs, and the next job starts it again (a few
seconds). A scheduler's cluster is left alone: its workers are not this process's, and a
client costs little.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from eights.cluster import Cluster

_stops: dict[Cluster, IdleStop] = {}
_lock = threading.Lock()


def idle_stop(cluster: Cluster, idle_s: float) -> IdleStop:
    """The process's IdleStop of ``cluster``: one per cluster, as the process has one client of
    it (``eights.cluster.connect``), so that the uses of every app in the process count."""
    with _lock:
        return _stops.setdefault(cluster, IdleStop(cluster, idle_s))


class IdleStop:
    """Jobs' uses of ``cluster``; an embedded one is closed ``idle_s`` seconds after the last
    use ends, unless another has begun."""

    def __init__(self, cluster: Cluster, idle_s: float) -> None:
        self.cluster, self.idle_s = cluster, idle_s
        self._users = 0
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    @contextmanager
    def use(self) -> Iterator[Cluster]:
        """The cluster, not to be stopped until the block ends (a use waits for a stop under way)."""
        with self._lock:
            self._users += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        try:
            yield self.cluster
        finally:
            with self._lock:
                self._users -= 1
                if self._users == 0 and self.cluster.address is None:
                    self._timer = threading.Timer(self.idle_s, self._stop)
                    self._timer.name, self._timer.daemon = "cluster-idle-stop", True
                    self._timer.start()

    def _stop(self) -> None:
        """Close the cluster, if this timer is still the one due and nobody uses it."""
        with self._lock:
            if self._users == 0 and self._timer is threading.current_thread():
                self._timer = None
                self.cluster.close()
