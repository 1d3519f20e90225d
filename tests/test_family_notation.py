"""Issue #29: the notation of family positions and moves. Both forms read back what they print
for every preset, and a bad position is refused with a specific error naming its field."""

from __future__ import annotations

import pytest

from eights.engine.errors import NotationError
from eights.engine.family import (
    FamilyMove,
    compact_family,
    family_from_json,
    family_to_json,
    parse_family,
)
from eights.engine.family.moves import FamilyMoveError
from eights.engine.family.notation import FamilyNotationError
from eights.engine.family.ruleset import PlayerCountError, UnknownOptionError
from eights.engine.notation import compact, parse_position
from tests.family_moves import walk

RULESETS = ["sce/3", "sce/5,deal=15", "classic/2", "classic/7,skip=Q,reverse=A,draw2=2",
            "classic/4,eights=nosuit", "openspiel/2,use_special_cards=yes,reshuffle=yes", "openspiel/8",
            "layout/2", "layout/8"]


@pytest.mark.parametrize("name", RULESETS)
def test_both_forms_read_back_every_position_of_a_played_deal(name: str) -> None:
    for position in walk(name, 7, 120):
        assert parse_family(compact_family(position)) == position
        assert family_from_json(family_to_json(position)) == position


def test_a_card_held_twice_is_written_twice_and_a_hand_may_be_a_list() -> None:
    p = parse_family("rules:openspiel/6 0:KK.. .2 1:- 2:A... 3:Q... 4:J... 5:T... up:7C turn:0".replace(".. .", "..."))
    assert compact_family(p).startswith("rules:openspiel/6 0:KK...2 1:... 2:A...")
    q = family_from_json({**family_to_json(p), "hands": [["KS", "KS", "2C"], "...", "A...", "Q...", "J...", "T..."]})
    assert q == p


def test_the_layout_games_centre_piles_are_written_bottom_first() -> None:
    p = parse_family("rules:layout/2 0:7... 1:.8.. piles:7C-7D/KD/2S/3S/4S/5S/6S/9S turn:0")
    assert p.piles[0][-1] == 7 + 2 * 13 - 1 and "piles:7C-7D/KD" in compact_family(p)
    assert family_to_json(p)["piles"][0] == ["7C", "7D"]


def test_sce2s_notation_is_unchanged() -> None:
    text = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W dir:cw draw:0"
    assert compact(parse_position(text)).startswith(text)
    with pytest.raises(FamilyNotationError, match="^rules: sce2 positions are written in NOTATION.md's form"):
        parse_family("rules:sce2 " + text)


@pytest.mark.parametrize(("text", "field"), [
    ("0:A... 1:K... up:7C turn:0", "rules"),
    ("rules:poker/2 0:A... 1:K... up:7C turn:0", "rules.preset"),
    ("rules:classic/2 0:A... up:7C turn:0", "1"),
    ("rules:classic/2 0:A... 1:K... 2:Q... up:7C turn:0", "2"),
    ("rules:classic/2 0:AA... 1:K... up:7C turn:0", "0"),
    ("rules:openspiel/6 0:AAA... 1:K... 2:- 3:- 4:- 5:- up:7C turn:0", "0"),
    ("rules:classic/2 0:A... 1:A... up:7C turn:0", "hands"),
    ("rules:classic/2 0:A... 1:K... up:AS turn:0", "hands"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 stock:A...", "stock"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 stock:Q... discard:J...", "stock"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:2", "turn"),
    ("rules:classic/2 0:A... 1:K... up:7C", "turn"),
    ("rules:classic/2 0:A... 1:K... turn:0", "up"),
    ("rules:classic/2 0:A... 1:K... up:7C/H turn:0", "up"),
    ("rules:classic/2 0:A... 1:K... up:7X turn:0", "up"),
    ("rules:classic/2,draw2=2 0:A... 1:K... up:2C turn:0 draw:3", "draw"),
    ("rules:classic/2 0:A... 1:K... up:2C turn:0 draw:2", "draw"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 dir:up", "dir"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 colour:red", "colour"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 wild", "wild"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 turn:1", "turn"),
    ("rules:classic/2 0:AX... 1:K... up:7C turn:0", "0"),
    ("rules:classic/2 0:A.. 1:K... up:7C turn:0", "0"),
    ("rules:classic/2 0:A... 1:K... up:8C turn:0 under:7C", "under"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 piles:7D", "piles"),
    ("rules:layout/2 0:A... 1:K... up:7C turn:0", "up"),
    ("rules:layout/2 0:A... 1:K... turn:0", "piles"),
    ("rules:layout/2 0:A... 1:K... piles:7C/KD turn:0", "piles"),
    ("rules:layout/2 0:A... 1:K... piles:7C-8C/KD/2S/3S/4S/5S/6S/9S turn:0", "piles"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 dealer:5", "dealer"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 passes:x", "passes"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 reshuffles:3", "reshuffles"),
    ("rules:classic/2,reshuffle=no 0:A... 1:K... up:7C turn:0 reshuffles:1", "reshuffles"),
    ("rules:sce/3 0:A... 1:K... 2:Q... up:7C turn:0 reshuffles:3", "reshuffles"),
    ("rules:openspiel/2,reshuffle=yes 0:A... 1:K... up:7C turn:0 reshuffles:1", "reshuffles"),
    ("rules:layout/2 0:A... 1:K... piles:7C/KD/2S/3S/4S/5S/6S/9S turn:0 reshuffles:1", "reshuffles"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 reshuffles:-1", "reshuffles"),
])
def test_a_bad_position_is_refused_naming_its_field(text: str, field: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_family(text)
    assert raised.value.field == field, str(raised.value)
    assert "\n" not in str(raised.value)


def test_every_deal_ends_a_position_records_its_deals_reshuffles_zero_when_not_given() -> None:
    text = "rules:classic/3,reshuffle=4 0:A... 1:K... 2:Q... up:7C turn:0 stock:... reshuffles:3"
    p = parse_family(text)
    assert p.reshuffles == 3 and compact_family(p).endswith("stock:... reshuffles:3")
    assert family_to_json(p)["reshuffles"] == 3 and family_from_json(family_to_json(p)) == p
    assert parse_family("rules:sce/3 0:A... 1:K... 2:Q... up:7C turn:0").reshuffles == 0
    assert "reshuffles" not in compact_family(parse_family("rules:sce/3 0:A... 1:K... 2:Q... up:7C turn:0"))


def test_a_bad_ruleset_in_a_position_is_the_rulesets_error() -> None:
    with pytest.raises(PlayerCountError, match="rules.players"):
        parse_family("rules:classic/9 0:A... up:7C turn:0")
    with pytest.raises(UnknownOptionError, match="rules.jokers"):
        parse_family("rules:classic/2,jokers=yes 0:A... 1:K... up:7C turn:0")


def test_a_bad_json_position_names_its_field() -> None:
    good = family_to_json(parse_family("rules:classic/2 0:A... 1:K... up:7C turn:0"))
    for key, value, field in (("hands", "A...", "hands"), ("free", "yes", "free"), ("colour", 1, "colour"),
                              ("upcard", 7, "up"), ("turn", True, "turn"), ("pending_draw", -2, "draw"),
                              ("reshuffles", 3, "reshuffles")):
        with pytest.raises(NotationError) as raised:
            family_from_json({**good, key: value})
        assert raised.value.field == field
    with pytest.raises(FamilyNotationError, match="position"):
        family_from_json(["A..."])


@pytest.mark.parametrize("text", ["play 7S", "play 8S/H", "play 7S on 7C", "draw", "pass"])
def test_the_moves_read_back_in_both_forms(text: str) -> None:
    move = FamilyMove.from_notation(text)
    assert move.notation() == text
    assert FamilyMove.from_json(move.to_json()) == move
    assert eval(repr(move)) == move  # noqa: S307 - the repr rebuilds the move


@pytest.mark.parametrize(("text", "field"), [("play", "move"), ("play 7S/H", "move.suit"), ("play 7X", "move.card"),
                                             ("play 7S at 7C", "move"), ("fold", "move"), ("draw 2", "move")])
def test_a_bad_move_names_its_field(text: str, field: str) -> None:
    with pytest.raises(NotationError) as raised:
        FamilyMove.from_notation(text)
    assert raised.value.field == field
    with pytest.raises(FamilyMoveError, match="move.action"):
        FamilyMove.from_json({"action": "fold"})


@pytest.mark.parametrize(("text", "field"), [
    # issue #37, 1: a pending count the deal's cards cannot make (2 per card of the draw-two run)
    ("rules:classic/4,draw2=2 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0 draw:66", "draw"),
    ("rules:classic/4,draw2=2 0:K2.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0 draw:8", "draw"),
    ("rules:classic/4,draw2=2 0:K2.5.. 1:..92.3 2:Q.8.. 3:.J..7 up:2C turn:0 discard:.2.. draw:6", "draw"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 owed:2 stock:Q...", "owed"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 plays:99999", "plays"),
    ("rules:openspiel/2 0:A... 1:K... up:7C turn:0 plays:101", "plays"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 passes:3", "passes"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 draws:53", "draws"),
    ("rules:layout/2 0:A... 1:K... piles:7C/KD/2S/3S/4S/5S/6S/9S turn:0 draws:1", "draws"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 plays:1234567", "plays"),
    # issue #37, 8: flags the game does not have
    ("rules:classic/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0 ext", "ext"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 free", "free"),
    ("rules:openspiel/2 0:A... 1:K... up:8C turn:0 free", "free"),
    ("rules:layout/2 0:A... 1:K... piles:7C/KD/2S/3S/4S/5S/6S/9S turn:0 ext", "ext"),
    ("rules:classic/2 0:A... 1:K... up:7C turn:0 owed:1 penalty", "penalty"),
    ("rules:classic/2,eights=nosuit 0:A... 1:K... up:8C/H turn:0", "up"),
])
def test_a_position_no_deal_reaches_is_refused_naming_its_field(text: str, field: str) -> None:
    with pytest.raises(FamilyNotationError) as raised:
        parse_family(text)
    assert raised.value.field == field, str(raised.value)


@pytest.mark.parametrize("text", [
    "rules:classic/4,draw2=2 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0 draw:8",  # the other 2s in the stock
    "rules:classic/6,draw2=2 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 4:- 5:- up:2C turn:0 draw:16",  # two decks
    "rules:sce/4 0:K.5.. 1:..9.3 2:Q.8.. 3:.J..7 up:2C turn:0 draw:2 ext",
    "rules:classic/2 0:A... 1:K... up:8C turn:0 free",
    "rules:classic/2,draw2=2 0:A... 1:K... up:2C turn:0 owed:4 penalty",
    "rules:openspiel/2 0:A... 1:K... up:7C turn:0 plays:100",
    "rules:classic/2 0:A... 1:K... up:7C turn:0 passes:2 draws:52 plays:65535",
])
def test_a_position_at_the_edge_of_what_a_deal_reaches_is_read(text: str) -> None:
    assert parse_family(compact_family(parse_family(text))) == parse_family(text)


@pytest.mark.parametrize(("key", "value", "field"), [
    ("turn", "0", "turn"), ("turn", -1, "turn"), ("turn", [0], "turn"), ("turn", 1.0, "turn"),
    ("pending_draw", "0", "draw"), ("pending_draw", -2, "draw"), ("owed", -1, "owed"), ("draws", "1", "draws"),
    ("passes", -1, "passes"), ("plays", 10 ** 9, "plays"), ("dealer", -1, "dealer"), ("dealer", "0", "dealer"),
    ("upcard", ["7C"], "up"), ("under", 7, "under"), ("direction", 1, "dir"), ("called", 3, "called"),
    ("rules", 4, "rules"), ("stock", 7, "stock"), ("discard", True, "discard"), ("extended_play", True, "ext"),
])
def test_the_json_forms_types_are_strict(key: str, value: object, field: str) -> None:
    good = family_to_json(parse_family("rules:classic/2 0:A... 1:K... up:7C turn:0"))
    with pytest.raises(NotationError) as raised:
        family_from_json({**good, key: value})
    assert raised.value.field == field, str(raised.value)
