"""The ``eights`` command line (``eights.cli.main``); it drives the engine, the solver and the
service's server, and is not part of the HTTP service itself."""
