"""POST /v1/deal: a seeded starting position."""
