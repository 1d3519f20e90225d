"""POST /v1/analyse: a played deal, move by move, like a chess site's game analysis."""
