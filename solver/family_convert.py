"""The one translation between the family engine (``eights.engine.family``) and the native
core's family functions (docs/core-interface.md, "The family in the core"): a Ruleset's
switches as the core's rules tuple, a FamilyPosition as its state tuple, family moves and
the core's move codes.

The core reads the switches, never the preset's name: ``rules_tuple`` is the only place
that turns a Ruleset's properties into them.

>>> from eights.engine.family import FamilyMove, parse_family
>>> p = parse_family("rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2")
>>> code = move_code(p, FamilyMove.from_notation("play 8H/D"))
>>> code, move_of(p, code).notation(), move_of(p, DRAW_CODE).notation()
(212, 'play 8H/D', 'draw')
>>> [move_of(p, c).notation() for c in legal_codes(p)]
['play 7S', 'play 8H/S', 'play 8H/H', 'play 8H/D', 'play 8H/C', 'draw']
"""

from __future__ import annotations

from functools import lru_cache

from eights.engine.cards import Card
from eights.engine.family.moves import DRAW, PASS, PLAY, FamilyMove
from eights.engine.family.position import Cards, FamilyPosition
from eights.engine.family.ruleset import Ruleset
from eights.engine.family.scoring import card_points

# move codes (family_state.h): card | (suit + 1) << 6 | (pile + 1) << 9; draw and pass apart
SUIT_SHIFT, PILE_SHIFT = 6, 9
CARD_MASK, SUIT_MASK, PILE_MASK = 0x3F, 0x7, 0xF
DRAW_CODE, PASS_CODE = 1 << 13, (1 << 13) | 1
NONE = -1

EFFECT_CODES = {None: 0, "skip": 1, "reverse": 2, "draw2": 3}
RESHUFFLE_CODES = {"no": 0, "lazy": 1, "eager": 2}
SCORING_CODES = {"sce": 0, "openspiel": 0, "classic": 1, "layout": 2}  # own points | winner collects | pool

RulesTuple = tuple[int, int, int, int, int, int, int, tuple[int, ...], int, int, int, tuple[int, ...],
                   int, int, int, int, int, int, int, int]
State = tuple[RulesTuple, tuple[Cards, ...], int, int, Cards, Cards, int, int, int, int, int, int, int,
              int, int, int, int, tuple[Card, ...], int, tuple[Card, ...], int]


@lru_cache(maxsize=256)
def rules_tuple(rules: Ruleset) -> RulesTuple:
    """The core's 20 rule switches of a ruleset (family_state.h's FamRules, in its order):
    players, decks, draw_ends_turn, draw_cap (0: none), must_play, eights_must_match,
    eights_name_suit, effects (13 codes by rank: 0 none, 1 skip, 2 reverse, 3 draw2),
    reshuffle (0 no, 1 lazy, 2 eager), centre, scoring (0 own points, 1 the winner collects,
    2 the pool), points (52, by card), continues (bit 1 << effect code), reverse_again,
    blocked_after, draw2_needs_stock, spent_penalty_is_pass, pass_holding_play, plays_cap
    (0: none), reshuffle_cap (0: none).

    >>> from eights.engine.family import parse_rules
    >>> t = rules_tuple(parse_rules("sce/4"))
    >>> t[:7], t[7][:3], t[12]
    ((4, 1, 1, 0, 0, 0, 1), (2, 3, 1), 10)
    """
    continues = 0
    for effect in rules.going_out_continues:
        continues |= 1 << EFFECT_CODES[effect]
    return (rules.players, rules.decks, int(rules.draw_mode == "one"), rules.draw_cap or 0, int(rules.must_play),
            int(rules.eights_must_match), int(rules.eights_name_suit),
            tuple(EFFECT_CODES[rules.effect_of(rank)] for rank in range(13)),
            RESHUFFLE_CODES[rules.reshuffle_mode], rules.centre, SCORING_CODES[rules.scoring],
            tuple(card_points(rules, card) for card in range(52)), continues,
            int(rules.two_player_reverse_again), rules.blocked_after, int(rules.draw2_needs_stock),
            int(rules.spent_penalty_is_pass), int(rules.pass_holding_play), rules.plays_cap or 0,
            rules.reshuffle_cap or 0)


def _or_none(value: int | None) -> int:
    return NONE if value is None else value


def to_state(position: FamilyPosition) -> State:
    """The core's state tuple of a position: FamilyPosition's fields in its order, None as -1,
    flags as 0/1, the layout piles by their top cards, the stock's order top first (``()``
    when unknown), then the reshuffles made."""
    p = position
    return (rules_tuple(p.rules), p.hands, p.turn, _or_none(p.upcard), p.stock, p.discard, _or_none(p.called),
            _or_none(p.under), int(p.free), p.direction, p.pending, p.owed, int(p.penalty), p.draws, p.passes,
            p.plays, int(p.extended), tuple(pile[-1] for pile in p.piles), p.dealer, p.order or (), p.reshuffles)


def move_code(position: FamilyPosition, move: FamilyMove) -> int:
    """The core's code of a move of ``position`` (a layout play names its pile by index)."""
    if move.action == DRAW:
        return DRAW_CODE
    if move.action == PASS:
        return PASS_CODE
    assert move.card is not None
    pile = NONE
    if move.pile is not None:
        pile = next(i for i, cards in enumerate(position.piles) if cards[-1] == move.pile)
    return move.card | (_or_none(move.suit) + 1) << SUIT_SHIFT | (pile + 1) << PILE_SHIFT


def move_of(position: FamilyPosition, code: int) -> FamilyMove:
    """The family move of a core move code in ``position``."""
    if code == DRAW_CODE:
        return FamilyMove(DRAW)
    if code == PASS_CODE:
        return FamilyMove(PASS)
    suit = (code >> SUIT_SHIFT & SUIT_MASK) - 1
    pile = (code >> PILE_SHIFT & PILE_MASK) - 1
    return FamilyMove(PLAY, code & CARD_MASK, None if suit == NONE else suit,
                      None if pile == NONE else position.piles[pile][-1])


def legal_codes(position: FamilyPosition) -> list[int]:
    """The core's legal moves of ``position``, in the engine's order."""
    from eights.solver import _core

    return _core.family_legal_moves(to_state(position))


def perft(position: FamilyPosition, depth: int) -> int:
    """The core's perft, as ``eights.engine.family.perft.perft`` counts."""
    from eights.solver import _core

    return _core.family_perft(to_state(position), depth)
