"""Scoring a finished deal (RULES "Scoring a deal" and "The solver's objective").

>>> from eights.engine.notation import parse_position
>>> p = parse_position("N:5... E:Q... S:... W:9... up:5H turn:W")
>>> score(p)
Score(against_ns=0, against_ew=9, option='W')
"""

from __future__ import annotations

from dataclasses import dataclass

from eights.engine.cards import CONCEALED, EMPTY, SEATS, Seat, points, side_of
from eights.engine.position import Position

ALL = "all"


@dataclass(frozen=True, slots=True)
class Score:
    """Points against each side for one deal; ``option`` is what the opponent chose
    after a concealed hand went out (``all``, or the seat it counted), else None."""

    against_ns: int
    against_ew: int
    option: str | None = None

    @property
    def payoff_ns(self) -> int:
        """The deal's payoff to NS: EW's points minus NS's."""
        return self.against_ew - self.against_ns

    def payoff(self, side: int) -> int:
        """The payoff to side 0 (NS) or 1 (EW)."""
        return self.payoff_ns if side == 0 else -self.payoff_ns

    def against(self, side: int) -> int:
        """The points against side 0 (NS) or 1 (EW)."""
        return self.against_ns if side == 0 else self.against_ew

    def to_json(self) -> dict[str, int | str | None]:
        """``{"against_ns", "against_ew", "payoff_ns", "option"}``."""
        return {"against_ns": self.against_ns, "against_ew": self.against_ew,
                "payoff_ns": self.payoff_ns, "option": self.option}


def score(position: Position) -> Score:
    """The score of a finished deal; the opponent's choice is the one best for it."""
    if not position.is_over:
        raise ValueError("score: the deal is not over")
    worth = [points(hand) for hand in position.hands]
    gone = [seat for seat in range(4) if position.hands[seat] == EMPTY]
    count_all = Score(worth[0] + worth[2], worth[1] + worth[3], None)
    if len(gone) != 1 or gone[0] not in CONCEALED:
        return count_all
    opponent = 1 - side_of(gone[0])
    choices = [Score(count_all.against_ns, count_all.against_ew, ALL)]
    for seat in _own_hands(opponent):
        against = (worth[seat], 0) if opponent == 0 else (0, worth[seat])
        choices.append(Score(against[0], against[1], SEATS[seat]))
    return max(choices, key=lambda choice: choice.payoff(opponent))


def _own_hands(side: int) -> tuple[Seat, Seat]:
    """A side's concealed hand then its dummy."""
    return (2, 0) if side == 0 else (3, 1)
