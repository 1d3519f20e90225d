"""What the service and the command line answer alike, without Flask: the searches of a request
(``SolveService``: its lanes of solvers, its cache, its budget and limits, ``EIGHTS_*`` settings),
the plans of batch and analyse requests and their run on a cluster, fair hints, and the schemas
every answer is written with. ``eights.api`` serves it over HTTP (routes, the request's clock and
client set for each request: ``eights.api.app``); ``eights.cli`` runs it in its process, and
imports nothing of ``eights.api`` but for ``eights serve``.
"""
