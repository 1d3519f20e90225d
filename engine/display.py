"""A position drawn as at the table, for people (like python-chess's ``Board.__str__``);
a player's view of it shows the opponent's concealed hand face down.

>>> from eights.engine.notation import parse_position
>>> p = parse_position("N:K... E:Q... S:5... W:9... up:5H turn:S")
>>> print(diagram(p).splitlines()[0].strip())
N (dummy, NS)
>>> print(diagram(p, hidden=3).splitlines()[5:7])
['W (concealed, EW)                               E (dummy, EW)', '  1 card, face down                               S Q']
"""

from __future__ import annotations

from eights.engine.cards import SEATS, SUITS, Seat, count
from eights.engine.notation import hand_text
from eights.engine.position import CW, Position

_ROLE = {0: "dummy, NS", 1: "dummy, EW", 2: "concealed, NS", 3: "concealed, EW"}
_WIDTH = 24


def _hand_lines(position: Position, seat: int, face_down: bool) -> list[str]:
    marker = " <- to act" if seat == position.turn and not position.is_over else ""
    penalty = " (penalised)" if seat in position.penalised else ""
    lines = [f"{SEATS[seat]} ({_ROLE[seat]}){penalty}{marker}"]
    if face_down:
        cards = count(position.hands[seat])
        return lines + [f"  {cards} card{'s' if cards != 1 else ''}, face down"] + [""] * (len(SUITS) - 1)
    for suit, ranks in zip(SUITS, hand_text(position.hands[seat]).split(".")):
        lines.append(f"  {suit} {ranks or '-'}")
    return lines


def diagram(position: Position, hidden: Seat | None = None) -> str:
    """North on top, West and East beside each other, South below, then the state; the
    hand at ``hidden`` shows only how many cards it holds."""
    north, east, south, west = (_hand_lines(position, seat, seat == hidden) for seat in range(4))
    rows = [" " * _WIDTH + line for line in north]
    rows += [f"{w:<{2 * _WIDTH}}{e}" for w, e in zip(west, east)]
    rows += [" " * _WIDTH + line for line in south]
    upcard = hand_text(1 << position.upcard)
    card = next(f"{rank}{suit}" for rank, suit in zip(upcard.split("."), SUITS) if rank)
    if position.called is not None:
        card += f", suit called {SUITS[position.called]}"
    elif position.free_play:
        card += ", no suit called yet (any card may be played)"
    state = "deal over" if position.is_over else f"to act: {SEATS[position.turn]}"
    rows += [
        "",
        f"upcard: {card}",
        f"{state}   direction: {'clockwise' if position.direction == CW else 'anticlockwise'}"
        f"   pending draw: {position.pending}",
        f"stock: {count(position.stock)} cards{' (order known)' if position.order else ''}"
        f"   discard: {count(position.discard)} cards{'   extended play' if position.extended else ''}",
    ]
    return "\n".join(row.rstrip() for row in rows)
