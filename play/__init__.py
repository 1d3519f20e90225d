"""Playing with the solver: bots (``play.bots``), paired deals (``play.paired``) and the
strength benchmark between two bots (``play.strength``)."""
