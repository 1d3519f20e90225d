"""Issue #28, 7: ``eights play --resume RECORD`` goes on with a match ``eights play`` saved: the deal
under way at its last position, the finished deals kept, the same seed and bot, saved to the
same record; a record it cannot go on with is one line and status 2."""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path

import pytest

from eights.engine.match import MatchRecord, MatchResult, match_deals, random_strategy
from tests.cli_support import run
from tests.test_cli_play import PROMPT, SAVED, finish, first_legal, play_first_moves, table_of, terminal

pexpect = pytest.importorskip("pexpect")



def resume(record: Path) -> pexpect.spawn:
    """``eights play --resume RECORD --analysis-ms 0`` on a terminal."""
    return terminal("play", "--resume", str(record), "--analysis-ms", "0")


def new_match(tmp_path: Path, deals: int) -> pexpect.spawn:
    """A new match of ``deals`` deals against the random bot, seed 4, saved to tmp/match.json, no analysis."""
    return terminal("play", "--deals", str(deals), "--bot", "random", "--seed", "4", "--analysis-ms", "0",
                    "--record", str(tmp_path / "match.json"))


def two_moves_in(tmp_path: Path) -> tuple[pexpect.spawn, str]:
    """A new match of one deal, the person's first two moves made; the table it stands at."""
    child = new_match(tmp_path, 1)
    child.expect(PROMPT)
    for _ in range(2):
        child.sendline(first_legal(child))
        child.expect(PROMPT)
    return child, table_of(child.before)


def test_resume_goes_on_from_the_last_position_of_the_deal_under_way(tmp_path: Path) -> None:
    child, stood = two_moves_in(tmp_path)
    child.sendline("quit")
    saved = finish(child, tmp_path).unfinished
    assert saved is not None
    child = resume(tmp_path / "match.json")
    child.expect(PROMPT)
    assert "You against random, seed 4, 1 deal." in child.before and "Going on from" in child.before
    assert table_of(child.before) == stood
    child.sendline(first_legal(child))
    play_first_moves(child)
    match = finish(child, tmp_path)
    assert len(match.deals) == 1 and match.deals[0].record.moves[:len(saved.moves)] == saved.moves


def test_a_match_killed_mid_deal_lost_nothing_and_goes_on_from_there(tmp_path: Path) -> None:
    """#38: the record is written after every step, so that a process killed (SIGKILL: nothing of
    it runs after) loses nothing: --resume goes on from the table it stood at."""
    child, stood = two_moves_in(tmp_path)
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    saved = MatchRecord.from_json(json.loads((tmp_path / "match.json").read_text(encoding="utf-8")))
    assert saved.result.unfinished is not None and (saved.players, saved.seed) == (("human", "random"), 4)
    child = resume(tmp_path / "match.json")
    child.expect(PROMPT)
    assert table_of(child.before) == stood
    child.sendline(first_legal(child))
    play_first_moves(child)
    match = finish(child, tmp_path)
    assert match.deals[0].record.moves[:len(saved.result.unfinished.moves)] == saved.result.unfinished.moves


def test_resume_keeps_the_finished_deals_and_plays_the_rest(tmp_path: Path) -> None:
    child = new_match(tmp_path, 2)
    play_first_moves(child, "Deal 2 of 2")
    child.expect(PROMPT)
    child.sendline("quit")
    first = finish(child, tmp_path)
    assert len(first.deals) == 1
    child = resume(tmp_path / "match.json")
    child.expect("Going on from .*: 1 deal played, totals you (\\d+), the bot (\\d+)\\.")
    assert tuple(int(total) for total in child.match.groups()) == first.totals
    transcript = play_first_moves(child, SAVED)
    match = finish(child, tmp_path)
    assert "Deal 2 of 2" in transcript and "Deal 1 of 2" not in transcript
    assert match.deals[0] == first.deals[0] and len(match.deals) == 2 and match.unfinished is None


def write_match(path: Path, players: tuple[str, str], deals: int = 1, planned: int = 1) -> Path:
    """A match record of ``deals`` finished deals of ``planned`` between random strategies named ``players``."""
    rng = random.Random(1)
    result = list(match_deals([random_strategy(rng)] * 2, seed=1, deals=1))[:deals]
    path.write_text(json.dumps(MatchRecord(players, MatchResult.of(result), 1, planned).to_json()), encoding="utf-8")
    return path


@pytest.mark.parametrize("case, said", [
    ("missing", "cannot read"),
    ("not JSON", "not valid JSON"),
    # a deal record goes on in the one deal loop of every game (eights.cli.deal_play), which asks it to name the person
    ("a deal record", "not a deal eights play saved (its players name no one seat 'human'): it cannot go on"),
    ("finished", "the match is over: nothing to go on with"),
    ("foreign", "not a match eights play saved (its players name no one seat 'human'): it cannot go on"),
    ("with --bot", "--bot: --resume goes on with the record's own seats, and saves to it"),
])
def test_a_record_that_cannot_go_on_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            case: str, said: str) -> None:
    path = tmp_path / "match.json"
    extra: list[str] = []
    if case == "not JSON":
        path.write_text("{", encoding="utf-8")
    elif case == "a deal record":
        path.write_text(json.dumps({"position": "N:K... E:Q... S:5... W:9... up:5H turn:S", "moves": []}),
                        encoding="utf-8")
    elif case in ("finished", "with --bot"):
        write_match(path, ("human", "random"), deals=1 if case == "finished" else 0, planned=1)
        extra = ["--bot", "random"] if case == "with --bot" else []
    elif case == "foreign":
        write_match(path, ("heuristic", "random"), deals=0, planned=2)
    status, out, err = run(capsys, "play", "--resume", str(path), *extra)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and said in err
