"""POST /v1/apply: play moves on a position, one call per action, draws left random or named."""
