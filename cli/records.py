"""Replaying records: a deal record or a match record (JSON, as eights match, eights play and
the board write them; older versions too) is replayed move by move, and must reach what it
says. ``--json`` prints the record read, in the format this version writes."""

from __future__ import annotations

import argparse
from typing import Any

from eights.cli.common import Command, CommandLineError, emit, read_json
from eights.games.sce2 import score_line
from eights.engine import compact, score
from eights.engine.cards import SEATS, count
from eights.engine.match import MatchRecord
from eights.engine.family.notation import compact_family
from eights.engine.family.record import FamilyDealRecord, apply_event
from eights.engine.record import MATCH, DealRecord, is_family_record, record_kind


def cmd_replay(args: argparse.Namespace) -> None:
    """Replay a deal or match record: every position, and the score it reaches."""
    data = read_json(args.file)
    if is_family_record(data):
        replay_family(data, args.json)
        return
    if record_kind(data) == MATCH:
        read = MatchRecord.from_json(data)
        match = read.result
        seed = "" if read.seed is None else f", seed {read.seed}"
        lines = [f"{read.players[0]} (player 0) against {read.players[1]} (player 1), "
                 f"{len(match.deals)} of {read.planned} deals finished{seed}"]
        lines += [f"deal {deal.number:>2} ({count(deal.record.start.hands[0])} cards, dealer {SEATS[deal.dealer]}): "
                 f"points {deal.player_points[0]:>3} {deal.player_points[1]:>3}, "
                 f"totals {deal.running_totals[0]:>4} {deal.running_totals[1]:>4}" for deal in match.deals]
        lines.append(f"totals {match.totals[0]} {match.totals[1]}")
        if match.unfinished is not None:
            lines.append(f"stopped in deal {len(match.deals) + 1} after {len(match.unfinished.moves)} moves")
        emit(read.to_json(), args.json, "\n".join(lines))
        return
    record = DealRecord.from_json(data)
    positions = record.positions()
    lines = [compact(positions[0])]
    lines += [f"{move.notation():<16} {compact(after)}" for move, after in zip(record.moves, positions[1:])]
    if positions[-1].is_over:
        lines.append(score_line(score(positions[-1])))
    emit(record.to_json(), args.json, "\n".join(lines))


def replay_family(data: dict[str, Any], as_json: bool) -> None:
    """Replay a record of a family game (``eights.engine.family.record``): a deal's every event
    and the position after it, then the payoffs once it is over; a match's deals, each replayed,
    with their payoffs, and the totals they add up to."""
    if record_kind(data) == MATCH:
        replay_family_match(data, as_json)
        return
    record = FamilyDealRecord.from_json(data)
    lines, position = [compact_family(record.start)], record.start
    for index, event in enumerate(record.events):
        position = apply_event(position, event, f"moves[{index}]")
        lines.append(f"{event:<16} {compact_family(position)}")
    if position.is_over:
        lines.append("deal over: payoffs " + ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(record.payoffs())))
    emit(record.to_json(), as_json, "\n".join(lines))


def replay_family_match(data: dict[str, Any], as_json: bool) -> None:
    """A family match record replayed: each deal (its dealer and payoffs), then the totals,
    which must be the sum of the deals' payoffs."""
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise CommandLineError("deals: a list of the match's deal records")
    records = [FamilyDealRecord.from_json(deal) for deal in deals]
    totals = [str(sum(payoffs)) for payoffs in zip(*(record.payoffs() for record in records))]
    if data.get("totals") != totals:
        raise CommandLineError(f"totals: the deals add up to {', '.join(totals)}, not {data.get('totals')}")
    lines = [f"{data.get('rules')}, {len(records)} deals"]
    lines += [f"deal {number:>2} (dealer {record.start.dealer}): payoffs {', '.join(map(str, record.payoffs()))}"
              for number, record in enumerate(records, start=1)]
    lines.append(f"totals {', '.join(totals)}")
    emit(data, as_json, "\n".join(lines))


def register(command: Command) -> None:
    """Add this module's subcommands."""
    command("replay", cmd_replay, position=False).add_argument("file", help="the record, or - for stdin")
