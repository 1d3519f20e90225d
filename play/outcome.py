"""What a played deal looked like, read from its record: who went out, reshuffles, choices,
draws by a hand that could play. The statistics of a run (``eights.play.stats``) count these over
deals played in pairs (``eights.play.paired``) or in matches (``eights.play.matches``) alike.

>>> from engine import DealRecord, Move, parse_position
>>> record = DealRecord(parse_position("N:K... E:Q... S:5.9.. W:9..5. up:5H turn:S stock:2.3.."),
...                     (Move.from_notation("play 5S"), Move.from_notation("draw 3H"),
...                      Move.from_notation("play KS")))
>>> game = GameResult.of(record, a_side=0)
>>> game.first_out, game.hands_out, game.decisions, game.idle_draws, game.payoff_a
(0, 1, 3, 1, 18)
"""

from __future__ import annotations

from dataclasses import dataclass

from eights.engine.cards import Seat
from eights.engine.record import DealRecord
from eights.engine.rules import legal_moves, playable_cards
from eights.engine.scoring import Score, score


@dataclass(frozen=True)
class GameResult:
    """One deal played: the record (draws naming their cards) and score, and what the
    deal statistics need: of the hands empty at the end, the one that went out first and
    how many they are; reshuffles; decisions (actions with more than one legal move); and
    idle draws (draws by a hand that could play). ``a_side`` is the side bot A held."""

    a_side: int
    record: DealRecord
    score: Score
    first_out: Seat
    hands_out: int
    reshuffles: int
    decisions: int
    idle_draws: int

    @classmethod
    def of(cls, record: DealRecord, a_side: int) -> GameResult:
        """Replay the record of a finished deal and read off what the statistics need."""
        positions = record.positions()
        emptied: dict[Seat, int] = {}  # when each hand last played its last card
        reshuffles = decisions = idle_draws = 0
        for step, (before, move, after) in enumerate(zip(positions, record.moves, positions[1:]), start=1):
            decisions += len(legal_moves(before)) > 1
            if move.is_draw:
                idle_draws += playable_cards(before) != 0
                reshuffles += bool((move.cards or 0) & ~before.stock)  # a card not in the stock: reshuffled
            elif not after.hands[before.turn]:
                emptied[before.turn] = step  # only a hand's own play empties it (it may draw again in extended play)
        final = positions[-1]
        if not final.is_over:
            raise ValueError("GameResult.of: the deal is not over")
        out = sorted((emptied[seat], seat) for seat in range(4) if not final.hands[seat])
        return cls(a_side, record, score(final), out[0][1], len(out), reshuffles, decisions, idle_draws)

    @property
    def payoff_a(self) -> int:
        """The deal's payoff to A (B's points minus A's)."""
        return self.score.payoff(self.a_side)

    @property
    def actions(self) -> int:
        """Moves made in the deal, draws included."""
        return len(self.record.moves)
