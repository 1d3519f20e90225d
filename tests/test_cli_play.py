"""Issue #8, ``eights play`` through a real terminal (pexpect): a whole deal played to its end
and its record written, bad input answered in one line with a new prompt, quit and the end
of input or Ctrl-C saving what was played."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import pytest

from eights.engine.match import MatchResult

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"[NESW] \(your (hand|dummy)\)> "
SAVED = r"Record saved to "
MAX_TURNS = 400


def default_ctrl_c() -> None:
    """Ctrl-C as at a person's terminal, even when the tests run as a background job (which
    starts with SIGINT ignored, and Python then ignores it too)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def terminal(*args: str) -> pexpect.spawn:
    """``eights ARGS`` on a terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", *args], cwd=str(ROOT), encoding="utf-8", timeout=20,
                          dimensions=(60, 200), preexec_fn=default_ctrl_c)
    child.setecho(False)
    child.delaybeforesend = None  # the prompt waits for the line: no pause needed before sending it
    return child


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    """``eights play --deals 1 --bot random --record tmp/match.json ARGS`` on a terminal."""
    return terminal("play", "--deals", "1", "--bot", "random", "--record", str(tmp_path / "match.json"), *args)


def finish(child: pexpect.spawn, tmp_path: Path) -> MatchResult:
    """Wait for the program to end well; the match record it saved, read back (replayed)."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return MatchResult.from_json(json.loads((tmp_path / "match.json").read_text(encoding="utf-8")))


def first_legal(child: pexpect.spawn) -> str:
    """At a prompt: the first of the legal moves ``moves`` lists."""
    child.sendline("moves")
    child.expect(PROMPT)
    return str(child.before.strip().splitlines()[-1].split(", ")[0])


def play_first_moves(child: pexpect.spawn, until: str = SAVED) -> str:
    """Play the first legal move at each prompt until ``until`` is printed; what was printed
    before it, the prompts and the answers to ``moves`` left out."""
    transcript = ""
    for _ in range(MAX_TURNS):
        ended = child.expect([PROMPT, until]) == 1
        transcript += child.before
        if ended:
            return transcript
        child.sendline(first_legal(child))
    pytest.fail(f"{until!r} was not printed")


def table_of(text: str) -> str:
    """The last table drawn in ``text``, from its North hand to the end."""
    return text[text.rindex("N (dummy, NS)"):].strip()


def test_a_deal_played_to_its_end_writes_a_record_that_replays(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "1", "--analysis-ms", "0")  # the analysis: tests/test_cli_play_analysis.py
    transcript = play_first_moves(child)
    match = finish(child, tmp_path)
    assert len(match.deals) == 1 and match.unfinished is None
    assert "face down" in transcript and "(the bot's " in transcript and "Traceback" not in transcript
    points, totals = match.deals[0].player_points, match.totals
    assert f"Deal 1: you {points[0]}, the bot {points[1]}." in transcript
    assert f"Match over after 1 deal: you {totals[0]}, the bot {totals[1]}" in transcript


def test_bad_input_gets_one_line_and_a_new_prompt_and_quit_saves_what_was_played(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "2")
    child.expect(PROMPT)
    for typed, answer in (("flibble", "unknown command 'flibble'"), ("play ZZ", "move: "),
                          ("draw KS", "a draw takes its cards from the stock"), ("", ""),
                          ("help", "commands:")):
        child.sendline(typed)
        child.expect(PROMPT)
        assert answer in child.before and "Traceback" not in child.before
        if typed != "help":
            assert len(child.before.strip().splitlines()) <= 1
    child.sendline("quit")
    child.expect("Match stopped in deal 1")
    child.expect(SAVED)
    match = finish(child, tmp_path)
    assert match.deals == () and match.totals == (0, 0) and match.unfinished is not None


@pytest.mark.parametrize("key", ["eof", "intr"])
def test_the_end_of_input_or_ctrl_c_stops_the_match_and_saves_it(tmp_path: Path, key: str) -> None:
    child = spawn(tmp_path, "--seed", "3")
    child.expect(PROMPT)
    if key == "eof":
        child.sendeof()
    else:
        child.sendintr()
    child.expect(SAVED)
    assert finish(child, tmp_path).unfinished is not None
