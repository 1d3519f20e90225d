"""Finding a game by its name, and the game a value is written in (its ``rules:`` word or
key, or the ``rules`` option beside it): the one place that tells games apart.

>>> find_game("sce2").name, find_game("classic/4,skip=Q").name, find_game("Classic/4") is find_game("classic/4")
('sce2', 'classic/4,skip=Q', True)
>>> game_of("rules:classic/3 0:7... 1:K... 2:Q... up:7C turn:0", None).name
'classic/3'
>>> game_of("N:K... E:Q... S:5... W:9... up:5H turn:S", None).name
'sce2'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from eights.engine.family.notation import RulesMismatch
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import Ruleset, parse_rules
from eights.engine.family.view import FamilyView
from eights.games.family import FamilyGame
from eights.games.game import Game
from eights.games.sce2 import SCE2, Sce2Game

_SCE2 = Sce2Game()
#: every objective a game's search may be asked for (the union of the games' ``objectives``; the first the default)
OBJECTIVES: tuple[str, ...] = FamilyGame.objectives
#: every horizon estimate a game's search may be asked for (the union of the games' ``evaluations``)
EVALUATIONS: tuple[str, ...] = tuple(dict.fromkeys((*_SCE2.evaluations, *FamilyGame.evaluations)))


def find_game(name: str, field: str = "rules") -> Game[Any, Any, Any]:
    """The game of a ruleset's short name (``sce2``, ``classic/4``, ``openspiel/5,max_turns=40``);
    a RulesetError naming ``field`` for a name no game has."""
    return _game(parse_rules(name, field).name)


@lru_cache(maxsize=64)
def _game(name: str) -> Game[Any, Any, Any]:
    return _SCE2 if name == SCE2 else FamilyGame(parse_rules(name))


def game_for(item: Any) -> Game[Any, Any, Any]:
    """The game of a position or view already read (a family game's names its ruleset).

    >>> game_for(find_game("classic/3").deal(1)).name, game_for(find_game("sce2").deal(1)).name
    ('classic/3', 'sce2')
    """
    if isinstance(item, FamilyPosition):
        return _game(item.rules.name)
    if isinstance(item, FamilyView):
        return _game(item.rules_name)
    return _SCE2


def _named_rules(value: Any) -> Ruleset | None:
    """The ruleset ``value`` names itself: a ``rules:`` word of a text, a ``rules`` key of an object."""
    if isinstance(value, str):
        words = [word[len("rules:"):] for word in value.split() if word.startswith("rules:")]
        return parse_rules(words[0]) if words else None
    if isinstance(value, dict) and value.get("rules") is not None:
        rules = value["rules"]
        return parse_rules(rules) if isinstance(rules, str) else Ruleset.from_json(rules)
    return None


def game_of(value: Any, rules: str | None, rules_field: str = "rules") -> Game[Any, Any, Any]:
    """The game ``value`` (a position or view, text or JSON) is written in: the ruleset it
    names, else ``rules`` (the option beside it, named ``rules_field``), else sce2;
    RulesMismatch naming ``rules_field`` when the two name different games."""
    option = None if rules is None else parse_rules(rules, rules_field)
    named = _named_rules(value)
    if option is not None and named is not None and option != named:
        raise RulesMismatch(rules_field, f"{option.name}, but the position's rules are {named.name}")
    chosen = named or option
    return _SCE2 if chosen is None else _game(chosen.name)


def read_any(value: Any, rules: str | None, rules_field: str = "rules") -> tuple[Game[Any, Any, Any], Any]:
    """The game of ``value`` (``game_of``) and ``value`` read in it: a view when written as one, else a position.

    >>> game, view = read_any("0:7.8.. 1:?1 up:7C turn:0 view:0", "classic/2")
    >>> game.name, game.legal_moves(view)[0].notation()
    ('classic/2', 'play 7S')
    """
    game = game_of(value, rules, rules_field)
    return game, game.read(value)
