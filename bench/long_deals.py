"""Deals as long as a test needs: a hand draws while there is a card to draw (the stock, or the
discard pile to reshuffle), else plays its first legal card, so that the cards gather in the
hands, cycle through them and the deal runs on (self-play has
reached 647 actions; the service must take 1,000 and more)."""

from __future__ import annotations

import random

from eights.engine.cards import S
from eights.engine.deal import deal_position
from eights.engine.moves import Move
from eights.engine.record import DealRecord
from eights.engine.rules import apply_move, legal_moves, random_draw


def long_deal(actions: int, seed: int = 1) -> DealRecord:
    """Deal 1 of ``seed`` played ``actions`` actions long (fewer if it ends first)."""
    rng = random.Random(seed)
    start = position = deal_position(1, S, seed)
    moves: list[Move] = []
    while len(moves) < actions and not position.is_over:
        options = list(legal_moves(position))
        draws = [move for move in options if move.is_draw]
        plays = [move for move in options if not move.is_draw]
        move = draws[0] if draws and (position.drawable or not plays) else (plays or draws)[0]
        if move.is_draw and move.cards is None:
            move = Move.draw(random_draw(position, rng) or None)
        position = apply_move(position, move)
        moves.append(move)
    return DealRecord(start, tuple(moves))
