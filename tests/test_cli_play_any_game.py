"""Issue #38 (What to build 3): ``eights play`` of a game of the family gets what sce2's has,
through the one loop over ``eights.games`` (``eights.cli.deal_play``), on a real terminal
(pexpect): undo, resume from the record it writes, a fair hint from the person's view, and the
deal's analysis at its end before one line of the payoffs. The bots search at depth 1, so that
every run plays the same deal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from eights.games import find_game
from tests.cli_support import run
from tests.test_cli_family_play import PROMPT, first_legal, play_to_the_end

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
SAVED = r"Record saved to [^\n]*\n"
BOTS = ("--bot", "solver:depth=1")


def terminal(*args: str) -> pexpect.spawn:
    """``eights play ARGS`` on a terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", "play", *args], cwd=str(ROOT), encoding="utf-8",
                          timeout=60, dimensions=(60, 200))
    child.setecho(False)
    child.delaybeforesend = None
    return child


def say(child: pexpect.spawn, line: str) -> str:
    """``line`` typed at a prompt: what was printed up to the next prompt."""
    child.sendline(line)
    child.expect(PROMPT)
    return str(child.before)


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_undo_takes_back_the_persons_move_and_the_bots_after_it_and_a_draw_brings_the_same_cards(
        tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    child = terminal("--rules", "classic/3", "--seed", "5", *BOTS, "--record", str(record))
    child.expect(PROMPT)
    table = child.before[child.before.index("seat 0 (dealer)"):]
    assert "nothing to take back" in say(child, "undo")
    after_draw = say(child, "draw")
    assert after_draw.startswith("you draw ")
    taken = say(child, "undo")
    assert "taken back: you draw" in taken and taken.strip().endswith(table.strip().splitlines()[-1])
    assert table.strip() in taken  # the table as it was
    assert say(child, "draw") == after_draw  # the stock's cards come in the same order again
    child.sendline("quit")
    child.expect(SAVED)
    child.expect(pexpect.EOF)
    data = saved(record)
    assert data["moves"][2:] == [f"draw {after_draw.split()[2]}"] and data["result"] is None
    assert data["players"] == ["human", "solver:depth=1", "solver:depth=1"]


def test_a_deal_stopped_goes_on_from_its_record_with_its_seats_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    child = terminal("--rules", "classic/4", "--seat", "2", "--seed", "8", *BOTS, "--record", str(record))
    child.expect(PROMPT)
    for _ in range(2):
        child.sendline(first_legal(child))
        child.expect(PROMPT)
    child.sendline("quit")
    child.expect(SAVED)
    assert f"eights play --resume {record} goes on" in child.after
    child.expect(pexpect.EOF)
    stopped = saved(record)
    assert stopped["result"] is None and stopped["players"][2] == "human"
    child = terminal("--resume", str(record), "--analysis-ms", "0")
    transcript = play_to_the_end(child)
    assert "You are seat 2." in transcript and "seat 0 solver:depth=1" in transcript and "Going on after" in transcript
    finished = saved(record)
    assert finished["position"] == stopped["position"] and finished["moves"][:len(stopped["moves"])] == stopped["moves"]
    assert finished["result"] is not None and finished["players"] == stopped["players"]
    child = terminal("--resume", str(record))
    child.expect(pexpect.EOF)
    assert "the deal is over: nothing to go on with" in child.before


def test_a_fair_hint_is_from_the_persons_own_view(tmp_path: Path) -> None:
    child = terminal("--rules", "classic/4", "--seat", "1", "--seed", "3", *BOTS, "--hint-ms", "60",
                     "--record", str(tmp_path / "deal.json"))
    child.expect(PROMPT)
    moves = say(child, "moves").strip().split(", ")
    hint = say(child, "hint")
    assert "fair hint from your view, never another hand" in hint and "fair hint from seat 1's view" in hint
    assert all(move in hint for move in moves)
    assert "double-dummy hint" in say(child, "hint dd")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_deal_ends_with_its_analysis_then_one_line_of_the_payoffs(tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    child = terminal("--rules", "classic/3", "--seed", "5", *BOTS, "--analysis-ms", "20", "--record", str(record))
    transcript = play_to_the_end(child)
    game = find_game("classic/3")
    start, steps, _ = game.read_deal_record(saved(record))
    end = steps[-1].after
    payoffs = ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(saved(record)["result"]))
    ending = f"deal over: payoffs {payoffs} (you {game.payoffs(end)[0]:g})"
    lines = transcript.strip().splitlines()
    assert lines[-1].strip() == ending and transcript.count("payoffs 0:") == 1  # said once, at the end
    analysis = transcript[transcript.index("The deal's analysis"):]
    assert "searched at 20 ms a position" in analysis
    assert "seat 0: " in analysis and "each seat from the start's value to the payoffs" in analysis
    assert "totals" not in transcript and "points 0" not in transcript  # one total, not two


@pytest.mark.parametrize(("change", "extra", "said"), [
    ({}, ["--bot", "random"], "eights: --bot: --resume goes on with the record's own seats"),
    ({}, ["--rules", "classic/4"], "--rules: classic/4, but the position's rules are classic/3"),
    ({"players": None}, [], "not a deal eights play saved (its players name no one seat 'human')"),
    ({"players": ["human"]}, [], "players: a name for each of the 3 seats, seat 0 first"),
    ({"players": ["random", "random", "random"]}, [], "its players name no one seat 'human'"),
])
def test_a_deal_record_that_cannot_go_on_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path, change: dict, extra: list[str],
                                                                  said: str) -> None:
    game = find_game("classic/3")
    data = {**game.deal_record(game.deal(5), [], ["human", "random", "random"]), **change}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({key: value for key, value in data.items() if value is not None}), encoding="utf-8")
    status, out, err = run(capsys, "play", "--resume", str(path), *extra)
    assert status == 2 and out == "" and said in err and len(err.strip().splitlines()) == 1
