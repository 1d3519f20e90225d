"""Bot specs: ``name`` or ``name:key=value,key=value`` (``solver:depth=4,eval=material``).

A spec names a bot and its options as strings; each bot checks its own options
(``eights.play.bots.make_bot``). Bad specs raise BotSpecError, one line naming the spec and
the problem, so that a command line can print it as it is.

>>> BotSpec.parse("solver: depth=4 ,eval=material")
BotSpec.parse('solver:depth=4,eval=material')
>>> BotSpec.parse("solver:depth")
Traceback (most recent call last):
...
eights.play.bots.spec.BotSpecError: bot 'solver:depth': option 'depth' needs a value (write depth=VALUE)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from eights.engine.errors import EightsError

B = TypeVar("B")

SPACE = " "  # the one whitespace a spec may have, around its parts


class BotSpecError(EightsError):
    """A bot spec that names no bot, or gives a bot options it does not take or cannot use."""

    def __init__(self, spec: str, problem: str) -> None:
        super().__init__(f"bot {spec!r}", problem)


@dataclass(frozen=True)
class BotSpec:
    """A bot's name and its options, in the order written; ``str()`` gives the canonical spec."""

    name: str
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read ``name[:key=value,...]``; spaces around names, keys and values are ignored, and
        a spec is one line: a newline, tab or other unprintable character is refused."""
        if not isinstance(text, str) or not text.strip(SPACE):
            raise BotSpecError(str(text), "empty spec (expected a bot name, as random or solver:time=100)")
        unprintable = next((char for char in text if not char.isprintable()), None)  # the space is printable
        if unprintable is not None:
            raise BotSpecError(text, f"character {unprintable!r} not allowed (a spec is one line of printable "
                                     "characters; spaces around its parts are ignored)")
        name, colon, rest = text.partition(":")
        name = name.strip(SPACE).lower()
        if not name:
            raise BotSpecError(text, "no bot name before ':'")
        options: dict[str, str] = {}
        for item in rest.split(",") if colon else []:
            key, equals, value = (part.strip(SPACE) for part in item.partition("="))
            if not key:
                raise BotSpecError(text, "empty option (write key=value, separated by commas)")
            if not equals or not value:
                raise BotSpecError(text, f"option {key!r} needs a value (write {key}=VALUE)")
            if key in options:
                raise BotSpecError(text, f"option {key!r} given twice")
            options[key] = value
        return cls(name, tuple(options.items()))

    def options_of(self, known: tuple[str, ...]) -> dict[str, str]:
        """The options as a dict; an option not in ``known`` is an error naming the ones that are."""
        for key, _ in self.options:
            if key not in known:
                takes = f"takes {', '.join(known)}" if known else "takes no options"
                raise BotSpecError(str(self), f"unknown option {key!r} ({self.name} {takes})")
        return dict(self.options)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return f"{self.name}:{','.join(f'{key}={value}' for key, value in self.options)}"

    def __repr__(self) -> str:
        return f"BotSpec.parse({str(self)!r})"


def build(spec: str | BotSpec, makers: Mapping[str, Callable[[BotSpec], B]]) -> B:
    """The bot a spec names, made by ``makers[name]`` (sce2's bots, the family's); BotSpecError
    naming the problem, or the known names when the name is not one of them."""
    parsed = spec if isinstance(spec, BotSpec) else BotSpec.parse(spec)
    if parsed.name not in makers:
        raise BotSpecError(str(spec), f"unknown bot {parsed.name!r} (known: {', '.join(makers)})")
    return makers[parsed.name](parsed)
