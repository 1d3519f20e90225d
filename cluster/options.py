"""Where a command's independent pieces run, from its flags: ``--workers`` processes of its
own (the default), ``--cluster`` (an embedded LocalCluster of ``--workers`` processes) or
``--scheduler ADDRESS`` (a running Dask cluster)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from eights.cluster.connect import Cluster, checked_address


def scheduler_address(text: str) -> str:
    """A ``--scheduler`` flag's value: a Dask scheduler's address, or argparse's one-line error."""
    try:
        return checked_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_where_arguments(parser: argparse.ArgumentParser, played: str, workers: int) -> None:
    """``--workers`` (default ``workers``) and the exclusive ``--cluster``/``--scheduler``,
    their help naming what runs (``played``: "pairs", "games", ...)."""
    parser.add_argument("--workers", type=int, default=workers,
                        help=f"processes playing {played} (default {workers})")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--cluster", action="store_true",
                       help=f"play the {played} on a Dask LocalCluster of --workers processes")
    where.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                       help=f"play the {played} on this Dask scheduler's cluster")


@contextmanager
def chosen_cluster(args: argparse.Namespace) -> Iterator[Cluster | None]:
    """The cluster ``--scheduler`` or ``--cluster`` asks for, or None (processes of the
    command's own), closed (an embedded one stopped) when the run is over."""
    if args.scheduler is not None:
        cluster: Cluster | None = Cluster(args.scheduler)
    else:
        cluster = Cluster(None, args.workers) if args.cluster else None
    try:
        yield cluster
    finally:
        if cluster is not None:
            cluster.close()
