"""POST /v1/moves: the legal moves and what each does."""
