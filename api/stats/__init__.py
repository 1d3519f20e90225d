"""GET /v1/stats: the process's counters."""
