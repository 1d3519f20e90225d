"""Issue #38 (What to build 2 and 3): ``eights play`` is one loop over the game interface for every
game, on a real terminal (pexpect): a classic/4 deal and an sce2 match each with a fair hint from
the person's own view and an undo that brings the table back as it was, and a family match over
two deals played to its end (each deal analysed, its points and the totals, a match record that
``eights replay`` replays). The bots search at depth 1 or play at random, so that every run
plays the same cards."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from eights.engine.match import MatchResult
from eights.games import find_game

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
FAMILY_PROMPT = r"seat \d \(you\)> "
SCE2_PROMPT = r"[NESW] \(your (hand|dummy)\)> "
SAVED = r"Record saved to "


def terminal(record: Path, *args: str) -> pexpect.spawn:
    """``eights play --record RECORD ARGS`` on a terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", "play", "--record", str(record), *args], cwd=str(ROOT),
                          encoding="utf-8", timeout=60, dimensions=(60, 200))
    child.setecho(False)
    child.delaybeforesend = None
    return child


def say(child: pexpect.spawn, line: str, prompt: str) -> str:
    """``line`` typed at a prompt: what was printed up to the next prompt, its line ends plain."""
    child.sendline(line)
    child.expect(prompt)
    return str(child.before).replace("\r\n", "\n")


def first_legal(child: pexpect.spawn, prompt: str) -> str:
    """The first of the legal moves ``moves`` lists."""
    return say(child, "moves", prompt).strip().splitlines()[-1].split(", ")[0]


def quit_and_read(child: pexpect.spawn, record: Path) -> dict:
    """``quit``; the record saved."""
    child.sendline("quit")
    child.expect(SAVED)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return json.loads(record.read_text(encoding="utf-8"))


def test_a_classic_4_deal_with_a_fair_hint_and_an_undo(tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    child = terminal(record, "--rules", "classic/4", "--seat", "1", "--seed", "3", "--bot", "solver:depth=1",
                     "--hint-ms", "60", "--analysis-ms", "0")
    child.expect(FAMILY_PROMPT)
    table = str(child.before).replace("\r\n", "\n")
    table = table[table.index("seat 0 (dealer)"):].strip()
    assert "You are seat 1." in child.before and "face down" in table
    moves = say(child, "moves", FAMILY_PROMPT).strip().split(", ")
    hint = say(child, "hint", FAMILY_PROMPT)
    assert hint.startswith("fair hint from your view, never another hand") and "from seat 1's view" in hint
    assert all(move in hint for move in moves)
    played = say(child, moves[0], FAMILY_PROMPT)
    assert played.startswith("you ") and "Traceback" not in played
    taken = say(child, "undo", FAMILY_PROMPT)
    assert taken.startswith("taken back: you ") and taken.strip().endswith(table.splitlines()[-1])
    assert table in taken  # the table as it was before the move
    data = quit_and_read(child, record)
    game = find_game("classic/4")
    start, steps, players = game.read_deal_record(data)
    assert players == ("solver:depth=1", "human", "solver:depth=1", "solver:depth=1") and data["result"] is None
    movers = [game.to_act(before) for before in [start, *(step.after for step in steps)][:len(steps)]]
    assert 1 not in movers  # the person's move taken back is in no record


def test_an_sce2_match_with_a_fair_hint_and_an_undo(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    child = terminal(record, "--deals", "1", "--bot", "random", "--seed", "4", "--hint-ms", "50", "--analysis-ms", "0")
    child.expect(SCE2_PROMPT)
    table = str(child.before).replace("\r\n", "\n")
    table = table[table.index("N (dummy, NS)"):].strip()
    assert "sce2. You against random, seed 4, 1 deal." in child.before and "You sit South" in child.before
    hint = say(child, "hint", SCE2_PROMPT)
    assert hint.startswith("fair hint from your view, never another hand") and "fair hint from S's view" in hint
    assert "double-dummy hint (it sees every hand" in say(child, "hint dd", SCE2_PROMPT)
    move = first_legal(child, SCE2_PROMPT)
    say(child, move, SCE2_PROMPT)
    taken = say(child, "undo", SCE2_PROMPT)
    assert re.match(rf"taken back: N \(your dummy\) {move.split()[0]}s", taken) and table in taken
    match = MatchResult.from_json(quit_and_read(child, record))
    assert match.deals == () and match.unfinished is not None and len(match.unfinished.moves) == 1  # the bot's opening


def test_a_family_match_over_two_deals_is_played_to_its_end_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    child = terminal(record, "--rules", "classic/3", "--deals", "2", "--seed", "5", "--bot", "solver:depth=1",
                     "--analysis-ms", "5")
    transcript = ""
    for _ in range(2000):
        ended = child.expect([FAMILY_PROMPT, SAVED]) == 1
        transcript += str(child.before).replace("\r\n", "\n")
        if ended:
            break
        child.sendline(first_legal(child, FAMILY_PROMPT))
    else:
        pytest.fail("the match did not end")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["kind"] == "match" and len(data["deals"]) == 2
    assert "Deal 1 of 2, " in transcript and "Deal 2 of 2, " in transcript and "seat 1 deals" in transcript
    assert transcript.count("The deal's analysis") == 2 and transcript.count("deal over: payoffs") == 2
    totals = ", ".join(f"{name} {total}" for name, total in zip(("you", "seat 1", "seat 2"), data["points"]))
    assert "Deal 2: " in transcript and f"Totals: {totals}." in transcript
    assert f"Match over after 2 deals: {totals}: " in transcript
    replayed = pexpect.run(f"{sys.executable} -m eights replay {record}", cwd=str(ROOT), encoding="utf-8")
    assert replayed.strip().endswith("totals " + ", ".join(data["totals"]))
