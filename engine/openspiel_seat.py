"""What one seat has seen of a game of pyspiel's ``crazy_eights``, and the histories it cannot
tell from the true one: the deterministic one the fair bot's position is made from
(``public_history``), random ones (``resampled_history``, ISMCTS's worlds) and the
information state string that names them all (``information_state``).

A seat sees every public action (the dealer, the upcard and any 8 turned up before it, every
card played, draws, passes and suits) and its own cards dealt and drawn; the cards dealt to or
drawn by another seat are hidden from it, though who got each is public. Without reshuffle a
card is played once, and until then it lay hidden: a card another seat plays came to it in one
of its hidden cards before the play, and an 8 turned up at the deal (then put back into the
stock) only in a draw after that. Not with reshuffle on (a card played may come back to a
hidden hand).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import Ruleset
from eights.engine.openspiel import DEALER_BASE, position_from_history, rules_of

CHANCE = -1  # pyspiel's chance player in a state's full_history()
HIDDEN = "?"  # an information state's token for a card the seat did not see
RESAMPLE_ATTEMPTS = 50  # random fills tried before the deterministic one


@dataclass(frozen=True)
class SeatRecord:
    """A game's history as ``seat`` saw it: the hidden cards' places by seat (history indices,
    ascending), another seat's plays (index, seat, card) in order, where each 8 turned up at
    the deal and put back was shown, and the cards the seat never saw (a multiset)."""

    seat: int
    history: tuple[int, ...]
    hidden: dict[int, list[int]]
    plays: tuple[tuple[int, int, int], ...]
    shown_at: dict[int, int]
    unseen: tuple[int, ...]

    @classmethod
    def of(cls, state: Any, seat: int) -> SeatRecord:
        """``seat``'s record of ``state`` (a ``crazy_eights`` state past the deal and upcard, or a
        state of a game wrapping one that gives ``full_history()`` and ``get_game()``)."""
        rules = _rules(tuple(sorted(state.get_game().get_parameters().items())))
        if rules.reshuffle:
            raise ValueError("a seat's record: not with reshuffle=yes (a card played may come back to a hidden hand)")
        full = state.full_history()
        history = tuple(step.action for step in full)
        n, size = rules.players, rules.hand_size()
        dealer = history[0] - DEALER_BASE
        hidden: dict[int, list[int]] = {other: [] for other in range(n) if other != seat}
        plays = []
        seen: Counter[int] = Counter()
        shown_at: dict[int, int] = {}
        for index in range(1, min(1 + n * size, len(history))):  # the deal, as far as it went
            receiver = (dealer + index) % n
            if receiver == seat:
                seen[history[index]] += 1
            else:
                hidden[receiver].append(index)
        at = 1 + n * size
        while at < len(history) and full[at].player == CHANCE:  # the upcard, after any 8s turned up: public
            shown_at[history[at]] = at
            at += 1
        if at < len(history):  # the last card turned up stays
            del shown_at[history[at - 1]]
            seen[history[at - 1]] += 1
        mover = CHANCE
        for index in range(at, len(history)):
            action = history[index]
            if full[index].player == CHANCE:  # a draw, by the seat that acted last
                if mover == seat:
                    seen[action] += 1
                else:
                    hidden[mover].append(index)
            else:
                mover = full[index].player
                if action < 52 and mover != seat:  # a card played (not a draw, pass or suit)
                    plays.append((index, mover, action))
                    seen[action] += 1
        unseen = (Counter(list(range(52)) * rules.decks) - seen).elements()
        return cls(seat, history, hidden, tuple(plays), shown_at, tuple(sorted(unseen)))

    def hidden_indices(self) -> set[int]:
        """The history's indices the seat did not see."""
        return {index for indices in self.hidden.values() for index in indices}

    def filled(self, chosen: dict[int, int]) -> list[int]:
        """The history with the hidden cards ``chosen`` (index: card) in place of the true ones."""
        return [chosen.get(index, action) for index, action in enumerate(self.history)]

    def public_history(self) -> list[int]:
        """One history the seat cannot tell from the true one, the same whatever the hidden
        cards are: each card another seat plays goes to the first of that seat's hidden cards
        still free that came after the card was last shown; the cards never seen go to the
        free ones left, in card order (an 8 put back only if the rest run out)."""
        free = {other: list(indices) for other, indices in self.hidden.items()}
        chosen: dict[int, int] = {}
        for _, mover, card in self.plays:
            slot = next(slot for slot in free[mover] if slot > self.shown_at.get(card, 0))
            free[mover].remove(slot)
            chosen[slot] = card
        slots = sorted(slot for indices in free.values() for slot in indices)
        unseen = sorted(self.unseen, key=lambda card: card in self.shown_at)
        chosen.update(zip(slots, unseen))
        return self.filled(chosen)

    def resampled_history(self, rng: random.Random) -> list[int]:
        """A random history the seat cannot tell from the true one: each card another seat
        played put in one of that seat's hidden cards free before the play (and after it was
        last shown), chosen at random, then the cards never seen shuffled into the hidden
        cards left (an 8 put back only into a draw after it was shown). A fill that breaks
        these is drawn again; after ``RESAMPLE_ATTEMPTS`` the deterministic one is taken."""
        for _ in range(RESAMPLE_ATTEMPTS):
            chosen = self._random_fill(rng)
            if chosen is not None:
                return self.filled(chosen)
        return self.public_history()

    def _random_fill(self, rng: random.Random) -> dict[int, int] | None:
        free = {other: list(indices) for other, indices in self.hidden.items()}
        chosen: dict[int, int] = {}
        for index, mover, card in self.plays:
            options = [slot for slot in free[mover] if self.shown_at.get(card, 0) < slot < index]
            if not options:
                return None
            slot = rng.choice(options)
            free[mover].remove(slot)
            chosen[slot] = card
        slots = [slot for indices in free.values() for slot in indices]
        cards = list(self.unseen)
        rng.shuffle(cards)
        for slot, card in zip(slots, cards):
            if slot < self.shown_at.get(card, 0):
                return None
            chosen[slot] = card
        return chosen

    def information_state(self) -> str:
        """The seat's information state: its number, then every action in order, the cards it
        did not see as ``?``."""
        hidden = self.hidden_indices()
        tokens = (HIDDEN if index in hidden else str(action) for index, action in enumerate(self.history))
        return f"seat {self.seat}: " + " ".join(tokens)


@functools.cache
def _rules(parameters: tuple[tuple[str, Any], ...]) -> Ruleset:
    """``rules_of`` once a game (ISMCTS reads information states many times a decision)."""
    return rules_of(dict(parameters))


def public_history(state: Any, seat: int) -> list[int]:
    """``state``'s history with every card ``seat`` did not see replaced by cards that fit what
    the other seats then played, the same whatever those cards are (``SeatRecord.public_history``)."""
    return SeatRecord.of(state, seat).public_history()


def seat_position(state: Any, seat: int) -> FamilyPosition:
    """A position that ``seat`` cannot tell from ``state``'s, made from what it saw: the public
    actions (the dealer, the upcard, every card played, draws, passes and suits) and its own
    cards, never another hand's: the position ``public_history`` reaches. Its view
    (``FamilyView.of(position, seat)``, all the fair bot reads) is the seat's. Refused with
    reshuffle on (a card played may then come back to a hidden hand)."""
    rules = rules_of(state.get_game().get_parameters())
    if rules.reshuffle:
        raise ValueError("seat_position: not with reshuffle=yes (a card played may come back to a hidden hand)")
    return position_from_history(rules, public_history(state, seat))
