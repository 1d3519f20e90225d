"""Replaying records: a deal record or a match record of any game (JSON, as eights match, eights
play and the board write them; older versions too) is replayed move by move through its game
(``Game.replay``), and must reach what it says. ``--json`` prints the record read, in the format
this version writes."""

from __future__ import annotations

import argparse

from eights.cli.common import Command, emit, read_json
from eights.games import game_of


def cmd_replay(args: argparse.Namespace) -> None:
    """Replay a deal or match record: every position, and the score it reaches."""
    data = read_json(args.file)
    record, text = game_of(data, None).replay(data)
    emit(record, args.json, text)


def register(command: Command) -> None:
    """Add this module's subcommands."""
    command("replay", cmd_replay, position=False).add_argument("file", help="the record, or - for stdin")
