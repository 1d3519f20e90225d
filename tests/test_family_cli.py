"""Issue #29: the family's games from the command line: ``eights deal --rules``, ``eights moves``,
``eights apply`` and ``eights perft`` of a family position, and one-line errors (status 2) on
bad rulesets and positions. sce2's commands are unchanged (tests/test_cli*.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from eights.engine.family import parse_family, parse_rules
from tests.cli_support import run

CLASSIC = "rules:classic/2 0:7.8.. 1:...K turn:0 up:7C stock:...2"


@pytest.mark.parametrize("name", ["sce/4", "sce/6", "classic/4", "classic/7,draw=one,skip=Q", "openspiel/5",
                                  "openspiel/8,use_special_cards=yes", "layout/8"])
def test_deal_with_rules_deals_a_seeded_position_of_the_game(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, err = run(capsys, "deal", "--rules", name, "--seed", "3")
    assert status == 0 and not err
    position = parse_family(out.strip())
    assert position.rules == parse_rules(name)
    assert run(capsys, "deal", "--rules", name, "--seed", "3")[1] == out  # the seed decides it


def test_deal_json_carries_the_ruleset_and_the_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--rules", "classic/3", "--seed", "1", "--dealer", "2", "--json")
    data = json.loads(out)
    assert status == 0 and data["rules"] == "classic/3" and data["json"]["dealer"] == 2 and data["json"]["turn"] == 0


def test_deal_of_sce_takes_the_deal_of_its_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--rules", "sce/4", "--deal", "8", "--seed", "1")
    assert status == 0 and all(len(hand) == 1 for hand in parse_family(out.strip()).hands)


def test_moves_of_a_family_position(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", CLASSIC)
    assert status == 0
    assert out.split("\n")[:-1] == ["play 7S", "play 8H/S", "play 8H/H", "play 8H/D", "play 8H/C", "draw"]
    without = CLASSIC.replace("rules:classic/2 ", "")
    assert run(capsys, "moves", "--rules", "classic/2", without)[1] == out


def test_apply_plays_the_moves_and_draws_from_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "apply", CLASSIC, "draw", "--seed", "1", "--json")
    data = json.loads(out)
    assert status == 0 and data["moves"] == ["draw 2C"] and not data["over"]
    status, out, err = run(capsys, "apply", CLASSIC.replace("1:...K", "1:K..."), "play 7S", "play KS")
    assert status == 0 and "deal over: payoffs 0: -50, 1: 50" in err
    assert parse_family(out.strip()).is_over


def test_perft_of_a_family_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", CLASSIC, "2")[:2] == (0, "7\n")


def test_a_family_position_from_stdin_in_either_form(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from eights.engine.family import family_to_json

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(family_to_json(parse_family(CLASSIC)))))
    assert run(capsys, "perft", "-", "2")[:2] == (0, "7\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(CLASSIC))
    assert run(capsys, "moves", "-")[1].startswith("play 7S\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["deal", "--rules", "classic/4,jokers=yes", "--seed", "1"], "eights: --rules.jokers: classic does not take the option 'jokers'"),
    (["deal", "--rules", "openspiel/9", "--seed", "1"], "eights: --rules.players: openspiel takes 2 to 8 players here, not 9"),
    (["deal", "--rules", "classic/4,draw=upto:0", "--seed", "1"], "eights: --rules.draw: upto:K takes K of 1 or more"),
    (["deal", "--rules", "poker/4"], "eights: --rules.preset: unknown preset 'poker'"),
    (["deal", "--rules", "classic/4", "--deal", "3"], "eights: --deal: only sce's deals are numbered"),
    (["deal", "--rules", "classic/4", "--dealer", "S"], "eights: --dealer: a seat 0 to 3 in classic/4"),
    (["deal", "--deal", "3"], "eights: the following arguments are required: --dealer"),
    (["moves", "rules:classic/2 0:KKK... 1:... up:7C turn:0"], "eights: 0: KS is held 3 times: classic/2 has 1 deck"),
    (["moves", "--rules", "sce/3", CLASSIC], "eights: --rules: sce/3, but the position's rules are classic/2"),
    (["apply", CLASSIC, "play 9H"], "eights: moves[0]: play 9H is not legal here"),
    (["apply", CLASSIC, "fold"], "eights: moves[0]: cannot read 'fold'"),
    (["perft", "rules:layout/2 0:A... 1:K... turn:0", "1"], "eights: piles: required in the layout game"),
])
def test_bad_input_is_one_line_and_status_two(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out
    assert err.startswith(message) and err.count("\n") == 1, err


def test_sce2_positions_and_deals_are_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    text = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
    assert run(capsys, "moves", text)[1] == "play JC\ndraw\n"
    assert run(capsys, "moves", "rules:sce2 " + text)[1] == "play JC\ndraw\n"
    assert run(capsys, "deal", "--deal", "3", "--dealer", "S", "--seed", "1")[1] == \
        run(capsys, "deal", "--rules", "sce2", "--deal", "3", "--dealer", "S", "--seed", "1")[1]


def test_the_command_in_a_subprocess() -> None:
    done = subprocess.run([sys.executable, "-m", "eights", "deal", "--rules", "openspiel/9"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "rules.players" in done.stderr


def test_the_command_line_examples_of_docs_family_print_what_they_show(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "family.md").read_text(encoding="utf-8")
    examples: list[tuple[str, list[str]]] = []
    shown: list[str] | None = None  # the output lines of the example being read
    for line in page.splitlines():
        if line.startswith("    $ eights "):
            shown = []
            examples.append((line[len("    $ eights "):], shown))
        elif shown is not None and line.startswith("    "):
            shown.append(line[4:])
        else:
            shown = None
    assert len(examples) >= 2
    for command, shown in examples:
        status, out, _ = run(capsys, *shlex.split(command))
        assert status == 0 and out.splitlines() == shown, command
