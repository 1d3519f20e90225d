"""Between OpenSpiel's ``crazy_eights`` and eights' ``openspiel`` preset: a pyspiel state as an
eights position, and eights moves as pyspiel action ids and back.

pyspiel numbers a card ``rank * 4 + suit`` (2 = rank 0 ... A = rank 12; clubs, diamonds,
hearts, spades = 0..3); a player's other actions are 52 draw, 53 pass, 54-57 the suit an 8
nominates (C D H S), and the chance player's first action (52 + seat) chooses the dealer.
An 8 is one move here (``play 8S/H``) and two decisions in pyspiel (the card, then the
suit); an 8 that ends the game names no suit in both.

This module does not import pyspiel: it reads what a state gives (``state.history()`` and
the game's parameters), so ``eights.engine`` imports without it. With pyspiel installed::

    import pyspiel
    from eights.engine.openspiel import position_from_state
    from eights.engine.family import legal_moves
    game = pyspiel.load_game("crazy_eights", {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    print([move.notation() for move in legal_moves(position_from_state(state))])

>>> from eights.engine.cards import parse_card
>>> card_action(parse_card("2C")), card_action(parse_card("AS")), card_of_action(35)
(0, 51, 9)
>>> rules = rules_of({"players": 2, "use_special_cards": True})
>>> rules.name
'openspiel/2,use_special_cards=yes'
>>> deal = [52, 24] + list(range(1, 14)) + [25, 20]   # dealer 0; 8D turned up goes back, then 7C
>>> p = position_from_history(rules, deal)
>>> p.upcard == parse_card("7C"), p.turn, legal_actions(p)
(True, 1, [4, 8, 12, 24, 52])
>>> [move_actions(m) for m in legal_moves(p) if m.card == parse_card("8C")][:2]
[(24, 57), (24, 56)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eights.engine.cards import Card, Suit
from eights.engine.errors import NotationError
from eights.engine.family.deal import start
from eights.engine.family.moves import DRAW, PASS, PLAY, FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes, legal_moves
from eights.engine.family.ruleset import EIGHT_RANK, Ruleset, parse_rules
from eights.engine.family.scoring import openspiel_penalty, payoffs

DRAW_ACTION, PASS_ACTION, NOMINATE_BASE, DEALER_BASE = 52, 53, 54, 52
_PARAMETERS = ("players", "max_draw_cards", "max_turns", "use_special_cards", "reshuffle")


class OpenSpielError(NotationError):
    """A pyspiel action, history or parameter set that has no eights counterpart."""


def card_action(card: Card) -> int:
    """pyspiel's id of a card (its action to play it, or a chance outcome drawing it)."""
    return ((card % 13 - 1) % 13) * 4 + 3 - card // 13


def card_of_action(action: int) -> Card:
    """The card of a pyspiel card id (0..51)."""
    if not 0 <= action < 52:
        raise OpenSpielError("action", f"{action} is not a card id (0..51)")
    return (3 - action % 4) * 13 + (action // 4 + 1) % 13


def suit_action(suit: Suit) -> int:
    """pyspiel's action nominating a suit (eights' suits S H D C = 0..3)."""
    return NOMINATE_BASE + 3 - suit


def rules_of(parameters: Mapping[str, Any]) -> Ruleset:
    """The ``openspiel`` ruleset of a ``crazy_eights`` game's parameters (pyspiel's
    ``game.get_parameters()``; missing ones take pyspiel's defaults)."""
    unknown = set(parameters) - set(_PARAMETERS)
    if unknown:
        raise OpenSpielError("parameters", f"crazy_eights has no parameter {sorted(unknown)[0]!r}")
    words = [f"openspiel/{parameters.get('players', 5)}"]
    for key in _PARAMETERS[1:]:
        if key in parameters:
            value = parameters[key]
            words.append(f"{key}={('yes' if value else 'no') if isinstance(value, bool) else value}")
    return parse_rules(",".join(words))


def action_penalty(action: int) -> int:
    """pyspiel's penalty for the card of card id ``action`` (``openspiel_penalty``)."""
    return openspiel_penalty(card_of_action(action))


def move_actions(move: FamilyMove) -> tuple[int, ...]:
    """pyspiel's actions for one eights move (an 8 naming a suit is two)."""
    if move.action == DRAW:
        return (DRAW_ACTION,)
    if move.action == PASS:
        return (PASS_ACTION,)
    assert move.card is not None
    if move.suit is None:
        return (card_action(move.card),)
    return card_action(move.card), suit_action(move.suit)


def move_of_actions(actions: Sequence[int]) -> FamilyMove:
    """The eights move of one or two pyspiel actions (a card, then a suit for an 8)."""
    if list(actions) == [DRAW_ACTION]:
        return FamilyMove(DRAW)
    if list(actions) == [PASS_ACTION]:
        return FamilyMove(PASS)
    if len(actions) == 1:
        return FamilyMove(PLAY, card_of_action(actions[0]))
    if len(actions) == 2 and NOMINATE_BASE <= actions[1] < NOMINATE_BASE + 4:
        return FamilyMove(PLAY, card_of_action(actions[0]), 3 - (actions[1] - NOMINATE_BASE))
    raise OpenSpielError("actions", f"no move is the actions {list(actions)}")


def legal_actions(position: FamilyPosition, eight: Card | None = None) -> list[int]:
    """pyspiel's legal actions, sorted: at a turn, each move's first action; after the
    card ``eight``, the suits it may name."""
    if eight is None:
        return sorted({move_actions(move)[0] for move in legal_moves(position)})
    return sorted(move_actions(move)[1] for move in legal_moves(position)
                  if move.card == eight and move.suit is not None)


def chance_actions(position: FamilyPosition) -> list[tuple[int, float]]:
    """pyspiel's chance outcomes of a draw under way: card ids and probabilities, sorted."""
    return sorted((card_action(card), float(p)) for card, p in chance_outcomes(position))


def returns(position: FamilyPosition) -> list[float]:
    """pyspiel's returns of a finished game."""
    return [float(payoff) for payoff in payoffs(position)]


def apply_actions(position: FamilyPosition, actions: Sequence[int]) -> FamilyPosition:
    """The position after pyspiel's ``actions`` at ``position``: during a draw under way, the
    chance action of the card drawn; else a player's move (its card, and an 8's suit after it;
    a draw; a pass). Errors as ``apply_move`` and ``apply_chance`` raise them."""
    if position.owed:
        return apply_chance(position, card_of_action(actions[0]))
    return apply_move(position, move_of_actions(actions))


def position_from_history(rules: Ruleset, history: Sequence[int]) -> FamilyPosition:
    """The position a pyspiel history leads to: the dealer, the cards dealt one by one from
    the dealer's left, the upcard (8s turned up go back), then every action and draw.

    Raises ``OpenSpielError`` naming ``history`` where it does not fit the rules, stops
    inside the deal, or stops between an 8 and its suit.
    """
    n, size = rules.players, rules.hand_size()
    actions = list(history)
    if len(actions) < 1 + n * size + 1 or not DEALER_BASE <= actions[0] < DEALER_BASE + n:
        raise OpenSpielError("history", "the deal is not finished (dealer, every hand's cards and the upcard)")
    dealer = actions[0] - DEALER_BASE
    hands: list[list[Card]] = [[] for _ in range(n)]
    for index, action in enumerate(actions[1:1 + n * size]):
        hands[(dealer + 1 + index) % n].append(card_of_action(action))
    at = 1 + n * size
    while at < len(actions) and card_of_action(actions[at]) % 13 == EIGHT_RANK:
        at += 1  # an 8 turned up goes back into the stock
    if at == len(actions):
        raise OpenSpielError("history", "the upcard is not turned yet")
    upcard = card_of_action(actions[at])
    stock = [card for card in range(52) for _ in range(rules.decks)]
    for card in [c for hand in hands for c in hand] + [upcard]:
        stock.remove(card)
    position = start(rules, hands, upcard, tuple(stock), dealer)
    at += 1
    while at < len(actions):
        action = actions[at]
        if position.owed:
            position = apply_chance(position, card_of_action(action))
            at += 1
            continue
        if action in (DRAW_ACTION, PASS_ACTION) or not 0 <= action < 52:
            move, at = move_of_actions([action]), at + 1
        else:
            card = card_of_action(action)
            if card % 13 == EIGHT_RANK and FamilyMove(PLAY, card) not in set(legal_moves(position)):
                if at + 1 == len(actions):
                    raise OpenSpielError("history", "it stops between an 8 and the suit it names")
                move, at = move_of_actions(actions[at:at + 2]), at + 2
            else:
                move, at = FamilyMove(PLAY, card), at + 1
        position = apply_move(position, move)
    return position


def position_from_state(state: Any) -> FamilyPosition:
    """The eights position of a pyspiel ``crazy_eights`` state (after the deal, not between
    an 8 and its suit): its game's parameters and history replayed."""
    return position_from_history(rules_of(state.get_game().get_parameters()), state.history())
