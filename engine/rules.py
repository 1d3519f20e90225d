"""The rules of play: legal moves, applying a move, and the chance outcomes of a draw.

Each function follows a section of RULES.md ("A turn", "Going out and extended play");
the comments name the rule they implement.

>>> from eights.engine.notation import parse_position
>>> p = parse_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W")
>>> [m.notation() for m in legal_moves(p)]
['play JC', 'draw']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb

from eights.engine.cards import (
    ACE,
    EIGHT,
    EMPTY,
    SEATS,
    THREE,
    TWO,
    CardSet,
    Seat,
    bit,
    card_names,
    count,
    next_seat,
    rank_mask,
    rank_of,
    scan,
    suit_mask,
    suit_of,
)
from eights.engine.errors import IllegalMoveError
from eights.engine.moves import Move
from eights.engine.position import Position

ALL_SUITS = range(4)


def playable_cards(position: Position) -> CardSet:
    """The cards the hand to act may play (RULES "Legal play", "Pending 2s", "Last card")."""
    seat = position.turn
    hand = position.hands[seat]
    if position.is_over or seat in position.penalised:
        return EMPTY
    if position.pending:
        return hand & rank_mask(TWO)
    if position.free_play:
        return hand
    suit = position.called if rank_of(position.upcard) == EIGHT else suit_of(position.upcard)
    assert suit is not None
    return hand & (rank_mask(EIGHT) | rank_mask(rank_of(position.upcard)) | suit_mask(suit))


def may_draw(position: Position) -> bool:
    """Whether ``draw`` is a legal action (RULES "Draw", "Empty stock", dummy rule).

    With nothing to draw, ``draw`` is the pass, allowed only to a hand that cannot play.
    """
    if position.is_over:
        return False
    playable = playable_cards(position)
    if not position.drawable:
        return not playable
    hand = position.hands[position.turn]
    if position.is_concealed(position.turn) or not playable:
        return True
    return count(hand) == 1


def _plays(position: Position) -> Iterator[Move]:
    hand = position.hands[position.turn]
    for card in scan(playable_cards(position)):
        if rank_of(card) == EIGHT and hand != bit(card):
            for suit in ALL_SUITS:
                yield Move.play(card, suit)
        else:
            yield Move.play(card)


class LegalMoves:
    """A view of the legal moves: iterate, ``len`` and ``in`` (an 8 that goes out has no suit)."""

    def __init__(self, position: Position) -> None:
        self.position = position

    def __iter__(self) -> Iterator[Move]:
        yield from _plays(self.position)
        if may_draw(self.position):
            yield Move.draw()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and normalised(self.position, move) in set(self)

    def __repr__(self) -> str:
        return f"<LegalMoves {', '.join(m.notation() for m in self)}>"


def legal_moves(position: Position) -> LegalMoves:
    """The legal moves of the hand to act, plays first then ``draw``."""
    return LegalMoves(position)


def normalised(position: Position, move: Move) -> Move:
    """The move as the legal-move list writes it: an 8 that goes out drops its suit."""
    if move.is_draw:
        return move.unnamed()
    assert move.card is not None
    if rank_of(move.card) == EIGHT and position.hands[position.turn] == bit(move.card):
        return Move.play(move.card)
    return move


@dataclass(frozen=True, slots=True)
class DrawOutcome:
    """One set of cards a draw can bring, with its probability."""

    cards: CardSet
    probability: Fraction


def draw_parts(position: Position) -> tuple[CardSet, CardSet, int]:
    """What the draw now brings: ``(forced, pool, k)``, the forced cards and k cards
    taken uniformly from pool (RULES "Empty stock").

    The stock is drawn first; the discard pile (not the upcard) is reshuffled only
    when the stock cannot cover the draw, and a short draw takes what there is.
    With ``order`` the stock's cards come from the top, known.
    """
    need = position.draw_count
    if position.order is not None and need <= len(position.order):
        return _set_of(position.order[:need]), EMPTY, 0
    if need <= count(position.stock):
        return EMPTY, position.stock, need
    return position.stock, position.discard, min(need - count(position.stock), count(position.discard))


def draw_outcomes(position: Position) -> list[DrawOutcome]:
    """The distinct sets of cards the draw now can bring, with their probabilities."""
    forced, pool, k = draw_parts(position)
    probability = Fraction(1, comb(count(pool), k))
    return [DrawOutcome(forced | _set_of(chosen), probability) for chosen in combinations(scan(pool), k)]


def _set_of(cards: tuple[int, ...]) -> CardSet:
    result = EMPTY
    for card in cards:
        result |= bit(card)
    return result


def children(position: Position) -> Iterator[tuple[Move, list[tuple[Fraction, Position]]]]:
    """Each legal move with the positions it can lead to and their probabilities."""
    for move in legal_moves(position):
        if move.is_draw:
            yield move, [(o.probability, apply_draw(position, o.cards)) for o in draw_outcomes(position)]
        else:
            yield move, [(Fraction(1), apply_play(position, move))]


def random_draw(position: Position, rng: random.Random) -> CardSet:
    """The cards a draw brings when the stock is shuffled by ``rng``."""
    forced, pool, k = draw_parts(position)
    return forced | _set_of(tuple(rng.sample(sorted(scan(pool)), k)))


def apply_move(position: Position, move: Move, rng: random.Random | None = None) -> Position:
    """The position after ``move``; a draw takes the cards it names, or ``rng``'s, or the
    only cards it can bring. Raises IllegalMoveError for a move the rules forbid."""
    if move.unnamed() not in legal_moves(position):
        raise IllegalMoveError("move", f"{move.unnamed().notation()} is not legal here "
                               f"(legal: {', '.join(m.notation() for m in legal_moves(position))})")
    if not move.is_draw:
        return apply_play(position, normalised(position, move))
    if move.cards is not None:
        cards = _check_draw(position, move.cards)
    elif rng is not None:
        cards = random_draw(position, rng)
    else:
        outcomes = draw_outcomes(position)
        if len(outcomes) != 1:
            raise IllegalMoveError("move", "this draw is random: name its cards or give a random generator")
        cards = outcomes[0].cards
    return apply_draw(position, cards)


def _check_draw(position: Position, cards: CardSet) -> CardSet:
    """The named cards, if the draw can bring them (checked without listing outcomes)."""
    forced, pool, k = draw_parts(position)
    if cards & forced != forced or cards & ~(forced | pool) or count(cards & ~forced) != k:
        raise IllegalMoveError(
            "move",
            f"draw cannot bring {','.join(card_names(cards)) or 'nothing'}: it takes {count(forced) + k} card(s)"
            + (f", {','.join(card_names(forced))} first" if forced else "")
            + (f", {k} of them from the {'stock' if forced == EMPTY else 'reshuffled discard pile'}" if k else ""),
        )
    return cards


def apply_play(position: Position, move: Move) -> Position:
    """RULES "A turn" and "Going out": play a legal card, then pass the turn on."""
    assert move.card is not None
    card, seat, rank = move.card, position.turn, rank_of(move.card)
    hands = list(position.hands)
    hands[seat] &= ~bit(card)
    direction = -position.direction if rank == ACE else position.direction
    steps = 2 if rank == THREE else 1
    turn = seat
    for _ in range(steps):
        turn = next_seat(turn, direction)
    extended = rank in (TWO, THREE) and EMPTY in hands
    return _settled(seat, replace(
        position,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        upcard=card,
        called=move.suit,
        direction=direction,
        turn=turn,
        pending=position.pending + 2 if rank == TWO else 0,
        discard=position.discard | bit(position.upcard),
        extended=extended,
    ))


def apply_draw(position: Position, cards: CardSet) -> Position:
    """The hand to act draws ``cards`` (RULES "Draw", "Empty stock", "Last card");
    its turn ends and a pending count is cleared."""
    seat = position.turn
    hands = list(position.hands)
    hands[seat] |= cards
    stock, discard, order = position.stock, position.discard, position.order
    if cards & ~stock:
        stock, discard, order = stock | discard, EMPTY, None
    stock &= ~cards
    if order is not None:
        order = order[count(cards):]
    return _settled(seat, replace(
        position,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        turn=next_seat(seat, position.direction),
        pending=0,
        stock=stock,
        discard=discard,
        order=order if stock else None,
        extended=False,
        penalised=position.penalised - {seat},
    ))


def _settled(actor: Seat, position: Position) -> Position:
    """RULES "Precisely": when the action ended the deal, the turn rests on the next hand
    that holds cards, so that the finished position is one NOTATION.md accepts. When no
    hand holds cards (the last one went out after extended play), it stays on ``actor``,
    the hand that acted."""
    if not position.is_over:
        return position
    seats = [position.turn]
    for _ in range(len(SEATS) - 1):
        seats.append(next_seat(seats[-1], position.direction))
    return replace(position, turn=next((seat for seat in seats if position.hands[seat]), actor))
