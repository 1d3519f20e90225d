"""POST /v1/positions/normalise: check a position and give its canonical forms."""
