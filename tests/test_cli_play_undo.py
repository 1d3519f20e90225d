"""Issue #28, 7: ``undo`` at ``eights play``'s prompt, on a real terminal (pexpect): it takes back
the person's last move and the bot's moves after it, again and again back to the deal's start;
a draw taken back and made again brings the same cards (the stock keeps its order); the
record leaves the moves taken back out."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_cli_play import PROMPT, finish, first_legal, spawn, table_of

NO_ANALYSIS = ("--analysis-ms", "0")


def test_undo_takes_back_the_persons_move_and_the_bots_after_it_and_the_record_leaves_them_out(
        tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", *NO_ANALYSIS)
    child.expect(PROMPT)
    before = table_of(child.before)
    move = first_legal(child)
    child.sendline(move)
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    assert re.search(rf"taken back: N \(your dummy\) {move.split()[0]}s", child.before)
    assert table_of(child.before) == before
    child.sendline("quit")
    unfinished = finish(child, tmp_path).unfinished
    assert unfinished is not None and len(unfinished.moves) == 1  # the bot's opening move alone


def test_undo_again_goes_back_to_the_deals_start_and_no_further(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", *NO_ANALYSIS)
    child.expect(PROMPT)
    start = table_of(child.before)
    for _ in range(2):
        child.sendline(first_legal(child))
        child.expect(PROMPT)
    for _ in range(2):
        child.sendline("undo")
        child.expect(PROMPT)
        assert "taken back: " in child.before and "Traceback" not in child.before
    assert table_of(child.before) == start
    child.sendline("undo")
    child.expect(PROMPT)
    assert child.before.strip() == "nothing to take back: you have made no move in this deal"
    child.sendline("quit")
    unfinished = finish(child, tmp_path).unfinished
    assert unfinished is not None and len(unfinished.moves) == 1


def test_a_draw_taken_back_and_made_again_brings_the_same_cards(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", *NO_ANALYSIS)
    while child.expect([r"S \(your hand\)> ", PROMPT]) == 1:  # to a turn of the hand, which may always draw
        child.sendline(first_legal(child))
    drawn = []
    for typed in ("draw", "undo", "draw"):
        child.sendline(typed)
        child.expect(PROMPT)
        drawn += re.findall(r"S \(your hand\) draws (\S+)", child.before.split("taken back")[0])
    assert len(drawn) == 2 and drawn[0] == drawn[1]
    child.sendline("quit")
    unfinished = finish(child, tmp_path).unfinished
    assert unfinished is not None and [move.notation() for move in unfinished.moves].count(f"draw {drawn[0]}") == 1
