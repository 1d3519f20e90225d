"""Issue #39 item 4: the rollout bot from a seat's own view (``rollout:games=N,samples=S``,
``rollout:time=MS,samples=S``): its choice from the seed alone and never from a hidden card (two
positions the seat cannot tell apart give the same means and move), and /v1/bot-move from a
view (its spec, errors and whole deals: tests/test_family_rollout_bot.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from eights.engine.family import legal_moves, parse_family
from eights.engine.family.view import FamilyView
from eights.games import find_game
from eights.play.family import make_family_bot
from eights.play.family.rollout_bot import FamilyRolloutBot
from eights.solver.family_convert import move_code

POSITION = "rules:classic/4 0:K5.8.9Q. 1:Q.9.. 2:.2.4. 3:..3K. turn:0 up:7S stock:A6..JT."
SWAPPED = "rules:classic/4 0:K5.8.9Q. 1:A.9.. 2:.2.4. 3:..3K. turn:0 up:7S stock:Q6..JT."  # 1's Q and the stock's A
SPEC = "rollout:games=20,samples=4"


def rollout_bot(spec: str) -> FamilyRolloutBot:
    """The rollout bot ``spec`` names, made as every command makes it."""
    bot = make_family_bot(spec)
    assert isinstance(bot, FamilyRolloutBot)
    return bot


def chosen(spec: str, text: str, seed: int) -> tuple[dict[int, tuple[float, ...]], str]:
    """A fresh bot's means and move at a game's first decision in ``text``."""
    position = parse_family(text)
    bot = rollout_bot(spec)
    bot.new_game(seed)
    means = bot.view_means(position)
    bot.new_game(seed)
    return means, bot.choose(position, list(legal_moves(position))).notation()


def test_the_choice_is_the_best_mean_over_the_samples_and_follows_the_seed() -> None:
    position = parse_family(POSITION)
    means, move = chosen(SPEC, POSITION, 7)
    assert set(means) == {move_code(position, legal) for legal in legal_moves(position)}
    played = next(legal for legal in legal_moves(position) if legal.notation() == move)
    assert means[move_code(position, played)][0] == max(value[0] for value in means.values())
    assert chosen(SPEC, POSITION, 7) == (means, move)
    assert chosen(SPEC, POSITION, 8)[0] != means


def test_positions_the_seat_cannot_tell_apart_give_the_same_means_and_move() -> None:
    assert FamilyView.of(parse_family(POSITION)) == FamilyView.of(parse_family(SWAPPED))
    double_dummy = rollout_bot("rollout:games=20")
    double_dummy.new_game(7)
    assert double_dummy.mean_payoffs(parse_family(POSITION)) != double_dummy.mean_payoffs(parse_family(SWAPPED))
    for seed in range(3):
        assert chosen(SPEC, POSITION, seed) == chosen(SPEC, SWAPPED, seed)


def test_bot_move_answers_from_a_view_as_from_the_whole_position(client: FlaskClient) -> None:
    game = find_game("classic/4")
    view = game.notation(game.own_view(game.read_position(POSITION)))
    asked = {"bot": SPEC, "seed": 5}
    viewed = client.post("/v1/bot-move", json={"position": view, **asked})
    whole = client.post("/v1/bot-move", json={"position": POSITION, **asked}).get_json()
    swapped = client.post("/v1/bot-move", json={"position": SWAPPED, **asked}).get_json()
    assert viewed.status_code == 200 and viewed.get_json()["bot"] == SPEC, viewed.get_json()
    assert viewed.get_json()["move"] == whole["move"] == swapped["move"]
