"""Issue #29: the ruleset value. Every preset parses, prints a canonical short name and a JSON
form that read back as the same value; bad input is a specific error naming the option."""

from __future__ import annotations

import pytest

from eights.engine.errors import NotationError
from eights.engine.family import Ruleset, parse_rules
from eights.engine.family.ruleset import (
    OptionValueError,
    PlayerCountError,
    RulesetError,
    UnknownOptionError,
    UnknownPresetError,
)

NAMES = [
    "sce2", "sce/3", "sce/6,deal=8", "classic/2", "classic/7,draw=one,skip=Q",
    "classic/4,draw=upto:3,must_play=yes,eights=nosuit,skip=Q,reverse=A,draw2=2,reshuffle=0", "classic/3,reshuffle=5",
    "classic/5,draw=one_play,eights=match", "openspiel/2", "openspiel/8,max_draw_cards=2,max_turns=50,use_special_cards=yes,reshuffle=yes",
    "layout/2", "layout/8",
]


@pytest.mark.parametrize("name", NAMES)
def test_the_short_name_is_canonical_and_reads_back(name: str) -> None:
    rules = parse_rules(name)
    assert rules.name == name
    assert parse_rules(rules.name) == rules
    assert Ruleset.from_json(rules.to_json()) == rules
    assert hash(rules) == hash(parse_rules(name))


def test_options_in_any_order_and_case_print_in_the_fixed_order() -> None:
    assert parse_rules("Classic/4, SKIP=q , draw=ONE").name == "classic/4,draw=one,skip=Q"
    assert parse_rules("classic").name == "classic/4"
    assert parse_rules("openspiel").name == "openspiel/5"
    assert parse_rules("classic/4,reshuffle=yes,draw=until").name == "classic/4"  # defaults left out
    assert parse_rules("classic/4,reshuffle=no").name == "classic/4,reshuffle=0"  # a count, when not 2


def test_sce2_is_the_default_ruleset() -> None:
    assert Ruleset() == parse_rules("sce2")
    assert Ruleset().name == "sce2"


def test_decks_and_hand_sizes_per_preset() -> None:
    assert [parse_rules(f"sce/{n}").decks for n in range(3, 7)] == [1, 1, 2, 2]
    assert [parse_rules(f"classic/{n}").decks for n in range(2, 8)] == [1, 1, 1, 1, 2, 2]
    assert [parse_rules(f"openspiel/{n}").decks for n in range(2, 9)] == [1, 1, 1, 1, 2, 2, 2]
    assert [parse_rules(f"classic/{n}").hand_size() for n in (2, 3, 7)] == [7, 5, 5]
    assert [parse_rules(f"sce/4,deal={k}").hand_size() for k in range(1, 16)] == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]
    assert parse_rules("layout/8").hand_size() == 5 and parse_rules("layout/8").centre == 8


def test_classic_target_scores_and_the_sce_match_length() -> None:
    assert [parse_rules(f"classic/{n}").target_score for n in range(2, 8)] == [100, 150, 200, 250, 300, 350]
    assert parse_rules("sce/4").deals_in_match == 15


@pytest.mark.parametrize(("text", "error", "field"), [
    ("poker/4", UnknownPresetError, "rules.preset"),
    ("classic/8", PlayerCountError, "rules.players"),
    ("classic/1", PlayerCountError, "rules.players"),
    ("sce/2", PlayerCountError, "rules.players"),
    ("layout/9", PlayerCountError, "rules.players"),
    ("openspiel/9", PlayerCountError, "rules.players"),
    ("openspiel/15", PlayerCountError, "rules.players"),
    ("classic/x", PlayerCountError, "rules.players"),
    ("sce2/3", PlayerCountError, "rules.players"),
    ("classic/4,jokers=yes", UnknownOptionError, "rules.jokers"),
    ("sce/4,skip=Q", UnknownOptionError, "rules.skip"),
    ("openspiel/4,draw=one", UnknownOptionError, "rules.draw"),
    ("layout/4,reshuffle=no", UnknownOptionError, "rules.reshuffle"),
    ("sce2,deal=3", UnknownOptionError, "rules.deal"),
    ("classic/4,draw", UnknownOptionError, "rules"),
    ("classic/4,draw=one,draw=until", UnknownOptionError, "rules.draw"),
    ("classic/4,draw=upto:0", OptionValueError, "rules.draw"),
    ("classic/4,draw=upto", OptionValueError, "rules.draw"),
    ("classic/4,draw=sometimes", OptionValueError, "rules.draw"),
    ("classic/4,eights=tame", OptionValueError, "rules.eights"),
    ("classic/4,must_play=maybe", OptionValueError, "rules.must_play"),
    ("classic/4,skip=8", OptionValueError, "rules.skip"),
    ("classic/4,reverse=8", OptionValueError, "rules.reverse"),
    ("classic/4,draw2=8", OptionValueError, "rules.draw2"),
    ("classic/4,skip=Z", OptionValueError, "rules.skip"),
    ("classic/4,skip=Q,reverse=Q", OptionValueError, "rules.reverse"),
    ("openspiel/4,max_draw_cards=0", OptionValueError, "rules.max_draw_cards"),
    ("sce/4,deal=16", OptionValueError, "rules.deal"),
])
def test_bad_rulesets_are_specific_errors_naming_the_field(text: str, error: type[RulesetError], field: str) -> None:
    with pytest.raises(error) as raised:
        parse_rules(text)
    assert raised.value.field == field
    assert isinstance(raised.value, NotationError)
    assert "\n" not in str(raised.value)


def test_nine_players_of_openspiel_are_refused_naming_the_limit() -> None:
    with pytest.raises(PlayerCountError, match=r"^rules.players: openspiel takes 2 to 8 players here, not 9 \(pyspiel allows up to 15\)$"):
        parse_rules("openspiel/9")


def test_a_bad_json_form_names_the_field() -> None:
    with pytest.raises(UnknownPresetError, match="rules.preset"):
        Ruleset.from_json({"players": 4})
    with pytest.raises(UnknownOptionError, match="rules.jokers"):
        Ruleset.from_json({"preset": "classic", "players": 4, "options": {"jokers": True}})
    with pytest.raises(RulesetError, match="rules"):
        Ruleset.from_json(42)
    assert Ruleset.from_json("classic/3,skip=Q") == parse_rules("classic/3,skip=Q")
    assert Ruleset.from_json({"preset": "classic", "players": 3, "options": {"must_play": True, "skip": None}}).name == "classic/3,must_play=yes"


def test_the_switches_the_rule_code_reads() -> None:
    classic = parse_rules("classic/4,draw=upto:3,skip=Q,reverse=A,draw2=2")
    assert classic.effects == ((11, "skip"), (0, "reverse"), (1, "draw2"))
    assert (classic.draw_mode, classic.draw_cap, classic.reshuffle_mode) == ("until", 3, "lazy")
    sce = parse_rules("sce/4")
    assert sce.effects == ((0, "reverse"), (1, "draw2"), (2, "skip"))
    assert (sce.draw_mode, sce.upcard_rule, sce.going_out_continues) == ("one", "played", ("draw2", "skip"))
    ospiel = parse_rules("openspiel/4,reshuffle=yes")
    assert (ospiel.effects, ospiel.reshuffle_mode, ospiel.blocked_after, ospiel.plays_cap) == ((), "eager", 5, 100)
    assert parse_rules("openspiel/4,use_special_cards=yes").effects == ((11, "skip"), (0, "reverse"), (1, "draw2"))
    layout = parse_rules("layout/5")
    assert (layout.has_stock, layout.reshuffle_mode, layout.blocked_after) == (False, "no", 5)


def test_a_ruleset_built_directly_is_checked_as_a_parsed_one() -> None:
    with pytest.raises(UnknownPresetError, match="rules.preset"):
        Ruleset(preset="poker")
    with pytest.raises(PlayerCountError, match="rules.players: classic takes 2 to 7 players here, not 12"):
        Ruleset(preset="classic", players=12)
