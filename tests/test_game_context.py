"""Issue #40, 1: a position's game context (docs/rules/game.md): the deal number, the lead or
the totals, the cube; read and written in both forms, each error naming its field, and a
position without it read and written exactly as before."""

from __future__ import annotations

import pytest

from eights.engine.errors import NotationError
from eights.engine.game import GameContext, parse_game_position
from eights.engine.notation import compact, parse_position, to_json

POSITION = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"
JSON = to_json(parse_position(POSITION))


@pytest.mark.parametrize("fields", ["deal:12 lead:-60 cube:1", "deal:3 totals:40,80 cube:2/EW",
                                    "deal:15 lead:120 cube:64/NS"])
def test_a_game_context_reads_and_writes_back_in_both_forms(fields: str) -> None:
    game = parse_game_position(f"{POSITION} {fields}")
    assert game.notation() == f"{POSITION} {fields}"
    assert parse_game_position(game.to_json()) == game
    assert game.to_json()["deal_number"] == game.context.deal


def test_the_totals_give_the_lead_of_ns_and_the_cube_defaults_to_the_middle() -> None:
    context = parse_game_position({**JSON, "deal_number": 3, "totals": {"NS": 5, "EW": 9}}).context
    assert context == GameContext(deal=3, lead=4, cube=1, owner=None, totals=(5, 9))


def test_a_position_without_a_context_is_as_before() -> None:
    game = parse_game_position(POSITION)
    assert game.context is None and game.notation() == POSITION and game.to_json() == JSON


@pytest.mark.parametrize("data", [f"{POSITION} deal:4", {**JSON, "deal_number": 4}])
def test_the_double_dummy_reader_refuses_a_context_naming_it(data: object) -> None:
    with pytest.raises(NotationError) as error:
        parse_position(data)
    assert error.value.field in ("deal", "deal_number") and "eights cube" in error.value.problem


@pytest.mark.parametrize(("fields", "field", "words"), [
    ("lead:5", "deal", "required"),
    ("deal:16", "deal", "1 to 15"),
    ("deal:1 lead:4", "lead", "before deal 1"),
    ("deal:5 lead:x", "lead", "whole number"),
    ("deal:5 lead:999999", "lead", "whole number"),
    ("deal:5 totals:1", "totals", "two totals"),
    ("deal:5 lead:3 totals:1,2", "totals", "not both"),
    ("deal:5 cube:3", "cube", "1, 2, 4"),
    ("deal:5 cube:2", "cube", "its owner"),
    ("deal:5 cube:1/NS", "cube", "in the middle"),
    ("deal:5 cube:2/XX", "cube", "NS or EW"),
    ("deal:2 cube:4/NS", "cube", "2 doubles"),
    ("deal:5 deal:6", "deal", "given twice"),
])
def test_a_bad_compact_context_names_its_field(fields: str, field: str, words: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_game_position(f"{POSITION} {fields}")
    assert error.value.field == field and words in error.value.problem


@pytest.mark.parametrize(("extra", "field"), [
    ({"cube": 2}, "deal_number"),
    ({"deal_number": "3"}, "deal_number"),
    ({"deal_number": 3, "totals": {"NS": 5}}, "totals"),
    ({"deal_number": 3, "totals": {"NS": -5, "EW": 0}}, "totals"),
    ({"deal_number": 3, "cube": 2, "cube_owner": "N"}, "cube_owner"),
    ({"deal_number": 3, "lead": True}, "lead"),
])
def test_a_bad_json_context_names_its_field(extra: dict[str, object], field: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_game_position({**JSON, **extra})
    assert error.value.field == field


def test_who_may_double_follows_the_rules() -> None:
    context = GameContext.of(5, lead=30)
    assert context.may_double(0) and not context.may_double(1)
    assert not GameContext.of(1).may_double(0)  # never before deal 1
    taken = context.taken(0)
    assert (taken.cube, taken.owner) == (2, 1) and not taken.may_double(0)
    assert not GameContext.of(8, lead=30, cube=64, owner=0).may_double(0)  # at most 64
    assert context.pass_points == 200 and taken.pass_points == 400


def test_compact_is_unchanged_for_the_position_of_a_game() -> None:
    game = parse_game_position(f"{POSITION} deal:7 lead:10")
    assert compact(game.position) == POSITION
