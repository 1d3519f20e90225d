"""Issue #29: property tests of the family engine (hypothesis). For every position the parser
accepts, generating and applying every legal move (and every card a draw under way can bring)
terminates without error, and the position reads back from what it prints; random playouts
of every preset keep every card of the ruleset's decks exactly once per deck."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from eights.engine.cards import RANKS, SUITS
from eights.engine.errors import NotationError
from eights.engine.family import (
    apply_chance,
    apply_move,
    chance_outcomes,
    compact_family,
    deal,
    legal_moves,
    parse_family,
    parse_rules,
    payoffs,
)
from eights.engine.family.notation import hand_text
from eights.engine.family.position import FamilyPosition

RULESETS = ["sce/3", "sce/4", "sce/6", "classic/2", "classic/3,draw=one", "classic/4,draw=one_play,must_play=yes",
            "classic/5,draw=upto:2,eights=match,skip=Q,reverse=A,draw2=2", "classic/6,eights=nosuit,draw2=2,reshuffle=no",
            "classic/2,reverse=A,skip=Q", "openspiel/2", "openspiel/3,use_special_cards=yes,reshuffle=yes",
            "openspiel/6,max_draw_cards=1,use_special_cards=yes", "layout/2", "layout/5"]


def _name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


@st.composite
def position_texts(draw: st.DrawFn) -> str:
    """A position's compact form built from random parts: mostly well formed, sometimes not."""
    name = draw(st.sampled_from(RULESETS))
    rules = parse_rules(name)
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = list(range(52)) * rules.decks
    rng.shuffle(deck)
    words = [f"rules:{name}"]
    for seat in range(rules.players):
        size = draw(st.integers(0, 6))
        words.append(f"{seat}:{hand_text(deck[:size])}")
        del deck[:size]
    if rules.centre:
        piles = [deck.pop() for _ in range(8)]
        words.append("piles:" + "/".join(_name(card) for card in piles))
    else:
        upcard = deck.pop()
        suit = draw(st.sampled_from(["", "/S", "/D"])) if upcard % 13 == 7 else ""
        words.append(f"up:{_name(upcard)}{suit}")
        cut = draw(st.integers(0, len(deck)))
        if draw(st.booleans()):
            words.append(f"stock:{hand_text(deck[:cut])}")
        words.append(f"draw:{draw(st.sampled_from([0, 0, 0, 2, 4, 3]))}")
        words.append(f"dir:{draw(st.sampled_from(['cw', 'ccw']))}")
    words.append(f"turn:{draw(st.integers(0, rules.players))}")
    for key, top in (("owed", 3), ("draws", 3), ("passes", rules.players + 1), ("plays", 120), ("dealer", rules.players)):
        if draw(st.booleans()):
            words.append(f"{key}:{draw(st.integers(0, top))}")
    words += draw(st.lists(st.sampled_from(["penalty", "free", "ext"]), unique=True))
    return " ".join(words)


def _check_every_successor(position: FamilyPosition) -> None:
    assert parse_family(compact_family(position)) == position
    if position.is_over:
        assert not list(legal_moves(position)) and len(payoffs(position)) == position.players
        return
    if position.owed:
        outcomes = chance_outcomes(position)
        assert sum(p for _, p in outcomes) == Fraction(1)
        for card, _ in outcomes:
            apply_chance(position, card)
        return
    moves = list(legal_moves(position))
    assert moves, compact_family(position)
    assert len(set(moves)) == len(moves)
    for move in moves:
        apply_move(position, move)


@settings(max_examples=400, deadline=None)
@given(position_texts())
def test_every_position_the_parser_accepts_generates_and_applies_every_legal_move(text: str) -> None:
    try:
        position = parse_family(text)
    except NotationError:
        return
    _check_every_successor(position)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(0, 2**32))
def test_random_playouts_keep_every_card_and_every_position_has_a_move(name: str, seed: int) -> None:
    rules = parse_rules(name)
    rng = random.Random(seed)
    position = deal(rules, seed, dealer=seed % rules.players)
    deck = Counter({card: rules.decks for card in range(52)})
    for _ in range(400):
        assert Counter(position.all_cards()) == deck
        _check_every_successor(position)
        if position.is_over:
            break
        if position.owed:
            cards, weights = zip(*chance_outcomes(position))
            position = apply_chance(position, rng.choices(cards, [float(w) for w in weights])[0])
        else:
            position = apply_move(position, rng.choice(list(legal_moves(position))))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="classicopenspielayoutsce0123456789/,=:;.-_ AQKJT8x", max_size=40))
def test_any_text_is_a_ruleset_or_a_ruleset_error_naming_a_field(text: str) -> None:
    try:
        rules = parse_rules(text)
    except NotationError as error:
        assert error.field.startswith("rules") and "\n" not in str(error)
        return
    assert parse_rules(rules.name) == rules


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["rules", "hands", "upcard", "called", "turn", "direction", "pending_draw", "stock",
                                        "discard", "piles", "owed", "free", "extended_play", "dealer", "plays"]), _JSON),
       st.sampled_from(["classic/2", "openspiel/6", "layout/2", "sce/3"]))
def test_a_garbled_json_position_is_read_or_refused_naming_a_field(data: dict[str, object], rules: str) -> None:
    from eights.engine.family import family_from_json

    try:
        position = family_from_json({"rules": rules, **data})
    except NotationError as error:
        assert error.field and "\n" not in str(error)
        return
    _check_every_successor(position)
