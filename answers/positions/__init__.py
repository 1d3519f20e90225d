"""A position normalised, and a finished deal's score: /v1/positions's answer."""
