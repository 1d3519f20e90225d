"""Issue #38 (3): a family match at ``eights play`` has sce2's match record (players, seed,
schedule, deals, totals, unfinished; the family's rules, points and winner beside them), written
after every step, so that a process killed mid-deal loses nothing and ``eights play --resume``
goes on where it stopped: the same seats, seed, deal and totals. A family record names a draw's
cards as sce2's does (``draw 5D``), replays exactly (no card invented), and a bad record is one
line naming the field, status 2."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from eights.engine.family import parse_family, parse_rules, play_family_match, random_family_strategy
from eights.engine.family.record import FamilyDealRecord, record_events
from eights.engine.family.notation import compact_family
from eights.games import find_game
from eights.games.family_records import match_record, schedule_entry
from tests.cli_support import run
from tests.test_cli_family_play import PROMPT, ROOT, first_legal, play_to_the_end, run_eights
from tests.test_family_records import schema_errors

pexpect = pytest.importorskip("pexpect")


def play(*args: str) -> pexpect.spawn:
    """``eights play ARGS --analysis-ms 0`` on a terminal."""
    child = pexpect.spawn(sys.executable, ["-m", "eights", "play", *args, "--analysis-ms", "0"], cwd=str(ROOT),
                          encoding="utf-8", timeout=30, dimensions=(60, 200))
    child.setecho(False)
    child.delaybeforesend = None
    return child


def table_at_prompt(child: pexpect.spawn) -> str:
    """The table drawn before the prompt just reached (from its seat 0 line)."""
    return str(child.before[child.before.rindex("\nseat 0 "):].strip())


def moves_then_kill(child: pexpect.spawn, moves: int, until: str | None = None) -> str:
    """At each prompt the first legal move, ``moves`` times (after ``until`` is printed, if
    given), then the process killed (SIGKILL: nothing of it runs after); the table it stood at."""
    seen = ""
    while until is not None and until not in seen:
        child.expect(PROMPT)
        seen += child.before
        if until not in seen:
            child.sendline(first_legal(child))
    if until is None:
        child.expect(PROMPT)
    for _ in range(moves):
        child.sendline(first_legal(child))
        child.expect(PROMPT)
    stood = table_at_prompt(child)
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL
    return stood


def saved(path: Path) -> dict[str, Any]:
    """The record at ``path``."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def finished_as_recorded(data: dict[str, Any], transcript: str, seats: int) -> None:
    """The totals are the deals' payoffs added up, and the match's end says the record's points."""
    payoffs = [FamilyDealRecord.from_json(deal).payoffs() for deal in data["deals"]]
    assert data["totals"] == [str(sum(deal[seat] for deal in payoffs)) for seat in range(seats)]
    names = ["you", *(f"seat {seat}" for seat in range(1, seats))] if seats > 2 else ["you", "the bot"]
    said = ", ".join(f"{name} {points}" for name, points in zip(names, data["points"]))
    assert f"Match over after {len(data['deals'])} deals: {said}" in transcript


def test_a_classic4_match_killed_mid_deal_goes_on_where_it_stopped_to_the_right_totals(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    child = play("--rules", "classic/4", "--deals", "2", "--bot", "random", "--seed", "8", "--record", str(path))
    stood = moves_then_kill(child, 2)
    first = saved(path)  # written after every step: the kill lost nothing
    assert (first["kind"], first["rules"], first["players"], first["seed"]) == (
        "match", "classic/4", ["human", "random", "random", "random"], 8)
    assert first["deals"] == [] and first["unfinished"]["moves"] and len(first["schedule"]) == 2
    assert first["unfinished"]["end"] == compact_family(FamilyDealRecord.from_json(first["unfinished"]).end)

    child = play("--resume", str(path))
    child.expect(PROMPT)
    assert "seed 8, 2 deals" in child.before and "Going on from" in child.before
    assert table_at_prompt(child) == stood  # the same deal, at the same position
    child.sendline(first_legal(child))
    moves_then_kill(child, 1, until="Deal 2 of 2")  # killed again, in the second deal
    second = saved(path)
    assert len(second["deals"]) == 1 and second["unfinished"] is not None
    assert second["deals"][0]["moves"][:len(first["unfinished"]["moves"])] == first["unfinished"]["moves"]

    child = play("--rules", "classic/4", "--deals", "2", "--resume", str(path))  # the record's own: taken
    child.expect(r"Going on from .*: 1 deal played, totals you (-?\d+), seat 1 (-?\d+), seat 2 (-?\d+), seat 3 (-?\d+)\.")
    assert list(child.match.groups()) == second["points"]
    transcript = play_to_the_end(child)
    final = saved(path)
    assert "Deal 1 of 2" not in transcript and final["deals"][0] == second["deals"][0]
    assert len(final["deals"]) == 2 and final["unfinished"] is None and final["seed"] == 8
    assert final["deals"][1]["moves"][:len(second["unfinished"]["moves"])] == second["unfinished"]["moves"]
    finished_as_recorded(final, transcript, 4)

    analysed = run_eights("analyse", str(path), "--depth", "1")
    assert "\ndeal 2" in analysed and f"totals {' '.join(final['totals'])}" in analysed
    assert "player 0 human: " in analysed and "player 3 random: " in analysed  # the record's players
    assert run_eights("replay", str(path)).endswith(f"totals {', '.join(final['totals'])}")


def test_a_classic2_game_killed_mid_deal_goes_on_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    child = play("--rules", "classic/2", "--deals", "2", "--bot", "random", "--seed", "3", "--record", str(path))
    stood = moves_then_kill(child, 1)
    first = saved(path)
    assert first["players"] == ["human", "random"] and first["seed"] == 3 and first["unfinished"]["moves"]
    child = play("--resume", str(path))
    child.expect(PROMPT)
    assert "You against random, seed 3, 2 deals." in child.before and table_at_prompt(child) == stood
    child.sendline(first_legal(child))
    transcript = play_to_the_end(child)
    final = saved(path)
    assert final["deals"][0]["moves"][:len(first["unfinished"]["moves"])] == first["unfinished"]["moves"]
    assert final["unfinished"] is None and 1 <= len(final["deals"]) <= 2  # classic/2 ends at 100 points, or after --deals
    finished_as_recorded(final, transcript, 2)
    analysed = run_eights("analyse", str(path), "--depth", "1")
    assert f"totals {' '.join(final['totals'])}" in analysed


# --- the records, in the process ---------------------------------------------------------------

CLASSIC2 = parse_rules("classic/2")
DEALS = play_family_match(CLASSIC2, [random_family_strategy] * 2, 5, deals=2)  # two deals, as the match deals them
MATCH = match_record(CLASSIC2, ["human", "random"], 5, 3, DEALS.records[:1],
                     record_events(DEALS.records[1].start, DEALS.records[1].events[:3]))
# A draw under way (the draw-two penalty brings two cards), one of its cards recorded, in each form.
MID_DRAW = "rules:classic/2,draw2=2 0:7.8.. 1:K...2 turn:1 up:7C stock:..4.3A"


def written(tmp_path: Path, data: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_match_record_reads_back_and_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert schema_errors(MATCH) == [] and schema_errors(MATCH["unfinished"]) == []
    assert MATCH["schedule"] == [{"number": number, "hand_size": 7, "dealer": (number - 1) % 2} for number in (1, 2, 3)]
    assert schedule_entry(parse_rules("sce/3"), 2) == {"number": 2, "hand_size": 7, "dealer": 1}  # sce's hands shrink
    saved_match = find_game("classic/2").read_saved_match(MATCH)
    assert (saved_match.players, saved_match.seed, saved_match.planned) == (("human", "random"), 5, 3)
    assert len(saved_match.deals) == 1 and saved_match.under_way is not None
    assert saved_match.under_way.end == record_events(DEALS.records[1].start, DEALS.records[1].events[:3]).end
    status, out, _ = run(capsys, "replay", written(tmp_path, MATCH))
    assert status == 0 and out.splitlines()[0] == "classic/2, 1 deals: seats human, random, seed 5"
    assert "deal  2 (dealer 1): under way after 3 events" in out


@pytest.mark.parametrize("form", [["play 2C", "draw 3C"], ["play 2C", "draw", "card 3C"]])
def test_a_record_stopping_in_a_draw_replays_exactly_and_cannot_be_resumed(capsys: pytest.CaptureFixture[str],
                                                                            tmp_path: Path, form: list[str]) -> None:
    record = {**record_events(parse_family(MID_DRAW), form).to_json(), "players": ["human", "random"]}
    assert record["moves"] == ["play 2C", "draw 3C"]  # written as sce2 writes a draw
    start, steps, _ = find_game("classic/2,draw2=2").read_deal_record({**record, "moves": form})
    assert [step.drawn for step in steps] == [(), ("3C",)] and steps[-1].after.owed == 1  # no card invented
    status, out, _ = run(capsys, "replay", written(tmp_path, {**record, "moves": form}))
    assert status == 0 and out.splitlines()[-1] == f"draw 3C          {compact_family(steps[-1].after)}"
    status, out, err = run(capsys, "play", "--resume", written(tmp_path, record))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert ": moves: the deal stops while a draw is under way" in err


@pytest.mark.parametrize(("change", "field"), [
    ({"players": ["human"]}, "players: a name of 1 to 200 characters for each of the 2 seats"),
    ({"seed": -1}, "seed: must be a whole number"),
    ({"schedule": [{"number": 1, "hand_size": 9, "dealer": 0}]}, "schedule[0]: deal 1 is"),
    ({"colour": "red"}, "colour: unknown key"),
    ({"unfinished": DEALS.records[1].to_json()}, "unfinished: the deal is over: it belongs in deals"),
    ({"deals": [MATCH["unfinished"]]}, "deals[0].position: deal 1 of a match is dealt by seat 0"),
    ({"deals": [], "unfinished": None}, "deals: a list of deal records"),
    ({"totals": ["1", "-1"]}, "totals: the deals add up to"),
    ({"winner": 1 - MATCH["winner"]}, "winner: the deals give"),
    ({"deals": [{**MATCH["deals"][0], "moves": [*MATCH["deals"][0]["moves"][:-1], "draw ZZ"]}]},
     f"deals[0].moves[{len(MATCH['deals'][0]['moves']) - 1}]"),
])
@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"], ["analyse", "--depth", "1"]])
def test_a_bad_family_match_record_is_one_line_naming_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                change: dict[str, Any], field: str,
                                                                command: list[str]) -> None:
    status, out, err = run(capsys, *command, written(tmp_path, {**MATCH, **change}))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert field in err, err


def test_a_match_record_of_the_format_before_replays_and_is_analysed_but_does_not_go_on(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    before = {key: value for key, value in DEALS.to_json().items()  # rules, deals, totals, points and winner alone
              if key not in ("players", "seed", "schedule", "unfinished")}
    status, out, _ = run(capsys, "replay", written(tmp_path, before))
    assert status == 0 and out.splitlines()[-1] == f"totals {', '.join(before['totals'])}"
    status, out, _ = run(capsys, "analyse", written(tmp_path, before), "--depth", "1")
    assert status == 0 and f"totals {' '.join(before['totals'])}" in out
    status, out, err = run(capsys, "play", "--resume", written(tmp_path, before))
    assert status == 2 and "not a match eights play saved" in err and len(err.strip().splitlines()) == 1


def test_resume_with_another_games_rules_is_one_line_naming_rules(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    status, out, err = run(capsys, "play", "--rules", "classic/3", "--resume", written(tmp_path, MATCH))
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "--rules: classic/3, but the position's rules are classic/2" in err


def test_resume_with_other_deals_than_the_records_is_one_line_naming_deals(capsys: pytest.CaptureFixture[str],
                                                                          tmp_path: Path) -> None:
    path = written(tmp_path, MATCH)
    status, out, err = run(capsys, "play", "--rules", "classic/2", "--deals", "2", "--resume", path)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith(f"eights: --deals: {path} plans 3 deals, not 2")
