"""Seeded random positions for the tests: a dealt position, some random play, then the
stock resized (cards moved between stock and discard pile) and optionally ordered.

>>> import random
>>> p = random_position(random.Random(1))
>>> 1 <= max(count(h) for h in p.hands) and not p.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from math import comb

from eights.engine.cards import THREE, TWO, bit, count, rank_of, scan
from eights.engine.deal import deal_position
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves

Predicate = Callable[[Position], bool]

# Hand-made corners the random positions rarely reach: every hand goes out (the last
# after extended play).
EDGE_POSITIONS = [
    "N:... E:... S:.A.. W:... up:3H turn:S ext",
    "N:..3. E:... S:.3.A. W:... up:3S turn:S ext",
    "N:... E:... S:... W:... up:3H turn:S ext",
    "N:... E:... S:... W:... up:AH turn:S",
]


def random_position(rng: random.Random, max_hand: int = 4, max_stock: int = 40,
                    max_plies: int = 8, fixed_order: bool = False) -> Position:
    """An unfinished position from a deal of 1..``max_hand`` cards a hand, after up to
    ``max_plies`` random actions (2s and 3s preferred), with 0..``max_stock`` cards in the stock."""
    size = rng.randint(1, max_hand)
    position = deal_position(9 - size, rng.choice((2, 3)), rng.randrange(1 << 30))
    for _ in range(rng.randint(0, max_plies)):
        after = apply_move(position, _pick(rng, position), rng)
        if after.is_over:
            break
        position = after
    position = with_stock_size(position, rng, rng.randint(0, max_stock))
    if rng.random() < 0.1:
        position = replace(position, penalised=frozenset({rng.choice((2, 3))}))
    return with_order(position, rng) if fixed_order else position


def _pick(rng: random.Random, position: Position) -> Move:
    moves = list(legal_moves(position))
    lively = [m for m in moves if m.card is not None and rank_of(m.card) in (TWO, THREE)]
    return rng.choice(lively if lively and rng.random() < 0.7 else moves)


def with_stock_size(position: Position, rng: random.Random, size: int) -> Position:
    """The position with ``size`` cards in the stock (as near as the cards left allow),
    moving random cards between the stock and the discard pile."""
    stock, discard = position.stock, position.discard
    while count(stock) > size:
        card = rng.choice(list(scan(stock)))
        stock, discard = stock & ~bit(card), discard | bit(card)
    while count(stock) < size and discard:
        card = rng.choice(list(scan(discard)))
        stock, discard = stock | bit(card), discard & ~bit(card)
    return replace(position, stock=stock, discard=discard, order=None)


def with_order(position: Position, rng: random.Random) -> Position:
    """The position with its stock in a random known order."""
    order = list(scan(position.stock))
    rng.shuffle(order)
    return replace(position, order=tuple(order) if order else None)


def sample(rng: random.Random, wanted: Predicate, tries: int = 5000) -> Position:
    """The first random position that is ``wanted``."""
    for _ in range(tries):
        position = random_position(rng, fixed_order=rng.random() < 0.3)
        if wanted(position):
            return position
    raise RuntimeError(f"no wanted position in {tries} tries")


def has_pending(position: Position) -> bool:
    """2s are pending."""
    return position.pending > 0


def is_extended(position: Position) -> bool:
    """Extended play is under way."""
    return position.extended


def draw_outcomes_count(position: Position) -> int:
    """How many distinct sets of cards a draw now could bring (without listing them)."""
    need, stock = position.draw_count, count(position.stock)
    if need <= stock:
        return comb(stock, need)
    discard = count(position.discard)
    return comb(discard, min(need - stock, discard))
