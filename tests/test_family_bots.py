"""The family's bots (eights.play.family, issue #32 item 4): specs and their errors, legal
play through whole deals of every preset, the fair bot's blindness to the hidden cards, and
the rotated table of a match with one bot a seat."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from eights.engine.family import FamilyPosition, deal, legal_moves, parse_rules
from eights.engine.family.notation import parse_family
from eights.play.bots import BotSpecError
from eights.play.family import make_family_bot
from eights.play.family.seats import play_deal, play_match, rotated_deals
from eights.engine.family.view import FamilyView

PRESETS = ("sce/3", "sce/5", "classic/2", "classic/4,skip=Q,reverse=A,draw2=2", "openspiel/2", "openspiel/4",
           "layout/4")
# Tiny budgets: a depth of 1 or 2 (and for the fair bot a time cap too: the fair bot searches each sample).
SPECS = ("random", "heuristic", "solver:depth=2", "solver:depth=1,mode=paranoid", "fair:depth=1,samples=2",
         "fair:time=4,depth=2,samples=2")


# --- specs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, canonical", [
    ("random", "random"),
    (" Heuristic ", "heuristic"),
    ("solver:time=100", "solver:time=100"),
    ("solver:depth=4,mode=maxn", "solver:depth=4"),
    ("solver:mode=paranoid,depth=3", "solver:depth=3,mode=paranoid"),
    ("solver:time=50,depth=3,eval=trained", "solver:time=50,depth=3"),
    ("fair:time=100", "fair:time=100,samples=50"),
    ("fair:samples=4,depth=2,mode=paranoid", "fair:depth=2,mode=paranoid,samples=4"),
    ("solver:depth=3,must_play=yes", "solver:depth=3"),
    ("solver:depth=3,must_play=no", "solver:depth=3,must_play=no"),
    ("fair:depth=2,must_play=no", "fair:depth=2,must_play=no,samples=16"),
    ("solver:time=100,must_play=no", "solver:time=100"),  # by time the default is no (default_must_play)
    ("solver:time=100,must_play=yes", "solver:time=100,must_play=yes"),
    ("solver:time=100,eval=trained", "solver:time=100,eval=trained"),  # not playouts: yes by default
    ("fair:time=100,must_play=yes", "fair:time=100,must_play=yes,samples=50"),
])
def test_specs_are_read_and_written_canonically(text: str, canonical: str) -> None:
    bot = make_family_bot(text)
    assert bot.spec == canonical
    assert make_family_bot(bot.spec).spec == canonical


@pytest.mark.parametrize("text, named", [
    ("minimax", "unknown bot 'minimax'"),
    ("random:seed=1", "unknown option 'seed'"),
    ("solver", "needs time=MS or depth=D"),
    ("solver:depth=0", "depth must be a whole number"),
    ("solver:time=-5", "time must be a positive number"),
    ("solver:depth=2,mode=selfish", "mode must be one of maxn, paranoid"),
    ("solver:depth=2,eval=neural", "unknown evaluation 'neural'"),
    ("fair:depth=2,samples=x", "samples must be a whole number"),
    ("fair:depth=2,hold8=3", "unknown option 'hold8'"),
    ("solver:depth=2,must_play=maybe", "must_play must be yes or no"),
])
def test_bad_specs_name_the_field(text: str, named: str) -> None:
    with pytest.raises(BotSpecError, match=named):
        make_family_bot(text)


# --- play ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("spec", SPECS)
def test_every_bot_plays_a_whole_deal_of_every_preset_legally(rules: str, spec: str) -> None:
    ruleset = parse_rules(rules)
    bot = make_family_bot(spec)
    shown: list[FamilyPosition] = []

    class Watched:
        """The bot under test, every position it is asked about noted and its move checked."""
        spec, deterministic = bot.spec, bot.deterministic

        def new_game(self, seed: int) -> None:
            bot.new_game(seed)

        def choose(self, position, moves):  # type: ignore[no-untyped-def]
            shown.append(position)
            move = bot.choose(position, moves)
            assert move in set(legal_moves(position))
            return move

    others = [make_family_bot("random") for _ in range(ruleset.players - 1)]
    record = play_deal(deal(ruleset, seed=7), [Watched(), *others], seed=7)
    assert record.end.is_over and len(record.payoffs()) == ruleset.players
    assert shown or rules.startswith("layout")  # a layout deal can be blocked before seat 0 plays


# Seat 0 holds 2H, which plays on 4H: under must_play (the bots' default, issue #39) she may not
# draw. (Seat 1 would go out on 2H with TH, so the search without must_play draws here.)
HOLDING_A_PLAY = "rules:classic/2 0:A6.2.T. 1:.T.. up:4H turn:0 stock:T98532.KQ986.Q962.QT765432 draws:1 plays:23"


@pytest.mark.parametrize("spec", ["solver:depth=3", "fair:depth=2,samples=2"])
def test_a_searching_bot_does_not_draw_holding_a_play_in_classic(spec: str) -> None:
    position = parse_family(HOLDING_A_PLAY)
    bot = make_family_bot(spec)
    bot.new_game(1)
    assert bot.choose(position, list(legal_moves(position))).notation() == "play 2H"


@pytest.mark.parametrize(("spec", "must_play"), [
    ("solver:depth=3", True), ("fair:depth=2", True), ("solver:time=100,eval=trained", True),
    ("solver:time=100", False), ("fair:time=100", False), ("solver:time=100,must_play=yes", True)])
def test_a_search_by_time_with_playouts_searches_the_rules_as_they_are_unless_told(spec: str, must_play: bool) -> None:
    bot = make_family_bot(spec)
    position = parse_family(HOLDING_A_PLAY)
    assert bot.must_play is must_play and (bot.searched(position) is position) is not must_play


def test_must_play_no_searches_the_rules_as_they_are() -> None:
    position = parse_family(HOLDING_A_PLAY)
    bot = make_family_bot("solver:depth=3,must_play=no")
    assert bot.searched(position) is position and len(bot.candidates(position, list(legal_moves(position)))) == 2


def test_must_play_leaves_a_game_without_the_option_as_it_is() -> None:
    position = deal(parse_rules("sce/4"), seed=3)
    bot = make_family_bot("solver:depth=2")
    assert bot.searched(position).rules == position.rules
    assert bot.candidates(position, list(legal_moves(position))) == list(legal_moves(position))


def test_the_fair_bot_does_not_see_the_hidden_hands() -> None:
    # Seat 0 to act; seat 1's hand and the stock swap cards: the same view, so the same move.
    first = parse_family("rules:classic/3 0:K5.8.9.3 1:Q4... 2:.2.. turn:0 up:7S stock:J.3.T.2")
    second = replace(first, hands=(first.hands[0], tuple(sorted(first.stock[:2])), first.hands[2]),
                     stock=tuple(sorted(first.stock[2:] + first.hands[1])))
    assert FamilyView.of(first) == FamilyView.of(second)
    moves = list(legal_moves(first))
    assert moves == list(legal_moves(second))
    chosen = []
    for position in (first, second):
        bot = make_family_bot("fair:depth=3,samples=6")
        bot.new_game(11)
        chosen.append(bot.choose(position, moves))
    assert chosen[0] == chosen[1]


def test_a_view_samples_only_what_its_seat_has_not_seen() -> None:
    position = deal(parse_rules("layout/4"), seed=2)
    view = FamilyView.of(position, seat=1)
    sample = view.sample(random.Random(5))
    assert sample.hands[1] == position.hands[1] and sample.piles == position.piles
    assert [len(hand) for hand in sample.hands] == [len(hand) for hand in position.hands]
    assert sample.all_cards() == position.all_cards()


# --- matches -------------------------------------------------------------------------------------

def test_a_rotated_table_has_one_row_a_bot_and_every_bot_in_every_seat() -> None:
    rules = parse_rules("classic/3")
    bots = [make_family_bot(spec) for spec in ("heuristic", "random", "solver:depth=1")]
    rows = rotated_deals(rules, bots, rounds=2, seed=3)
    assert [row.spec for row in rows] == ["heuristic", "random", "solver:depth=1"]
    assert [len(row.payoffs) for row in rows] == [6, 6, 6]
    assert [len(row.round_means) for row in rows] == [2, 2, 2]
    for game in range(6):  # classic pays zero-sum: each game's payoffs add up to 0
        assert sum(row.payoffs[game] for row in rows) == pytest.approx(0)
    table = [row.to_json() for row in rows]
    assert set(table[0]) == {"spec", "seat", "deals", "mean", "ci95"}
    assert table[0]["ci95"][0] <= table[0]["mean"] <= table[0]["ci95"][1]
    assert rotated_deals(rules, bots, rounds=2, seed=3) == rows  # deterministic bots: reproducible


def test_a_table_needs_one_bot_a_seat() -> None:
    with pytest.raises(Exception, match="one per player"):
        rotated_deals(parse_rules("classic/3"), [make_family_bot("random")] * 2, rounds=1, seed=1)


def test_a_match_seats_one_bot_a_seat() -> None:
    result = play_match(parse_rules("openspiel/3"), [make_family_bot(s) for s in ("heuristic", "random", "random")], seed=4)
    assert len(result.deals) == 3 and len(result.totals) == 3
