"""The one game interface (eights.games, #38): a game found by its name gives every tool the
same calls for sce2 and for each ruleset of the family."""

from __future__ import annotations

import random

import pytest

from eights.engine import EightsError, NotationError
from eights.engine.family.notation import RulesMismatch
from eights.engine.family.ruleset import RulesetError
from eights.games import Game, find_game, game_of, read_any

NAMES = ["sce2", "classic/4", "classic/4,skip=Q", "sce/3", "openspiel/5", "layout/4"]
SCE2_VIEW = "N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S/C turn:W view:W"
CLASSIC_VIEW = "rules:classic/4 0:7.8.. 1:?1 2:?1 3:?1 up:7C turn:0 discard:...3 view:0"


def dealt(game: Game, seed: int = 3) -> object:
    return game.deal(seed)


def test_a_game_is_found_by_its_name_and_is_one_value() -> None:
    assert find_game("Classic/4") is find_game("classic/4") and find_game("sce2").name == "sce2"
    assert find_game("classic/4,skip=Q").name == "classic/4,skip=Q"
    with pytest.raises(RulesetError) as error:
        find_game("chess")
    assert error.value.field.startswith("rules")


@pytest.mark.parametrize("name", NAMES)
def test_positions_and_views_read_back_in_both_forms(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    assert game.read_position(game.notation(position)) == position == game.read_position(game.to_json(position))
    seat = 3 if name == "sce2" else 1
    view = game.view_of(position, seat)
    assert game.is_view(game.notation(view)) and not game.is_view(game.notation(position))
    assert game.read(game.notation(view)) == view == game.read(game.to_json(view))
    assert game.diagram(view) != game.diagram(position)


@pytest.mark.parametrize("name", NAMES)
def test_a_deal_plays_to_its_end_through_the_interface(name: str) -> None:
    game, rng = find_game(name), random.Random(5)
    position = dealt(game)
    for _ in range(2000):
        if game.is_over(position):
            break
        assert game.to_act(position) in range(game.players)
        moves = game.legal_moves(position)
        position = game.play(position, rng.choice(moves).notation(), rng).after
    assert game.is_over(position) and game.to_act(position) is None
    assert len(game.payoffs(position)) == game.players


@pytest.mark.parametrize("name", NAMES)
def test_each_move_s_outcomes_are_chances_that_add_up_to_one(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    for move in game.legal_moves(position):
        assert sum(chance for chance, _ in game.outcomes(position, move)) == 1


@pytest.mark.parametrize("name", ["sce2", "classic/3"])
def test_a_search_answers_in_one_shape(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    answer = game.search(position, depth=2)
    assert answer.player == game.to_act(position) and answer.depth == 2
    assert {move for move, _ in answer.moves} == set(game.legal_moves(position))
    assert answer.values is not None and len(answer.values) == game.players
    assert answer.to_json()["best"] == answer.best.notation()


@pytest.mark.parametrize("name", NAMES)
def test_samples_of_a_view_are_deals_it_cannot_tell_apart(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    seat = 3 if name == "sce2" else 0
    view = game.view_of(position, seat)
    for sample in game.samples(view, 4, seed=1):
        assert game.view_of(sample, seat) == view


def test_a_view_knows_the_moves_of_its_own_hand_only() -> None:
    game, view = read_any(CLASSIC_VIEW, None)
    assert [move.notation() for move in game.legal_moves(view)][:2] == ["play 7S", "play 8H/S"]
    other = game.read(CLASSIC_VIEW.replace("turn:0", "turn:1"))
    with pytest.raises(NotationError) as error:
        game.legal_moves(other)
    assert error.value.field == "view"
    sce2, seen = read_any(SCE2_VIEW, None)
    assert sce2.name == "sce2" and sce2.legal_moves(seen)


def test_the_game_of_a_value_is_its_rules_word_or_the_option() -> None:
    assert game_of(CLASSIC_VIEW, None).name == "classic/4"
    assert game_of(CLASSIC_VIEW.replace("rules:classic/4 ", ""), "classic/4").name == "classic/4"
    assert game_of({"hands": {}}, None).name == "sce2"
    with pytest.raises(RulesMismatch) as error:
        game_of(CLASSIC_VIEW, "classic/3", "--rules")
    assert error.value.field == "--rules"


def test_a_fair_hint_view_is_the_hand_to_act_s() -> None:
    game = find_game("classic/4")
    assert game.hint_view(game.read(CLASSIC_VIEW)).seat == 0
    full = "rules:classic/4 0:7.8.. 1:K... 2:.2.. 3:Q... up:7C turn:0 discard:...3"
    assert game.hint_view(game.read(full)) == game.read(CLASSIC_VIEW)
    with pytest.raises(NotationError) as error:
        game.hint_view(game.read(CLASSIC_VIEW.replace("turn:0", "turn:2")))
    assert error.value.field == "view"
    sce2 = find_game("sce2")
    for text in (SCE2_VIEW.replace("turn:W", "turn:S"), SCE2_VIEW.replace("S:?8", "S:J92.9.54.A2").replace(" view:W", "")):
        with pytest.raises(NotationError) as error:
            sce2.hint_view(sce2.read(text))
        assert error.value.field == "view"


@pytest.mark.parametrize("name", ["sce2", "classic/4"])
def test_a_move_the_rules_forbid_is_refused_naming_its_field(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    with pytest.raises(EightsError) as error:
        game.play(position, "play 8X", random.Random(1), "moves[3]")
    assert error.value.field.startswith("moves[3]")
    illegal = next(f"play {card}" for card in ("AS", "KH", "QD", "JC", "TS", "9H")
                   if f"play {card}" not in {move.notation() for move in game.legal_moves(position)})
    with pytest.raises(EightsError) as error:
        game.play(position, illegal, random.Random(1), "moves[3]")
    assert error.value.field == "moves[3]"


def test_a_numbered_deal_and_a_finished_deal_s_result_in_each_game_s_words() -> None:
    sce2, sce = find_game("sce2"), find_game("sce/3")
    assert sce2.deal_requires == ("number", "dealer") and not sce.deal_requires
    assert sce2.deal_numbered(7, 15, "W") == sce2.read_position(sce2.notation(sce2.deal_numbered(7, 15, "W")))
    assert sce.answer_fields(sce.deal_numbered(7, 8))["rules"] == "sce/3,deal=8" and sce2.answer_fields(dealt(sce2)) == {}
    with pytest.raises(NotationError) as error:
        find_game("classic/4").deal_numbered(7, 2)
    assert error.value.field == "--deal"
    over = sce2.read_position("N:... E:Q... S:5... W:9... up:5H turn:W")
    fields, line = sce2.deal_result(over)
    assert "score" in fields and line.startswith("deal over: ")


@pytest.mark.parametrize("name", NAMES)
def test_a_rollout_round_gives_every_root_move_each_player_s_payoff(name: str) -> None:
    game = find_game(name)
    position = dealt(game)
    moves = game.legal_moves(position)[:2]
    played = game.play_round(position, moves, 0, game.make_bot("random"), seed=1)
    assert len(played) == len(moves) and all(len(payoffs) == game.players for payoffs in played)
    assert played == game.play_round(position, moves, 0, game.make_bot("random"), seed=1)  # common random numbers


@pytest.mark.parametrize("name", ["sce2", "classic/3"])
def test_the_reference_search_deepens_while_its_time_lasts(name: str) -> None:
    game = find_game(name)
    depth, nodes, seconds = game.reference_search(dealt(game), 1.0)
    assert depth >= 1 and nodes > 0 and seconds > 0
