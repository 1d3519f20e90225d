"""The native core's move generator against the engine: ``eights.solver._core.legal_moves``
and ``eights.solver._core.perft`` agree with ``eights.engine.rules.legal_moves`` and
``eights.engine.perft.perft`` on random positions of every kind (docs/core-interface.md)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from eights.engine.cards import EIGHT, THREE, TWO, rank_of, scan, suit_of
from eights.engine.deal import DEALS, deal_position
from eights.engine.moves import Move
from eights.engine.notation import parse_position
from eights.engine.perft import perft
from eights.engine.position import Position
from eights.engine.rules import apply_move, apply_play, legal_moves, random_draw
from tests.positions import EDGE_POSITIONS
from tests.time_limit import time_limit

core = pytest.importorskip("eights.solver._core")

SEED = 20261121
POSITIONS_PER_DEAL = 16
DEEP_PERFT_LIMIT = 400   # perft(3) only where perft(2) stays small (the engine is slow)


def state_of(p: Position) -> tuple:
    """The core's state tuple (docs/core-interface.md), written here independently."""
    penalised = sum(1 << seat for seat in p.penalised)
    called = -1 if p.called is None else p.called
    return (p.hands, p.upcard, called, p.turn, p.direction, p.pending, p.stock, p.discard,
            p.order, p.extended, penalised)


def code_of(move: Move) -> int:
    if move.is_draw:
        return 255
    assert move.card is not None
    return move.card | ((-1 if move.suit is None else move.suit) + 1) << 6


def random_line(p: Position, rng: random.Random, steps: int) -> list[Position]:
    line = [p]
    for _ in range(steps):
        if p.is_over:
            break
        move = rng.choice(list(legal_moves(p)))
        if move.is_draw:
            move = Move.draw(random_draw(p, rng))
        p = apply_move(p, move)
        line.append(p)
    return line


def variants(p: Position, rng: random.Random) -> list[Position]:
    """The position, with a fixed order, with an empty or nearly empty stock (the rest in
    the discard pile), with nothing left to draw, and with a penalised concealed hand."""
    out = [p]
    stock = list(scan(p.stock))
    rng.shuffle(stock)
    if stock:
        out.append(dataclasses.replace(p, order=tuple(stock)))
    keep = rng.choice((0, 1, 2))
    kept = sum(1 << c for c in stock[:keep])
    tiny = dataclasses.replace(p, stock=kept, discard=p.discard | (p.stock & ~kept), order=None)
    out.append(tiny)
    if kept and rng.random() < 0.5:
        out.append(dataclasses.replace(tiny, order=tuple(stock[:keep])))
    if rng.random() < 0.15:
        out.append(dataclasses.replace(p, stock=0, discard=0, order=None))
    if p.turn in (2, 3) and rng.random() < 0.3:
        out.append(dataclasses.replace(p, penalised=frozenset({p.turn})))
    return out


def extended(rng: random.Random) -> Position:
    """A hand goes out on a 2 or a 3 (extended play), then a few random actions."""
    while True:
        p = deal_position(rng.randrange(1, DEALS + 1), rng.choice((2, 3)), rng.randrange(2**32))
        seat = rng.randrange(4)
        twos_threes = [c for c in scan(p.hands[seat]) if rank_of(c) in (TWO, THREE)]
        if not twos_threes:
            continue
        last = rng.choice(twos_threes)
        others = 0
        for s, hand in enumerate(p.hands):
            if s != seat:
                others |= hand
        loose = (p.stock | p.hands[seat] | 1 << p.upcard) & ~(1 << last)
        matching = [c for c in scan(loose) if suit_of(c) == suit_of(last)]
        upcard = rng.choice(matching)
        hands = list(p.hands)
        hands[seat] = 1 << last
        start = dataclasses.replace(
            p, hands=(hands[0], hands[1], hands[2], hands[3]), upcard=upcard, turn=seat, pending=0,
            called=suit_of(last) if rank_of(upcard) == EIGHT else None,
            stock=loose & ~(1 << upcard), discard=0)
        after = apply_play(start, Move.play(last))
        assert after.extended
        line = [q for q in random_line(after, rng, rng.randrange(4)) if not q.is_over]
        q = rng.choice(line)
        if rng.random() < 0.5:
            stock = list(scan(q.stock))
            keep = sum(1 << c for c in stock[:rng.randrange(3)])
            q = dataclasses.replace(q, stock=keep, discard=q.discard | (q.stock & ~keep))
        return q


def positions() -> list[Position]:
    rng = random.Random(SEED)
    out: list[Position] = []
    for deal in range(1, DEALS + 1):
        picked = 0
        while picked < POSITIONS_PER_DEAL:
            start = deal_position(deal, rng.choice((2, 3)), rng.randrange(2**32))
            line = random_line(start, rng, rng.randrange(30))
            p = rng.choice(line)
            if p.is_over:
                continue
            batch = variants(p, rng)
            out.extend(batch)
            picked += len(batch)
    out.extend(extended(rng) for _ in range(24))
    return out


POSITIONS = positions()


def test_the_positions_cover_every_kind() -> None:
    kinds = Counter()
    for p in POSITIONS:
        kinds["pending"] += p.pending > 0
        kinds["eight, no suit"] += rank_of(p.upcard) == EIGHT and p.called is None
        kinds["eight, called"] += rank_of(p.upcard) == EIGHT and p.called is not None
        kinds["extended"] += p.extended
        kinds["empty stock"] += p.stock == 0
        kinds["nearly empty stock"] += 0 < len(list(scan(p.stock))) <= 2
        kinds["order"] += p.order is not None
        kinds["penalised"] += bool(p.penalised)
        kinds["nothing to draw"] += p.stock == 0 and p.discard == 0
    assert len(POSITIONS) >= 200
    assert all(kinds[k] >= 3 for k in ("pending", "eight, no suit", "eight, called", "extended",
                                       "empty stock", "nearly empty stock", "order",
                                       "penalised", "nothing to draw")), kinds
    sizes = {max(len(list(scan(h))) for h in p.hands) for p in POSITIONS}
    assert set(range(1, 9)) <= sizes


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_legal_moves_and_perft_agree(index: int) -> None:
    p = POSITIONS[index]
    state = state_of(p)
    assert core.legal_moves(state) == [code_of(m) for m in legal_moves(p)]
    assert core.perft(state, 0) == 1
    for depth in (1, 2):
        assert core.perft(state, depth) == perft(p, depth), depth
    if perft(p, 2) <= DEEP_PERFT_LIMIT:
        assert core.perft(state, 3) == perft(p, 3)


@pytest.mark.parametrize("text", EDGE_POSITIONS)
def test_legal_moves_and_perft_agree_on_the_edge_positions(text: str) -> None:
    p = parse_position(text)
    state = state_of(p)
    with time_limit(20):
        assert core.legal_moves(state) == [code_of(m) for m in legal_moves(p)]
        for depth in (1, 2, 3):
            assert core.perft(state, depth) == perft(p, depth), depth


def test_finished_deal_has_no_moves() -> None:
    p = deal_position(8, 2, 1)
    hands = (0, p.hands[1], p.hands[2], p.hands[3])
    done = dataclasses.replace(p, hands=hands)
    assert done.is_over
    assert core.legal_moves(state_of(done)) == []
    assert core.perft(state_of(done), 2) == perft(done, 2) == 0


@pytest.mark.parametrize("bad, message", [
    (lambda s: s[:5], "11-tuple"),
    (lambda s: (s[0], 52) + s[2:], "upcard"),
    (lambda s: s[:5] + (3,) + s[6:], "pending"),
    (lambda s: s[:8] + ((0, 0),) + s[9:], "order"),
    (lambda s: ((s[0][0], s[0][0], s[0][2], s[0][3]),) + s[1:], "two hands"),
    (lambda s: ((s[0][0] | 1 << 1,) + s[0][1:],) + s[1:5] + (8,) + s[6:], "pending 8 needs 4 2s"),
])
def test_bad_states_are_rejected(bad, message) -> None:
    state = state_of(deal_position(3, 2, 7))
    with pytest.raises((TypeError, ValueError), match=message):
        core.legal_moves(bad(state))
