"""POST /v1/batch: many positions solved in one call."""
