"""The rules of play of every family game, read from the ruleset's switches: legal moves,
applying a move, and the chance outcomes of a draw (one card at a time).

The comments name the rule of RULES-FAMILY.md each step follows. Legal moves come in one
documented order: the plays, by card (``eights.engine.cards``'s numbering: spades, hearts,
diamonds, clubs, ace to king; a card held twice is one move), an 8 once per suit it may
name (spades, hearts, diamonds, clubs), a layout play once per pile (by the pile's top
card); then ``draw``; then ``pass``.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2")
>>> [m.notation() for m in legal_moves(p)]
['play 7S', 'play 8H/S', 'play 8H/H', 'play 8H/D', 'play 8H/C', 'draw']
>>> d = apply_move(p, FamilyMove("draw"))
>>> chance_outcomes(d)
[(40, Fraction(1, 1))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from eights.engine.cards import Card, Seat, Suit, card_name
from eights.engine.errors import IllegalMoveError
from eights.engine.family.moves import DRAW, PASS, PLAY, FamilyMove
from eights.engine.family.position import FamilyPosition, adding, without
from eights.engine.family.ruleset import EIGHT_RANK

ALL_SUITS = range(4)


def _matches(position: FamilyPosition, card: Card) -> bool:
    """Whether ``card`` may be played on the upcard ("match card"; ``eights`` options;
    "Pending 2s": only the draw-two rank covers a pending count)."""
    rules = position.rules
    rank = card % 13
    if position.pending:
        return rules.effect_of(rank) == "draw2"
    if position.free:
        return True
    if rank == EIGHT_RANK and not rules.eights_must_match:
        return True
    upcard = position.upcard
    assert upcard is not None
    if position.under is not None:  # eights=nosuit: the 8 or the card under it
        return rank in (upcard % 13, position.under % 13) or card // 13 in (upcard // 13, position.under // 13)
    return rank == upcard % 13 or card // 13 == position.suit_in_force


def _pile_plays(position: FamilyPosition, card: Card) -> Iterator[Card]:
    """The top cards of the layout piles ``card`` may be laid on (same rank)."""
    for pile in position.piles:
        if pile[-1] % 13 == card % 13:
            yield pile[-1]


def _plays(position: FamilyPosition) -> Iterator[FamilyMove]:
    hand = position.hands[position.turn]
    for card in sorted(set(hand)):
        if position.rules.centre:
            for top in _pile_plays(position, card):
                yield FamilyMove(PLAY, card, pile=top)
        elif _matches(position, card):
            if card % 13 == EIGHT_RANK and position.rules.eights_name_suit and not _play(position, card, None, None).is_over:
                for suit in ALL_SUITS:
                    yield FamilyMove(PLAY, card, suit)
            else:  # an 8 that ends the deal names no suit
                yield FamilyMove(PLAY, card)


def playable(position: FamilyPosition, card: Card) -> bool:
    """Whether ``card`` could be played now by the hand to act if she held it: it matches the
    upcard (or covers a pending draw-two), or in the layout game lies on a pile's top rank.
    It reads only what every seat sees, so what a hand that drew or passed did not hold
    can be told from it (``eights.play.family.inference``).

    >>> from eights.engine.family.notation import parse_family
    >>> p = parse_family("rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2")
    >>> [playable(p, card) for card in (6, 20, 45, 51)]  # 7S, 8H, 7C, KC: a 7, an 8, clubs
    [True, True, True, True]
    >>> playable(p, 17)  # 5H: neither a 7 nor a club nor an 8
    False
    """
    if position.rules.centre:
        return next(_pile_plays(position, card), None) is not None
    return _matches(position, card)


def has_play(position: FamilyPosition) -> bool:
    """Whether the hand to act holds a legal play."""
    return next(_plays(position), None) is not None


def may_draw(position: FamilyPosition) -> bool:
    """Whether ``draw`` is legal: something to draw ("Empty stock"), not after the draw cap
    (``upto:K``, ``one_play``, pyspiel's ``max_draw_cards``), not with ``must_play`` while
    holding a play (a draw-two run must be covered if it can)."""
    if position.is_over or position.owed or not position.drawable:
        return False
    rules = position.rules
    if rules.must_play and has_play(position):
        return False
    if position.pending:
        return True
    cap = rules.draw_cap
    return cap is None or position.draws < cap


def may_pass(position: FamilyPosition) -> bool:
    """Whether ``pass`` is legal: with nothing to draw a hand passes if it cannot play
    (pyspiel: even holding a play); after the draw cap it may pass holding a play, unless
    ``must_play``, whether or not there is anything left to draw ("After the draw limit");
    never while a draw-two count can be drawn."""
    if position.is_over or position.owed:
        return False
    rules = position.rules
    if not position.drawable and (rules.pass_holding_play or not has_play(position)):
        return True
    if position.pending:
        return False
    cap = rules.draw_cap
    return cap is not None and position.draws >= cap and not (rules.must_play and has_play(position))


def legal_moves(position: FamilyPosition) -> Iterator[FamilyMove]:
    """The legal moves of the hand to act, in the documented order (none at a chance node
    or once the deal is over)."""
    if position.is_over or position.owed:
        return
    yield from _plays(position)
    if may_draw(position):
        yield FamilyMove(DRAW)
    if may_pass(position):
        yield FamilyMove(PASS)


def _next(position: FamilyPosition, seat: Seat, steps: int, direction: int) -> Seat:
    return (seat + steps * direction) % position.players


def _play(position: FamilyPosition, card: Card, suit: Suit | None, pile: Card | None) -> FamilyPosition:
    """The position after the hand to act plays ``card`` (RULES-FAMILY "A turn", the
    effects of skip, reverse and draw-two ranks, "Reshuffle is eager")."""
    rules = position.rules
    seat = position.turn
    hands = list(position.hands)
    hands[seat] = without(hands[seat], card)
    discard, stock, piles = position.discard, position.stock, position.piles
    upcard, under = position.upcard, None
    effect = None
    if rules.centre:
        piles = tuple((*p, card) if p[-1] == pile else p for p in piles)  # the pile's top is its last card
    else:
        assert upcard is not None
        discard = adding(discard, upcard)
        upcard = card
        effect = rules.effect_of(card % 13)
        if card % 13 == EIGHT_RANK and not rules.eights_name_suit:
            under = position.upcard
    order = position.order
    if rules.reshuffle_mode == "eager" and not stock:
        stock, discard, order = discard, (), None  # the pile is shuffled: its order is unknown
    direction, pending = position.direction, position.pending
    turn = _next(position, seat, 1, direction)
    if effect == "skip":
        turn = _next(position, seat, 2, direction)
    elif effect == "reverse":
        direction = -direction
        again = position.players == 2 and rules.two_player_reverse_again
        turn = seat if again else _next(position, seat, 1, direction)
    elif effect == "draw2" and (stock or not rules.draw2_needs_stock):
        pending += 2
    some_out = any(not hand for hand in hands)
    return replace(
        position, hands=tuple(hands), turn=turn, upcard=upcard, stock=stock, discard=discard,
        called=suit, under=under, free=False, direction=direction, pending=pending, draws=0,
        passes=0, plays=position.plays + 1, extended=some_out and effect in rules.going_out_continues,
        piles=piles, order=order)


def _draw(position: FamilyPosition) -> FamilyPosition:
    """The draw begins: one card, or the draw-two count (a penalty, drawn in full, ending
    the turn); an empty stock is first refilled from the discard pile when the ruleset
    reshuffles lazily and may still ("Empty stock", "Every deal ends")."""
    position = _reshuffled(position) if not position.stock else position
    owed = position.pending or 1
    return replace(position, owed=owed, penalty=bool(position.pending), pending=0, passes=0, extended=False)


def _reshuffled(position: FamilyPosition) -> FamilyPosition:
    """The discard pile (not the upcard) shuffled into a new stock, its order unknown, one
    more reshuffle counted ("Empty stock", "Every deal ends")."""
    return replace(position, stock=position.discard, discard=(), order=None, reshuffles=position.reshuffles + 1)


def _pass(position: FamilyPosition) -> FamilyPosition:
    """A pass: counted toward a blocked deal when there was nothing to draw, else the count
    starts again; a pending count is cleared. Like a draw, it is an action that is not a 2
    or a 3 played, so it ends ``sce``'s extended play."""
    passes = 0 if position.drawable else position.passes + 1
    turn = _next(position, position.turn, 1, position.direction)
    return replace(position, turn=turn, pending=0, draws=0, passes=passes, extended=False)


def apply_move(position: FamilyPosition, move: FamilyMove) -> FamilyPosition:
    """The position after a legal move of the hand to act.

    Raises ``IllegalMoveError`` (naming the move) for a move the rules do not allow.
    """
    if move not in set(legal_moves(position)):
        raise IllegalMoveError("move", f"{move.notation()} is not legal here")
    if move.action == PLAY:
        assert move.card is not None
        return _play(position, move.card, move.suit, move.pile)
    if move.action == DRAW:
        return _draw(position)
    return _pass(position)


def chance_outcomes(position: FamilyPosition) -> list[tuple[Card, Fraction]]:
    """The next card a draw under way brings, with its probability (by copies in the stock),
    by card number; with the stock's order known, its top card alone, with probability 1;
    empty when no draw is under way.

    >>> from eights.engine.family.notation import parse_family
    >>> p = parse_family("rules:classic/2 0:7... 1:...K turn:0 up:7C owed:1 stock:.2..2 order:2C,2H")
    >>> chance_outcomes(p), chance_outcomes(replace(p, order=None))
    ([(40, Fraction(1, 1))], [(14, Fraction(1, 2)), (40, Fraction(1, 2))])
    """
    if not position.owed:
        return []
    if position.order is not None:
        return [(position.order[0], Fraction(1))]
    counts = Counter(position.stock)
    total = len(position.stock)
    return [(card, Fraction(counts[card], total)) for card in sorted(counts)]


def apply_chance(position: FamilyPosition, card: Card) -> FamilyPosition:
    """The position after the draw under way brings ``card`` (one of the stock's).

    With the stock's order known, ``card`` must be its top card, and the rest stay in order.
    When the stock runs out: a lazy reshuffle refills it if more is owed and the deal's
    reshuffles are not spent, an eager one at once, its order unknown (the pile is
    shuffled); if nothing is left, the rest of the draw (a draw-two penalty's too) is
    forgiven. A finished penalty passes
    the turn; a finished draw ends it with ``draw=one`` and otherwise leaves the hand to act.
    """
    if not position.owed or card not in position.stock:
        raise IllegalMoveError("card", f"no draw under way can bring {card_name(card)}")
    order = position.order
    if order is not None:
        if order[0] != card:
            raise IllegalMoveError("card", f"the stock's order brings {card_name(order[0])}, not {card_name(card)}")
        order = order[1:] or None
    rules = position.rules
    stock = without(position.stock, card)
    discard = position.discard
    hands = list(position.hands)
    hands[position.turn] = adding(hands[position.turn], card)
    owed = position.owed - 1
    reshuffles = position.reshuffles
    if not stock and rules.reshuffle_mode == "eager":
        stock, discard, order = discard, (), None  # the pile is shuffled: its order is unknown
    elif not stock and owed and discard and position.may_reshuffle:
        stock, discard, order, reshuffles = discard, (), None, reshuffles + 1
    passes = position.passes
    if not stock:
        if position.penalty and not owed and rules.spent_penalty_is_pass:
            passes += 1
        owed = 0
    after = replace(position, hands=tuple(hands), stock=stock, discard=discard, owed=owed, passes=passes,
                    order=order, reshuffles=reshuffles)
    if owed:
        return after
    if position.penalty or rules.draw_mode == "one":
        turn = _next(position, position.turn, 1, position.direction)
        return replace(after, turn=turn, penalty=False, draws=0)
    return replace(after, draws=position.draws + 1)


def successors(position: FamilyPosition) -> Iterator[tuple[str, FamilyPosition]]:
    """Every next position with its label: each legal move, or each distinct card a draw
    under way brings (``perft`` counts these)."""
    if position.owed:
        for card, _ in chance_outcomes(position):
            yield f"card {card}", apply_chance(position, card)
        return
    for move in legal_moves(position):
        if move.action == PLAY:
            assert move.card is not None
            yield move.notation(), _play(position, move.card, move.suit, move.pile)
        elif move.action == DRAW:
            yield move.notation(), _draw(position)
        else:
            yield move.notation(), _pass(position)
