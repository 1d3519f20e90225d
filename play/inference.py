"""Inference from the play: what the hidden hand's public actions say about its cards, for
the fair bot's samples (``eights.play.bots.fair_bot``, ``infer=draws``).

Under RULES.md ("A turn", "Draw") a concealed hand may always draw instead of playing, so a
draw proves nothing: it only makes the hands that could have played less likely. What the
rules do force is the pass: with nothing to draw "the hand must play if it has a legal
play, and otherwise passes", so a hand that passed held no card it could play (a hard
constraint: a deal that contradicts it weighs nothing). A draw is soft evidence: the hand
drew rather than play, which a player does far less often with cards to follow than without.
How much less is the opponent model, ``DRAW_RATES``: the share of draws a double-dummy
player (``solver:depth=4``, and the fair bot ``fair:depth=3``) made, on 2 x 25 paired deals,
when its concealed hand held 1, 2, 3, 4 or more ordinary cards it could play (50%, 36%, 31%,
20%), only 8s (68%), or a 2 to cover a pending run with (43%); without a playable card it
always draws. So a draw is worth a likelihood ratio of 2 to 5 against each hand that could
have followed, as bridge programs weight their deals by the bidding and the play.

The hidden hand's cards at the moment it drew are not the cards it holds now: it has drawn
since (the draw itself, and later ones) and played some. Of the cards it holds now and those
it has played since (``pool``), the ones it drew since are any of them, equally likely
(``drawn`` of them: the draws are uniform from the stock); so the number of those cards that
it already held, of the ones it could have played, is hypergeometric, and a deal's likelihood
for a draw is the rate averaged over it. The events are taken as independent (their product
is the deal's weight).

Only public things are used: the bot's own views (``eights.engine.view.View``, which keep
nothing of the hidden cards), its own moves, and what changed between one of its views and
the next (the cards played, the hidden hand's count). Between two of the bot's turns the
other side acts once, or plays 3s that skip the bot and then acts once more (RULES "3"), so
a hidden hand that drew or passed did so last, on the upcard the bot's next view shows.

>>> from eights.engine.cards import card_names
>>> from eights.engine.view import parse_view
>>> before = parse_view("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:QC turn:E view:W")
>>> after = parse_view("N:K43.5.K82. E:6.KT74.J.6 S:?9 W:T.AJ.AQ97.J up:7C turn:W view:W discard:...Q")
>>> history = History.of([(before, Move.from_notation("play 7C"))], after)
>>> [(card_names(event.ordinary)[:3], event.held, event.drawn) for event in history.events]
[(['7S', '7H', '7D'], 8, 1)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from eights.engine.cards import EIGHT, EMPTY, TWO, CardSet, bit, count, next_seat, rank_mask, rank_of, suit_mask, suit_of
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.rules import apply_play
from eights.engine.view import View
from eights.play.paired import derive

EIGHTS, TWOS = rank_mask(EIGHT), rank_mask(TWO)
# The share of draws when the hand held 0, 1, 2, 3, 4 or more ordinary cards it could play (module docstring).
DRAW_RATES = (1.0, 0.50, 0.36, 0.31, 0.20)
DRAW_HOLDING_ONLY_EIGHTS = 0.68
DRAW_INSTEAD_OF_COVERING = 0.43
CANDIDATES_PER_SAMPLE = 8  # deals drawn uniformly for each sample kept, then resampled by their weights


@dataclass(frozen=True)
class Draw:
    """The hidden hand drew (or passed, with nothing to draw) when ``ordinary`` were the cards
    it could have played other than 8s (on a pending run of 2s: the 2s), 8s playable too if
    ``eights``; it held ``held`` cards before, and its draws since (this one included) brought
    ``drawn``; ``played`` are the cards it has played since."""

    ordinary: CardSet
    eights: bool
    covering: bool
    passed: bool
    held: int
    drawn: int
    played: CardSet

    def likelihood(self, hidden: CardSet) -> float:
        """How likely this draw was had the hidden hand now held ``hidden``."""
        pool = hidden | self.played
        eights = count(pool & EIGHTS) if self.eights else 0
        return _likelihood(count(pool & self.ordinary), eights, count(pool), min(self.held, count(pool)),
                           self.covering, self.passed)


@lru_cache(maxsize=65536)
def _likelihood(ordinary: int, eights: int, pool: int, held: int, covering: bool, passed: bool) -> float:
    """The draw's likelihood averaged over how many of the ``ordinary`` and ``eights`` cards of
    the ``pool`` were among the ``held`` it had before (multivariate hypergeometric)."""
    rest = pool - ordinary - eights
    total = 0.0
    for followers in range(min(ordinary, held) + 1):
        for wild in range(min(eights, held - followers) + 1):
            if held - followers - wild > rest:
                continue
            chance = math.comb(ordinary, followers) * math.comb(eights, wild) * math.comb(rest, held - followers - wild)
            total += chance * _rate(followers, wild, covering, passed)
    return total / math.comb(pool, held)


def _rate(followers: int, wild: int, covering: bool, passed: bool) -> float:
    """The share of draws by a hand holding ``followers`` ordinary playable cards and ``wild`` 8s."""
    if followers == 0 and wild == 0:
        return 1.0
    if passed:
        return 0.0  # RULES "Empty stock": with nothing to draw, a hand that can play must
    if covering:
        return DRAW_INSTEAD_OF_COVERING
    if followers == 0:
        return DRAW_HOLDING_ONLY_EIGHTS
    return DRAW_RATES[min(followers, len(DRAW_RATES) - 1)]


@dataclass(frozen=True)
class History:
    """The hidden hand's draws and passes in the deal so far, as the bot has seen them."""

    events: tuple[Draw, ...]

    @classmethod
    def of(cls, decisions: Sequence[tuple[View, Move]], now: View) -> History:
        """The history from the bot's views and moves of the deal, in order, and its view ``now``
        (a view equal to one of the decisions' restarts from there: a move taken back)."""
        for index, (view, _) in enumerate(decisions):
            if view == now:
                decisions = decisions[:index]
                break
        views = [view for view, _ in decisions] + [now]
        opening = _before_first(views[0])
        found: list[tuple[Draw, int, CardSet]] = [] if opening is None else [(opening, 0, EMPTY)]
        drawn, played = (0, EMPTY) if opening is None else (opening.drawn, EMPTY)  # the tallies so far
        for (before, move), after in zip(decisions, views[1:]):
            seen = _between(before, move, after)
            if seen is None:
                continue
            draw, by_hand = seen
            played |= by_hand
            if draw is not None:
                found.append((draw, drawn, played))
                drawn += draw.drawn
        return cls(tuple(replace(draw, drawn=drawn - before_drawn, played=played & ~played_before)
                         for draw, before_drawn, played_before in found))

    def weight(self, hidden: CardSet) -> float:
        """How likely the history was had the hidden hand now held ``hidden`` (up to a constant)."""
        weight = 1.0
        for event in self.events:
            weight *= event.likelihood(hidden)
        return weight


def _between(before: View, move: Move, after: View) -> tuple[Draw | None, CardSet] | None:
    """What the hidden hand did between the bot's view ``before`` (where it made ``move``) and
    its next view ``after``: its draw or pass if it drew or passed last, and the cards it
    played. None when ``after`` cannot follow ``before`` (not the same seat's view)."""
    if after.seat != before.seat:
        return None
    hidden = before.hidden_seat
    following = _after_own_move(before.template, move)
    shown = after.template
    played = (shown.discard | bit(shown.upcard)) & before.unseen  # only the hidden hand plays unseen cards
    if following.side_to_act == before.template.side_to_act:
        return None, played  # a 3 of ours skipped the other side: it did not act
    last = (shown.turn - shown.direction) % 4
    if last != hidden or bit(shown.upcard) & before.unseen:
        return None, played  # the last to act was the dummy, or the hidden hand played the upcard
    first = shown.upcard == following.upcard  # it drew on what our move left, or on its partner's 3
    pending = following.pending if first else 0
    if rank_of(shown.upcard) == EIGHT and shown.called is None and not pending:
        return None, played  # any card was playable: a draw there says nothing of the hand
    if hidden in before.template.penalised:
        return None, played  # a penalised hand must draw
    drawn = after.hidden_count - before.hidden_count + count(played)
    nothing_left = count(after.unseen) == after.hidden_count and not shown.discard
    passed = drawn <= 0 and nothing_left
    drawn = 0 if passed else max(drawn, 1)
    held = after.hidden_count - drawn
    if held <= 0:
        return None, played  # a hand gone out must draw (RULES "Extended play")
    if pending:
        ordinary, eights = TWOS, False
    else:
        suit = shown.called if rank_of(shown.upcard) == EIGHT else suit_of(shown.upcard)
        assert suit is not None
        ordinary, eights = (suit_mask(suit) | rank_mask(rank_of(shown.upcard))) & ~EIGHTS, True
    return Draw(ordinary, eights, bool(pending), passed, held, drawn, EMPTY), played


def _before_first(first: View) -> Draw | None:
    """The hidden hand's draw before the bot's first turn of the deal: when nothing but the
    first upcard has been played, every action so far was a draw, and the hidden hand drew last
    if it is the hand before the one to act (it acted once: after a draw the next hand acts,
    and no hand of the bot's side has yet). The bot's hands still hold the cards dealt."""
    shown = first.template
    if shown.discard or (shown.turn - shown.direction) % 4 != first.hidden_seat:
        return None
    dealt = count(shown.hands[first.seat])
    drawn = first.hidden_count - dealt
    if drawn < 1 or shown.free_play or first.hidden_seat in shown.penalised:
        return None
    if rank_of(shown.upcard) == TWO:
        return Draw(TWOS, False, True, False, dealt, drawn, EMPTY)
    ordinary = (suit_mask(suit_of(shown.upcard)) | rank_mask(rank_of(shown.upcard))) & ~EIGHTS
    return Draw(ordinary, True, False, False, dealt, drawn, EMPTY)


def _after_own_move(position: Position, move: Move) -> Position:
    """The public state after the bot's own ``move`` (the cards of a draw do not matter here)."""
    if move.is_draw:
        return replace(position, turn=next_seat(position.turn, position.direction), pending=0)
    return apply_play(position, move)


def inferred_deals(view: View, history: History, samples: int, seed: int) -> list[Position]:
    """``samples`` deals the view cannot tell apart, drawn in proportion to how likely each made
    the history: ``CANDIDATES_PER_SAMPLE`` uniform deals a sample, then sample i drawn among them
    by weight from ``seed`` and i (importance resampling). With no events, the uniform deals of
    ``eights.play.fair.sample_deals``; when every candidate weighs nothing, the candidates
    uniformly (the history then contradicts the model: it is ignored)."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    if not history.events:
        return [view.sample(random.Random(derive(seed, "sample", index))) for index in range(samples)]
    rng = random.Random(derive(seed, "candidates"))
    candidates = [view.sample(rng) for _ in range(samples * CANDIDATES_PER_SAMPLE)]
    weights = [history.weight(deal.hands[view.hidden_seat]) for deal in candidates]
    if not any(weights):
        weights = [1.0] * len(candidates)
    return [random.Random(derive(seed, "sample", index)).choices(candidates, weights)[0] for index in range(samples)]

