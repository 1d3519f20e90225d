"""POST /v1/solve: a position's full solution."""
