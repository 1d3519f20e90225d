"""Playing with the solver: bots (``eights.play.bots``), paired deals (``eights.play.paired``) and the
strength benchmark between two bots (``eights.play.strength``)."""
