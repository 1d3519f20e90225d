"""Rollouts (eights.play.rollout, eights.play.compare): common random numbers, the statistics, stopping,
the workers, and intervals that hold the exact value of a tiny ending (eights.bench.rollout)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from eights.bench.rollout import exact_move_values
from eights.engine import IllegalMoveError, Move, NotationError, parse_position
from eights.games import find_game, sce2_rollout
from eights.play import rollout as rollout_module
from eights.play.bots import SearchingBot, make_bot
from eights.play.compare import compare
from eights.play.rollout import RolloutResult, rollout, root_moves
from eights.solver import Solver

MIDGAME = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
# N goes out with 8D (+10 for NS) or draws one of the stock's 7S TS 3C; E then goes out
# with KD and NS count N's two cards and S's TD: -50 - (7, 10 or 3), a mean of -56.67.
TINY = "N:..8. E:..K. S:..T. W:.K.. up:4D turn:N discard:AKQJ9865432.AQJT98765432.AQJ976532.AKQJT9876542"


@pytest.fixture(scope="module")
def small() -> RolloutResult:
    return rollout(parse_position(MIDGAME), games=8, bot="heuristic", seed=3)


def test_every_legal_move_is_rolled_out_best_first(small: RolloutResult) -> None:
    assert sorted(row.move.notation() for row in small.comparisons) == ["draw", "play JC"]
    assert small.comparisons[0].mean >= small.comparisons[1].mean
    assert small.played == small.games == 8 and small.complete


def test_the_moves_asked_for_are_rolled_out_as_the_legal_list_writes_them() -> None:
    position = parse_position("N:K... E:Q... S:8.5.. W:9... up:5D turn:S")
    assert root_moves(position, [Move.from_notation("play 5H")]) == [Move.from_notation("play 5H")]
    going_out = parse_position("N:K... E:Q... S:8... W:9... up:5D turn:S")
    assert root_moves(going_out, [Move.from_notation("play 8S/H")]) == [Move.from_notation("play 8S")]
    result = rollout(position, [Move.from_notation("play 5H"), Move.draw()], games=3, bot="random")
    assert {row.move.notation() for row in result.comparisons} == {"play 5H", "draw"}


@pytest.mark.parametrize("moves, field, problem", [
    (["play 5H"], "moves[0]", "not legal"),
    (["draw", "draw"], "moves[1]", "given twice"),
    ([], "moves", "no move"),
])
def test_a_bad_root_move_is_refused_naming_it(moves: list[str], field: str, problem: str) -> None:
    with pytest.raises(IllegalMoveError) as error:
        root_moves(parse_position(MIDGAME), [Move.from_notation(text) for text in moves])
    assert error.value.field == field and problem in error.value.problem


def test_a_finished_deal_has_nothing_to_roll_out() -> None:
    with pytest.raises(NotationError, match="^position: the deal is over"):
        rollout(parse_position("N:5... E:Q... S:... W:9... up:5H turn:W"), games=2)


@pytest.mark.parametrize("games", [0, rollout_module.MAX_GAMES + 1])
def test_games_must_be_from_1_to_max_games(games: int) -> None:
    with pytest.raises(ValueError, match="games must be from 1 to"):
        rollout(parse_position(MIDGAME), games=games)


def test_the_same_seed_gives_the_same_rollout_and_another_seed_another(small: RolloutResult) -> None:
    again = rollout(parse_position(MIDGAME), games=8, bot="heuristic", seed=3)
    other = rollout(parse_position(MIDGAME), games=8, bot="heuristic", seed=4)
    assert again.moves == small.moves and other.moves != small.moves


def test_two_workers_give_the_same_rollout(small: RolloutResult) -> None:
    assert rollout(parse_position(MIDGAME), games=8, bot="heuristic", seed=3, workers=2).moves == small.moves


def test_a_rollout_on_workers_gives_their_bots_the_callers_time_cap() -> None:
    bot = make_bot("solver:depth=30")
    assert isinstance(bot, SearchingBot)
    bot.time_cap = lambda: 20.0
    made = rollout_module._WorkerBot.of(find_game("sce2"), bot).made()
    assert isinstance(made, SearchingBot) and (made.spec, made.move_time_ms) == ("solver:depth=30", 20.0)


def test_a_worker_keeps_a_few_bots_not_one_for_every_spec_it_was_sent() -> None:
    for depth in range(1, rollout_module.WORKER_BOTS + 3):
        rollout_module._WorkerBot("sce2", f"solver:depth={depth}", None).made()
    assert rollout_module._worker_bot.cache_info().currsize <= rollout_module.WORKER_BOTS


def test_game_i_of_every_move_has_the_same_stock_order_and_reshuffles(monkeypatch: pytest.MonkeyPatch) -> None:
    games: list[tuple[Any, ...]] = []
    play_game = sce2_rollout.play_game

    def spy(start: Any, bots: Any, shuffle: Any, a_side: int) -> Any:
        games.append((start.order, shuffle(0, start.stock), a_side))
        return play_game(start, bots, shuffle, a_side)
    monkeypatch.setattr(sce2_rollout, "play_game", spy)
    rollout(parse_position(MIDGAME), games=2, bot="random", seed=5)
    assert games[0] == games[1] != games[2] == games[3]  # (game 0: play JC, draw), (game 1: ...)
    assert games[0][2] == 1  # payoffs to EW, the side to act


def test_stop_ends_the_rollout_after_whole_rounds() -> None:
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 150
    result = rollout(parse_position(MIDGAME), games=50, bot="heuristic", stop=stop)
    assert 0 < result.played < 50 and not result.complete
    assert all(row.samples == result.played for row in result.comparisons)


def test_stopped_before_any_round_there_is_nothing_to_report() -> None:
    result = rollout(parse_position(MIDGAME), games=5, bot="heuristic", stop=lambda: True)
    assert result.played == 0 and result.moves == () and result.to_json()["best"] is None


def test_the_json_gives_each_move_its_mean_interval_and_difference(small: RolloutResult) -> None:
    data = small.to_json()
    assert data["side"] == "EW" and data["bot"] == "heuristic" and data["games"] == data["played"] == 8
    best, other = data["moves"]
    assert best["difference"] is None and best["separated"] is False and best["games"] == 8
    assert set(other) == {"move", "games", "mean", "std_error", "ci95", "best_share", "difference", "separated",
                          "values", "values_ci95"}
    assert other["difference"]["mean"] == pytest.approx(best["mean"] - other["mean"])


def test_the_json_gives_every_player_s_mean_as_every_game_does(small: RolloutResult) -> None:
    data = small.to_json()
    assert (data["player_names"], data["to_act"]) == (["NS", "EW"], 1)  # EW to act, as "side" says
    for move in data["moves"]:
        ns, ew = move["values"]
        assert ew == move["mean"] and ns == -ew
        assert move["values_ci95"][1] == move["ci95"] and move["values_ci95"][0] == [-move["ci95"][1], -move["ci95"][0]]


# --- the statistics --------------------------------------------------------------------------------

def test_paired_differences_separate_moves_that_their_own_spreads_do_not() -> None:
    # The luck (+-20) is common to both moves; the first is always 1 better.
    luck = [20, -20, 15, -15, 10, -10, 5, -5]
    rows = compare({Move.from_notation("play 9H"): [x + 1 for x in luck], Move.draw(): luck})
    assert rows[0].interval.low < rows[1].interval.high  # the intervals overlap
    assert rows[1].difference is not None and rows[1].difference.half_width == 0 and rows[1].separated


def test_a_move_best_in_a_sample_with_another_shares_it() -> None:
    rows = compare({Move.from_notation("play 9H"): [3, 1], Move.draw(): [3, 2]})
    assert [(row.move.notation(), row.best_share) for row in rows] == [("draw", 1.0), ("play 9H", 0.5)]


def test_one_sample_has_no_interval() -> None:
    row = compare({Move.draw(): [4.0]})[0]
    assert row.interval.half_width == math.inf and row.to_json("games")["ci95"] == [None, None]


def test_samples_must_be_as_many_for_every_move() -> None:
    with pytest.raises(ValueError, match="same number of samples"):
        compare({Move.draw(): [1.0], Move.from_notation("play 9H"): [1.0, 2.0]})


# --- the truth -------------------------------------------------------------------------------------

def test_the_tiny_endings_exact_values_are_the_ones_worked_out_by_hand() -> None:
    values = exact_move_values(Solver(tt_mb=8), parse_position(TINY))
    assert values == pytest.approx({Move.from_notation("play 8D"): 10.0, Move.draw(): -50 - 20 / 3})


def test_a_rollouts_intervals_hold_the_exact_values_of_a_tiny_ending() -> None:
    position = parse_position(TINY)
    truth = exact_move_values(Solver(tt_mb=8), position)
    assert truth is not None
    for row in rollout(position, games=300, bot="solver:depth=3", seed=1).comparisons:
        assert row.interval.low <= truth[row.move] <= row.interval.high, row.move
    go_out = next(row for row in rollout(position, games=5, seed=2).comparisons if not row.move.is_draw)
    assert go_out.mean == 10 and go_out.interval.half_width == 0
