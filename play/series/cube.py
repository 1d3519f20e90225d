"""The cube and resignation hints before a deal, in the words of GNU Backgammon's users, from the
equity tables (``eights.play.series.tables``).

The **cube hint** is for the player who may double (the one who leads, with the cube in the
middle or hers, before deals 2 to 15, the cube below 64). Three equities, in points of the
series, to her: *no double* (the deal played with the cube as it is), *double, take* (played
with the cube doubled, the opponent's) and *double, pass* (200 x the cube now). The opponent
takes when taking costs her less than passing; the doubler doubles when what the opponent then
does pays her more than not doubling. gnubg's words follow: "No double, take", "Double, take",
"Double, pass", "Too good to double, pass" (not doubling is worth more than the pass she would
collect), "Too good to double, take" (not doubling beats both), and "redouble" for "double" when
the cube is already hers. When no one may double, the hint says why.

The **resignation hint** is for the player offered a resignation (200 x the cube): accept when
that is worth at least what playing on is (the equity before the offer), refuse otherwise.

>>> from eights.engine.game import GameContext
>>> hint = cube_hint(GameContext.of(14, lead=120))
>>> hint.doubler, hint.action
(0, 'Double, pass')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eights.engine.game import GameContext
from eights.engine.match import south_player
from eights.engine.record import SIDE_NAMES
from eights.play.series.tables import Tables, shipped

NO_DOUBLE_TAKE, DOUBLE_TAKE, DOUBLE_PASS = "No double, take", "Double, take", "Double, pass"
TOO_GOOD_PASS, TOO_GOOD_TAKE = "Too good to double, pass", "Too good to double, take"
NOT_AVAILABLE = "No double possible"


@dataclass(frozen=True)
class Frame:
    """A context seen as the tables see it: player 0's lead and the cube's owner as a player,
    and which player plays NS."""

    ns_player: int
    lead: int
    owner: int | None

    @classmethod
    def of(cls, context: GameContext) -> Frame:
        """The context's sides turned into players (deal k's NS player, ``south_player``)."""
        ns_player = south_player(context.deal)
        owner = None if context.owner is None else (ns_player if context.owner == 0 else 1 - ns_player)
        return cls(ns_player, context.lead if ns_player == 0 else -context.lead, owner)

    def of_side(self, side: int, player0_value: float) -> float:
        """A zero-sum value of player 0's, seen by side 0 (NS) or 1 (EW)."""
        return player0_value if (self.ns_player if side == 0 else 1 - self.ns_player) == 0 else -player0_value


@dataclass(frozen=True)
class CubeHint:
    """The cube decision before deal ``context.deal``: ``doubler`` the side that may double (None:
    no one may, ``reason`` says why), the equities to her of no double, double/take and
    double/pass (in points of the series), gnubg's words for the proper action, and each side's
    equity and chance of winning the game (``game``) before the deal."""

    context: GameContext
    doubler: int | None
    reason: str | None
    no_double: float
    double_take: float | None
    double_pass: float | None
    equity_ns: float
    win_chance_ns: float

    @property
    def redouble(self) -> bool:
        """True when the cube is the doubler's already."""
        return self.doubler is not None and self.context.owner == self.doubler

    @property
    def should_take(self) -> bool | None:
        """The opponent's proper answer to a double: take (True) or pass (False)."""
        if self.double_take is None or self.double_pass is None:
            return None
        return self.double_take < self.double_pass

    @property
    def should_double(self) -> bool:
        """True when doubling pays the doubler more than not doubling."""
        if self.double_take is None or self.double_pass is None:
            return False
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def action(self) -> str:
        """The proper cube action in gnubg's words."""
        if self.doubler is None or self.double_take is None or self.double_pass is None:
            return NOT_AVAILABLE
        if not self.should_take:
            words = TOO_GOOD_PASS if self.no_double > self.double_pass else DOUBLE_PASS
        elif self.should_double:
            words = DOUBLE_TAKE
        else:
            words = TOO_GOOD_TAKE if self.no_double > self.double_pass else NO_DOUBLE_TAKE
        return words.replace("double", "redouble").replace("Double", "Redouble") if self.redouble else words

    def to_json(self) -> dict[str, Any]:
        """The hint as its JSON answer."""
        options = None if self.doubler is None else {
            "no_double": round(self.no_double, 2), "double_take": _rounded(self.double_take),
            "double_pass": _rounded(self.double_pass)}
        return {
            "deal": self.context.deal, "deals_left": self.context.deals_left, "lead": self.context.lead,
            "cube": self.context.cube, "cube_owner": None if self.context.owner is None else SIDE_NAMES[self.context.owner],
            "doubler": None if self.doubler is None else SIDE_NAMES[self.doubler], "reason": self.reason,
            "equities": options, "action": self.action,
            "double": self.should_double, "take": self.should_take,
            "equity": {"NS": round(self.equity_ns, 2), "EW": round(-self.equity_ns, 2)},
            "win_chance": {"NS": round(self.win_chance_ns, 4), "EW": round(1 - self.win_chance_ns, 4)},
        }


@dataclass(frozen=True)
class ResignationHint:
    """An offer by side ``resigner`` to resign at ``points`` (200 x the cube), before the deal:
    the opponent's equity before (playing on) and after (accepting), and whether to accept."""

    resigner: int
    points: int
    before: float

    @property
    def accept(self) -> bool:
        """Accept when the points are worth at least playing on."""
        return self.points >= self.before

    def to_json(self) -> dict[str, Any]:
        """``{"resigner", "points", "equity_before", "equity_after", "action"}``, equities to the
        player offered the resignation."""
        return {"resigner": SIDE_NAMES[self.resigner], "points": self.points,
                "equity_before": round(self.before, 2), "equity_after": self.points,
                "action": "accept" if self.accept else "refuse"}


def cube_hint(context: GameContext, tables: Tables | None = None) -> CubeHint:
    """The cube hint before deal ``context.deal``, from ``tables`` (default the shipped ones)."""
    tables = shipped() if tables is None else tables
    frame = Frame.of(context)
    left = context.deals_left
    equity_ns = frame.of_side(0, tables.series_value(left, frame.lead, context.cube, frame.owner))
    win0 = tables.win_chance(left, frame.lead)
    win_ns = win0 if frame.ns_player == 0 else 1 - win0
    doubler = next((side for side in (0, 1) if context.may_double(side)), None)
    if doubler is None:
        no_double = frame.of_side(0, tables.continuing(left, frame.lead, context.cube, frame.owner))
        return CubeHint(context, None, _why_not(context), no_double, None, None, equity_ns, win_ns)
    doubler_player = frame.ns_player if doubler == 0 else 1 - frame.ns_player
    no_double = frame.of_side(doubler, tables.continuing(left, frame.lead, context.cube, frame.owner))
    double_take = frame.of_side(doubler, tables.continuing(left, frame.lead, 2 * context.cube, 1 - doubler_player))
    return CubeHint(context, doubler, None, no_double, double_take, float(context.pass_points), equity_ns, win_ns)


def resignation_hints(context: GameContext, tables: Tables | None = None) -> tuple[ResignationHint, ResignationHint]:
    """The resignation hint for an offer by NS, then by EW."""
    tables = shipped() if tables is None else tables
    frame = Frame.of(context)
    equity0 = tables.series_value(context.deals_left, frame.lead, context.cube, frame.owner)
    return (ResignationHint(0, context.pass_points, frame.of_side(1, equity0)),
            ResignationHint(1, context.pass_points, frame.of_side(0, equity0)))


def _why_not(context: GameContext) -> str:
    """Why neither player may double before this deal."""
    if context.deal == 1:
        return "no double before deal 1"
    if context.lead == 0:
        return "the players are level: only the player who leads may double"
    if context.cube >= 64:
        return "the cube is at 64, its highest"
    return "the cube is the trailing player's: only its owner may double, when she leads"


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def advice(context: GameContext, tables: Tables | None = None) -> dict[str, Any]:
    """The cube hint and both resignation hints before the deal, as the CLI's and the
    service's JSON answer: ``{"cube": ..., "resignations": [NS resigns, EW resigns]}``."""
    return {"cube": cube_hint(context, tables).to_json(),
            "resignations": [hint.to_json() for hint in resignation_hints(context, tables)]}


def advice_text(context: GameContext, tables: Tables | None = None) -> str:
    """The hints as lines for a terminal."""
    hint = cube_hint(context, tables)
    side = SIDE_NAMES
    standing = ("the players are level" if context.lead == 0 else
                f"{side[0] if context.lead > 0 else side[1]} leads by {abs(context.lead)}")
    owner = "in the middle" if context.owner is None else f"{side[context.owner]}'s"
    lines = [f"Before deal {context.deal} ({context.deals_left} deals left): {standing}; cube {context.cube}, {owner}."]
    if hint.doubler is None:
        lines.append(f"{NOT_AVAILABLE}: {hint.reason}.")
    else:
        verb = "redouble" if hint.redouble else "double"
        lines.append(f"Cube action for {side[hint.doubler]} (equity in points, to {side[hint.doubler]}):")
        for words, value in ((f"No {verb}", hint.no_double), (f"{verb.capitalize()}, take", hint.double_take),
                             (f"{verb.capitalize()}, pass", hint.double_pass)):
            lines.append(f"  {words:<16} {value:+9.1f}")
        lines.append(f"Proper cube action: {hint.action}")
    lines.append(f"Equity: NS {hint.equity_ns:+.1f} points; chance of winning the game: NS {hint.win_chance_ns:.1%}, "
                 f"EW {1 - hint.win_chance_ns:.1%}")
    for resignation in resignation_hints(context, tables):
        taker = side[1 - resignation.resigner]
        lines.append(f"If {side[resignation.resigner]} resigns ({resignation.points} points): {taker} should "
                     f"{'accept' if resignation.accept else 'refuse'} (equity before {resignation.before:+.1f}, "
                     f"after {resignation.points:+d})")
    return "\n".join(lines)
