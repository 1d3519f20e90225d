"""Every position the parser accepts, however odd, can be played on: each legal move applies
and ends, and the native core lists the same moves and counts the same perft.

The positions are made up from the notation (hypothesis, derandomized for CI): few cards,
hands out, extended play, pending 2s, 8s with or without a suit, penalties, tiny or empty
stocks and discard piles, known orders. A step that loops forever fails on a time limit.
"""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from eights.engine.cards import ACE, EIGHT, SEATS, SUITS, THREE, TWO, bit, card_name, count, make_card, rank_mask, rank_of
from eights.engine.errors import NotationError
from eights.engine.notation import compact, hand_text, parse_position
from eights.engine.perft import perft
from eights.engine.position import Position
from eights.engine.rules import apply_move, legal_moves
from eights.solver.convert import move_code, to_state
from tests.time_limit import time_limit

core = pytest.importorskip("eights.solver._core")

EXAMPLES = 400
STEP_SECONDS = 5
PERFT_LIMIT = 2000  # the engine's perft(2) only where a bound on its outcomes stays below this
UPCARD_RANKS = (ACE, TWO, THREE, EIGHT, 9)  # the ranks with effects, and a plain ten


def derandomized(examples: int) -> settings:
    return settings(derandomize=True, deadline=None, max_examples=examples, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@st.composite
def accepted_positions(draw: st.DrawFn) -> Position:
    """A compact text made of random fields (sizes skewed small), kept when the parser accepts it."""
    deck = draw(st.permutations(range(52)))
    upcard = make_card(draw(st.sampled_from(UPCARD_RANKS)), draw(st.integers(0, 3)))
    deck = [card for card in deck if card != upcard]
    hands = []
    for _ in SEATS:
        size = draw(st.integers(0, 3) | st.integers(0, 8))
        hands.append(sum(bit(card) for card in deck[:size]))
        deck = deck[size:]
    stock_size = draw(st.sampled_from((0, 1, 2, 8, len(deck))) | st.integers(0, len(deck)))
    stock = deck[:stock_size]
    fields = [f"{seat}:{hand_text(hand)}" for seat, hand in zip(SEATS, hands)]
    suit = draw(st.none() | st.sampled_from(SUITS)) if rank_of(upcard) == EIGHT else None
    fields.append(f"up:{card_name(upcard)}" + (f"/{suit}" if suit else ""))
    fields.append(f"turn:{draw(st.sampled_from(SEATS))}")
    fields.append(f"dir:{draw(st.sampled_from(('cw', 'ccw')))}")
    if rank_of(upcard) == TWO:
        fields.append(f"draw:{draw(st.sampled_from((0, 2, 4, 6, 8)))}")
    fields.append(f"stock:{hand_text(sum(bit(card) for card in stock))}")
    if stock and draw(st.booleans()):
        fields.append(f"order:{','.join(card_name(card) for card in stock)}")
    if draw(st.booleans()):
        fields.append("ext")
    penalty = draw(st.sampled_from(("", "S", "W", "SW")))
    if penalty:
        fields.append(f"penalty:{penalty}")
    try:
        return parse_position(" ".join(fields))
    except NotationError:
        reject()


def draws_bound(stock: int, discard: int, need: int) -> int:
    """The most sets of cards a draw of ``need`` can bring from such piles."""
    return comb(stock, need) if need <= stock else comb(discard, min(need - stock, discard))


def perft_2_bound(position: Position) -> int:
    """A bound on the positions two actions on: the draw's outcomes now, each followed by
    a one-card draw at most, and each play followed by a draw of one or the count a 2 makes."""
    stock, discard = count(position.stock), count(position.discard)
    now = draws_bound(stock, discard, position.draw_count)
    after_play = max(draws_bound(stock, discard + 1, need) for need in (1, position.pending + 2))
    return (now + 1) * 52 + len(legal_moves(position)) * (after_play + 52)


@derandomized(EXAMPLES)
@given(accepted_positions(), st.integers(0, 2**32 - 1))
def test_every_legal_move_of_an_accepted_position_applies_and_ends(position: Position, seed: int) -> None:
    rng = random.Random(seed)
    with time_limit(STEP_SECONDS):
        moves = list(legal_moves(position))
        assert moves or position.is_over
        for move in moves:
            after = apply_move(position, move, rng)
            assert parse_position(compact(after)) == after
            assert bool(list(legal_moves(after))) != after.is_over


@derandomized(EXAMPLES)
@given(accepted_positions())
def test_the_core_agrees_on_the_moves_and_perft_of_an_accepted_position(position: Position) -> None:
    state = to_state(position)
    assert core.legal_moves(state) == [move_code(move) for move in legal_moves(position)]
    if perft_2_bound(position) <= PERFT_LIMIT:
        with time_limit(STEP_SECONDS):
            assert core.perft(state, 2) == perft(position, 2)


def test_the_accepted_positions_reach_every_corner() -> None:
    """The generator does make the positions this file is about."""
    seen: list[Position] = []

    @derandomized(EXAMPLES)
    @given(accepted_positions())
    def collect(position: Position) -> None:
        seen.append(position)

    collect()
    corners = {
        "every hand out": any(not any(p.hands) for p in seen),
        "extended, no pending": any(p.extended and not p.pending for p in seen),
        "pending 8": any(p.pending == 8 for p in seen),
        "2s in hands with pending": any(p.pending and any(h & rank_mask(TWO) for h in p.hands) for p in seen),
        "penalised to act": any(p.turn in p.penalised for p in seen),
        "order": any(p.order for p in seen),
        "perft checked": sum(perft_2_bound(p) <= PERFT_LIMIT for p in seen) >= EXAMPLES // 4,
    }
    assert all(corners.values()), corners
