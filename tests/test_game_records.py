"""Issue #40, 1: the record of a game played with the cube carries its cube actions and
resignations (``cube_actions``, docs/rules/game.md), replayed by the cube's rules on reading;
a record without them reads and writes as before."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import jsonschema_rs
import pytest

from eights.engine.errors import NotationError
from eights.engine.game import CubeAction, CubeState, GameEnd, replay_cube
from eights.engine.match import MatchRecord, MatchResult, play_match, random_strategy

SCHEMA = jsonschema_rs.validator_for(json.loads((Path(__file__).resolve().parent.parent / "engine" / "record.schema.json").read_text()))
LEADS = (0, 30, -20, 50)  # player 0's lead before deals 1 to 4


def actions(*triples: tuple[int, int, str]) -> tuple[CubeAction, ...]:
    return tuple(CubeAction(*triple) for triple in triples)


def test_a_take_turns_the_cube_to_the_taker_and_a_refusal_plays_on() -> None:
    played = actions((2, 0, "double"), (2, 1, "take"), (4, 0, "resign"), (4, 1, "refuse"))
    assert replay_cube(played, LEADS) == CubeState(cube=2, owner=1)


def test_a_pass_ends_the_game_paying_the_doubler_200_times_the_cube_before_the_double() -> None:
    played = actions((2, 0, "double"), (2, 1, "take"), (3, 1, "double"), (3, 0, "pass"))
    assert replay_cube(played, LEADS).end == GameEnd("pass", 3, winner=1, points=400)


@pytest.mark.parametrize(("played", "field", "words"), [
    (actions((2, 1, "double"), (2, 0, "take")), "cube_actions[0]", "may not double"),  # player 1 is behind
    (actions((1, 0, "double"), (1, 1, "take")), "cube_actions[0]", "may not double"),  # never before deal 1
    (actions((2, 0, "double"),), "cube_actions[0]", "must be answered"),
    (actions((2, 0, "take"),), "cube_actions[0]", "none was made"),
    (actions((2, 0, "double"), (2, 0, "take")), "cube_actions[1]", "the other player"),
    (actions((2, 0, "resign"), (2, 1, "refuse"), (2, 0, "resign"), (2, 1, "accept")), "cube_actions[2]", "gone"),
    (actions((2, 0, "double"), (2, 1, "pass"), (3, 0, "resign"), (3, 1, "accept")), "cube_actions[2]", "ended"),
    (actions((5, 0, "resign"), (5, 1, "accept")), "cube_actions[0]", "reached"),
    (actions((2, 0, "double"), (2, 1, "take"), (4, 0, "double"), (4, 1, "take")), "cube_actions[2]", "may not"),
])
def test_actions_the_rules_refuse_are_named(played: tuple[CubeAction, ...], field: str, words: str) -> None:
    with pytest.raises(NotationError) as error:
        replay_cube(played, LEADS)
    assert error.value.field == field and words in error.value.problem


def three_deals() -> MatchResult:
    strategies = [random_strategy(random.Random(1)), random_strategy(random.Random(2))]
    return MatchResult.of(list(play_match(strategies, 5).deals[:3]))


def resigned_after_three(result: MatchResult) -> tuple[CubeAction, ...]:
    leader = 0 if result.leads[1] > 0 else 1
    return actions((2, leader, "double"), (2, 1 - leader, "take"), (4, 0, "resign"), (4, 1, "accept"))


def test_a_game_record_with_its_cube_actions_reads_back_and_meets_the_schema() -> None:
    result = three_deals()
    record = MatchRecord(("a", "b"), replace(result, cube_actions=resigned_after_three(result)), 5)
    data = json.loads(json.dumps(record.to_json()))
    SCHEMA.validate(data)
    assert MatchRecord.from_json(data) == record
    assert "cube_actions" not in MatchRecord(("a", "b"), result, 5).to_json()


def test_a_record_that_goes_on_after_its_game_ended_is_refused() -> None:
    result = three_deals()
    data = MatchRecord(("a", "b"), replace(result, cube_actions=resigned_after_three(result)), 5).to_json()
    data["cube_actions"][2:] = [{"before_deal": 3, "player": 0, "action": "resign"},
                                {"before_deal": 3, "player": 1, "action": "accept"}]
    with pytest.raises(NotationError) as error:
        MatchRecord.from_json(data)
    assert error.value.field == "cube_actions" and "goes on" in error.value.problem


@pytest.mark.parametrize(("value", "field"), [
    ("x", "cube_actions"), ([{"before_deal": 2}], "cube_actions[0]"),
    ([{"before_deal": 2, "player": 2, "action": "double"}], "cube_actions[0].player"),
    ([{"before_deal": 2, "player": 0, "action": "beaver"}], "cube_actions[0].action"),
])
def test_a_malformed_cube_action_is_named(value: object, field: str) -> None:
    data = MatchRecord(("a", "b"), three_deals(), 5).to_json()
    with pytest.raises(NotationError) as error:
        MatchRecord.from_json({**data, "cube_actions": value})
    assert error.value.field == field
