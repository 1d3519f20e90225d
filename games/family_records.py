"""The family's records: a match record in the one record format (``eights.engine.record``), with
the top-level fields of sce2's match record (``eights.engine.match.MatchRecord``) for the same
concepts, and replaying deal and match records as ``eights replay`` shows them.

A family match record (``match_record``) names who plays each seat (``players``, seat 0 first:
the family's players keep their seats), the seed its deals and draws come from (``seed``, null
when not known), the deals planned (``schedule``: each one's number, hand size and dealing seat),
the finished deals (``deals``: each a family deal record, naming its players), each seat's
payoffs added up (``totals``), the deal under way when the match stopped (``unfinished``: its
deal record, or null), and the family's extras beside them: ``rules``, the match's ``points``
(sce's points against, negated; classic's winnings; the others' totals) and the ``winner``.
The record is written by ``eights.engine.family.match.FamilyMatchResult.to_json``, the one writer of
the format. Records written before (``rules``, ``deals``, ``totals``, ``points``, ``winner`` alone)
still read: they name no players nor seed, hold no deal under way and plan the deals they have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.errors import EightsError
from eights.engine.family.match import deal_rules, match_so_far, schedule_entry
from eights.engine.family.notation import compact_family
from eights.engine.family.record import FamilyDealRecord, FamilyRecordError, apply_event, located_events, written_moves
from eights.engine.family.ruleset import Ruleset
from eights.engine.record import MATCH, MAX_NAME, record_kind
from eights.engine.steps import check_seed

# The keys of a family match record: those of sce2's match record, then the family's own.
_MATCH_KEYS = ("format", "version", "kind", "rules", "players", "seed", "schedule", "deals", "totals", "unfinished",
               "points", "winner")


@dataclass(frozen=True)
class FamilyMatch:
    """A family match as its record has it: who plays each seat (None: not said), the seed (None:
    not said), the deals planned, the finished deals' records and the deal under way's (None)."""

    ruleset: Ruleset
    players: tuple[str, ...] | None
    seed: int | None
    planned: int
    deals: tuple[FamilyDealRecord, ...]
    unfinished: FamilyDealRecord | None

    def to_json(self) -> dict[str, Any]:
        """The match record (see the module's docstring: ``FamilyMatchResult.to_json``), the deals'
        records naming the players."""
        return match_so_far(self.ruleset, self.deals).to_json(self.players, self.seed, self.planned, self.unfinished)


def read_match(ruleset: Ruleset, data: Any) -> FamilyMatch:
    """A family match record of ``ruleset`` read back, in this version's format or the one
    before: every deal replayed (errors named under ``deals[2]``, ``unfinished``), each dealt as
    the match deals it (its rules and dealing seat), finished but the one under way, and the
    ``players``, ``schedule``, ``totals``, ``points`` and ``winner`` it states checked against
    them. Each error is a FamilyRecordError naming its field."""
    if not isinstance(data, dict):
        raise FamilyRecordError("record", f"an object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(_MATCH_KEYS))
    if unknown:
        raise FamilyRecordError(unknown[0][:80], "unknown key")
    players = _players(ruleset, data.get("players"))
    seed = None if data.get("seed") is None else check_seed(data["seed"], "seed")
    deals = data.get("deals")
    if not isinstance(deals, list) or not (deals or data.get("unfinished") is not None):
        raise FamilyRecordError("deals", "a list of deal records, one at least (or the deal under way, unfinished)")
    records = tuple(_deal(ruleset, entry, number, f"deals[{number - 1}]", players)
                    for number, entry in enumerate(deals, start=1))
    for index, record in enumerate(records):
        if not record.end.is_over:
            raise FamilyRecordError(f"deals[{index}]", "the deal is not over (a deal under way is unfinished)")
    unfinished = None
    if data.get("unfinished") is not None:
        unfinished = _deal(ruleset, data["unfinished"], len(records) + 1, "unfinished", players)
        if unfinished.end.is_over:
            raise FamilyRecordError("unfinished", "the deal is over: it belongs in deals")
    played = len(records) + (unfinished is not None)
    planned = played if data.get("schedule") is None else _schedule(ruleset, data["schedule"])
    if played > planned:
        raise FamilyRecordError("schedule", f"plans {planned} deals, but the record has {played}")
    match = FamilyMatch(ruleset, players, seed, planned, records, unfinished)
    written = match.to_json()
    for key in ("totals", "points", "winner"):
        if data.get(key) is not None and data[key] != written[key]:
            given = ", ".join(map(str, written[key])) if isinstance(written[key], list) else written[key]
            raise FamilyRecordError(key, f"the deals {'add up to' if key == 'totals' else 'give'} {given}, "
                                         f"not {str(data[key])[:80]}")
    return match


def _players(ruleset: Ruleset, data: Any) -> tuple[str, ...] | None:
    """A name for each seat, seat 0 first, or None (not said)."""
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != ruleset.players or \
            not all(isinstance(name, str) and 0 < len(name) <= MAX_NAME for name in data):
        raise FamilyRecordError("players", f"a name of 1 to {MAX_NAME} characters for each of the "
                                           f"{ruleset.players} seats, seat 0 first")
    return tuple(data)


def _schedule(ruleset: Ruleset, data: Any) -> int:
    """The number of deals the schedule plans: it must list the match's deals from the first."""
    if not isinstance(data, list) or not data:
        raise FamilyRecordError("schedule", "a list of the deals planned, one at least")
    for index, entry in enumerate(data):
        if entry != schedule_entry(ruleset, index + 1):
            raise FamilyRecordError(f"schedule[{index}]", f"deal {index + 1} is {schedule_entry(ruleset, index + 1)}")
    return len(data)


def _deal(ruleset: Ruleset, data: Any, number: int, field: str, players: tuple[str, ...] | None) -> FamilyDealRecord:
    """Deal ``number``'s record (errors named under ``field``): dealt by the match's rules and
    seat, naming the match's players if it names any."""
    try:
        record = FamilyDealRecord.from_json(data)
    except EightsError as error:
        raise type(error)(f"{field}.{error.field}", error.problem) from None
    rules, dealer = deal_rules(ruleset, number), (number - 1) % ruleset.players
    if record.start.rules != rules:
        raise FamilyRecordError(f"{field}.rules", f"deal {number} of a {ruleset.name} match is {rules.name}'s, "
                                                  f"not {record.start.rules.name}'s")
    if record.start.dealer != dealer:
        raise FamilyRecordError(f"{field}.position", f"deal {number} of a match is dealt by seat {dealer}")
    if players is not None and record.players is not None and record.players != players:
        raise FamilyRecordError(f"{field}.players", "not the match's players")
    return record


def match_record(ruleset: Ruleset, players: Sequence[str], seed: int, planned: int,
                 deals: Sequence[FamilyDealRecord], under_way: FamilyDealRecord | None) -> dict[str, Any]:
    """The match record of ``deals`` (finished) and the deal ``under_way`` (None: none) between
    ``players`` from ``seed``, ``planned`` deals planned."""
    return FamilyMatch(ruleset, tuple(players), seed, planned, tuple(deals), under_way).to_json()


def replay(ruleset: Ruleset, data: Any) -> tuple[dict[str, Any], str]:
    """A family deal or match record replayed: the record as this version writes it, and the lines."""
    if record_kind(data) == MATCH:
        return replay_match(ruleset, data)
    record = FamilyDealRecord.from_json(data)
    return record.to_json(), "\n".join(_deal_lines(record))


def _deal_lines(record: FamilyDealRecord) -> list[str]:
    """The deal's first position, every move (a draw with its cards: ``written_moves``) with the
    position after it, and its payoffs once over."""
    lines, position = [compact_family(record.start)], record.start
    for move in written_moves(record.events):
        for event, where in located_events([move]):
            position = apply_event(position, event, where)
        lines.append(f"{move:<16} {compact_family(position)}")
    if position.is_over:
        lines.append("deal over: payoffs " + ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(record.payoffs())))
    return lines


def replay_match(ruleset: Ruleset, data: Any) -> tuple[dict[str, Any], str]:
    """A family match record replayed (``read_match``): each deal (its dealer and payoffs), the
    deal under way, then the totals."""
    match = read_match(ruleset, data)
    written = match.to_json()
    lines = [f"{ruleset.name}, {len(match.deals)} deals"
             + ("" if match.players is None else f": seats {', '.join(match.players)}")
             + ("" if match.seed is None else f", seed {match.seed}")]
    lines += [f"deal {number:>2} (dealer {record.start.dealer}): payoffs {', '.join(map(str, record.payoffs()))}"
              for number, record in enumerate(match.deals, start=1)]
    if match.unfinished is not None:
        lines.append(f"deal {len(match.deals) + 1:>2} (dealer {match.unfinished.start.dealer}): under way after "
                     f"{len(match.unfinished.events)} events")
    lines.append(f"totals {', '.join(written['totals'])}")
    return written, "\n".join(lines)
