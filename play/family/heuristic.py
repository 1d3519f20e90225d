"""The family's heuristic bot: the seeds' strategy advice, applied across the family, from
what the seat to act may see (``eights.engine.family.view``: its own hand, the upcard, the
counts of the other hands), never the hidden cards.

Each legal move gets a value, in rough points, and the bot plays the best (ties: the
first in the engine's move order), so it is deterministic given the position. The advice,
and where it lives:

- "play from the suit that has the most cards" (seed crazy-eights-classic, "Strategy"); "keep
  one's hand low in point count" (the guide's Super Crazy Eights): an ordinary card is worth
  its points in the game's own scoring when played (``SHED``), and the cards of ours left
  in the suit the next hand must follow are worth ``LENGTH`` each.
- "not just use your eights only to prevent yourself from drawing" and "hold an 8 as long as
  possible" (the guide): an 8 is worth less than any ordinary play (``HOLD_EIGHT``), though
  more than a draw (``DRAW_COST``); it calls the suit in which we hold the most cards
  (``CALL``, a tie-break among the suits).
- Stopping a hand about to go out (the guide): a skip, reverse or draw-two card played when
  the hand that would act next holds ``LOW`` cards or fewer is worth ``BLOCK``.
- Going out ends the deal in our favour in every game: ``GO_OUT``.
- A draw costs ``DRAW_COST`` a card it brings (a draw-two penalty its whole count); a pass
  ``PASS_COST``, a little more: the turn goes by without a card shed.
"""

from __future__ import annotations

from collections.abc import Sequence

from eights.engine.family import FamilyMove, FamilyPosition, apply_move
from eights.engine.family.moves import DRAW, PASS
from eights.engine.family.ruleset import EIGHT_RANK
from eights.engine.family.scoring import card_points
from eights.play.bots.heuristic import HeuristicBot

SHED = 1.0  # per point of an ordinary card played
LENGTH = 0.5  # per card of ours left in the suit the next hand must follow
HOLD_EIGHT = 5.0  # playing an 8: below every ordinary play, above a draw
CALL = 0.1  # per card of ours in the suit an 8 calls
DRAW_COST = 10.0  # each card a draw brings
PASS_COST = 12.0  # a pass
BLOCK = 15.0  # a skip, reverse or draw-two card when the hand next in turn is low
LOW = 2  # "low": this many cards or fewer
GO_OUT = 1000.0  # going out


class FamilyHeuristicBot(HeuristicBot):
    """Plays the move of highest value (module docstring); deterministic. sce2's heuristic bot
    (``eights.play.bots.heuristic``: its spec ``heuristic``, no state) with the family's values."""

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:  # type: ignore[override]
        """The move of highest value, the first of equals."""
        return heuristic_move(position, moves)


def heuristic_move(position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
    """The heuristic's choice among ``moves``: the highest ``move_value``, the first of equals."""
    return max(moves, key=lambda move: move_value(position, move))


def move_value(position: FamilyPosition, move: FamilyMove) -> float:
    """What ``move`` is worth to the seat to act, in rough points (the module docstring); it
    reads the seat's own hand, the public state and the other hands' counts only.

    >>> from eights.engine.family.notation import parse_family
    >>> p = parse_family("rules:classic/3 0:K5.8.. 1:Q... 2:.2.. turn:0 up:7S stock:...2")
    >>> [(m.notation(), move_value(p, m)) for m in map(FamilyMove.from_notation, ("play KS", "play 5S", "draw"))]
    [('play KS', 10.5), ('play 5S', 5.5), ('draw', -10.0)]
    """
    if move.action == DRAW:
        return -DRAW_COST * (position.pending or 1)
    if move.action == PASS:
        return -PASS_COST
    assert move.card is not None
    seat, rules = position.turn, position.rules
    after = apply_move(position, move)
    hand = after.hands[seat]
    if not hand:
        return GO_OUT
    if move.card % 13 == EIGHT_RANK:
        called = sum(card // 13 == move.suit for card in hand)
        value = -HOLD_EIGHT + CALL * called
    else:
        suit = after.suit_in_force
        value = SHED * card_points(rules, move.card) + LENGTH * sum(card // 13 == suit for card in hand)
    next_seat = (seat + position.direction) % position.players
    if rules.effect_of(move.card % 13) is not None and len(position.hands[next_seat]) <= LOW:
        value += BLOCK
    return value
