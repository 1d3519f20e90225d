"""Issue #29: records of played family deals and matches carry their ruleset, read back as they
were written, and a record that does not replay is refused naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema_rs
import pytest

from eights.cli.main import main
from eights.engine.errors import NotationError
from eights.engine.family import (
    FamilyDealRecord,
    parse_family,
    parse_rules,
    play_family_match,
    random_family_strategy,
    record_events,
)
from eights.engine.family.match import schedule_entry
from eights.engine.family.notation import compact_family
from eights.games import find_game
from eights.games.family_records import match_record

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "engine" / "record.schema.json"

START = "rules:classic/2 0:7.8.. 1:K... turn:0 up:7C stock:...2"
EVENTS = ["play 7S", "draw", "card 2C", "play KS", "play 8H"]  # as records were written before #38
WRITTEN = ["play 7S", "draw 2C", "play KS", "play 8H"]  # as they are written now: a draw naming its cards


@pytest.mark.parametrize("name", ["sce/3", "classic/4,draw=one,skip=Q", "openspiel/3,use_special_cards=yes", "layout/5"])
def test_every_deal_of_a_match_is_a_record_that_reads_back_with_its_ruleset(name: str) -> None:
    rules = parse_rules(name)
    result = play_family_match(rules, [random_family_strategy] * rules.players, 5)
    data = json.loads(json.dumps(result.to_json()))
    assert data["rules"] == name and data["kind"] == "match" and len(data["deals"]) == len(result.deals)
    for record, written in zip(result.records, data["deals"]):
        assert written["rules"].startswith(name.split(",")[0])
        assert FamilyDealRecord.from_json(written) == record
        assert record.end.is_over and list(record.payoffs()) == [p for p in result.deals[result.records.index(record)]]


def test_a_deal_record_names_the_cards_each_draw_brought() -> None:
    record = record_events(parse_family(START), EVENTS)
    assert record.to_json()["moves"] == WRITTEN and record.to_json()["result"] == ["2", "-2"]
    assert record.events == tuple(EVENTS)  # each card its own chance event within


@pytest.mark.parametrize("moves", [EVENTS, WRITTEN])
def test_a_draw_naming_its_cards_and_a_draw_then_card_events_read_alike(moves: list[str]) -> None:
    """#38: the one record format: a family draw names its cards as sce2's does (``draw 2C``);
    the records written before, a ``card 2C`` event after the draw, still read, to the same deal."""
    data = {**record_events(parse_family(START), EVENTS).to_json(), "moves": moves}
    assert FamilyDealRecord.from_json(data) == record_events(parse_family(START), EVENTS)


@pytest.mark.parametrize(("change", "field"), [
    ({"format": "eights-family-record"}, "format"),
    ({"version": 1}, "format"),
    ({"rules": "classic/3"}, "position"),
    ({"rules": "classic/9"}, "rules.players"),
    ({"moves": ["play 7S", "play 8H"]}, "moves[1]"),
    ({"moves": ["play 7S", "draw", "play KS"]}, "moves[2]"),
    ({"moves": ["play 7S", "draw", "card 3C"]}, "moves[2]"),
    ({"moves": ["play 7S", "draw 3C"]}, "moves[1].cards[0]"),
    ({"moves": ["play 7S", "draw 2C,3C"]}, "moves[1].cards[1]"),
    ({"moves": ["play 7S", "draw ZZ"]}, "moves[1].cards[0]"),
    ({"moves": "play 7S"}, "moves"),
    ({"end": START}, "end"),
    ({"result": ["-2", "2"]}, "result"),
    ({"comment": "hi"}, "comment"),
])
def test_a_record_that_does_not_replay_is_refused_naming_the_field(change: dict[str, object], field: str) -> None:
    data = {**record_events(parse_family(START), EVENTS).to_json(), **change}
    with pytest.raises(NotationError) as raised:
        FamilyDealRecord.from_json(data)
    assert raised.value.field == field, str(raised.value)


# --- one record format: the family's records are eights-records with their rules (#28, 4; #29, 3) ---

def schema_errors(data: object) -> list[str]:
    """What engine/record.schema.json finds wrong with ``data``."""
    validator = jsonschema_rs.validator_for(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    return [error.message for error in validator.iter_errors(data)]


@pytest.mark.parametrize("name", ["sce/5", "classic/3,draw=one_play,reverse=A", "openspiel/2", "layout/4"])
def test_a_family_match_record_and_its_deals_meet_the_record_schema(name: str) -> None:
    rules = parse_rules(name)
    data = json.loads(json.dumps(play_family_match(rules, [random_family_strategy] * rules.players, 3).to_json()))
    assert (data["format"], data["version"], data["kind"]) == ("eights-record", 2, "match")
    assert schema_errors(data) == [] and all(schema_errors(deal) == [] for deal in data["deals"])


def test_a_match_the_engine_plays_is_written_as_eights_play_saves_a_family_match() -> None:
    """One concept, one format: ``play_family_match(...).to_json()`` writes the match record that
    ``eights play --rules R --deals K`` saves (``Game.match_record``), with sce2's match record's
    fields; what it is not told (the players, the seed, the deals planned) is null or the deals
    it has, and told them it is that record exactly, read back as written."""
    rules, players = parse_rules("sce/3"), ["human", "random", "heuristic"]
    result = play_family_match(rules, [random_family_strategy] * 3, 4, deals=2)
    under_way = record_events(result.records[1].start, result.records[1].events[:2])
    saved = match_record(rules, players, 4, 15, result.records[:1], under_way)
    told = play_family_match(rules, [random_family_strategy] * 3, 4, deals=1).to_json(players, 4, 15, under_way)
    assert told == saved and list(told) == ["format", "version", "kind", "rules", "players", "seed", "schedule",
                                           "deals", "totals", "unfinished", "points", "winner"]
    assert told["deals"][0]["players"] == told["unfinished"]["players"] == players
    read = find_game("sce/3").read_saved_match(json.loads(json.dumps(told)))
    assert (read.players, read.seed, read.planned, len(read.deals)) == (tuple(players), 4, 15, 1)
    data = result.to_json()
    assert list(data) == list(told) and (data["players"], data["seed"], data["unfinished"]) == (None, None, None)
    assert data["schedule"] == [schedule_entry(rules, 1), schedule_entry(rules, 2)] and schema_errors(data) == []
    assert all("players" not in deal for deal in data["deals"])
    assert find_game("sce/3").read_saved_match(data).planned == 2


def test_a_family_deal_under_way_meets_the_schema_with_a_null_result() -> None:
    data = record_events(parse_family(START), EVENTS[:2]).to_json()
    assert data["result"] is None and schema_errors(data) == []


def test_the_schema_refuses_a_family_record_without_its_rules() -> None:
    data = {**record_events(parse_family(START), EVENTS).to_json()}
    del data["rules"]
    assert schema_errors(data)


def test_eights_replay_replays_a_family_deal_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record_events(parse_family(START), EVENTS).to_json()), encoding="utf-8")
    status = main(["replay", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0 and len(lines) == len(WRITTEN) + 2 and lines[0] == compact_family(parse_family(START))
    assert lines[-1] == "deal over: payoffs 0: 2, 1: -2" and lines[2].startswith("draw 2C ")


def test_eights_replay_replays_a_family_match_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = parse_rules("classic/2")
    result = play_family_match(rules, [random_family_strategy] * 2, 5)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(result.to_json()), encoding="utf-8")
    status = main(["replay", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0 and lines[0] == f"classic/2, {len(result.records)} deals"
    assert lines[-1] == "totals " + ", ".join(str(total) for total in result.totals)


def test_eights_replay_refuses_a_family_match_whose_totals_do_not_add_up(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    data = play_family_match(parse_rules("classic/2"), [random_family_strategy] * 2, 5).to_json()
    data["totals"] = ["1", "-1"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("eights: totals: the deals add up to") and err.count("\n") == 1


def test_eights_analyse_reads_a_family_record_as_it_reads_sce2_records(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record_events(parse_family(START), EVENTS).to_json()), encoding="utf-8")
    status = main(["analyse", str(path), "--depth", "1"])
    out = capsys.readouterr().out
    assert status == 0 and out.startswith("classic/2, each move against the best one for its mover\n")
    assert "seat 0:" in out and "seat 1:" in out
