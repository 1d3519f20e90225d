"""Issue #40, items 6 and 7: whole games with the cube, played by bots (``eights match
--series``) and by a person at a real terminal (``eights play --series``, pexpect), their records
carrying the cube actions, and their analysis (``eights analyse-game``); classic/2's games to
100 points through the same runner (``eights.play.series.whole``)."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from eights.engine.game import GameContext
from eights.engine.match import MatchRecord
from eights.games import find_game
from eights.play.series.cube import cube_hint
from eights.play.series.review import (
    MISSED_DOUBLE,
    WRONG_ACCEPT,
    WRONG_DOUBLE,
    WRONG_PASS,
    WRONG_TAKE,
    analyse_game,
    cube_decisions,
    rating_of,
)
from eights.play.series.whole import PlayedGame, TableCube, bots_deal, play_game
from tests.cli_support import run
from tests.test_cli_play_any_game import terminal

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
MOVE_PROMPT = r"(seat \d \(you\)|[NESW] \(your (hand|dummy)\))> "
CUBE_PROMPT = r"(You may (re)?double[^(\n]*|The computer doubles[^(\n]*|The computer offers[^(\n]*|Deal \d+) \([^)]*\)> "


class Always:
    """A cube chooser that does what it is told, whatever the tables say."""

    def __init__(self, double: bool = False, take: bool = True, resign: bool = False, accept: bool = False) -> None:
        self.double, self.take, self.resign, self.accept = double, take, resign, accept

    def doubles(self, context: GameContext, side: int) -> bool:
        return self.double

    def takes(self, context: GameContext, side: int) -> bool:
        return self.take

    def resigns(self, context: GameContext, side: int) -> bool:
        return self.resign

    def accepts(self, context: GameContext, side: int) -> bool:
        return self.accept


def bots_game(rules: str, seed: int, cube: tuple = (TableCube(), TableCube()), specs=("heuristic", "random")):
    game = find_game(rules)
    return play_game(game, specs, seed, bots_deal(game, specs, seed), cube)


def test_a_bots_game_of_sce2_doubles_and_passes_by_the_tables_and_its_record_reads_back() -> None:
    played = bots_game("sce2", 23)  # heuristic leads far before deal 4: the tables double, random passes
    assert [(a.before_deal, a.player, a.action) for a in played.cube_actions] == [(4, 0, "double"), (4, 1, "pass")]
    assert cube_hint(played.context(4)).action == "Double, pass"
    assert played.over and len(played.deals) == 3 and played.payoff == 200 and played.winner == 0
    record = played.record()
    assert record["cube_actions"][1] == {"before_deal": 4, "player": 1, "action": "pass"}
    assert MatchRecord.from_json(record).result.cube_actions == played.cube_actions  # the match record's own reader
    again = PlayedGame.from_record(find_game("sce2"), json.loads(json.dumps(record)))
    assert again.payoff == played.payoff and again.leads == played.leads


def test_a_taken_double_multiplies_the_games_payoff() -> None:
    played = bots_game("sce2", 1)
    assert [a.action for a in played.cube_actions] == ["double", "take"] and played.cube.cube == 2
    assert played.payoff == 2 * played.lead and len(played.deals) == 15


def test_a_game_of_classic_2_is_played_to_100_points_through_the_same_runner() -> None:
    played = bots_game("classic/2", 1)
    assert max(played.winnings) >= 100 and all(max(deal_winnings) < 100 for deal_winnings in _winnings_before(played))
    assert played.cube_actions == () and played.record()["kind"] == "match" and played.record()["rules"] == "classic/2"
    again = PlayedGame.from_record(find_game("classic/2"), played.record())
    assert again.winnings == played.winnings and again.winner == played.winner
    assert analyse_game(again, depth=2).players[0].moves > 0


def _winnings_before(played: PlayedGame) -> list[tuple[int, int]]:
    """Each player's winnings before each deal."""
    return [PlayedGame(played.game, played.players, played.seed, played.deals[:n]).winnings
            for n in range(len(played.deals))]


def test_the_analysis_counts_a_wrong_double_a_wrong_take_and_a_missed_double() -> None:
    wrong = bots_game("sce2", 5, (Always(double=True, take=True), Always(double=True, take=True)))
    kinds = [decision.error_kind for decision in cube_decisions(wrong)]
    assert WRONG_DOUBLE in kinds  # doubling at every chance is often wrong
    passive = bots_game("sce2", 1, (Always(double=False), Always(take=False)))
    decisions = cube_decisions(passive)
    assert MISSED_DOUBLE in [decision.error_kind for decision in decisions]
    missed = next(d for d in decisions if d.error_kind == MISSED_DOUBLE)
    hint = cube_hint(passive.context(missed.before_deal))
    assert missed.error == pytest.approx(min(hint.double_take, hint.double_pass) - hint.no_double)
    bad_taker = bots_game("sce2", 23, (TableCube(), Always(take=True)))  # the tables' double is a pass
    take = next(d for d in cube_decisions(bad_taker) if d.kind == "take")
    assert take.error_kind == WRONG_TAKE and take.error > 0 and take.player == 1
    assert WRONG_PASS not in [d.error_kind for d in cube_decisions(bots_game("sce2", 1))]


def test_a_wrong_accept_of_a_resignation_is_an_error_in_equity() -> None:
    played = bots_game("sce2", 1, (Always(accept=True), Always(resign=True)))
    assert played.cube.end is not None and played.cube.end.by == "resignation" and played.cube.end.before_deal == 1
    accept = next(d for d in cube_decisions(played) if d.kind == "accept")
    assert accept.done == "accept" and accept.error_kind in (None, WRONG_ACCEPT)
    assert played.payoff == 200


def test_the_rating_orders_the_error_rates() -> None:
    words = [rating_of(rate) for rate in (20.0, 2.65, 1.40, 0.1)]
    assert words == ["Awful!", "Beginner", "Advanced", "World class"] and rating_of(2.0, "classic/4") is None
    # classic/2's ladder (random 1.56, solver:depth=3 0.85): a band a rung, and one beyond
    assert [rating_of(rate, "classic/2") for rate in (2.0, 0.9, 0.3)] == ["Awful!", "Beginner", "World class"]


def test_eights_match_series_plays_whole_games_and_writes_their_records(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "match", "--series", "--a", "heuristic", "--b", "random", "--matches", "4",
                         "--seed", "2", "--records", str(tmp_path), "--json", str(tmp_path / "summary.json"))
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert status == 0 and "A's points a game" in out and "ended by                a pass" in out
    assert summary["games"] == 4 and summary["ended_by"]["pass"] >= 1 and summary["cube_actions"]["double"] >= 1
    assert sorted(path.name for path in tmp_path.glob("game-*.json")) == [f"game-00{i}.json" for i in range(1, 5)]
    status, out, _ = run(capsys, "analyse-game", str(tmp_path / "game-001.json"), "--depth", "2", "--json")
    analysis = json.loads(out)
    assert status == 0 and analysis["game"] == "sce2" and len(analysis["summary"]) == 2
    assert {"rating", "error_rate", "cube_error", "errors"} <= set(analysis["summary"][0])


def test_eights_match_series_of_classic_2_and_its_analysis(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "match", "--series", "--rules", "classic/2", "--a", "heuristic", "--b", "random",
                         "--matches", "2", "--records", str(tmp_path))
    assert status == 0 and "classic/2 games" in out and "no cube" in out
    status, out, _ = run(capsys, "analyse-game", str(tmp_path / "game-001.json"), "--depth", "2")
    assert status == 0 and out.startswith("classic/2:") and "Cube and resignation errors: none." in out
    assert "(plays like " in out and "no ladder" not in out  # classic/2's players are rated on its ladder


@pytest.mark.parametrize(("argv", "message"), [
    (["match", "--series", "--a", "heuristic"], "eights: --b: required with --series"),
    (["match", "--series", "--rules", "classic/3", "--a", "random", "--b", "random"],
     "eights: --rules: classic/3 has no game of two players around its deals"),
    (["match", "--series", "--a", "bogus", "--b", "random"], "eights: --a: "),
    (["analyse-game", "missing.json"], "eights: missing.json: cannot read"),
    (["play", "--series", "--bot", "bogus"], "eights: --bot: "),
    (["play", "--series", "--resume", "missing.json"], "eights: missing.json: cannot read"),
    (["play", "--series", "--resume", "missing.json", "--bot", "random"], "eights: --bot: --resume goes on with"),
])
def test_series_commands_refuse_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                      message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and err.startswith(message) and err.count("\n") == 1


def test_play_series_resume_refuses_a_game_it_cannot_go_on_with(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    bots = tmp_path / "bots.json"
    bots.write_text(json.dumps(bots_game("sce2", 1).record()))  # heuristic against random: no person
    status, _, err = run(capsys, "play", "--series", "--resume", str(bots))
    assert status == 2 and "not a game eights play --series saved" in err and err.count("\n") == 1
    over = replace(bots_game("sce2", 1), players=("human", "random"))  # as if a person had played it
    (tmp_path / "over.json").write_text(json.dumps(over.record()))
    status, _, err = run(capsys, "play", "--series", "--resume", str(tmp_path / "over.json"))
    assert status == 2 and err.endswith("the game is over: nothing to go on with\n")


def test_analyse_game_names_the_field_of_a_bad_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = bots_game("sce2", 1).record()
    record["cube_actions"][1]["player"] = 0  # the doubler answering her own double
    (tmp_path / "bad.json").write_text(json.dumps(record))
    status, _, err = run(capsys, "analyse-game", str(tmp_path / "bad.json"))
    assert status == 2 and "cube_actions[1]" in err and err.count("\n") == 1


def play_deal_with_first_moves(child: pexpect.spawn) -> str:
    """Answer every move prompt with the first legal move until a cube prompt or the end; what the cube prompt said."""
    while True:
        found = child.expect([MOVE_PROMPT, CUBE_PROMPT, pexpect.EOF])
        if found != 0:
            return "" if found == 2 else str(child.after)
        child.sendline("moves")
        child.expect(MOVE_PROMPT)
        child.sendline(str(child.before).strip().splitlines()[-1].split(", ")[0])


def test_eights_play_series_a_person_doubles_the_computer_takes_then_the_person_resigns(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = terminal("--series", "--bot", "random", "--seed", "4", "--analysis-ms", "0", "--record", str(record))
    child.expect(CUBE_PROMPT)
    assert str(child.after).startswith("Deal 1 ")  # no double before deal 1: deal, or resign
    child.sendline("hint")
    child.expect(CUBE_PROMPT)
    assert "No double possible: no double before deal 1." in str(child.before)
    child.sendline("")
    prompt = play_deal_with_first_moves(child)
    while not prompt.startswith("You may double"):  # deal on (taking the computer's doubles) until the person leads
        assert prompt, "the game ended before the person led"
        child.sendline("take" if prompt.startswith("The computer doubles") else
                       "refuse" if prompt.startswith("The computer offers") else "")
        prompt = play_deal_with_first_moves(child)
    child.sendline("double")
    child.expect(CUBE_PROMPT)
    assert re.match(r"Deal (\d+) ", str(child.after))  # the computer took
    child.sendline("resign")
    child.expect(r"Record saved to [^\n]*\n")
    said = str(child.before)
    assert re.search(r"Game over \(you resigned before deal \d+\): you lose \d+ points\.", said)
    assert "Cube and resignation errors:" in said and "rating" in said
    saved = json.loads(record.read_text())
    assert [(action["player"], action["action"]) for action in saved["cube_actions"][-4:]] == [
        (0, "double"), (1, "take"), (0, "resign"), (1, "accept")]
    assert saved["players"] == ["human", "random"]
    status, out, _ = run_analyse(record)
    assert status == 0 and "human" in out


def run_analyse(record: Path) -> tuple[int, str, str]:
    """``eights analyse-game RECORD`` in a process of its own."""
    import subprocess
    done = subprocess.run([sys.executable, "-m", "eights", "analyse-game", str(record), "--depth", "2"],
                          capture_output=True, text=True, cwd=str(ROOT), check=False)
    return done.returncode, done.stdout, done.stderr


def test_the_classic_2_game_table_agrees_with_games_simulated_from_its_deal_distribution() -> None:
    import json as json_module
    import random

    from eights.play.series.target import SHIPPED, shipped_target_table

    table = shipped_target_table("classic/2")
    counts = json_module.loads(SHIPPED["classic/2"].read_text())["counts"]
    payoffs, weights = [int(p) for p in counts], list(counts.values())
    rng = random.Random(1)
    for start in ((0, 0, 0), (60, 20, 1), (10, 80, 0)):
        wins, games = 0, 4000
        for _ in range(games):
            a, b, dealer = start
            while a < 100 and b < 100:
                x = rng.choices(payoffs, weights)[0] * (1 if dealer == 0 else -1)
                a, b, dealer = a + max(x, 0), b + max(-x, 0), 1 - dealer
            wins += a >= 100
        share = wins / games
        assert abs(share - table.win_chance(*start)) < 3 * (share * (1 - share) / games) ** 0.5 + 1e-9, start


def test_the_analysis_gives_player_0s_chance_of_winning_before_each_deal() -> None:
    classic = analyse_game(bots_game("classic/2", 1), depth=1)
    assert classic.win_chances is not None and classic.win_chances[0] == pytest.approx(0.5, abs=0.02)
    sce2 = analyse_game(bots_game("sce2", 1), depth=1)
    assert sce2.win_chances is not None and len(sce2.win_chances) == len(sce2.played.deals)
    assert sce2.win_chances[-1] > sce2.win_chances[0]  # heuristic leads random by 96 before deal 3


def test_eights_play_series_of_classic_2_plays_deals_to_100_points(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = terminal("--series", "--rules", "classic/2", "--bot", "heuristic", "--seed", "3", "--analysis-ms", "0",
                     "--record", str(record))
    assert play_deal_with_first_moves(child) == ""  # no cube prompt: the game runs to its end
    said = str(child.before)
    assert re.search(r"Game over \(\d+ deals played\): you (win|lose) \d+ points\.", said)
    assert "player 0's chance of winning the game before each deal" in said
    saved = PlayedGame.from_record(find_game("classic/2"), json.loads(record.read_text()))
    assert max(saved.winnings) >= 100  # the family's match record names neither the players nor the seed


def test_eights_play_series_resume_goes_on_with_the_cube_and_the_deal_under_way(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = terminal("--series", "--bot", "random", "--seed", "4", "--analysis-ms", "0", "--record", str(record))
    child.expect(CUBE_PROMPT)
    child.sendline("")
    prompt = play_deal_with_first_moves(child)
    while not prompt.startswith("You may double"):  # as above: deal on until the person leads
        child.sendline("take" if prompt.startswith("The computer doubles") else
                       "refuse" if prompt.startswith("The computer offers") else "")
        prompt = play_deal_with_first_moves(child)
    child.sendline("double")
    child.expect(CUBE_PROMPT)  # the computer took: the cube at 2, the computer's
    number = int(re.match(r"Deal (\d+) ", str(child.after)).group(1))
    child.sendline("")
    child.expect(MOVE_PROMPT)
    child.sendline("moves")
    child.expect(MOVE_PROMPT)
    child.sendline(str(child.before).strip().splitlines()[-1].split(", ")[0])
    child.expect(MOVE_PROMPT)
    saved = json.loads(record.read_text())  # written after every action: the deal under way has the move
    assert saved["unfinished"] is not None and saved["unfinished"]["moves"]
    child.sendline("quit")
    child.expect(r"Record saved to [^\n]*\n")
    assert "eights play --series --resume" in str(child.after)
    child.expect(pexpect.EOF)
    stopped = json.loads(record.read_text())
    assert len(stopped["deals"]) == number - 1 and stopped["unfinished"]["moves"] == saved["unfinished"]["moves"]
    lead = PlayedGame.from_record(find_game("sce2"), stopped).lead

    child = terminal("--series", "--resume", str(record), "--analysis-ms", "0")
    child.expect(MOVE_PROMPT)  # the deal under way goes on, no cube prompt before it
    standing = f"you {'lead' if lead > 0 else 'trail'} by {abs(lead)}" if lead else "level"
    assert f"Before deal {number} of 15: {standing}; the cube 2, the computer's." in str(child.before)
    child.sendline("moves")
    child.expect(MOVE_PROMPT)
    child.sendline(str(child.before).strip().splitlines()[-1].split(", ")[0])
    prompt = play_deal_with_first_moves(child)  # the deal finished; then resign before the next
    while not prompt.startswith("Deal "):
        child.sendline("take" if prompt.startswith("The computer doubles") else
                       "refuse" if prompt.startswith("The computer offers") else "no")
        prompt = play_deal_with_first_moves(child)
    child.sendline("resign")
    child.expect(r"Record saved to [^\n]*\n")
    assert re.search(r"Game over \(you resigned before deal \d+\)", str(child.before))
    final = json.loads(record.read_text())
    assert final["unfinished"] is None and len(final["deals"]) >= number
    assert final["deals"][number - 1]["record"]["moves"][:len(saved["unfinished"]["moves"])] == \
        saved["unfinished"]["moves"]
    assert [(a["player"], a["action"]) for a in stopped["cube_actions"]] == \
        [(a["player"], a["action"]) for a in final["cube_actions"]][:len(stopped["cube_actions"])]
    status, out, _ = run_analyse(record)
    assert status == 0 and "human" in out


def test_eights_match_series_bots_play_each_deal_for_the_game_unless_told_points(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def deals_moves(a: str, b: str, folder: Path) -> list[list[str]]:
        status, out, _ = run(capsys, "match", "--series", "--a", a, "--b", b, "--matches", "4", "--seed", "1",
                             "--records", str(folder), "--json", str(folder / "summary.json"))
        assert status == 0
        return [deal["record"]["moves"] for path in sorted(folder.glob("game-*.json"))
                for deal in json.loads(path.read_text())["deals"]]

    by_default = deals_moves("solver:depth=2", "solver:depth=2", tmp_path / "game")
    assert json.loads((tmp_path / "game" / "summary.json").read_text())["plays_for"] == {"A": "game", "B": "game"}
    for_points = deals_moves("solver:depth=2,play_for=points", "solver:depth=2,play_for=points", tmp_path / "points")
    summary = json.loads((tmp_path / "points" / "summary.json").read_text())
    assert summary["plays_for"] == {"A": "points", "B": "points"}
    assert by_default != for_points  # the same deals, played otherwise for the game
    _, out, _ = run(capsys, "match", "--series", "--a", "heuristic", "--b", "solver:depth=1", "--matches", "1")
    assert "each deal played for    A the points, B the game" in out  # the heuristic searches no objective


def test_a_classic2_game_tells_its_solver_bots_each_deals_totals_and_they_play_for_the_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from eights.play.family.solver_bot import FamilySolverBot
    from eights.play.series.target import TargetContext

    told: list[object] = []
    play_in = FamilySolverBot.play_in
    monkeypatch.setattr(FamilySolverBot, "play_in", lambda bot, context: (told.append(context), play_in(bot, context)))
    status, out, _ = run(capsys, "match", "--series", "--rules", "classic/2", "--a", "solver:depth=1",
                         "--b", "solver:depth=1,play_for=points", "--matches", "1", "--seed", "3",
                         "--records", str(tmp_path), "--json", str(tmp_path / "summary.json"))
    assert status == 0
    assert "each deal played for    A the game, B the points" in out
    assert json.loads((tmp_path / "summary.json").read_text())["plays_for"] == {"A": "game", "B": "points"}
    record = json.loads((tmp_path / "game-001.json").read_text())
    assert told and all(isinstance(context, TargetContext) for context in told)
    assert told[0] == told[1] == TargetContext((0, 0))  # deal 1, both bots
    assert len(told) == 2 * len(record["deals"])  # each deal, each bot told its seats' winnings
    last = told[-1]
    assert isinstance(last, TargetContext) and max(last.totals) < 100 and sum(last.totals) > 0


def test_eights_play_series_of_classic2_killed_mid_deal_resumes_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    child = terminal("--series", "--rules", "classic/2", "--bot", "heuristic", "--seed", "5", "--analysis-ms", "0",
                     "--record", str(record))
    child.expect(MOVE_PROMPT)
    assert "Deal 1, 7 cards a hand" in str(child.before)  # a game to 100 points: its deals are not counted out
    child.sendline("moves")
    child.expect(MOVE_PROMPT)
    child.sendline(str(child.before).strip().splitlines()[-1].split(", ")[0])
    child.expect(MOVE_PROMPT)
    saved = json.loads(record.read_text())  # written after every action
    assert saved["players"][1] == "heuristic" and saved["seed"] == 5 and saved["unfinished"]["moves"]
    child.kill(9)

    child = terminal("--series", "--rules", "classic/2", "--resume", str(record), "--analysis-ms", "0")
    child.expect(MOVE_PROMPT)
    assert f"Going on after {len(saved['unfinished']['moves'])} steps." in str(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert json.loads(record.read_text())["unfinished"]["moves"] == saved["unfinished"]["moves"]
