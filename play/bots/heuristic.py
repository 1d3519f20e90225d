"""The heuristic bot: a player written from the Kellers' strategy advice
(``seeds/wgr-guide-crazy-eights.txt``: "Strategy" of Super Crazy Eights, and the
observations (A)-(E) of the two-handed game).

It gives each legal move a value, in rough points of the deal's payoff, and plays the
best (ties: the first in the engine's move order), so it is deterministic given the
position. Like the solver it plays double dummy: it sees all four hands (the position's
hands), never the stock's order. Where each piece of advice lives:

- "Follow suit as long as possible, discarding face cards first"; "keep one's hand low
  in point count": an ordinary card is worth its points when played (``SHED``).
- "follow rank with a face card (especially if one's hand is longer in the new suit)",
  and the suit an 8 calls: the suit left to follow is worth our two hands' cards in it
  (``LENGTH``); a suit the next hand cannot follow makes it draw (``FORCED_DRAW``).
- "Hold an 8 as long as possible ... early in a deal, draw for a round ... rather than
  use it": ``HOLD_EIGHT``, and ``HOLD_EIGHT_EARLY`` above the cost of a draw.
- "Hold a 2 for several rounds ... I would never draw rather than play one": ``HOLD_TWO``
  below the cost of a draw; a 2 is worth the cards the run of 2s makes the other side
  draw, which also covers 2s and (C) drawing rather than covering into a longer run.
- "Hold a 3 (or an ace) until the very end": ``HOLD_LOW_ACTION``; a 3 that gives our
  other hand the play is worth ``SECOND_PLAY``.
- (A) "playing a card from East in a suit in which I hold an ace in the West hand. If
  South is forced to draw, I play an ace": a play the next hand cannot follow while our
  other hand holds a 3 or an ace to play on it (``SETUP``).
- (B)a "Knocking out eights by playing a suit in which dummy is void": ``KNOCK_EIGHT``.
- Stopping an opponent about to go out: an opponent hand that acts next and can play
  its last card costs the deal's score if it does (``GO_OUT``), so a 3, an ace, a 2 or a
  change of suit that stops it is worth that much.
- (E) "Whether or not to go out": a move that ends the deal is worth its score, plus
  ``GO_OUT`` for the side that went out; a dummy with one card draws rather than go out
  when its score is too bad.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from eights.engine.cards import (
    ACE,
    EIGHT,
    EMPTY,
    THREE,
    TWO,
    card_points,
    count,
    next_seat,
    rank_mask,
    rank_of,
    side_of,
    suit_mask,
    suit_of,
)
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_play, playable_cards
from eights.engine.scoring import score
from eights.play.bots.spec import BotSpec

SHED = 1.0  # per point of an ordinary card played
LENGTH = 1.5  # per card our two hands hold in the suit left to follow
DRAW_COST = 8.0  # a voluntary draw of one card
CARD_DRAWN = 6.0  # each card a hand is made to draw
HOLD_EIGHT = 6.0  # playing an 8 (less than a draw: late in a deal, play it rather than draw)
HOLD_EIGHT_EARLY = 20.0  # playing an 8 in the first rounds (more than a draw, whatever suit it calls)
EARLY_DISCARDS = 8  # "early in a deal": fewer cards than two rounds in the discard pile
EARLY_HAND = 4  # ... and a hand still this long
HOLD_TWO = 4.0  # playing a 2 (less than a draw)
HOLD_LOW_ACTION = 3.0  # playing a 3 or an ace
SECOND_PLAY = 5.0  # our other hand plays next and can play
SETUP = 4.0  # the next hand must draw and our other hand holds a 3 or an ace to play on
KNOCK_EIGHT = 5.0  # the next hand's only plays are 8s
GO_OUT = 25.0  # ending the deal by going out, beyond its score
EXTENDED_RISK = 5.0  # going out on a 2 or 3: extended play may still go wrong

LOW_ACTION = rank_mask(THREE) | rank_mask(ACE)


class HeuristicBot:
    """Plays the move of highest value (module docstring); deterministic."""

    @classmethod
    def from_spec(cls, spec: BotSpec) -> HeuristicBot:
        """``heuristic`` (no options)."""
        spec.options_of(())
        return cls()

    @property
    def spec(self) -> str:
        """``heuristic``."""
        return "heuristic"

    @property
    def deterministic(self) -> bool:
        """True: the position decides."""
        return True

    def new_game(self, seed: int) -> None:
        """Nothing to do: the bot has no state."""

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The move of highest value, the first of equals."""
        best, best_value = moves[0], float("-inf")
        for move in moves:
            value = move_value(position, move)
            if value > best_value:
                best, best_value = move, value
        return best


def move_value(position: Position, move: Move) -> float:
    """What ``move`` is worth to the side to act, in rough points of the deal's payoff.

    >>> from eights.engine.notation import parse_position
    >>> p = parse_position("N:K... E:Q.6.. S:8.5.. W:9.T.. up:5D turn:S")
    >>> move_value(p, Move.from_notation("play 5H")) > move_value(p, Move.from_notation("play 8S/H"))
    True
    """
    side = side_of(position.turn)
    if move.is_draw:
        return _draw_value(position, side)
    after = apply_play(position, move)
    if after.is_over:
        return _ended(after, side)
    if not after.hands[position.turn]:
        return _ended(_stopped(after), side) - EXTENDED_RISK
    assert move.card is not None
    return _card_value(position, move.card) + LENGTH * _our_length(after, side) + _next_hand(after, side)


def _draw_value(position: Position, side: int) -> float:
    """A draw: the cards it brings, then the next hand plays on the same upcard."""
    if EMPTY in position.hands:  # extended play: the draw ends the deal
        return _ended(_stopped(position), side) - CARD_DRAWN * position.draw_count
    cost = CARD_DRAWN * position.pending if position.pending else DRAW_COST
    following = replace(position, turn=next_seat(position.turn, position.direction), pending=0)
    return _next_hand(following, side) - cost


def _card_value(position: Position, card: int) -> float:
    """Shedding an ordinary card gains its points; an 8, 2, 3 or ace is worth keeping."""
    rank = rank_of(card)
    if rank == EIGHT:
        early = count(position.discard) < EARLY_DISCARDS and count(position.hands[position.turn]) >= EARLY_HAND
        return -(HOLD_EIGHT_EARLY if early else HOLD_EIGHT)
    if rank == TWO:
        return -HOLD_TWO
    if rank in (THREE, ACE):
        return -HOLD_LOW_ACTION
    return SHED * card_points(card)


def _next_hand(after: Position, side: int) -> float:
    """What the hand that acts next can do, valued for ``side``."""
    plays = playable_cards(after)
    if side_of(after.turn) == side:  # a 3 skipped the opponent: our other hand plays
        return SECOND_PLAY if plays else -CARD_DRAWN
    if after.pending:
        return _run_of_twos(after, side)
    if not plays:
        return CARD_DRAWN + (SETUP if _follow_up(after) & LOW_ACTION else 0.0)
    hand = after.hands[after.turn]
    if count(hand) == 1:  # it can go out
        return _ended(_stopped(apply_play(after, Move.play(hand.bit_length() - 1))), side)
    if not plays & ~rank_mask(EIGHT):
        return KNOCK_EIGHT
    return 0.0


def _follow_up(after: Position) -> int:
    """The cards our other hand could play on the upcard after the opponent to act draws."""
    return playable_cards(replace(after, turn=next_seat(after.turn, after.direction)))


def _run_of_twos(after: Position, side: int) -> float:
    """The run of 2s played out, every hand covering while it holds a 2: the hand that
    then draws the count costs its side CARD_DRAWN a card."""
    twos = [count(hand & rank_mask(TWO)) for hand in after.hands]
    seat, pending = after.turn, after.pending
    while twos[seat]:
        twos[seat] -= 1
        pending += 2
        seat = next_seat(seat, after.direction)
    return CARD_DRAWN * pending * (1 if side_of(seat) != side else -1)


def _our_length(after: Position, side: int) -> int:
    """Our two hands' cards, not 8s, in the suit the next hand must follow."""
    suit = after.called if after.called is not None else suit_of(after.upcard)
    ours = after.hands[side] | after.hands[side + 2]
    return count(ours & suit_mask(suit) & ~rank_mask(EIGHT))


def _stopped(position: Position) -> Position:
    """A position with a hand out, scored as if extended play stopped now."""
    return replace(position, extended=False, pending=0)


def _ended(finished: Position, side: int) -> float:
    """A finished deal's payoff to ``side``, and GO_OUT to the side that went out."""
    out = [side_of(seat) for seat in range(4) if not finished.hands[seat]]
    bonus = GO_OUT if side in out else 0.0
    bonus -= GO_OUT if 1 - side in out else 0.0
    return score(finished).payoff(side) + bonus
