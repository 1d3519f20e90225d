"""The benchmarks, each ``python -m eights.bench.NAME``: speed (``solver``, ``load``,
``slow_clients``, ``jobs``, ``rollout``, ``fair``), strength (``strength``, ``models``), the
trained evaluation (``eights``, ``stability``, ``calibration``, ``features``) and the board's
screenshots. Each prints a table that compares against a baseline in the same run. Nothing
else imports them but the tests (and ``board_page``/``browser``, the board's browser helpers)."""
