"""Issue #32 (2, Done when): a whole family deal played with the command line alone. ``eights
play --rules`` on a real terminal (pexpect): the person's moves typed until the deal ends, the
others' hands face down, the hints, quit; and the plain way, ``eights deal --rules layout/6``
then ``eights apply`` one action at a time, each bot move from ``eights hint``, until the deal
is over. Bad options: one line naming the option, status 2."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from eights.engine.family.notation import parse_family
from eights.engine.family.record import FamilyDealRecord, apply_event
from eights.engine.family.match import MAX_EVENTS
from tests.cli_support import run

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"seat \d \(you\)> "
SAVED = r"Record saved to "


def terminal(tmp_path: Path, *args: str) -> pexpect.spawn:
    """``eights play --record tmp/deal.json ARGS`` on a terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", "play", "--record", str(tmp_path / "deal.json"), *args],
                          cwd=str(ROOT), encoding="utf-8", timeout=30, dimensions=(60, 200))
    child.setecho(False)
    child.delaybeforesend = None
    return child


def first_legal(child: pexpect.spawn) -> str:
    """At a prompt: the first of the legal moves ``moves`` lists."""
    child.sendline("moves")
    child.expect(PROMPT)
    return str(child.before.strip().splitlines()[-1].split(", ")[0])


def play_to_the_end(child: pexpect.spawn) -> str:
    """The first legal move typed at each prompt until the record is saved; what was printed."""
    transcript = ""
    for _ in range(MAX_EVENTS):
        ended = child.expect([PROMPT, SAVED]) == 1
        transcript += child.before
        if ended:
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 0
            return transcript
        child.sendline(first_legal(child))
    pytest.fail("the deal did not end")


def saved(tmp_path: Path) -> FamilyDealRecord:
    """The deal record written, read back (replayed and checked)."""
    return FamilyDealRecord.from_json(json.loads((tmp_path / "deal.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize(("rules", "seat"), [("classic/4", "0"), ("layout/6", "3")])
def test_a_whole_deal_typed_at_the_terminal_ends_and_its_record_replays(tmp_path: Path, rules: str, seat: str) -> None:
    child = terminal(tmp_path, "--rules", rules, "--seat", seat, "--bot", "heuristic", "--seed", "11")
    transcript = play_to_the_end(child)
    record = saved(tmp_path)
    assert record.start.rules.name == rules and record.end.is_over
    assert f"You are seat {seat}." in transcript and "face down" in transcript and "Traceback" not in transcript
    payoffs = record.payoffs()
    assert "deal over: payoffs " + ", ".join(f"{s}: {p}" for s, p in enumerate(payoffs)) in transcript
    assert f"(you {payoffs[int(seat)]})" in transcript
    # eights replay replays the record to the same payoffs, and eights analyse reads it
    replayed = run_eights("replay", str(tmp_path / "deal.json"))
    assert replayed.endswith("deal over: payoffs " + ", ".join(f"{s}: {p}" for s, p in enumerate(payoffs)))
    analysed = run_eights("analyse", str(tmp_path / "deal.json"), "--depth", "1")
    assert f"seat {seat}: " in analysed and "mistakes in" in analysed


def run_eights(*args: str) -> str:
    """``eights ARGS``' output, its status 0 (in a process of its own: capsys is not a pexpect test's)."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", *args], cwd=str(ROOT), encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return str(child.before).strip()


def test_the_other_hands_are_face_down_a_card_the_person_draws_is_named_and_the_bots_moves_are_said(
        tmp_path: Path) -> None:
    child = terminal(tmp_path, "--rules", "classic/3", "--seat", "1", "--bot", "random", "--seed", "7")
    transcript = play_to_the_end(child)
    table = transcript[transcript.index("seat 0 (dealer)"):]
    assert table.splitlines()[0].endswith("face down") and table.splitlines()[2].endswith("face down")
    assert "points" in table.splitlines()[1]  # the person's own hand, shown
    assert "seat 0 plays " in transcript or "seat 0 draws" in transcript
    record = saved(tmp_path)
    position, mine = record.start, []
    for event in record.events:  # each card the person drew was named to them, and no other's
        if event.startswith("card ") and position.turn == 1:
            mine.append(f"you draw {event.split()[1]}")
        position = apply_event(position, event)
    assert mine and [line.strip() for line in transcript.splitlines() if line.startswith("you draw ")] == mine


def test_hints_at_the_prompt_fair_from_the_persons_view_and_double_dummy(tmp_path: Path) -> None:
    child = terminal(tmp_path, "--rules", "classic/3", "--bot", "heuristic", "--seed", "5", "--hint-ms", "60")
    child.expect(PROMPT)
    moves = first_legal(child)
    child.sendline("hint")
    child.expect(PROMPT)
    assert "fair hint from your view, never another hand" in child.before and moves in child.before
    child.sendline("hint dd")
    child.expect(PROMPT)
    assert "double-dummy hint" in child.before and "values for seat 0 (maxn)" in child.before
    for typed, answer in (("flibble", "unknown command 'flibble'"), ("play ZZ", "move.card"),
                          ("play 2H on 2C", "is not legal here")):
        child.sendline(typed)
        child.expect(PROMPT)
        assert answer in child.before and len(child.before.strip().splitlines()) == 1
    child.sendline("quit")
    child.expect(SAVED)
    child.expect(pexpect.EOF)
    record = saved(tmp_path)
    assert not record.end.is_over and json.loads((tmp_path / "deal.json").read_text())["result"] is None


def test_several_deals_make_a_match_record(tmp_path: Path) -> None:
    child = terminal(tmp_path, "--rules", "openspiel/2", "--bot", "random", "--seed", "6", "--deals", "2")
    transcript = play_to_the_end(child)
    data = json.loads((tmp_path / "deal.json").read_text())
    assert data["kind"] == "match" and len(data["deals"]) == 2 and "Match over after 2 deals" in transcript
    assert run_eights("replay", str(tmp_path / "deal.json")).endswith("totals " + ", ".join(data["totals"]))


def test_a_layout_6_deal_played_with_deal_apply_and_hint_alone(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--rules", "layout/6", "--seed", "7", "--json")
    assert status == 0
    position = json.loads(out)["position"]
    for step in range(2000):
        status, out, _ = run(capsys, "hint", position, "--depth", "1", "--json")
        assert status == 0
        best = json.loads(out)["best"]
        status, out, err = run(capsys, "apply", position, best, "--seed", str(step), "--json")
        assert status == 0, err
        applied = json.loads(out)
        position = applied["position"]
        if applied["over"]:
            break
    else:
        pytest.fail("the deal did not end")
    end = parse_family(position)
    assert end.is_over and end.rules.name == "layout/6"
    assert sum(Fraction(payoff) for payoff in applied["payoffs"]) == 0  # the pool is shared out


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "classic/4", "--seat", "4"], "eights: --seat: a seat 0 to 3 in classic/4, not 4"),
    (["--rules", "classic/4", "--bot", "bogus"], "eights: --bot: bot 'bogus': unknown bot"),
    (["--rules", "classic/4", "--bot", "random", "--bot", "random"], "eights: --bot: one spec for every bot, or one per bot seat (3), not 2"),
    (["--rules", "nope/3"], "eights: --rules.preset: unknown preset 'nope'"),
    (["--rules", "classic/3", "--resume", "x.json"], "eights: x.json: cannot read"),  # resume is every game's now
    (["--rules", "classic/3", "--deals", "0"], "eights: --deals: at least 1"),
    (["--seat", "2"], "eights: --seat: a seat 0 to 1 in sce2, not 2"),
    (["--bot", "random", "--bot", "random"], "eights: --bot: one spec for every bot, or one per bot seat (1), not 2"),
    (["--deals", "16"], "eights: --deals: from 1 to 15 in sce2"),
])
def test_bad_options_are_one_line_naming_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "play", "--record", str(tmp_path / "x.json"), *argv)
    assert status == 2 and out == "" and err.startswith(message) and len(err.strip().splitlines()) == 1
