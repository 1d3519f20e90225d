"""Issue #30, item 2: the family's rules in the C core (solver/native/family_rules.c) equal the
Python engine (eights.engine.family): perft counts, legal moves in the engine's order, and the
payoffs of finished deals, on seeded deals and on positions reached by random playouts of
every preset and option."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from eights.engine.family import (
    FamilyPosition,
    legal_moves,
    parse_family,
    parse_rules,
    payoffs,
    perft,
)
from eights.solver import _core
from eights.solver.family_convert import (
    DRAW_CODE,
    PASS_CODE,
    legal_codes,
    move_code,
    move_of,
    rules_tuple,
    to_state,
)
from eights.solver.family_convert import perft as core_perft
from tests.family_moves import walk

# every preset, and every option of classic and openspiel at least once (with 2 decks too)
RULESETS = [
    "sce/3", "sce/4", "sce/5", "sce/6,deal=8", "sce/4,deal=8",
    "classic/2", "classic/3,draw=one", "classic/4,draw=one_play,must_play=yes",
    "classic/5,draw=upto:2,eights=match,skip=Q,reverse=A,draw2=2",
    "classic/6,eights=nosuit,draw2=2,reshuffle=no", "classic/2,reverse=A,skip=Q,draw2=2",
    "classic/7,must_play=yes,eights=nosuit,draw=upto:1", "classic/3,reshuffle=no,draw=one_play,reverse=K",
    "classic/3,reshuffle=1,draw=upto:2", "classic/2,reshuffle=9,draw=one_play,draw2=2",
    "openspiel/2", "openspiel/3,use_special_cards=yes,reshuffle=yes", "openspiel/5",
    "openspiel/6,max_draw_cards=1,use_special_cards=yes", "openspiel/8,max_turns=12,reshuffle=yes",
    "openspiel/2,max_turns=5,use_special_cards=yes", "openspiel/4,max_draw_cards=2,use_special_cards=yes,reshuffle=yes",
    "layout/2", "layout/4", "layout/8",
]
SEEDS = range(8)
PERFT_DEPTH = 3
PERFT_NODES = 4000  # positions whose Python perft would pass this many leaves are checked one ply less


def _playout(name: str, seed: int, steps: int = 400) -> list[FamilyPosition]:
    """The positions of a random playout of a seeded deal (the dealer varies with the seed)."""
    return walk(name, seed, steps, dealer=seed % parse_rules(name).players)


def _engine_codes(position: FamilyPosition) -> list[int]:
    return [move_code(position, move) for move in legal_moves(position)]


@pytest.mark.parametrize("name", RULESETS)
def test_legal_moves_of_the_core_equal_the_engines_along_random_playouts(name: str) -> None:
    for seed in SEEDS:
        for position in _playout(name, seed):
            assert legal_codes(position) == _engine_codes(position), position
            if position.is_over:
                assert _core.family_payoffs(to_state(position)) == pytest.approx(
                    [float(p) for p in payoffs(position)], abs=1e-12)


@pytest.mark.parametrize("name", RULESETS)
def test_perft_of_the_core_equals_the_engines_on_seeded_deals_and_playouts(name: str) -> None:
    checked = 0
    for seed in SEEDS:
        positions = _playout(name, seed)
        rng = random.Random(seed)
        picks = [positions[0], positions[-1], *rng.sample(positions, min(4, len(positions)))]
        for position in picks:
            depth = PERFT_DEPTH
            while depth > 1 and perft(position, depth - 1) * 8 > PERFT_NODES:
                depth -= 1
            for d in range(depth + 1):
                assert core_perft(position, d) == perft(position, d), (name, seed, d, position)
            checked += 1
    assert checked >= len(SEEDS) * 2


def ordered(position: FamilyPosition, seed: int) -> FamilyPosition:
    """``position`` with its stock in a seeded order (a card held twice listed twice)."""
    order = list(position.stock)
    random.Random(seed).shuffle(order)
    return replace(position, order=tuple(order) or None)


@pytest.mark.parametrize("name", RULESETS)
def test_perft_of_the_core_equals_the_engines_with_the_stocks_order_known(name: str) -> None:
    checked = 0
    for seed in SEEDS[:4]:
        positions = _playout(name, seed)
        rng = random.Random(seed)
        for position in [positions[0], *rng.sample(positions, min(3, len(positions)))]:
            position = ordered(position, seed)
            for d in range(PERFT_DEPTH + 2):
                assert core_perft(position, d) == perft(position, d), (name, seed, d, position)
            checked += 1
    assert checked >= 8


def test_perft_of_the_core_follows_the_order_then_a_reshuffle_at_random() -> None:
    position = parse_family("rules:classic/2 0:7... 1:...K up:7C turn:0 stock:.2..2 order:2C,2H")
    assert [core_perft(position, d) for d in range(6)] == [perft(position, d) for d in range(6)]
    dry = parse_family("rules:classic/3 0:4.3.. 1:9.K.. 2:T.Q.. up:5C turn:0 stock:...4 order:4C")
    assert [core_perft(dry, d) for d in range(5)] == [perft(dry, d) for d in range(5)]


def test_perft_of_the_core_equals_the_published_counts() -> None:
    from tests.test_family_perft import POSITIONS

    for text, counts in POSITIONS:
        position = parse_family(text)
        assert [core_perft(position, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("text", [
    # a draw under way with two decks: a card held twice in the stock is one event
    "rules:sce/5 0:KK... 1:A... 2:2... 3:3... 4:4... up:5S turn:0 stock:QQ... owed:1",
    # a draw-two penalty that runs the stock dry (pyspiel: it counts as a pass)
    "rules:openspiel/2,use_special_cards=yes 0:5... 1:6... up:2S turn:0 draw:4 stock:..AK.",
    # eights=nosuit: the card under the 8
    "rules:classic/3,eights=nosuit 0:9.5.. 1:T... 2:...J up:8H under:9D turn:0",
    # an 8 that ends the deal names no suit; one that does not names four
    "rules:classic/2 0:8.8.. 1:K... up:7C turn:0", "rules:classic/2 0:8... 1:K... up:7C turn:0",
    # sce extended play: a hand out on a 2 must draw the run
    "rules:sce/3 0:... 1:K.2.. 2:Q... up:2S turn:1 draw:2 ext",
    # blocked: nothing to draw, passes in a row
    "rules:classic/3,reshuffle=no 0:K... 1:Q... 2:J... up:2H turn:0 stock:- passes:2",
    # every deal ends: the reshuffles spent, an empty stock stays empty (the hand must play)
    "rules:classic/2 0:5.9..2 1:...K up:7S turn:0 stock:... reshuffles:2",
    # the last reshuffle allowed, then a draw-two penalty takes what the stock holds
    "rules:sce/3 0:9... 1:K.2.. 2:Q... up:JS turn:1 stock:..A. reshuffles:1",
    "rules:sce/3 0:9... 1:K.2.. 2:Q... up:2S turn:0 draw:2 stock:..A. reshuffles:2",
    # at the draw limit with nothing to draw, a hand may pass holding a play
    "rules:classic/2,draw=one_play,reshuffle=no 0:5.9..2 1:...K up:7S turn:0 stock:... draws:1",
    "rules:classic/3,draw=upto:2,reshuffle=1 0:5.9..2 1:...K 2:Q... up:7S turn:0 stock:... draws:2 reshuffles:1",
    # openspiel's max_turns
    "rules:openspiel/3,max_turns=10 0:K.Q.. 1:Q... 2:J... up:KH turn:0 plays:9",
    # a layout deal with two piles of one rank
    "rules:layout/3 0:KJ... 1:.K.. 2:Q.Q.. piles:KD/KC/QD/JH/2S/3S/4S/5S turn:0",
])
def test_core_perft_on_positions_of_the_rules_corners(text: str) -> None:
    position = parse_family(text)
    assert legal_codes(position) == _engine_codes(position)
    for depth in range(5):
        assert core_perft(position, depth) == perft(position, depth), depth


def test_move_codes_read_back() -> None:
    position = parse_family("rules:layout/3 0:KJ... 1:.K.. 2:Q.Q.. piles:KD/KC/QD/JH/2S/3S/4S/5S turn:0")
    codes = legal_codes(position)
    assert [move_of(position, c).notation() for c in codes] == ["play JS on JH", "play KS on KD", "play KS on KC"]
    assert all(move_code(position, move_of(position, c)) == c for c in codes)
    assert move_of(position, PASS_CODE).notation() == "pass" and move_of(position, DRAW_CODE).notation() == "draw"


def test_the_rules_tuple_reads_the_switches_not_the_preset() -> None:
    sce, openspiel = rules_tuple(parse_rules("sce/5")), rules_tuple(parse_rules("openspiel/6,use_special_cards=yes"))
    assert sce[:2] == (5, 2) and openspiel[:2] == (6, 2)
    assert sce[7][:3] == (2, 3, 1) and openspiel[7][0] == 2 and openspiel[7][11] == 1
    assert openspiel[11][9] == 37  # pyspiel's 9S penalty: its card id + 2


@pytest.mark.parametrize(("state_change", "error"), [
    (lambda s: s[:3], TypeError),
    (lambda s: (s[0], s[1][:1], *s[2:]), ValueError),              # too few hands
    (lambda s: (s[0], ((0, 0), *s[1][1:]), *s[2:]), ValueError),   # a card twice with one deck
    (lambda s: (*s[:9], 0, *s[10:]), ValueError),                  # direction 0
    (lambda s: (*s[:6], 2, *s[7:]), ValueError),                   # a called suit on a non-8
    (lambda s: (*s[:19], (41,), *s[20:]), ValueError),             # an order that is not the stock (2C)
    (lambda s: (*s[:19], (40, 40), *s[20:]), ValueError),          # a card ordered twice with one deck
    (lambda s: s[:19], TypeError),                                 # no order item
    (lambda s: (*s[:20], 3), ValueError),                          # more reshuffles than classic's 2
    (lambda s: s[:20], TypeError),                                 # no reshuffles item
])
def test_the_binding_refuses_malformed_states(state_change, error) -> None:  # type: ignore[no-untyped-def]
    state = to_state(parse_family("rules:classic/2 0:7.9.. 1:...K turn:0 up:7C stock:...2"))
    with pytest.raises(error):
        _core.family_perft(state_change(state), 1)


def test_payoffs_of_a_blocked_layout_deal_share_halves() -> None:
    position = parse_family("rules:layout/3 0:K... 1:.K.. 2:..Q. piles:AD/AC/AH/2S/2H/3S/3H/4S turn:0 passes:3")
    assert position.is_over
    expected = [float(p) for p in payoffs(position)]
    assert _core.family_payoffs(to_state(position)) == pytest.approx(expected, abs=1e-12)
    assert sum(Fraction(p) for p in payoffs(position)) == 0
