"""The one translation between the engine and the native core (docs/core-interface.md):
Position -> state tuple, and engine moves <-> move codes.

>>> code = move_code(Move.from_notation("play 8D/S"))
>>> code, move_of(code).notation(), move_of(DRAW_CODE).notation()
(97, 'play 8D/S', 'draw')
"""

from __future__ import annotations

from collections.abc import Iterable

from eights.engine.cards import count
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_draw, apply_play, draw_parts, legal_moves

State = tuple[tuple[int, int, int, int], int, int, int, int, int, int, int,
              tuple[int, ...] | None, bool, int]

DRAW_CODE = 255
SUIT_SHIFT = 6
CARD_MASK = (1 << SUIT_SHIFT) - 1
NO_SUIT = -1

LEAF_CODES = {"material": 0, "trained": 3}
LEAF_PESSIMISTIC, LEAF_OPTIMISTIC = 1, 2  # every horizon leaf -580 / +580 for NS


def to_state(position: Position) -> State:
    """The core's state tuple for ``position`` (its order, if any, is passed as it is)."""
    penalised = 0
    for seat in position.penalised:
        penalised |= 1 << seat
    return (position.hands, position.upcard, NO_SUIT if position.called is None else position.called,
            position.turn, position.direction, position.pending, position.stock, position.discard,
            position.order, position.extended, penalised)


def move_code(move: Move) -> int:
    """The core's code for a move: ``card | (suit + 1) << 6``, or 255 for a draw."""
    if move.is_draw:
        return DRAW_CODE
    assert move.card is not None
    return move.card | ((NO_SUIT if move.suit is None else move.suit) + 1) << SUIT_SHIFT


def move_of(code: int) -> Move:
    """The engine move for a core move code."""
    if code == DRAW_CODE:
        return Move.draw()
    suit = (code >> SUIT_SHIFT) - 1
    return Move.play(code & CARD_MASK, None if suit == NO_SUIT else suit)


def line_of(position: Position, codes: Iterable[int]) -> list[Move]:
    """The moves of a principal variation from ``position``, up to and including the first
    draw whose cards are left to chance (a draw from a known order is followed through)."""
    line: list[Move] = []
    for code in codes:
        move = move_of(code)
        if position.is_over or move not in legal_moves(position):
            raise RuntimeError(f"core PV move {code} is not legal after {[m.notation() for m in line]}")
        line.append(move)
        if not move.is_draw:
            position = apply_play(position, move)
            continue
        forced, pool, k = draw_parts(position)
        if 0 < k < count(pool):  # the cards are left to chance (counted, never listed)
            break
        position = apply_draw(position, forced | (pool if k else 0))
    return line
