"""Issue #39: the family's fair bot learns from the deal's public events what the hidden hands
do not hold (play/family/inference.py): a hand that draws or passes holds no card it could have
played, until it draws again. The model must never be wrong about a hand that plays as the
heuristic does, its deals must be deals the view cannot tell apart, and the fair bot must be
told of every event where it plays a deal."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from eights.engine.family import deal, parse_rules, play_family_deal
from eights.engine.family.notation import parse_family
from eights.engine.family.position import FamilyPosition
from eights.engine.family.rules import playable
from eights.engine.family.view import FamilyView
from eights.games import PlayedStep, find_game
from eights.play.family import FamilyFairBot, make_family_bot
from eights.play.family.bot import observer, strategy
from eights.play.family.inference import HiddenHands, Layer
from eights.play.family.seats import play_deal
from eights.play.versus import DealPlay, Undo


def dealt_to_layers(hand: tuple[int, ...], layers: list[Layer]) -> bool:
    """Whether the cards of ``hand`` can be shared among ``layers`` (each its count, none of its
    excluded cards): a bipartite matching of cards to the layers' places, by augmenting paths."""
    places = [layer for layer in layers for _ in range(layer.count)]
    if len(places) != len(hand):
        return False
    owner: list[int | None] = [None] * len(places)

    def place(card_index: int, seen: set[int]) -> bool:
        for index, layer in enumerate(places):
            if index in seen or hand[card_index] in layer.excluded:
                continue
            seen.add(index)
            holder = owner[index]
            if holder is None or place(holder, seen):
                owner[index] = card_index
                return True
        return False

    return all(place(card_index, set()) for card_index in range(len(hand)))


@pytest.mark.parametrize("rules", ["classic/4", "classic/2", "sce/4", "openspiel/4", "classic/4,draw=one",
                                   "classic/3,skip=Q,draw2=2"])
def test_the_model_of_a_hand_that_plays_as_the_heuristic_always_holds(rules: str) -> None:
    """Over whole deals played by the heuristic, after every event each hand's true cards can be
    dealt to its layers: the counts add up and no card is where the model excludes it."""
    ruleset = parse_rules(rules)
    bots = [make_family_bot("heuristic") for _ in range(ruleset.players)]
    learned = 0
    for seed in range(8):
        hidden = HiddenHands()

        def watch(before: FamilyPosition, event: str, after: FamilyPosition) -> None:
            nonlocal learned
            if after.is_over:
                return
            hidden.observe(before, event)
            for hand, layers in hidden.layers.items():
                assert dealt_to_layers(after.hands[hand], [layer for layer in layers if layer.count]), (event, hand)
                learned += bool(hidden.excluded(hand))

        play_family_deal(deal(ruleset, seed), [strategy(bot) for bot in bots], random.Random(seed), watch)
    assert learned  # something was learned in every game


def test_a_draw_shows_the_hand_holds_no_playable_card_and_a_later_draw_is_unknown() -> None:
    """Seat 1 draws on the 7C: it holds no 7, no club and no 8 (19 cards); the card it draws is a
    new layer, known to be none of them only once it draws again."""
    position = parse_family("rules:classic/2 0:7.8.. 1:...K turn:1 up:7C stock:..2.5")
    hidden = HiddenHands()
    hidden.observe(position, "draw")
    shown = frozenset(card for card in range(52) if playable(position, card))
    assert hidden.excluded(1) == shown and len(shown) == 19
    owed = parse_family("rules:classic/2 0:7.8.. 1:...K turn:1 up:7C stock:..2.5 owed:1 draws:1")
    hidden.observe(owed, "card 2D")  # the card is never read
    assert [layer.count for layer in hidden.layers[1]] == [1, 1] and hidden.excluded(1) == frozenset()
    after = parse_family("rules:classic/2 0:7.8.. 1:..2.K turn:1 up:7C stock:...5 draws:1")
    hidden.observe(after, "draw")
    assert hidden.excluded(1) == shown


def test_a_card_played_comes_from_the_most_constrained_layer_it_may() -> None:
    """A card no layer may hold starts the hand's model again from its count; one some may hold
    is taken from the most constrained of those."""
    position = parse_family("rules:classic/2 0:7.8.. 1:...K2 turn:1 up:7C stock:..2.5")
    hidden = HiddenHands({1: [Layer(1, frozenset({50})), Layer(1)]})
    hidden.observe(position, "play KC")  # card 51: the first layer may hold it
    assert [layer.count for layer in hidden.layers[1]] == [0, 1]
    hidden = HiddenHands({1: [Layer(2, frozenset({51}))]})
    hidden.observe(position, "play KC")
    assert hidden.layers[1] == [Layer(1)]


def test_samples_deal_the_unseen_cards_and_keep_each_layer_out_of_its_excluded_cards() -> None:
    """Every sample has the view's own hand, counts, stock and unseen cards; the hand that drew on
    the 7C is never dealt a 7, a club or an 8 while the unseen cards allow."""
    position = deal(parse_rules("classic/4"), 5)
    view = FamilyView.of(position, 0)
    shown = frozenset(card for card in range(52) if card % 13 in (6, 7) or card // 13 == 3)
    hidden = HiddenHands({2: [Layer(view.counts[2], shown)]})
    rng = random.Random(1)
    for _ in range(50):
        sample = hidden.sample(view, rng)
        assert FamilyView.of(sample, 0) == view
        assert not set(sample.hands[2]) & shown
    impossible = HiddenHands({2: [Layer(view.counts[2], frozenset(range(52)))]})  # no card fits: any are dealt
    assert FamilyView.of(impossible.sample(view, rng), 0) == view
    stale = HiddenHands({2: [Layer(1, shown)]})  # its count no longer the hand's: nothing known of it
    assert Counter(len(stale.sample(view, rng).hands[2]) for _ in range(5)) == Counter({view.counts[2]: 5})


def test_the_fair_bot_is_told_of_every_event_of_the_deals_it_plays() -> None:
    """``observer`` tells a fair bot each event (the heuristic watches nothing), and the bot's
    model forgets the deal once it ends."""
    heuristic = [make_family_bot("heuristic") for _ in range(4)]
    assert observer(heuristic) is None
    fair = make_family_bot("fair:depth=1,samples=2")
    seen: list[str] = []
    fair.observe = lambda before, event, after: seen.append(event)  # type: ignore[attr-defined]
    record = play_deal(deal(parse_rules("classic/4"), 3), [fair, *heuristic[1:]], 7)
    assert seen == list(record.events)


class Recording(FamilyFairBot):
    """A fair bot that notes each step it is told of (``observe_step``)."""

    def __init__(self) -> None:
        super().__init__(1, None, samples=2)
        self.seen: list[str] = []

    def observe_step(self, before: FamilyPosition, step: PlayedStep[FamilyPosition]) -> None:
        self.seen.append(step.move)
        super().observe_step(before, step)


class TakesBackOnce:
    """A person (eights play's table) who plays the first legal move and takes back once, at her third decision."""

    def __init__(self) -> None:
        self.decisions = 0

    def deal_starts(self, game: Any, deal: Any, player: int) -> None: ...
    def played(self, before: Any, step: Any) -> None: ...
    def taken_back(self, steps: Any) -> None: ...
    def deal_ends(self, deal: Any, before: Any, after: Any) -> None: ...

    def choose(self, position: Any, moves: Sequence[Any]) -> str:
        self.decisions += 1
        if self.decisions == 3:
            raise Undo
        return str(moves[0].notation())


def test_a_fair_bot_playing_a_person_is_told_every_step_and_again_after_a_move_taken_back() -> None:
    """In ``eights play`` (``DealPlay``) a fair bot is told every step, the person's and the
    other bots'; after a move is taken back it is told the deal again from its start, so its
    model is the deal's as it now stands."""
    game = find_game("classic/3")
    deal = game.match_deal(seed=4, number=1)
    bots = {player: Recording() for player in range(game.players) if player != deal.sides[0]}
    playing = DealPlay(game, deal, bots, deal.sides[0], TakesBackOnce(), seed=4)  # type: ignore[arg-type]
    assert playing.play()
    moves = [step.move for step in playing.deal.steps]
    for bot in bots.values():
        assert bot.seen[-len(moves):] == moves and len(bot.seen) > len(moves)  # told again after the undo
