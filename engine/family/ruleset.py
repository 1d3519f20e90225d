"""The ruleset: which game of the family is played, as one frozen value of named switches.

A ruleset is parsed from its short name (``classic/4,draw=one,skip=Q``), printed back in a
canonical form (options in a fixed order, defaults left out) and has a JSON form. The rule
code (``eights.engine.family.rules``) reads its switches (``decks``, ``draw``, ``effects``,
``reshuffle``, ``scoring``...), never the preset's name, in the manner of Fairy-Stockfish's
``struct Variant``. ``sce2`` is the default game and plays in ``eights.engine``'s own engine.

>>> r = parse_rules("classic/4, skip=q,draw=one")
>>> r.name
'classic/4,draw=one,skip=Q'
>>> r.decks, r.hand_size(), r.effects
(1, 5, ((11, 'skip'),))
>>> parse_rules("openspiel/6").decks
2
>>> [parse_rules(f"classic/4,reshuffle={k}").name for k in ("yes", "no", "3")]
['classic/4', 'classic/4,reshuffle=0', 'classic/4,reshuffle=3']
>>> parse_rules("openspiel/9")
Traceback (most recent call last):
...
eights.engine.family.ruleset.PlayerCountError: rules.players: openspiel takes 2 to 8 players here, not 9 (pyspiel allows up to 15)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from eights.engine.cards import RANKS, Rank
from eights.engine.errors import NotationError

EIGHT_RANK: Rank = 7
PRESETS = ("sce2", "sce", "classic", "openspiel", "layout")
DRAW_MODES = ("until", "one", "one_play", "upto")
EIGHTS_MODES = ("wild", "match", "nosuit")
EFFECTS = ("skip", "reverse", "draw2")
SCE_HAND_SIZES = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
RESHUFFLES = 2  # the reshuffles a deal of sce, or of classic by default, allows ("Every deal ends")
MAX_RESHUFFLES = 9  # classic's reshuffle=K: K from 0 to 9


class RulesetError(NotationError):
    """A ruleset that cannot be read."""


class UnknownPresetError(RulesetError):
    """A preset name that is not one of the family's."""


class PlayerCountError(RulesetError):
    """A player count outside the preset's range."""


class UnknownOptionError(RulesetError):
    """An option that the preset does not take."""


class OptionValueError(RulesetError):
    """An option given a value it cannot take (``draw=upto:0``, ``skip=8``...)."""


@dataclass(frozen=True)
class _Preset:
    """What a preset allows: its player range, default count and the options it takes."""

    players: tuple[int, int]
    default_players: int
    options: tuple[str, ...]
    note: str = ""


_PRESET_TABLE: dict[str, _Preset] = {
    "sce2": _Preset((4, 4), 4, ()),
    "sce": _Preset((3, 6), 4, ("deal",)),
    "classic": _Preset((2, 7), 4, ("draw", "must_play", "eights", "skip", "reverse", "draw2", "reshuffle")),
    "openspiel": _Preset((2, 8), 5, ("max_draw_cards", "max_turns", "use_special_cards", "reshuffle"),
                         " (pyspiel allows up to 15)"),
    "layout": _Preset((2, 8), 4, ()),
}


@dataclass(frozen=True)
class Ruleset:
    """One game of the family with its options. Build it with ``parse_rules`` or
    ``Ruleset.from_json`` (which check it); the fields are the options, and the properties
    below are the switches the rule code reads."""

    preset: str = "sce2"
    players: int = 4
    deal: int = 1
    draw: str = "until"
    draw_limit: int = 0
    must_play: bool = False
    eights: str = "wild"
    skip: Rank | None = None
    reverse: Rank | None = None
    draw2: Rank | None = None
    reshuffle: int = RESHUFFLES  # classic: reshuffles a deal allows (0-9); openspiel: pyspiel's flag (bool)
    max_draw_cards: int = 5
    max_turns: int = 100
    use_special_cards: bool = False

    def __post_init__(self) -> None:
        """A ruleset built directly is checked as a parsed one is: a known preset, a player
        count in its range."""
        if self.preset not in _PRESET_TABLE:
            raise UnknownPresetError("rules.preset", f"unknown preset {self.preset!r} (one of {', '.join(PRESETS)})")
        preset = _PRESET_TABLE[self.preset]
        low, high = preset.players
        if not isinstance(self.players, int) or not low <= self.players <= high:
            raise PlayerCountError("rules.players",
                                   f"{self.preset} takes {low} to {high} players here, not {self.players}{preset.note}")
        if self.preset == "classic" and (isinstance(self.reshuffle, bool) or self.reshuffle not in range(MAX_RESHUFFLES + 1)):
            raise OptionValueError("rules.reshuffle", f"classic allows 0 to {MAX_RESHUFFLES} reshuffles, not {self.reshuffle!r}")

    # -- the switches -------------------------------------------------------------------
    @property
    def decks(self) -> int:
        """How many 52-card decks are shuffled together."""
        if self.preset == "sce":
            return 2 if self.players >= 5 else 1
        if self.preset == "classic":
            return 2 if self.players >= 6 else 1
        if self.preset == "openspiel":
            return 2 if self.players >= 6 else 1
        return 1

    def hand_size(self) -> int:
        """How many cards each hand is dealt."""
        if self.preset == "sce":
            return SCE_HAND_SIZES[self.deal - 1]
        if self.preset in ("classic", "openspiel"):
            return 7 if self.players == 2 else 5
        if self.preset == "layout":
            return 5
        return 8

    @property
    def effects(self) -> tuple[tuple[Rank, str], ...]:
        """The ranks with an effect when played: (rank, ``skip`` | ``reverse`` | ``draw2``)."""
        if self.preset == "sce":
            return ((0, "reverse"), (1, "draw2"), (2, "skip"))
        if self.preset == "openspiel":
            return ((11, "skip"), (0, "reverse"), (1, "draw2")) if self.use_special_cards else ()
        named = ((self.skip, "skip"), (self.reverse, "reverse"), (self.draw2, "draw2"))
        return tuple((rank, effect) for rank, effect in named if rank is not None)

    def effect_of(self, rank: Rank) -> str | None:
        """The effect of playing a card of ``rank``, or None."""
        return next((effect for r, effect in self.effects if r == rank), None)

    @property
    def draw_mode(self) -> str:
        """``one`` (one card, the turn ends), ``until`` (draws until a play; ``draw_cap``
        limits them), ``one_play`` (one card, then play or pass)."""
        if self.preset == "sce":
            return "one"
        if self.preset == "openspiel":
            return "until"
        return "until" if self.draw == "upto" else self.draw

    @property
    def draw_cap(self) -> int | None:
        """The draws a turn may hold before the hand may pass (None: no cap)."""
        if self.preset == "openspiel":
            return self.max_draw_cards
        if self.preset == "classic" and self.draw == "upto":
            return self.draw_limit
        if self.preset == "classic" and self.draw == "one_play":
            return 1
        return None

    @property
    def reshuffle_mode(self) -> str:
        """``lazy`` (when a draw needs a card), ``eager`` (pyspiel's: as soon as the stock is
        empty) or ``no``."""
        if self.preset == "openspiel":
            return "eager" if self.reshuffle else "no"
        return "lazy" if self.reshuffle_cap else "no"

    @property
    def reshuffle_cap(self) -> int | None:
        """The reshuffles a deal allows (RULES-FAMILY "Every deal ends": 2 in ``sce``, K with
        classic's ``reshuffle=K``, 0 where there is no stock to refill); None for
        ``openspiel``, whose reshuffles are neither capped nor counted."""
        if self.preset == "openspiel":
            return None
        if self.preset == "classic":
            return self.reshuffle
        return RESHUFFLES if self.preset == "sce" else 0

    @property
    def has_stock(self) -> bool:
        """Whether hands draw from a stock (the layout game has none)."""
        return self.preset != "layout"

    @property
    def centre(self) -> int:
        """How many centre piles are dealt face up (the layout game's 8)."""
        return 8 if self.preset == "layout" else 0

    @property
    def scoring(self) -> str:
        """The scoring table: ``sce``, ``classic``, ``openspiel`` or ``layout``."""
        return self.preset

    @property
    def upcard_rule(self) -> str:
        """How the first upcard acts: ``played`` (by the dealer, its effects apply), ``inert``
        (no effect; an 8 frees the first play) or ``redraw8`` (pyspiel's: an 8 goes back)."""
        return {"sce": "played", "classic": "inert", "openspiel": "redraw8"}.get(self.preset, "inert")

    @property
    def going_out_continues(self) -> tuple[str, ...]:
        """The effects after which going out does not end the deal (sce's 2s and 3s)."""
        return ("draw2", "skip") if self.preset == "sce" else ()

    @property
    def two_player_reverse_again(self) -> bool:
        """With two players, whether a reverse gives the same player another turn (classic)."""
        return self.preset == "classic"

    @property
    def blocked_after(self) -> int:
        """Passes in a row on nothing to draw that end the deal (pyspiel: players + 1)."""
        return self.players + 1 if self.preset == "openspiel" else self.players

    @property
    def draw2_needs_stock(self) -> bool:
        """Whether a draw-two card played on an empty stock creates no debt (pyspiel)."""
        return self.preset == "openspiel"

    @property
    def spent_penalty_is_pass(self) -> bool:
        """Whether a draw-two penalty that empties the stock on its last card counts as a pass
        in a row (pyspiel)."""
        return self.preset == "openspiel"

    @property
    def pass_holding_play(self) -> bool:
        """Whether a hand with nothing to draw may pass holding a legal play (pyspiel);
        elsewhere it must play."""
        return self.preset == "openspiel"

    @property
    def plays_cap(self) -> int | None:
        """Card plays after which the deal ends (pyspiel's ``max_turns``), or None."""
        return self.max_turns if self.preset == "openspiel" else None

    @property
    def eights_name_suit(self) -> bool:
        """Whether an 8 names a suit (not with ``eights=nosuit``)."""
        return not (self.preset == "classic" and self.eights == "nosuit")

    @property
    def eights_must_match(self) -> bool:
        """Whether an 8 must itself match (``eights=match``)."""
        return self.preset == "classic" and self.eights == "match"

    @property
    def target_score(self) -> int | None:
        """The points a ``classic`` game is played to: 100 with 2 players, 50 more for each
        further player (350 with 7); None for the other games."""
        return 100 + 50 * (self.players - 2) if self.preset == "classic" else None

    @property
    def deals_in_match(self) -> int | None:
        """How many deals an ``sce`` match has (15); None for the other games."""
        return len(SCE_HAND_SIZES) if self.preset == "sce" else None

    # -- names ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The canonical short name: preset, players, then the options that differ from
        their defaults in a fixed order."""
        if self.preset == "sce2":
            return "sce2"
        parts = [f"{self.preset}/{self.players}"]
        default = _defaults(self.preset, self.players)
        for option in _PRESET_TABLE[self.preset].options:
            value = _option_text(self, option)
            if value != _option_text(default, option):
                parts.append(f"{option}={value}")
        return ",".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: preset, players and every option the preset takes.

        >>> parse_rules("sce/3").to_json()
        {'preset': 'sce', 'players': 3, 'options': {'deal': 1}}
        """
        options: dict[str, Any] = {}
        for option in _PRESET_TABLE[self.preset].options:
            value = getattr(self, option)
            if option == "draw":
                options["draw"] = _option_text(self, "draw")
            elif option in ("skip", "reverse", "draw2"):
                options[option] = None if value is None else RANKS[value]
            else:
                options[option] = value
        return {"preset": self.preset, "players": self.players, "options": options}

    @classmethod
    def from_json(cls, data: object) -> Ruleset:
        """The ruleset of a JSON form (``to_json``'s, or a short name as a string)."""
        if isinstance(data, str):
            return parse_rules(data)
        if not isinstance(data, dict):
            raise RulesetError("rules", f"a short name or an object, not {type(data).__name__}")
        unknown = set(data) - {"preset", "players", "options"}
        if unknown:
            raise UnknownOptionError("rules", f"unknown key {sorted(unknown)[0]!r}")
        preset = data.get("preset")
        if not isinstance(preset, str):
            raise UnknownPresetError("rules.preset", f"a preset name is required, not {preset!r}")
        players = data.get("players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RulesetError("rules.options", "an object of options")
        words = [] if players is None else [f"{preset}/{players}"]
        text = words[0] if words else preset
        for key, value in options.items():
            if isinstance(value, bool):
                value = "yes" if value else "no"
            text += f",{key}={'none' if value is None else value}"
        return parse_rules(text)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"parse_rules({self.name!r})"


def _option_text(rules: Ruleset, option: str) -> str:
    """An option's value as the short name writes it."""
    value = getattr(rules, option)
    if option == "draw":
        return f"upto:{rules.draw_limit}" if value == "upto" else str(value)
    if option in ("skip", "reverse", "draw2"):
        return "none" if value is None else RANKS[value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)  # classic's reshuffle=K is a count, written as its digit


SCE2 = Ruleset()


def at_deal(rules: Ruleset, deal: int, field: str = "deal") -> Ruleset:
    """``rules`` at deal ``deal`` of its match: sce's deals are numbered (hands of 8, 7, ..., 1,
    ..., 8 cards), and this sets its ``deal`` option, whatever it was; the other games' hands do
    not change from deal to deal, and a number for them is refused naming ``field``.

    >>> at_deal(parse_rules("sce/4,deal=3"), 8).name
    'sce/4,deal=8'
    >>> at_deal(parse_rules("classic/4"), 2)
    Traceback (most recent call last):
    ...
    eights.engine.family.ruleset.UnknownOptionError: deal: only sce's deals are numbered, not classic's (its hands are always 5 cards)
    """
    if "deal" not in _PRESET_TABLE[rules.preset].options:
        raise UnknownOptionError(field, f"only sce's deals are numbered, not {rules.preset}'s "
                                        f"(its hands are always {rules.hand_size()} cards)")
    data = rules.to_json()
    return Ruleset.from_json({**data, "options": {**data["options"], "deal": deal}})


def parse_rules(text: str, field: str = "rules") -> Ruleset:
    """The ruleset of a short name: ``preset[/players][,option=value]...``.

    >>> parse_rules("classic/3,draw=upto:0")
    Traceback (most recent call last):
    ...
    eights.engine.family.ruleset.OptionValueError: rules.draw: upto:K takes K of 1 or more, not 'upto:0'
    >>> parse_rules("classic/4,skip=8")
    Traceback (most recent call last):
    ...
    eights.engine.family.ruleset.OptionValueError: rules.skip: an 8 cannot be a skip rank
    """
    if not isinstance(text, str):
        raise RulesetError(field, f"a short name such as 'classic/4', not {type(text).__name__}")
    words = [word.strip() for word in text.strip().split(",")]
    head, options = words[0], words[1:]
    preset_name, slash, count = head.partition("/")
    preset_name = preset_name.lower()
    if preset_name not in _PRESET_TABLE:
        raise UnknownPresetError(f"{field}.preset", f"unknown preset {preset_name!r} (one of {', '.join(PRESETS)})")
    preset = _PRESET_TABLE[preset_name]
    players = preset.default_players
    if slash:
        if not re.fullmatch(r"[0-9]{1,3}", count):
            raise PlayerCountError(f"{field}.players", f"a number of players, not {count!r}")
        players = int(count)
    try:
        rules = _defaults(preset_name, players)
    except PlayerCountError as error:
        raise PlayerCountError(f"{field}.players", error.problem) from None
    seen: set[str] = set()
    for word in options:
        key, equals, value = word.partition("=")
        key = key.strip().lower()
        if not equals or not key:
            raise UnknownOptionError(field, f"an option is key=value, not {word!r}")
        if key not in preset.options:
            takes = ", ".join(preset.options) or "no options"
            raise UnknownOptionError(f"{field}.{key}", f"{preset_name} does not take the option {key!r} (it takes {takes})")
        if key in seen:
            raise UnknownOptionError(f"{field}.{key}", "given twice")
        seen.add(key)
        rules = _with_option(rules, key, value.strip(), f"{field}.{key}")
    _check_effects(rules, field)
    return rules


def _defaults(preset: str, players: int) -> Ruleset:
    """The ruleset of a preset with every option at its default (OpenSpiel's reshuffle is
    off by default; classic allows two reshuffles a deal)."""
    return Ruleset(preset=preset, players=players, reshuffle=False if preset == "openspiel" else RESHUFFLES)


def _with_option(rules: Ruleset, key: str, value: str, field: str) -> Ruleset:
    """``rules`` with one option set from its written value."""
    changes: dict[str, Any] = {}
    low = value.lower()
    if key == "draw":
        mode, colon, limit = low.partition(":")
        if mode == "upto":
            if not colon or not re.fullmatch(r"[0-9]{1,3}", limit) or int(limit) < 1:
                raise OptionValueError(field, f"upto:K takes K of 1 or more, not {value!r}")
            return replace(rules, draw="upto", draw_limit=int(limit))
        if colon or mode not in DRAW_MODES:
            raise OptionValueError(field, f"one of until, one, one_play, upto:K, not {value!r}")
        return replace(rules, draw=mode)
    if key == "eights":
        if low not in EIGHTS_MODES:
            raise OptionValueError(field, f"one of {', '.join(EIGHTS_MODES)}, not {value!r}")
        return replace(rules, eights=low)
    if key in ("skip", "reverse", "draw2"):
        if low == "none":
            changes[key] = None
            return replace(rules, **changes)
        upper = "T" if value == "10" else value.upper()
        if len(upper) != 1 or upper not in RANKS:
            raise OptionValueError(field, f"a rank (A 2..9 T J Q K) or none, not {value!r}")
        if RANKS.index(upper) == EIGHT_RANK:
            raise OptionValueError(field, f"an 8 cannot be a {key} rank")
        changes[key] = RANKS.index(upper)
        return replace(rules, **changes)
    if key == "reshuffle" and rules.preset == "classic":
        if re.fullmatch(r"[0-9]", value):
            return replace(rules, reshuffle=int(value))
        if low not in ("yes", "no", "true", "false"):
            raise OptionValueError(field, f"yes, no or a count from 0 to {MAX_RESHUFFLES}, not {value!r}")
        return replace(rules, reshuffle=RESHUFFLES if low in ("yes", "true") else 0)
    if key in ("must_play", "reshuffle", "use_special_cards"):
        if low not in ("yes", "no", "true", "false"):
            raise OptionValueError(field, f"yes or no, not {value!r}")
        changes[key] = low in ("yes", "true")
        return replace(rules, **changes)
    bounds = {"deal": (1, 15), "max_draw_cards": (1, 52), "max_turns": (1, 10_000)}[key]
    if not re.fullmatch(r"[0-9]{1,5}", value) or not bounds[0] <= int(value) <= bounds[1]:
        raise OptionValueError(field, f"a whole number from {bounds[0]} to {bounds[1]}, not {value!r}")
    changes[key] = int(value)
    return replace(rules, **changes)


def _check_effects(rules: Ruleset, field: str) -> None:
    """No rank with two effects (RULES-FAMILY ``classic`` [decisions])."""
    taken: dict[Rank, str] = {}
    for option in ("skip", "reverse", "draw2"):
        rank = getattr(rules, option)
        if rank is None:
            continue
        if rank in taken:
            raise OptionValueError(f"{field}.{option}",
                                   f"the rank {RANKS[rank]} already has the effect {taken[rank]}: one effect a rank")
        taken[rank] = option

