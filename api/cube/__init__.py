"""POST /v1/cube: the cube and resignation hints before a deal of a game."""
