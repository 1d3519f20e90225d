"""What a legal move does: the cards it draws, the hand it skips, the suit it names, ...

The effects are read off the position the move leads to (``apply_move``), so they
follow the rules exactly; a draw left to chance is applied with a fixed shuffle,
since what it does (how many cards, whether the deal ends) does not depend on the cards.

>>> from eights.engine.notation import parse_position
>>> p = parse_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W")
>>> effects(p, Move.from_notation("play JC")).to_json()["next_turn"]
'N'
>>> effects(p, Move.from_notation("draw")).draws
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from eights.engine.cards import EMPTY, SEATS, SUITS, THREE, count, next_seat, rank_of
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move

STARTS, CONTINUES = "starts", "continues"


@dataclass(frozen=True, slots=True)
class Effects:
    """What one move does.

    ``draws``: cards the mover takes (a draw that can take none is a pass);
    ``pending_draw``: the count the next hand faces (after a 2); ``skips``: the seat a 3
    skips; ``reverses``: an ace turned the direction; ``names_suit``: the suit an 8
    calls; ``goes_out``: the mover played its last card; ``ends_deal``: the deal is over
    after it; ``extended_play``: ``starts`` or ``continues`` (RULES "Going out and
    extended play"), else None; ``next_turn``: the hand to act next (None once over).
    """

    draws: int = 0
    passes: bool = False
    pending_draw: int = 0
    skips: int | None = None
    reverses: bool = False
    names_suit: int | None = None
    goes_out: bool = False
    ends_deal: bool = False
    extended_play: str | None = None
    next_turn: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Seats and suits as letters.

        >>> Effects(skips=1, names_suit=3).to_json()["skips"]
        'E'
        """
        return {
            "draws": self.draws,
            "passes": self.passes,
            "pending_draw": self.pending_draw,
            "skips": None if self.skips is None else SEATS[self.skips],
            "reverses": self.reverses,
            "names_suit": None if self.names_suit is None else SUITS[self.names_suit],
            "goes_out": self.goes_out,
            "ends_deal": self.ends_deal,
            "extended_play": self.extended_play,
            "next_turn": None if self.next_turn is None else SEATS[self.next_turn],
        }


def effects(position: Position, move: Move) -> Effects:
    """The effects of a legal ``move``; raises IllegalMoveError for any other.

    >>> from eights.engine.notation import parse_position
    >>> p = parse_position("N:K... E:Q... S:3... W:9... up:3H turn:S")
    >>> e = effects(p, Move.from_notation("play 3S"))
    >>> e.goes_out, e.ends_deal, e.extended_play, SEATS[e.skips], SEATS[e.next_turn]
    (True, False, 'starts', 'W', 'N')
    """
    seat = position.turn
    after = apply_move(position, move, random.Random(0))
    played = None if move.is_draw else move.card
    drawn = count(after.hands[seat]) - count(position.hands[seat]) if move.is_draw else 0
    extended = None
    if after.extended:
        extended = CONTINUES if position.extended else STARTS
    return Effects(
        draws=drawn,
        passes=move.is_draw and drawn == 0,
        pending_draw=after.pending,
        skips=next_seat(seat, after.direction) if played is not None and rank_of(played) == THREE else None,
        reverses=after.direction != position.direction,
        names_suit=after.called if played is not None else None,
        goes_out=played is not None and after.hands[seat] == EMPTY,
        ends_deal=after.is_over,
        extended_play=extended,
        next_turn=None if after.is_over else after.turn,
    )
