"""Running independent pieces of work (searches, pairs of deals) on a Dask cluster.

``Cluster`` says where: a scheduler's address, or an embedded ``LocalCluster`` of worker
processes started at first use. ``run_pieces`` runs a function over pieces there and
gives the results as they finish, cancelling what is left when asked to stop;
``run_stoppable`` runs long work cut into pieces as it goes, each of which stops mid-way
when asked and gives back what it did (``eights.cluster.halt``). The
pieces' functions run in the workers' processes, each of which keeps its warm state
(``eights.cluster.pieces``: one Solver per table size). A worker killed mid-run loses nothing:
Dask runs its pieces again elsewhere.

It sits between the solver and the service: the jobs of ``/v1/jobs``, ``eights batch
--cluster`` and the strength benchmark use it.
"""

from eights.cluster.connect import Cluster, ClusterUnavailable
from eights.cluster.runs import run_pieces, run_stoppable

__all__ = ["Cluster", "ClusterUnavailable", "run_pieces", "run_stoppable"]
