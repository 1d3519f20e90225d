"""Issue #29: records of played family deals and matches carry their ruleset, read back as they
were written, and a record that does not replay is refused naming the field."""

from __future__ import annotations

import json

import pytest

from eights.engine.errors import NotationError
from eights.engine.family import (
    FamilyDealRecord,
    parse_family,
    parse_rules,
    play_family_match,
    random_family_strategy,
    record_events,
)

START = "rules:classic/2 0:7.8.. 1:K... turn:0 up:7C stock:...2"
EVENTS = ["play 7S", "draw", "card 2C", "play KS", "play 8H"]


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
    assert record.to_json()["events"] == EVENTS and record.to_json()["payoffs"] == ["2", "-2"]


@pytest.mark.parametrize(("change", "field"), [
    ({"format": "eights-record"}, "format"),
    ({"version": 2}, "format"),
    ({"rules": "classic/3"}, "start"),
    ({"rules": "classic/9"}, "rules.players"),
    ({"events": ["play 7S", "play 8H"]}, "events[1]"),
    ({"events": ["play 7S", "draw", "play KS"]}, "events[2]"),
    ({"events": ["play 7S", "draw", "card 3C"]}, "events[2]"),
    ({"events": "play 7S"}, "events"),
    ({"end": START}, "end"),
    ({"payoffs": ["-2", "2"]}, "payoffs"),
    ({"comment": "hi"}, "comment"),
])
def test_a_record_that_does_not_replay_is_refused_naming_the_field(change: dict[str, object], field: str) -> None:
    data = {**record_events(parse_family(START), EVENTS).to_json(), **change}
    with pytest.raises(NotationError) as raised:
        FamilyDealRecord.from_json(data)
    assert raised.value.field == field, str(raised.value)
