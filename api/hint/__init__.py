"""POST /v1/hint: the best move, fast."""
