"""Replaying records: a deal record or a match record (JSON, as eights match, eights play and
the board write them; older versions too) is replayed move by move, and must reach what it
says. ``--json`` prints the record read, in the format this version writes."""

from __future__ import annotations

import argparse

from eights.cli.common import Command, emit, read_json
from eights.cli.positions import score_line
from eights.engine import compact, score
from eights.engine.cards import SEATS, count
from eights.engine.match import MatchRecord
from eights.engine.record import MATCH, DealRecord, record_kind


def cmd_replay(args: argparse.Namespace) -> None:
    """Replay a deal or match record: every position, and the score it reaches."""
    data = read_json(args.file)
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


def register(command: Command) -> None:
    """Add this module's subcommands."""
    command("replay", cmd_replay, position=False).add_argument("file", help="the record, or - for stdin")
