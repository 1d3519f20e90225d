"""Issue #39: the family's rollout bot (``rollout:games=N``, ``rollout:time=MS``, with ``samples=S``
from its own view: tests/test_family_view_rollout_bot.py): its spec and
its errors, its choice (the move of best mean over the heuristic's playouts, the same for the
same game seed), and whole deals through ``eights match`` and ``bench.strength``."""

from __future__ import annotations

import pytest

from eights.engine.family import legal_moves, parse_family
from eights.play.bots.spec import BotSpecError
from eights.play.family import make_family_bot
from eights.play.family.rollout_bot import FamilyRolloutBot
from eights.solver.family_convert import move_code
from tests.cli_support import run

POSITION = "rules:classic/4 0:K5.8.9Q. 1:Q.9.. 2:.2.4. 3:..3K. turn:0 up:7S stock:A6..JT."


@pytest.mark.parametrize("spec, canonical", [
    ("rollout:games=64", "rollout:games=64"),
    ("rollout: time=100", "rollout:time=100"),
    ("rollout:games=500,time=100", "rollout:time=100,games=500"),
    ("rollout:games=20,samples=4", "rollout:games=20,samples=4"),
    ("rollout:samples=4, time=100", "rollout:time=100,samples=4"),
    ("rollout:samples=8,games=500,time=100", "rollout:time=100,games=500,samples=8"),
])
def test_the_spec_reads_games_and_time(spec: str, canonical: str) -> None:
    bot = make_family_bot(spec)
    assert isinstance(bot, FamilyRolloutBot) and bot.spec == canonical
    assert make_family_bot(bot.spec).spec == canonical
    assert bot.deterministic == ("time" not in spec)


@pytest.mark.parametrize("spec, message", [
    ("rollout", "the rollout bot needs games=N or time=MS (or both)"),
    ("rollout:games=0", "games must be a whole number from 1 to 1000000, got '0'"),
    ("rollout:games=2.5", "games must be a whole number from 1 to 1000000, got '2.5'"),
    ("rollout:games=1000001", "games must be a whole number from 1 to 1000000, got '1000001'"),
    ("rollout:time=-5", "time must be a positive number of milliseconds, got '-5'"),
    ("rollout:time=fast", "time must be a positive number of milliseconds, got 'fast'"),
    ("rollout:depth=3", "unknown option 'depth' (rollout takes time, games, samples)"),
    ("rollout:samples=4", "the rollout bot needs games=N or time=MS (or both)"),
    ("rollout:games=20,samples=0", "samples must be a whole number from 1 to 10000, got '0'"),
    ("rollout:games=20,samples=many", "samples must be a whole number from 1 to 10000, got 'many'"),
    ("rollout:games=20,samples=10001", "samples must be a whole number from 1 to 10000, got '10001'"),
    ("rollout:time=100,samples=200", "samples must be at most time (100): each sample is played out for at least "
                                     "1 ms of the move's time"),
])
def test_bad_options_name_the_problem(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError) as raised:
        make_family_bot(spec)
    assert str(raised.value) == f"bot {spec!r}: {message}"


def test_the_bot_plays_the_move_of_best_mean_for_the_seat_to_act_the_same_for_the_same_seed() -> None:
    position = parse_family(POSITION)
    moves = list(legal_moves(position))
    bot = make_family_bot("rollout:games=50")
    bot.new_game(7)
    means = bot.mean_payoffs(position)
    assert set(means) == {move_code(position, move) for move in moves}
    chosen = bot.choose(position, moves)
    assert means[move_code(position, chosen)][0] == max(value[0] for value in means.values())
    again = make_family_bot("rollout:games=50")
    again.new_game(7)
    assert again.mean_payoffs(position) == means and again.choose(position, moves) == chosen
    again.new_game(8)
    assert again.mean_payoffs(position) != means


def test_a_hand_that_can_go_out_goes_out() -> None:
    position = parse_family("rules:classic/4 0:5... 1:Q.9.. 2:.2.4. 3:..3K. turn:0 up:7S stock:A6..JT.")
    bot = make_family_bot("rollout:games=200")
    bot.new_game(1)
    assert bot.choose(position, list(legal_moves(position))).notation() == "play 5S"


@pytest.mark.parametrize("spec", ["rollout:games=8", "rollout:games=4,samples=2"])  # the second from its own view
def test_a_whole_classic_4_match_through_the_cli(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    status, out, err = run(capsys, "match", "--rules", "classic/4", "--bot", spec, "--bot", "heuristic",
                           "--bot", "heuristic", "--bot", "heuristic", "--deals", "1", "--seed", "3", "--workers", "1")
    assert status == 0, err
    assert "1 deals, each played 4 times with the seats rotated (4 games), seed 3" in out
    assert any(line.startswith(f"0    {spec}") for line in out.splitlines())


@pytest.mark.parametrize("rules, spec", [("classic/2", "rollout:games=8"), ("classic/4", "rollout:games=4,samples=2")])
def test_a_tiny_strength_run_against_the_heuristic(capsys: pytest.CaptureFixture[str], rules: str, spec: str) -> None:
    from eights.bench import strength

    status = strength.main(["--rules", rules, "--bots", spec, "--fill", "heuristic",
                            "--deals", "2", "--workers", "1", "--seed", "4"])
    out = capsys.readouterr().out
    assert status == 0 and spec in out and "minus the baseline (heuristic)" in out


def test_a_bad_spec_on_the_cli_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "match", "--rules", "classic/4", "--bot", "rollout:games=0", "--bot", "heuristic",
                         "--bot", "heuristic", "--bot", "heuristic", "--deals", "1")
    assert status == 2 and err.strip().count("\n") == 0 and "games must be a whole number" in err


def test_a_timed_bot_rolls_every_move_out_within_its_time() -> None:
    position = parse_family(POSITION)
    bot = make_family_bot("rollout:time=5")
    bot.new_game(1)
    assert set(bot.mean_payoffs(position)) == {move_code(position, move) for move in legal_moves(position)}
    assert bot.choose(position, list(legal_moves(position))) in list(legal_moves(position))
