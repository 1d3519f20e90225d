"""Records of played family deals, in the one record format of eights (``eights-record``,
version 2: ``eights.engine.record``, ``engine/record.schema.json``), with the ruleset beside the
first position, every move (``moves``: a draw naming the cards it brought, ``draw 2C``, as sce2's
records write it), the last position and the payoffs (``result``); reading one replays and
checks it. A record may also write each card a draw brought as an event of its own after the
draw (``draw``, ``card 2C``: the records written before this version); both read, and a record
keeps its events so (``FamilyDealRecord.events``: each move, each card its own chance event).

>>> from eights.engine.family.notation import parse_family
>>> start = parse_family("rules:classic/2 0:7.8.. 1:K... turn:0 up:7C stock:...2")
>>> record = record_events(start, ["play 7S", "draw", "card 2C", "play KS", "play 8H"])
>>> record.to_json()["result"], record.to_json()["moves"], record.end.is_over
(['2', '-2'], ['play 7S', 'draw 2C', 'play KS', 'play 8H'], True)
>>> FamilyDealRecord.from_json(record.to_json()) == record == record_events(start, record.to_json()["moves"])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from eights.engine.cards import card_name, parse_card
from eights.engine.errors import EightsError, NotationError
from eights.engine.family.moves import FamilyMove
from eights.engine.family.notation import compact_family, parse_family
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move
from eights.engine.family.ruleset import parse_rules
from eights.engine.family.scoring import payoffs
from eights.engine.record import DEAL, FORMAT, RECORD_VERSION

VERSION = RECORD_VERSION


class FamilyRecordError(NotationError):
    """A record of a family deal that cannot be read or does not replay."""


def apply_event(position: FamilyPosition, event: str, field: str = "event") -> FamilyPosition:
    """The position after one event: a move (``play 7S``, ``draw``, ``pass``) or, while a draw
    is under way, the card it brought (``card 7S``)."""
    try:
        if not position.owed and event.startswith("card "):
            raise FamilyRecordError(field, f"no draw is under way to bring {event[5:]!r} (a draw brought fewer cards)")
        if position.owed:
            word, _, name = event.partition(" ")
            if word != "card":
                raise FamilyRecordError(field, f"a draw is under way: the card it brings (card 7S), not {event!r}")
            return apply_chance(position, parse_card(name, field))
        return apply_move(position, FamilyMove.from_notation(event))
    except FamilyRecordError:
        raise
    except EightsError as error:
        raise FamilyRecordError(field, error.problem) from None  # the event's own field is ``field``


def card_event(card: int) -> str:
    """The event of a drawn card: ``card 7S``."""
    return f"card {card_name(card)}"


def located_events(moves: Sequence[str], field: str = "moves") -> list[tuple[str, str]]:
    """A record's moves as events, each with its field: a draw naming its cards (``draw 5D,2C``)
    is the draw (``moves[3]``), then each card's event (``card 5D``, ``moves[3].cards[0]``); any
    other move, or a ``card 5D`` event as records wrote them before, is its own event.

    >>> located_events(["draw 5D,2C", "card 7S"])
    [('draw', 'moves[0]'), ('card 5D', 'moves[0].cards[0]'), ('card 2C', 'moves[0].cards[1]'), ('card 7S', 'moves[1]')]
    """
    events: list[tuple[str, str]] = []
    for index, move in enumerate(moves):
        where = f"{field}[{index}]"
        word, _, cards = move.strip().partition(" ")
        if word.lower() != "draw" or not cards.strip():
            events.append((move, where))
            continue
        events.append(("draw", where))
        events += [(f"card {name.strip()}", f"{where}.cards[{at}]") for at, name in enumerate(cards.split(","))]
    return events


def written_moves(events: Sequence[str]) -> list[str]:
    """Events as a record writes its moves: each card a draw brought named in the draw
    (``draw``, ``card 5D``, ``card 2C`` is ``draw 5D,2C``)."""
    moves: list[str] = []
    for event in events:
        word, _, name = event.partition(" ")
        if word == "card" and moves:
            moves[-1] += ("," if " " in moves[-1] else " ") + name
        else:
            moves.append(event)
    return moves


@dataclass(frozen=True)
class FamilyDealRecord:
    """A played deal: its first position, its events and where they led (``end``); who
    played each seat (``players``, seat 0 first), when known (``eights play`` names them, so
    that ``eights play --resume`` seats them again)."""

    start: FamilyPosition
    events: tuple[str, ...]
    end: FamilyPosition
    players: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record's JSON form: format and version, the ruleset's short name, the first
        and last positions in compact form, the moves (a draw naming its cards: ``written_moves``),
        and the payoffs when the deal is over (as exact fractions written ``"-1/2"``)."""
        return {"format": FORMAT, "version": VERSION, "kind": DEAL, "rules": self.start.rules.name,
                "position": compact_family(self.start), "moves": written_moves(self.events),
                "end": compact_family(self.end),
                "result": [str(p) for p in payoffs(self.end)] if self.end.is_over else None,
                **({} if self.players is None else {"players": list(self.players)})}

    @classmethod
    def from_json(cls, data: object) -> FamilyDealRecord:
        """A record read back: its ruleset, start and moves replayed (a draw naming its cards,
        or followed by their events), its end and payoffs checked against the replay. Errors name
        the field (``moves[3]``, ``moves[3].cards[0]``, ``end``...)."""
        if not isinstance(data, dict):
            raise FamilyRecordError("record", f"an object, not {type(data).__name__}")
        if data.get("format") != FORMAT or data.get("version") != VERSION or data.get("kind") != DEAL:
            raise FamilyRecordError("format", f"not an {FORMAT} of version {VERSION} of a deal")
        unknown = set(data) - {"format", "version", "kind", "rules", "position", "moves", "end", "result", "players"}
        if unknown:
            raise FamilyRecordError(sorted(unknown)[0], "unknown key")
        rules = parse_rules(data.get("rules"), "rules")  # type: ignore[arg-type]
        start = parse_family(data.get("position"))  # type: ignore[arg-type]
        if start.rules != rules:
            raise FamilyRecordError("position", f"its rules are {start.rules.name}, the record's {rules.name}")
        events = data.get("moves")
        if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
            raise FamilyRecordError("moves", "a list of moves (play 7S, draw 2C, pass...)")
        record = record_events(start, events, "moves")
        if data.get("end") is not None and parse_family(data["end"]) != record.end:
            raise FamilyRecordError("end", "the moves do not lead to it")
        given = data.get("result")
        if given is not None and (not record.end.is_over or given != record.to_json()["result"]):
            raise FamilyRecordError("result", "not the payoffs of the deal's end")
        players = data.get("players")
        if players is None:
            return record
        if not isinstance(players, list) or len(players) != rules.players or not all(isinstance(p, str) for p in players):
            raise FamilyRecordError("players", f"a name for each of the {rules.players} seats, seat 0 first")
        return replace(record, players=tuple(players))

    def payoffs(self) -> tuple[Fraction, ...]:
        """The payoffs of the finished deal (``IllegalMoveError`` while it goes on)."""
        return payoffs(self.end)


def record_events(start: FamilyPosition, events: Sequence[str], field: str = "events") -> FamilyDealRecord:
    """The record of ``events`` played from ``start`` (moves as a record writes them, a draw
    naming its cards, or each card an event of its own: ``located_events``; each checked by the
    rules, an error naming ``field[i]``)."""
    position, played = start, []
    for event, where in located_events(events, field):
        position = apply_event(position, event, where)
        played.append(event)
    return FamilyDealRecord(start, tuple(played), position)
