"""A field name means one thing in every answer (issue #28, 5): ``json`` is always a position
in the JSON form, ``move_json`` always a move."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from eights.engine.moves import Move
from eights.engine.notation import parse_position
from tests.api_examples import MIDGAME


def named(answer: Any, key: str) -> Iterator[Any]:
    """Every value under ``key``, at any depth of ``answer``."""
    if isinstance(answer, dict):
        for name, value in answer.items():
            if name == key:
                yield value
            yield from named(value, key)
    elif isinstance(answer, list):
        for value in answer:
            yield from named(value, key)


def answers(client: FlaskClient) -> list[Any]:
    """The answers of the endpoints that give a position or a move in the JSON form."""
    requests = [("/v1/deal", {"deal": 1, "dealer": "S", "seed": 1}),
                ("/v1/positions/normalise", {"position": MIDGAME}),
                ("/v1/moves", {"position": MIDGAME}),
                ("/v1/apply", {"position": MIDGAME, "moves": ["play JC", "play 8D/S"], "seed": 1}),
                ("/v1/bot-move", {"position": MIDGAME, "bot": "random", "seed": 1})]
    found = []
    for url, body in requests:
        response = client.post(url, json=body)
        assert response.status_code == 200, (url, response.get_json())
        found.append(response.get_json())
    return found


def test_json_is_a_position_in_every_answer(client: FlaskClient) -> None:
    positions = [value for answer in answers(client) for value in named(answer, "json")]
    assert len(positions) == 4  # deal, normalise, moves, apply
    for value in positions:
        parse_position(value)


def test_move_json_is_a_move_in_every_answer(client: FlaskClient) -> None:
    moves = [value for answer in answers(client) for value in named(answer, "move_json")]
    assert len(moves) >= 5
    assert all(isinstance(Move.from_json(value), Move) for value in moves)
