"""Bots (eights.play.bots): specs and their errors, the random and solver bots, and the heuristic
bot's play of the Kellers' advice (seeds/wgr-guide-crazy-eights.txt, "Strategy" and the
two-handed game's (A)-(E)), each rule a test on a position worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from eights.engine import Move, Position, legal_moves, parse_position
from eights.play.bots import BotSpec, BotSpecError, make_bot
from eights.play.bots import searching
from eights.play.bots.solver_bot import pick
from eights.play.strength import run
from eights.solver import MoveValue, Solver
from eights.solver.evaluation import EVALUATIONS, material


def choice(spec: str, text: str) -> str:
    position = parse_position(text)
    bot = make_bot(spec)
    bot.new_game(1)
    return bot.choose(position, list(legal_moves(position))).notation()


# --- specs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("random", "random"),
    ("heuristic", "heuristic"),
    (" Heuristic ", "heuristic"),
    ("solver:time=100", "solver:time=100"),
    ("solver:depth=4,eval=trained", "solver:depth=4"),
    ("solver:depth=4,eval=material", "solver:depth=4,eval=material"),
    ("solver:depth=3,tt=8", "solver:depth=3,tt=8"),
    ("solver:depth=3,tt=64", "solver:depth=3"),
    ("solver:depth=4,hold8=4", "solver:depth=4,hold8=4"),
    ("solver:hold8=2.5,time=100", "solver:time=100,hold8=2.5"),
    ("solver:depth=4,hold8=0", "solver:depth=4"),
    ("solver: depth = 4 , time=20", "solver:time=20,depth=4"),
    ("solver:time=1000000", "solver:time=1e+06"),
    ("solver:depth=04", "solver:depth=4"),
])
def test_a_spec_makes_the_bot_and_the_bot_gives_its_canonical_spec(text: str, canonical: str) -> None:
    bot = make_bot(text)
    assert bot.spec == canonical
    assert make_bot(bot.spec).spec == canonical


def test_a_spec_reads_name_and_options_in_order() -> None:
    assert BotSpec.parse("solver:depth=4,eval=material") == BotSpec("solver", (("depth", "4"), ("eval", "material")))


@pytest.mark.parametrize("text, problem", [
    ("", "empty spec"),
    ("minimax", "unknown bot 'minimax' (known: random, heuristic, solver, fair)"),
    (":depth=2", "no bot name before ':'"),
    ("solver", "the solver bot needs time=MS or depth=D"),
    ("solver:depth", "option 'depth' needs a value (write depth=VALUE)"),
    ("solver:depth=", "option 'depth' needs a value"),
    ("solver:depth=2,", "empty option"),
    ("solver:depth=2,depth=3", "option 'depth' given twice"),
    ("solver:depth=0", "depth must be a whole number from 1 to 64, got '0'"),
    ("solver:depth=four", "depth must be a whole number from 1 to 64, got 'four'"),
    ("solver:time=-5", "time must be a positive number of milliseconds, got '-5'"),
    ("solver:time=inf", "time must be a positive number of milliseconds"),
    ("solver:depth=2,eval=neural", "unknown evaluation 'neural' (known: material, trained)"),
    ("solver:depth=2,nodes=5", "unknown option 'nodes' (solver takes time, depth, eval, tt, hold8, play_for, horizon)"),
    ("solver:depth=2,hold8=-1", "hold8 must be a number of points, 0 or more, got '-1'"),
    ("solver:depth=2,hold8=lots", "hold8 must be a number of points, 0 or more, got 'lots'"),
    ("solver:depth=2,tt=0", "tt must be a whole number from 1 to 4096, got '0'"),
    ("random:seed=3", "unknown option 'seed' (random takes no options)"),
    ("heuristic:x=1", "unknown option 'x' (heuristic takes no options)"),
    ("solver:depth=\uff13", "depth must be a whole number from 1 to 64, got '\uff13'"),  # fullwidth 3
    ("solver:depth=\u0663", "depth must be a whole number from 1 to 64, got '\u0663'"),  # Arabic-Indic 3
    ("solver:depth=1_0", "depth must be a whole number from 1 to 64, got '1_0'"),
    ("solver:depth=+3", "depth must be a whole number from 1 to 64, got '+3'"),
    ("fair:depth=2,samples=\uff11\uff16", "samples must be a whole number from 1 to 10000, got '\uff11\uff16'"),
    ("solver:time=1_000", "time must be a positive number of milliseconds, got '1_000'"),
    ("solver:time=\u0663", "time must be a positive number of milliseconds, got '\u0663'"),
    ("solver:time=+100", "time must be a positive number of milliseconds, got '+100'"),
    ("solver:time=0x10", "time must be a positive number of milliseconds, got '0x10'"),
    ("solver:depth=2,hold8=+1", "hold8 must be a number of points, 0 or more, got '+1'"),
    ("random\n", "character '\\n' not allowed"),
    ("solver:depth=3\t", "character '\\t' not allowed"),
    ("solver:depth=3\u3000", "character '\\u3000' not allowed"),  # an ideographic space
])
def test_a_bad_spec_raises_one_line_naming_the_spec_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(BotSpecError) as error:
        make_bot(text)
    assert str(error.value).startswith(f"bot {text!r}: ")
    assert problem in str(error.value)
    assert "\n" not in str(error.value)


def test_only_a_solver_limited_by_time_is_not_deterministic() -> None:
    assert [make_bot(spec).deterministic for spec in ("random", "heuristic", "solver:depth=2", "solver:time=5")] \
        == [True, True, True, False]


# --- random and solver bots ----------------------------------------------------------------------

START = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"


def test_the_random_bot_repeats_its_choices_for_the_same_seed() -> None:
    position = parse_position("N:KQJT... E:5432... S:9... W:7... up:8H turn:N")
    moves = list(legal_moves(position))
    bot = make_bot("random")
    choices = []
    for _ in range(2):
        bot.new_game(7)
        choices.append([bot.choose(position, moves) for _ in range(20)])
    assert choices[0] == choices[1]
    assert len(set(choices[0])) > 1


def test_the_solver_bot_plays_the_solvers_best_move() -> None:
    best = Solver(tt_mb=16).solve(parse_position(START), depth=6).best
    assert best is not None and choice("solver:depth=6", START) == best.notation()


# At depth 3: play 8H/S 15.086, draw 14.053, play AH 13.359, play 8H/D 11.446, ...
EIGHT_NEAR_A_TIE = "N:K..A. E:T.3.7.7 S:73.A8..6 W:.4.KQ.3 up:KH turn:S dir:cw draw:0 discard:.JT..K8"


@pytest.mark.parametrize("spec, move", [
    ("solver:depth=3", "play 8H/S"),
    ("solver:depth=3,hold8=1.5", "play 8H/S"),  # only the draw is that close, and it plays no card
    ("solver:depth=3,hold8=2", "play AH"),
])
def test_a_solver_bot_with_hold8_plays_another_card_valued_within_that_many_points_of_a_best_8(
        spec: str, move: str) -> None:
    # The seeds' first strategic rule: hold an 8 as long as possible (wgr-guide, Strategy (3)).
    assert choice(spec, EIGHT_NEAR_A_TIE) == move


def test_hold8_keeps_the_best_move_when_it_plays_no_8() -> None:
    ranked = [MoveValue(Move.from_notation("play 4C"), 3.0), MoveValue(Move.from_notation("play 8C/S"), 2.9)]
    assert pick(ranked, 10.0) == Move.from_notation("play 4C")
    assert pick(ranked[1:], 10.0) == Move.from_notation("play 8C/S")  # no other card to hold it back for


def test_without_hold8_a_best_8_is_played_even_against_another_card_valued_the_same() -> None:
    ranked = [MoveValue(Move.from_notation("play 8C/S"), 3.0), MoveValue(Move.from_notation("play 4C"), 3.0)]
    assert pick(ranked, 0.0) == Move.from_notation("play 8C/S")  # the search's best, as /v1/hint's
    assert pick(ranked, 0.5) == Move.from_notation("play 4C")


def test_the_solver_bot_plays_an_only_move_without_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = make_bot("solver:depth=3")
    monkeypatch.setattr(searching, "Solver", None)  # any search would fail
    assert bot.choose(parse_position(START), [Move.draw()]) == Move.draw()


@pytest.fixture
def ranks(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A list that receives the keyword arguments of every search a bot's Solver ranks (each ranks draw first)."""
    calls: list[dict[str, Any]] = []

    class Spy:
        def __init__(self, tt_mb: int) -> None:
            pass

        def rank(self, position: Position, **kwargs: Any) -> Any:
            calls.append(kwargs)
            return [MoveValue(Move.draw(), 0.0)]

    monkeypatch.setattr(searching, "Solver", Spy)
    return calls


def test_the_solver_bot_hands_its_evaluation_to_the_solver_so_a_new_one_needs_no_change(
        monkeypatch: pytest.MonkeyPatch, ranks: list[dict[str, Any]]) -> None:
    monkeypatch.setitem(EVALUATIONS, "learned", material)
    position = parse_position(START)
    make_bot("solver:depth=3,eval=learned").choose(position, list(legal_moves(position)))
    assert ranks == [{"depth": 3, "time_ms": None, "evaluation": "learned"}]


@pytest.mark.parametrize(("spec", "time_ms"), [("solver:depth=30", 20.0), ("solver:time=5,depth=30", 5.0),
                                               ("solver:time=50", 20.0)])
def test_a_capped_solver_bot_searches_a_move_for_at_most_its_cap(ranks: list[dict[str, Any]], spec: str,
                                                                  time_ms: float) -> None:
    bot = make_bot(spec)
    assert isinstance(bot, searching.SearchingBot)
    bot.time_cap = lambda: 20.0
    position = parse_position(START)
    bot.choose(position, list(legal_moves(position)))
    assert [call["time_ms"] for call in ranks] == [time_ms] and bot.spec == spec


# --- the heuristic bot: the Kellers' advice ----------------------------------------------------------

def test_heuristic_holds_an_8_when_it_has_another_play() -> None:
    # Strategy (3): "Hold an 8 as long as possible. Its enormous strategic value,
    # particularly as a last card, is worth the possible fatal gamble of being left holding it."
    assert choice("heuristic", "N:7.Q.K.K E:Q.J.Q.Q S:K.5..8 W:9.T.9.9 up:5D turn:S") == "play 5H"


def test_heuristic_draws_rather_than_play_its_only_8_early_in_a_deal() -> None:
    # Strategy (3): "It may even be desirable, early in a deal, to draw for a round ... rather than use it."
    assert choice("heuristic", "N:K.Q.K.K E:Q.J.Q.Q S:8...J74 W:9.T.9.9 up:5H turn:S") == "draw"


def test_heuristic_plays_its_only_8_late_and_calls_the_suit_its_hands_are_longest_in() -> None:
    assert choice("heuristic", "N:K.Q.K.K E:Q.J.Q.Q S:8...J7 W:9.T.9.9 up:5H turn:S") == "play 8S/C"


def test_heuristic_discards_face_cards_first() -> None:
    # Strategy (1): "Follow suit as long as possible, discarding face cards first."
    assert choice("heuristic", "N:K.Q.K.K E:Q.J.Q.Q S:.K4.7. W:.9T.. up:5H turn:S") == "play KH"


def test_heuristic_covers_a_2_when_the_next_hand_cannot() -> None:
    assert choice("heuristic", "N:K.Q.K.K E:Q.J.Q.Q S:7.6.5.4 W:9.2.9.9 up:2D turn:W draw:2") == "play 2H"


def test_heuristic_draws_rather_than_cover_into_the_opposing_dummys_2() -> None:
    # Two-handed (C): "West ... can see a third two in the North dummy. West may choose to
    # draw two cards (saving his two for later) ... instead of playing his two and drawing six cards to East."
    assert choice("heuristic", "N:K.Q.K.2 E:Q.J.Q.Q S:7.6.5.4 W:9.2.9.9 up:2D turn:W draw:2") == "draw"


def test_heuristic_stops_an_opponent_about_to_go_out_with_a_3() -> None:
    # W's last card is 9H: KH would let it out; the 3 skips it.
    assert choice("heuristic", "N:K.Q.K.K E:Q.J.Q.Q S:.K3.7. W:.9.. up:5H turn:S") == "play 3H"


def test_heuristic_beats_random_by_a_clear_margin() -> None:
    result = run("heuristic", "random", pairs=20, seed=3, workers=1)
    summary = result.summary()
    assert summary.payoff.low > 10
    assert summary.wins >= 15


def test_heuristic_is_deterministic() -> None:
    position = parse_position(START)
    moves: Sequence[Move] = list(legal_moves(position))
    assert len({make_bot("heuristic").choose(position, moves) for _ in range(3)}) == 1
