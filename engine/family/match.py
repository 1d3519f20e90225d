"""Matches of the family games: deals played one after another, the deal passing to the left.

- ``sce``: the 15 deals of 8, 7, ..., 1, ..., 8 cards; each player counts the points left in
  her own hand; the lowest total wins.
- ``classic``: deals until a player's winnings reach the target (100 with 2 players, 50 more
  for each further one); that player wins.
- ``openspiel`` and ``layout``: as many deals as players (each deals once); the highest total
  payoff wins.

>>> from eights.engine.family.ruleset import parse_rules
>>> result = play_family_match(parse_rules("sce/3"), [random_family_strategy] * 3, seed=1)
>>> len(result.deals), result.totals == tuple(sum(d[s] for d in result.deals) for s in range(3))
(15, True)

A match's record (``FamilyMatchResult.to_json``) is the one record format's (``eights.engine.record``),
with the fields of sce2's match record (``eights.engine.match.MatchRecord``) for the same concepts
and the family's own beside them (docs/family.md, "Deals, matches and records"):

>>> record = result.to_json(["random"] * 3, seed=1)
>>> list(record)
['format', 'version', 'kind', 'rules', 'players', 'seed', 'schedule', 'deals', 'totals', 'unfinished', 'points', 'winner']
>>> record["schedule"][1], record["deals"][0]["players"], record["unfinished"]
({'number': 2, 'hand_size': 7, 'dealer': 1}, ['random', 'random', 'random'], None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from eights.engine.cards import Seat
from eights.engine.errors import IllegalMoveError
from eights.engine.family.deal import deal
from eights.engine.family.moves import FamilyMove
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import apply_chance, apply_move, chance_outcomes, legal_moves
from eights.engine.family.ruleset import SCE_HAND_SIZES, Ruleset, RulesetError
from eights.engine.family.record import FamilyDealRecord, card_event
from eights.engine.record import MATCH, envelope

FamilyStrategy = Callable[[FamilyPosition, random.Random], FamilyMove]
# Told of every event of a deal as it is played: the position before, the event (``play 7S``,
# ``draw``, ``card 2C``...) and the position after (a person at a table is shown them).
Observer = Callable[[FamilyPosition, str, FamilyPosition], None]
MAX_EVENTS = 100_000  # a guard: every deal ends (RULES-FAMILY "Every deal ends") long before this
MAX_DEALS = 1_000  # a classic game that reaches no target in this many deals is stopped


def random_family_strategy(position: FamilyPosition, rng: random.Random) -> FamilyMove:
    """A uniformly random legal move."""
    return rng.choice(list(legal_moves(position)))


def play_family_deal(position: FamilyPosition, strategies: Sequence[FamilyStrategy], rng: random.Random,
                     observe: Observer | None = None) -> FamilyDealRecord:
    """The deal played to its end, recorded: each seat's strategy chooses its moves, draws are
    random; ``observe`` is told of each event.

    Raises ``IllegalMoveError`` (field ``deal``) for a deal longer than ``MAX_EVENTS`` events.
    """
    start, events = position, list[str]()
    for _ in range(MAX_EVENTS):
        if position.is_over:
            return FamilyDealRecord(start, tuple(events), position)
        before = position
        if position.owed:
            cards, weights = zip(*chance_outcomes(position))
            card = rng.choices(cards, [float(w) for w in weights])[0]
            position = apply_chance(position, card)
            events.append(card_event(card))
        else:
            move = strategies[position.turn](position, rng)
            position = apply_move(position, move)
            events.append(move.notation())
        if observe is not None:
            observe(before, events[-1], position)
    raise IllegalMoveError("deal", f"no end after {MAX_EVENTS} events")


@dataclass(frozen=True)
class FamilyMatchResult:
    """A played match: each deal's record (its ruleset, dealer, cards and events) and payoffs
    (seat 0 first), their totals, the match's points per player (``sce``: points against,
    lower is better; ``classic``: winnings; otherwise the payoffs' totals) and the winner (the
    first seat from seat 0 among the best)."""

    rules: Ruleset
    records: tuple[FamilyDealRecord, ...]
    deals: tuple[tuple[Fraction, ...], ...]
    totals: tuple[Fraction, ...]
    points: tuple[Fraction, ...]
    winner: Seat

    @property
    def starts(self) -> tuple[FamilyPosition, ...]:
        """Each deal's first position."""
        return tuple(record.start for record in self.records)

    def to_json(self, players: Sequence[str] | None = None, seed: int | None = None, planned: int | None = None,
                unfinished: FamilyDealRecord | None = None) -> dict[str, Any]:
        """The match record: who plays each seat (``players``, seat 0 first, each deal's record
        naming them too; None: not known), the ``seed`` its deals and draws came from (None: not
        known), the ``schedule`` of the ``planned`` deals (None: those played and under way), the
        finished deals' records, the totals, the deal under way when the match stopped
        (``unfinished``, None: none), then the family's ruleset, points and winner."""
        def named(record: FamilyDealRecord) -> dict[str, Any]:
            return (record if players is None else replace(record, players=tuple(players))).to_json()

        planned = len(self.records) + (unfinished is not None) if planned is None else planned
        return {**envelope(MATCH), "rules": self.rules.name, "players": None if players is None else list(players),
                "seed": seed, "schedule": [schedule_entry(self.rules, number) for number in range(1, planned + 1)],
                "deals": [named(record) for record in self.records], "totals": [str(t) for t in self.totals],
                "unfinished": None if unfinished is None else named(unfinished),
                "points": [str(p) for p in self.points], "winner": self.winner}


def deal_rules(rules: Ruleset, number: int) -> Ruleset:
    """The ruleset of deal ``number`` (1-based): ``sce``'s hand size follows the schedule."""
    return replace(rules, deal=number) if rules.preset == "sce" else rules


def schedule_entry(rules: Ruleset, number: int) -> dict[str, Any]:
    """Deal ``number`` as a match record's schedule lists it: its hand size and dealing seat
    (seat 0 deals deal 1, the deal passing to the left)."""
    return {"number": number, "hand_size": deal_rules(rules, number).hand_size(), "dealer": (number - 1) % rules.players}


def match_so_far(rules: Ruleset, records: Sequence[FamilyDealRecord]) -> FamilyMatchResult:
    """The match of ``rules`` after the finished deals ``records`` (one at least): their payoffs
    and totals, the points (``sce``: points against, negated; ``classic``: each player's
    winnings; otherwise the totals) and the best player so far."""
    results = tuple(record.payoffs() for record in records)
    seats = range(rules.players)
    totals = tuple(sum((payoffs[seat] for payoffs in results), Fraction(0)) for seat in seats)
    if rules.target_score is not None:
        points = tuple(sum((payoffs[seat] for payoffs in results if payoffs[seat] > 0), Fraction(0)) for seat in seats)
    else:
        points = tuple(-total for total in totals) if rules.preset == "sce" else totals
    best = min(points) if rules.preset == "sce" else max(points)
    return FamilyMatchResult(rules, tuple(records), results, totals, points, points.index(best))


def match_over(result: FamilyMatchResult) -> bool:
    """True when the match's rules end it after its deals: ``classic``'s target reached (or
    ``MAX_DEALS`` played), ``sce``'s 15 deals, the others' one deal per player."""
    rules, played = result.rules, len(result.records)
    if rules.target_score is not None:
        return max(result.points) >= rules.target_score or played >= MAX_DEALS
    return played >= (len(SCE_HAND_SIZES) if rules.preset == "sce" else rules.players)


def play_family_match(rules: Ruleset, strategies: Sequence[FamilyStrategy], seed: int, deals: int | None = None,
                      observe: Observer | None = None) -> FamilyMatchResult:
    """A match of ``rules`` between ``strategies`` (one per seat), reproducible from ``seed``:
    seat 0 deals first and the deal passes to the left. ``deals``: stop after that many deals
    if the match is not over before (``match_so_far``); ``observe`` is told of every event of
    every deal."""
    if rules.preset == "sce2":
        raise RulesetError("rules", "sce2 matches are eights.engine.play_match's")
    if len(strategies) != rules.players:
        raise RulesetError("strategies", f"one per player: {rules.players}, not {len(strategies)}")
    rng = random.Random(seed)
    records: list[FamilyDealRecord] = []
    while True:
        number = len(records) + 1
        position = deal(deal_rules(rules, number), rng.getrandbits(53), dealer=(number - 1) % rules.players)
        records.append(play_family_deal(position, strategies, rng, observe))
        result = match_so_far(rules, records)
        if match_over(result) or number == deals:
            return result
