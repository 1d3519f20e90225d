"""The engine's errors: one family, each message naming the field and the problem."""

from __future__ import annotations


class EightsError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


class NotationError(EightsError):
    """A position, move or record that cannot be read, or describes no possible state."""


class IllegalMoveError(EightsError):
    """A well-formed move that the rules do not allow in the position."""
