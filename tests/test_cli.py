"""The ``eights`` command line: every subcommand through ``cli.main.main(argv)``, and bad
input through a real ``python -m eights`` process (status 2, one stderr line, no traceback).

Expected outputs were worked out by hand from RULES.md and NOTATION.md.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from eights.engine import compact, deal_position, parse_position, to_json
from eights.engine.cards import S, W, count
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"
# S plays 4S and goes out; EW chooses to count W (5) rather than all three hands
# (N 3 against NS, E 10 + W 5 against EW) or E (10): payoff to NS +5.
GOING_OUT = "N:3... E:...K S:4... W:..5. up:4H turn:S"
AFTER_GOING_OUT = "N:3... E:...K S:... W:..5. up:4S turn:W dir:cw draw:0 discard:.4.."
# S can only draw the one stock card, 2C; then W cannot play 9S and draws from the
# 46-card discard pile, reshuffled.
ONE_STOCK_CARD = "N:K... E:Q... S:5... W:9... up:4H turn:S stock:...2"
REST_BUT_2C = "AJT876432.AKQJT9876532.AKQJT98765432.AKQJT9876543"
# S may play 5S or draw the only stock card 2C; after the draw W must draw one of 46.
PERFT = "N:K... E:Q... S:5... W:9... up:5H turn:S stock:...2"


def with_stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def assert_one_error_line(status: int, out: str, err: str, *words: str) -> None:
    assert status == 2 and out == ""
    assert err.startswith("eights: ") and err.count("\n") == 1
    for word in words:
        assert word in err


# --- show -------------------------------------------------------------------------------------

def test_show_draws_the_hands_as_at_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", EXAMPLE)
    lines = out.splitlines()
    assert status == 0
    assert lines[0].strip() == "N (dummy, NS)" and lines[1].split() == ["S", "K43"]
    assert lines[5].split()[:5] == ["W", "(concealed,", "EW)", "<-", "to"]
    assert "E (dummy, EW)" in lines[5]
    assert lines[10].strip() == "S (concealed, NS)" and lines[14].split() == ["C", "A2"]


def test_show_states_the_upcard_called_suit_turn_and_piles(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "show", EXAMPLE)
    assert "upcard: 8S, suit called C" in out
    assert "to act: W" in out and "direction: clockwise" in out and "pending draw: 0" in out
    assert "stock: 20 cards" in out and "discard: 0 cards" in out


def test_show_reads_the_position_from_stdin_in_json_form(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, json.dumps(to_json(parse_position(EXAMPLE))))
    status, out, _ = run(capsys, "show", "-")
    assert status == 0 and "upcard: 8S, suit called C" in out


# --- moves ------------------------------------------------------------------------------------

def test_moves_lists_the_legal_moves_one_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", EXAMPLE) == (0, "play JC\ndraw\n", "")


def test_moves_json_prints_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "--json", EXAMPLE)
    assert status == 0 and json.loads(out) == ["play JC", "draw"]


def test_moves_of_a_free_8_lists_every_card_and_each_8_with_four_suits(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "moves", "--json", "N:K... E:Q... S:58... W:9... up:8H turn:S")
    assert sorted(json.loads(out)) == ["draw", "play 5S", "play 8S/C", "play 8S/D", "play 8S/H", "play 8S/S"]


def test_moves_reads_the_compact_form_from_stdin(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, EXAMPLE + "\n")
    assert run(capsys, "moves", "-") == (0, "play JC\ndraw\n", "")


def test_moves_reads_the_json_form_from_stdin(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, json.dumps(to_json(parse_position(EXAMPLE))))
    assert run(capsys, "moves", "-") == (0, "play JC\ndraw\n", "")


def test_moves_of_a_finished_deal_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--json", AFTER_GOING_OUT) == (0, "[]\n", "")


# --- apply ------------------------------------------------------------------------------------

def test_apply_prints_the_position_after_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    expected = f"N:K... E:Q... S:5...2 W:9... up:4H turn:W dir:cw draw:0 discard:{REST_BUT_2C}\n"
    assert run(capsys, "apply", ONE_STOCK_CARD, "draw 2C") == (0, expected, "")


def test_apply_applies_several_moves_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "apply", ONE_STOCK_CARD, "draw 2C", "draw 4S")
    p = parse_position(out.strip())
    assert status == 0 and p.turn == 0 and count(p.hands[W]) == 2 and count(p.stock) == 45 and p.discard == 0


def test_apply_a_draw_forced_by_the_stock_needs_no_cards_named(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "apply", ONE_STOCK_CARD, "draw")
    assert status == 0 and out.startswith("N:K... E:Q... S:5...2 W:9... up:4H turn:W")


def test_apply_that_ends_the_deal_notes_the_score_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "apply", GOING_OUT, "play 4S")
    assert status == 0 and out.splitlines() == [AFTER_GOING_OUT]
    assert err.splitlines() == ["deal over: 0 against NS, 5 against EW, payoff to NS +5 (opponent counted W)"]


def test_apply_json_prints_position_both_forms_and_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "apply", "--json", GOING_OUT, "play 4S")
    data = json.loads(out)
    assert status == 0
    assert data["position"] == AFTER_GOING_OUT and data["over"] is True
    assert parse_position(data["json"]) == parse_position(AFTER_GOING_OUT)
    assert data["score"] == {"against_ns": 0, "against_ew": 5, "payoff_ns": 5, "option": "W"}


def test_apply_json_of_a_deal_not_over_has_no_score(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "apply", "--json", ONE_STOCK_CARD, "draw 2C")[1])
    assert data["over"] is False and "score" not in data


def test_apply_reads_the_position_from_stdin(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, json.dumps(to_json(parse_position(GOING_OUT))))
    assert run(capsys, "apply", "-", "play 4S")[1].splitlines()[0] == AFTER_GOING_OUT


def test_apply_an_illegal_move_names_its_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "apply", ONE_STOCK_CARD, "draw 2C", "play 9S"), "moves[1]", "not legal")


def test_apply_an_unreadable_move_names_its_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "apply", ONE_STOCK_CARD, "jump"), "moves[0]", "unknown action")


def test_apply_a_random_draw_takes_its_cards_from_the_seed_and_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "apply", EXAMPLE, "draw", "--seed", "4")
    (played,) = err.splitlines()  # a note on stderr: the position alone on stdout
    assert status == 0 and len(out.splitlines()) == 1
    assert played.startswith("played: draw ") and played.endswith(" (seed 4)")
    assert run(capsys, "apply", EXAMPLE, "draw", "--seed", "4")[1] == out


def test_apply_without_a_seed_prints_the_one_it_chose(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "apply", "--json", EXAMPLE, "draw")[1])
    again = json.loads(run(capsys, "apply", "--json", EXAMPLE, "draw", "--seed", str(data["seed"]))[1])
    assert again["moves"] == data["moves"] and data["moves"][0].startswith("draw ")


def test_apply_a_seed_beyond_2_53_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "apply", EXAMPLE, "draw", "--seed", str(2**53)), "--seed", "9007199254740991")


# --- deal -------------------------------------------------------------------------------------

def test_deal_prints_the_seeded_starting_position(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--deal", "8", "--dealer", "S", "--seed", "1")
    assert status == 0 and out == compact(deal_position(8, S, 1)) + "\n"


def test_deal_gives_each_hand_the_deals_size(capsys: pytest.CaptureFixture[str]) -> None:
    p = parse_position(run(capsys, "deal", "--deal", "3", "--dealer", "W", "--seed", "7")[1].strip())
    assert [count(hand) for hand in p.hands] == [6, 6, 6, 6]


def test_deal_json_prints_both_forms(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "deal", "--json", "--deal", "15", "--dealer", "w", "--seed", "3")[1])
    assert data["position"] == compact(deal_position(15, W, 3))
    assert parse_position(data["json"]) == deal_position(15, W, 3)


@pytest.mark.parametrize("number", ["0", "16"])
def test_deal_rejects_a_deal_number_outside_1_to_15(capsys: pytest.CaptureFixture[str], number: str) -> None:
    assert_one_error_line(*run(capsys, "deal", "--deal", number, "--dealer", "S", "--seed", "1"),
                          "deal:", "1 to 15")


def test_deal_rejects_a_dealer_at_a_dummys_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "deal", "--deal", "1", "--dealer", "N", "--seed", "1"), "dealer:", "S or W")


def test_deal_rejects_an_unknown_dealer_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "deal", "--deal", "1", "--dealer", "X", "--seed", "1"), "dealer:", "unknown seat")


def test_deal_without_a_seed_notes_the_one_it_chose_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "deal", "--deal", "1", "--dealer", "S")
    (position,), (seed_line,) = out.splitlines(), err.splitlines()
    seed = int(seed_line.removeprefix("seed: "))
    assert status == 0 and 0 <= seed <= 2**53 - 1 and position == compact(deal_position(1, S, seed))


# --- perft ------------------------------------------------------------------------------------

@pytest.mark.parametrize("depth, nodes", [("0", 1), ("1", 2), ("2", 46)])
def test_perft_counts_action_sequences(capsys: pytest.CaptureFixture[str], depth: str, nodes: int) -> None:
    assert run(capsys, "perft", PERFT, depth) == (0, f"{nodes}\n", "")


def test_perft_reads_the_position_from_stdin(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, json.dumps(to_json(parse_position(PERFT))))
    assert run(capsys, "perft", "-", "1") == (0, "2\n", "")


@pytest.mark.parametrize("depth", ["-1", "65", "99999999999999999999"])
def test_perft_rejects_a_depth_outside_0_to_64(capsys: pytest.CaptureFixture[str], depth: str) -> None:
    assert_one_error_line(*run(capsys, "perft", PERFT, depth), "depth")


def test_perft_rejects_a_depth_that_is_not_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "perft", PERFT, "two"), "invalid int")


# --- bad input in process --------------------------------------------------------------------------

def test_a_bad_position_is_one_error_line_naming_the_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "moves", EXAMPLE.replace("turn:W", "turn:X")), "turn:", "unknown seat")


def test_bad_json_on_stdin_is_one_error_line(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with_stdin(monkeypatch, '{"hands": ')
    assert_one_error_line(*run(capsys, "show", "-"), "position:", "invalid JSON")


def test_an_unknown_subcommand_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "think", EXAMPLE), "invalid choice")


def test_a_missing_position_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "moves"), "required", "position")


def test_apply_without_a_move_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert_one_error_line(*run(capsys, "apply", EXAMPLE), "required", "MOVE")


# --- a real process ------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["moves", "N:K... E:Q... S:5... W:9... up:5H turn:X"],
    ["apply", EXAMPLE, "play 9H"],
    ["deal", "--deal", "16", "--dealer", "S", "--seed", "1"],
    ["perft", EXAMPLE],
    ["think", EXAMPLE],
], ids=["bad position", "illegal move", "bad deal number", "missing argument", "unknown subcommand"])
def test_the_process_exits_2_with_one_stderr_line_and_no_traceback(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "eights", *argv], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("eights: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("spec", "problem"), [
    ("solver:depth=\uff13", "depth must be a whole number from 1 to 64, got '\uff13'"),
    ("solver:time=1_0", "time must be a positive number of milliseconds, got '1_0'"),
    ("random\n", "character '\\n' not allowed"),
])
def test_a_match_with_a_bot_spec_beyond_its_documented_form_exits_2_with_one_line(spec: str, problem: str) -> None:
    done = subprocess.run([sys.executable, "-m", "eights", "match", "--a", spec, "--b", "random", "--matches", "1"],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"eights: bot {spec!r}: ") and done.stderr.count("\n") == 1
    assert problem in done.stderr


def test_the_process_exits_0_and_prints_the_moves() -> None:
    done = subprocess.run([sys.executable, "-m", "eights", "moves", EXAMPLE], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "play JC\ndraw\n", "")


def test_a_dealt_position_goes_down_a_pipe_to_show() -> None:
    """Issue #28: stdout carries the data alone, so commands compose."""
    dealt = subprocess.run([sys.executable, "-m", "eights", "deal", "--deal", "3", "--dealer", "W"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    shown = subprocess.run([sys.executable, "-m", "eights", "show", "-"], input=dealt.stdout, cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert dealt.stderr.startswith("seed: ") and shown.returncode == 0 and "to act:" in shown.stdout, shown.stderr


def test_bare_eights_prints_its_help() -> None:
    done = subprocess.run([sys.executable, "-m", "eights"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: eights") and "serve" in done.stdout


def test_every_command_summary_is_a_whole_sentence() -> None:
    from eights.cli.main import build_parser

    commands = next(action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction))
    for choice in commands._choices_actions:
        assert choice.help and choice.help.endswith("."), (choice.dest, choice.help)


@pytest.mark.parametrize("argv", [
    ["batch", "-", "--scheduler", "garbage"],
    ["match", "--a", "random", "--b", "random", "--scheduler", "tcp://127.0.0.1:99999"],
    ["rollout", EXAMPLE, "--scheduler", "http://127.0.0.1:8786"],
])
def test_a_bad_scheduler_address_is_one_line_before_any_work(argv: list[str]) -> None:
    """The --scheduler flags read an address as EIGHTS_DASK_SCHEDULER does (issue #26, 6)."""
    done = subprocess.run([sys.executable, "-m", "eights", *argv], cwd=ROOT, capture_output=True, text=True,
                          input="", timeout=60)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "--scheduler: expected a Dask scheduler address such as tcp://127.0.0.1:8786" in done.stderr


POSITION_COMMANDS = [["show", EXAMPLE], ["moves", EXAMPLE], ["apply", EXAMPLE, "draw"], ["deal", "--deal", "1", "--dealer", "S", "--seed", "1"],
                     ["perft", EXAMPLE, "1"], ["moves", "--rules", "classic/3", "-"]]


@pytest.mark.parametrize("argv", POSITION_COMMANDS, ids=lambda argv: argv[0])
def test_a_command_on_positions_loads_neither_the_service_nor_the_search(argv: list[str]) -> None:
    """Issue #38: ``eights moves`` and its kin import their own module of commands, not the
    service (``eights.api``, which took most of a second to load) nor the other commands'."""
    script = ("import sys; from eights.cli.main import main; status = main(sys.argv[1:]); "
              "print(status, sorted(m for m in sys.modules if m.startswith(('eights.api', 'eights.cli.'))))")
    dealt = subprocess.run([sys.executable, "-m", "eights", "deal", "--rules", "classic/3", "--seed", "2"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60).stdout
    done = subprocess.run([sys.executable, "-c", script, *argv], cwd=ROOT, capture_output=True, text=True,
                          input=dealt, timeout=60)
    assert done.stdout.splitlines()[-1] == "0 ['eights.cli.common', 'eights.cli.main', 'eights.cli.positions']", done.stderr


def test_the_command_modules_are_those_that_register_each_command() -> None:
    """The entry's table of commands (``PARTS``: a command imports only its module) is what each
    module registers, so that no command is missing from it or filed under another module."""
    import importlib

    from eights.cli.main import PARTS

    for part, names in PARTS.items():
        registered: list[str] = []
        importlib.import_module(f"eights.cli.{part}").register(
            lambda name, handler, **options: registered.append(name) or argparse.ArgumentParser())
        assert tuple(registered) == names, part


def test_a_refusal_of_the_services_code_is_still_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A ProblemError (a limit of the service's code, which the command ran) is one line and
    status 2, as before the entry stopped importing the service itself."""
    from eights.cli.main import main

    assert main(["hint", EXAMPLE, "--time-ms", "99999999"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("eights: time_ms") and error.count("\n") == 1
