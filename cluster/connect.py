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
MAX_PORT = 65535

_clients: dict[Cluster, tuple[Client, LocalCluster | None]] = {}
_lock = threading.Lock()


class ClusterUnavailable(Exception):
    """The scheduler asked for cannot be reached: its address and why, in one line."""


def checked_address(text: str) -> str:
    """``text``, if Dask can connect a client to it: its scheme (``tcp://`` when none is given)
    and host:port read as ``distributed.comm.addressing`` reads them; else ValueError saying
    what was expected (EIGHTS_DASK_SCHEDULER and the ``--scheduler`` flags)."""
    from distributed.comm.addressing import get_address_host_port  # only a run on a scheduler needs it

    expected = f"expected a Dask scheduler address such as tcp://127.0.0.1:8786, got {text[:40]!r}"
    try:
        _, port = get_address_host_port(text)
    except ValueError as error:
        raise ValueError(f"{expected} ({error})") from None
    if not 1 <= port <= MAX_PORT:
        raise ValueError(f"{expected} (port out of range 1-{MAX_PORT})")
    return text


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
