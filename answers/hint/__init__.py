"""The best move, fast: /v1/hint's answer."""
