"""The game around a deal of sce2 (RULES.md "The game, the series, the cube and resignation"):
a position's game context, and the rules of the cube and of resignation.

A position may carry its **game context**: the deal number (1-15: the deal under way, or
about to be dealt), the lead (or the two totals) and the cube. Everything is said of the
deal's sides: ``lead`` is the lead of the player of NS in this deal (the EW player's total
minus the NS player's), the cube's owner is the side whose player owns it. The fields are
optional: a position without them reads and writes exactly as NOTATION.md says, and the
double-dummy readers (``parse_position``) refuse them, naming the field
(docs/rules/game.md).

>>> game = parse_game_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W "
...                            "deal:12 lead:60 cube:2/NS")
>>> game.context
GameContext(deal=12, lead=60, cube=2, owner=0, totals=None)
>>> game.notation().split()[-3:]
['deal:12', 'lead:60', 'cube:2/NS']
>>> game.context.may_double(0), game.context.may_double(1)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from eights.engine.deal import DEALS
from eights.engine.errors import NotationError
from eights.engine.notation import compact, position_from_fields, read_fields, to_json
from eights.engine.position import Position
from eights.engine.record import SIDE_NAMES

MAX_CUBE = 64  # RULES.md: the cube's value is at most 64
PASS_POINTS = 200  # a pass or an accepted resignation pays 200 x the cube's value (before the double)
MAX_TOTAL = 99_999  # a player's total (and a lead) beyond this is a typing mistake
CUBE_VALUES = tuple(2**power for power in range(7))  # 1, 2, 4, ... 64


@dataclass(frozen=True, slots=True)
class GameContext:
    """Where a deal stands in its game: ``deal`` (1-15), ``lead`` (of side NS's player:
    EW's total minus NS's), the cube's value and its owner (0 NS, 1 EW, None: in the
    middle), and the totals (NS's player's, EW's) when they were given rather than the lead."""

    deal: int
    lead: int
    cube: int = 1
    owner: int | None = None
    totals: tuple[int, int] | None = None

    @property
    def deals_left(self) -> int:
        """The deals still to be played, this one included."""
        return DEALS + 1 - self.deal

    def lead_of(self, side: int) -> int:
        """The lead of side 0 (NS) or 1 (EW)'s player."""
        return self.lead if side == 0 else -self.lead

    def may_double(self, side: int) -> bool:
        """RULES.md: before deals 2 to 15 the player who leads may double when the cube is in
        the middle or hers, up to 64."""
        return (self.deal >= 2 and self.lead_of(side) > 0 and self.cube < MAX_CUBE
                and self.owner in (None, side))

    def taken(self, doubler: int) -> GameContext:
        """The context after ``doubler``'s double is taken: the cube doubled, the taker's."""
        return replace(self, cube=2 * self.cube, owner=1 - doubler)

    @property
    def pass_points(self) -> int:
        """What a pass of a double, or an accepted resignation, pays now: 200 x the cube."""
        return PASS_POINTS * self.cube

    def compact_fields(self) -> list[str]:
        """The context's fields of the compact form: ``deal:12 lead:60 cube:2/NS`` (``totals:``
        instead of ``lead:`` when the totals were given)."""
        amount = (f"totals:{self.totals[0]},{self.totals[1]}" if self.totals is not None else f"lead:{self.lead}")
        owner = "" if self.owner is None else f"/{SIDE_NAMES[self.owner]}"
        return [f"deal:{self.deal}", amount, f"cube:{self.cube}{owner}"]

    def to_json(self) -> dict[str, Any]:
        """The context's keys of the JSON form: ``deal_number``, ``lead`` or ``totals``,
        ``cube``, ``cube_owner``."""
        amount: dict[str, Any] = ({"totals": dict(zip(SIDE_NAMES, self.totals))} if self.totals is not None
                                  else {"lead": self.lead})
        return {"deal_number": self.deal, **amount, "cube": self.cube,
                "cube_owner": None if self.owner is None else SIDE_NAMES[self.owner]}

    @classmethod
    def of(cls, deal: int, lead: int | None = None, cube: int = 1, owner: int | None = None,
           totals: tuple[int, int] | None = None, keys: dict[str, str] | None = None) -> GameContext:
        """A checked context (NotationError naming the field, as ``keys`` names them: a deal
        outside 1-15, a cube that is not 1, 2, 4 ... 64 or that more doubles made than there
        were deals before, a doubled cube in the middle or a cube of 1 owned, a lead before
        deal 1, both a lead and totals)."""
        names = {"deal": "deal", "lead": "lead", "totals": "totals", "cube": "cube", **(keys or {})}
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= DEALS:
            raise NotationError(names["deal"], f"must be a deal number from 1 to {DEALS}, got {deal!r}")
        if lead is not None and totals is not None:
            raise NotationError(names["totals"], f"give the lead or the totals, not both ({names['lead']} is given)")
        if totals is not None:
            lead = totals[1] - totals[0]
        lead = 0 if lead is None else lead
        if abs(lead) > MAX_TOTAL:
            raise NotationError(names["lead"], f"must be from -{MAX_TOTAL} to {MAX_TOTAL}, got {lead}")
        if deal == 1 and (lead or (totals is not None and any(totals))):
            raise NotationError(names["totals"] if totals is not None else names["lead"],
                                "no deal has been played before deal 1: the totals are 0")
        if cube not in CUBE_VALUES:
            raise NotationError(names["cube"], f"must be 1, 2, 4, 8, 16, 32 or 64, got {cube!r}")
        if (cube == 1) != (owner is None):
            raise NotationError(names["cube"], "a cube of 1 is in the middle" if cube == 1
                                else f"a doubled cube is its taker's: write its owner (cube:{cube}/NS or /EW)")
        doubles = cube.bit_length() - 1
        if doubles > deal - 1:
            raise NotationError(names["cube"], f"a cube of {cube} takes {doubles} doubles, but only deals 2 to "
                                               f"{deal} have had one before them")
        return cls(deal, lead, cube, owner, totals)


@dataclass(frozen=True, slots=True)
class GamePosition:
    """A position and its game context (None: a single deal, as NOTATION.md has it)."""

    position: Position
    context: GameContext | None = None

    def notation(self) -> str:
        """The compact form: the position's, then the context's fields."""
        fields = [] if self.context is None else self.context.compact_fields()
        return " ".join([compact(self.position), *fields])

    def to_json(self) -> dict[str, Any]:
        """The JSON form: the position's keys, then the context's."""
        return {**to_json(self.position), **({} if self.context is None else self.context.to_json())}


def parse_game_position(data: Any) -> GamePosition:
    """A position with its game context, if any, from either form (``parse_position``'s
    inputs); NotationError naming the field."""
    fields = read_fields(data)
    game = fields.pop("game", None)
    context = None if game is None else read_context(game)
    return GamePosition(position_from_fields(fields), context)


def parse_game_context(data: Any) -> GameContext:
    """The game context of a position that must have one (``eights cube``, /v1/cube);
    NotationError naming ``position`` when it has none."""
    context = parse_game_position(data).context
    if context is None:
        raise NotationError("position", "no game context: add the deal and the score (deal:12 lead:60 cube:2/NS)")
    return context


def read_context(game: tuple[str, dict[str, Any]]) -> GameContext:
    """The context of the game fields ``read_fields`` set aside: the form they were written
    in (``compact`` or ``json``) and their raw values by key."""
    form, values = game
    return _compact_context(values) if form == "compact" else _json_context(values)


def _compact_context(game: dict[str, str]) -> GameContext:
    if "deal" not in game:
        raise NotationError("deal", "required with a game context (deal:1 to deal:15)")
    deal = _whole(game["deal"], "deal")
    lead = _whole(game["lead"], "lead", signed=True) if "lead" in game else None
    totals = None
    if "totals" in game:
        parts = game["totals"].split(",")
        if len(parts) != 2:
            raise NotationError("totals", "expected the two totals, NS's player's first: totals:140,80")
        totals = (_whole(parts[0], "totals"), _whole(parts[1], "totals"))
    cube_text, slash, owner_text = game.get("cube", "1").partition("/")
    owner = _side(owner_text, "cube") if slash else None
    return GameContext.of(deal, lead, _whole(cube_text, "cube"), owner, totals)


def _json_context(game: dict[str, Any]) -> GameContext:
    keys = {"deal": "deal_number", "lead": "lead", "totals": "totals", "cube": "cube"}
    if game.get("deal_number") is None:
        raise NotationError("deal_number", "required with a game context (1 to 15)")
    lead = None if game.get("lead") is None else _integer(game["lead"], "lead")
    totals = None
    if game.get("totals") is not None:
        value = game["totals"]
        if not isinstance(value, dict) or set(value) != set(SIDE_NAMES):
            raise NotationError("totals", "expected an object of NS and EW (each player's total)")
        totals = (_integer(value["NS"], "totals.NS", MAX_TOTAL), _integer(value["EW"], "totals.EW", MAX_TOTAL))
        if min(totals) < 0:
            raise NotationError("totals", "a total is not negative")
    cube = 1 if game.get("cube") is None else _integer(game["cube"], "cube")
    owner = None if game.get("cube_owner") is None else _side(game["cube_owner"], "cube_owner")
    return GameContext.of(_integer(game["deal_number"], "deal_number"), lead, cube, owner, totals, keys)


def _whole(text: str, field: str, signed: bool = False) -> int:
    """A whole number written in the compact form (``-60`` when ``signed``)."""
    digits = text[1:] if signed and text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_TOTAL)):
        raise NotationError(field, f"expected a whole number{' (a minus sign when behind)' if signed else ''} "
                                   f"up to {MAX_TOTAL}, got {text[:20]!r}")
    return -int(digits) if text.startswith("-") else int(digits)


def _integer(value: Any, field: str, limit: int = MAX_TOTAL) -> int:
    """A whole number of the JSON form."""
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > limit:
        raise NotationError(field, f"expected a whole number up to {limit}, got {str(value)[:20]!r}")
    return value


def _side(text: Any, field: str) -> int:
    """A side, ``NS`` or ``EW``."""
    if not isinstance(text, str) or text.upper() not in SIDE_NAMES:
        raise NotationError(field, f"the cube's owner is a side, NS or EW, got {str(text)[:20]!r}")
    return SIDE_NAMES.index(text.upper())


DOUBLE, TAKE, PASS, RESIGN, ACCEPT, REFUSE = "double", "take", "pass", "resign", "accept", "refuse"
ACTIONS = (DOUBLE, TAKE, PASS, RESIGN, ACCEPT, REFUSE)
ANSWERS = {DOUBLE: (TAKE, PASS), RESIGN: (ACCEPT, REFUSE)}  # what must follow an offer, by the other player


@dataclass(frozen=True, slots=True)
class CubeAction:
    """A cube action or resignation before deal ``before_deal`` of a game, by ``player`` (0 or
    1, as a match record numbers them): an offer (``double``, ``resign``) or its answer
    (``take``/``pass``, ``accept``/``refuse``)."""

    before_deal: int
    player: int
    action: str

    def to_json(self) -> dict[str, Any]:
        """``{"before_deal": k, "player": p, "action": "double"}``."""
        return {"before_deal": self.before_deal, "player": self.player, "action": self.action}

    @classmethod
    def from_json(cls, data: Any, field: str) -> CubeAction:
        """An action of a record's ``cube_actions``; NotationError naming ``field``."""
        if not isinstance(data, dict) or set(data) != {"before_deal", "player", "action"}:
            raise NotationError(field, "expected an object of before_deal, player and action")
        deal, player, action = data["before_deal"], data["player"], data["action"]
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= DEALS:
            raise NotationError(f"{field}.before_deal", f"must be a deal number from 1 to {DEALS}")
        if player not in (0, 1) or isinstance(player, bool):
            raise NotationError(f"{field}.player", "must be player 0 or 1")
        if action not in ACTIONS:
            raise NotationError(f"{field}.action", f"must be one of {', '.join(ACTIONS)}, got {str(action)[:20]!r}")
        return cls(deal, player, action)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game ended before its 15th deal: by a ``pass`` or an accepted ``resignation``, before
    deal ``before_deal``, ``winner`` collecting ``points`` (200 x the cube)."""

    by: str
    before_deal: int
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class CubeState:
    """The cube after a game's actions: its value, its owner (a player, None: in the middle),
    and how the game ended, if it did."""

    cube: int = 1
    owner: int | None = None
    end: GameEnd | None = None


def replay_cube(actions: tuple[CubeAction, ...], leads: tuple[int, ...], field: str = "cube_actions") -> CubeState:
    """Replay a game's cube actions by the rules (RULES.md), ``leads[k - 1]`` being player 0's
    lead before deal k for each deal the game reached; NotationError naming the action
    (``cube_actions[3]``) the rules refuse: a double by a player who may not, an offer not
    answered by the other player before the same deal, an answer with no offer, a second
    resignation offer before the same deal, an action before a deal the game did not reach,
    or anything after the game ended."""
    state = CubeState()
    refused: set[tuple[int, int]] = set()  # (deal, player): offers gone for that deal
    for index, action in enumerate(actions):
        where = f"{field}[{index}]"
        offer = actions[index - 1] if index and actions[index - 1].action in ANSWERS else None
        if state.end is not None:
            raise NotationError(where, f"the game ended before deal {state.end.before_deal} by a {state.end.by}")
        if action.before_deal > len(leads) or index and action.before_deal < actions[index - 1].before_deal:
            raise NotationError(where, f"before deal {action.before_deal}: not a deal the game reached, in order")
        if offer is not None:
            if action.action not in ANSWERS[offer.action] or action.player == offer.player \
                    or action.before_deal != offer.before_deal:
                raise NotationError(where, f"a {offer.action} is answered by the other player, before the same deal: "
                                           f"{' or '.join(ANSWERS[offer.action])}")
            state = _answered(state, offer, action.action, refused)
            continue
        if action.action not in ANSWERS:
            raise NotationError(where, f"a {action.action} answers an offer, and none was made")
        lead = leads[action.before_deal - 1] * (1 if action.player == 0 else -1)
        if action.action == DOUBLE:
            context = GameContext(action.before_deal, lead, state.cube, None if state.owner is None
                                  else (0 if state.owner == action.player else 1))
            if not context.may_double(0):
                raise NotationError(where, f"player {action.player} may not double before deal {action.before_deal} "
                                           "(only the leader, the cube hers or in the middle, before deals 2-15, below 64)")
        elif (action.before_deal, action.player) in refused:
            raise NotationError(where, f"player {action.player}'s resignation was refused: the offer is gone for deal "
                                       f"{action.before_deal}")
    if actions and actions[-1].action in ANSWERS:
        raise NotationError(f"{field}[{len(actions) - 1}]", f"a {actions[-1].action} must be answered")
    return state


def _answered(state: CubeState, offer: CubeAction, answer: str, refused: set[tuple[int, int]]) -> CubeState:
    """The cube after ``offer`` and its ``answer``."""
    if answer == TAKE:
        return CubeState(2 * state.cube, 1 - offer.player)
    if answer == PASS:
        return replace(state, end=GameEnd(PASS, offer.before_deal, offer.player, state.cube * PASS_POINTS))
    if answer == ACCEPT:
        return replace(state, end=GameEnd("resignation", offer.before_deal, 1 - offer.player, state.cube * PASS_POINTS))
    refused.add((offer.before_deal, offer.player))
    return state
