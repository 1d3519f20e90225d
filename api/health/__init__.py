"""GET /health: the process is up."""
