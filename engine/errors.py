"""The engine's errors: one family, each message naming the field and the problem."""

from __future__ import annotations

from typing import Any


class EightsError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle without calling ``__init__`` again (subclasses take other arguments), so that
        an error raised on a worker process reaches the caller as itself, not as a broken pool."""
        return _rebuilt, (type(self), self.args), self.__dict__


def _rebuilt(cls: type[EightsError], args: tuple[Any, ...]) -> EightsError:
    """An error of class ``cls`` made from its ``args`` without ``__init__`` (its fields come
    back from the pickled state)."""
    return cls.__new__(cls, *args)


class NotationError(EightsError):
    """A position, move or record that cannot be read, or describes no possible state."""


class IllegalMoveError(EightsError):
    """A well-formed move that the rules do not allow in the position."""
