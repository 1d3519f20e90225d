"""Where pieces run: a Dask scheduler, or an embedded LocalCluster, connected to once per process.

An embedded cluster has ``workers`` processes of one thread each (a search holds its
thread; a process keeps one warm solver) and listens on loopback only, its status page
on a free port (never a fixed one another cluster may hold). It is started at the first
``client()`` and stopped by ``close()`` or when the process exits.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

CONNECT_TIMEOUT_S = 10
LOOPBACK = "127.0.0.1"

_clients: dict[Cluster, tuple[Client, LocalCluster | None]] = {}
_lock = threading.Lock()


class ClusterUnavailable(Exception):
    """The scheduler asked for cannot be reached: its address and why, in one line."""


@dataclass(frozen=True)
class Cluster:
    """A scheduler's ``address`` (``tcp://127.0.0.1:8786``), or None for an embedded
    LocalCluster of ``workers`` processes."""

    address: str | None = None
    workers: int = 2

    def client(self) -> Client:
        """This process's client of the cluster, connected (or the cluster started) at first use."""
        with _lock:
            if self not in _clients:
                _clients[self] = self._connect()
            return _clients[self][0]

    def close(self) -> None:
        """Close this process's client of the cluster and stop an embedded one (a later
        ``client()`` starts again): for a run that is over, such as a command's."""
        with _lock:
            client, local = _clients.pop(self, (None, None))
        if client is not None:
            client.close()
        if local is not None:
            local.close()

    def _connect(self) -> tuple[Client, LocalCluster | None]:
        from distributed import Client, LocalCluster  # imported at first use: it takes a second

        if self.address is not None:
            try:
                return Client(self.address, timeout=CONNECT_TIMEOUT_S, set_as_default=False), None
            except OSError as error:  # distributed's connection errors and timeouts
                raise ClusterUnavailable(f"Dask scheduler {self.address}: cannot connect ({error})") from None
        local = LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True, host=LOOPBACK,
                             dashboard_address=f"{LOOPBACK}:0")
        return Client(local, set_as_default=False), local
