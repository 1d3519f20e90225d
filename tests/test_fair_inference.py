"""Inference from the play (eights.play.inference; the fair bot's ``infer=draws``): what the
hidden hand's draws and passes say under RULES.md, each constraint named by the rule it comes
from, read from the bot's own views alone, and never from the hidden cards."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from eights.engine import Move, Position, legal_moves, parse_position, parse_view
from eights.engine.cards import S, W, count, parse_cards
from eights.engine.view import View
from eights.play.bots import BotSpecError, FairBot, make_bot
from eights.play.bots import fair_bot
from eights.play.inference import DRAW_HOLDING_ONLY_EIGHTS, DRAW_RATES, Draw, History, inferred_deals
from eights.play.paired import play_game, schedule
from tests.test_play_fair import swapped

CLUBS_BUT_8 = parse_cards(f"{rank}C" for rank in "A234567T9JQK") | parse_cards(["3S", "3H", "3D"])


def view(text: str) -> View:
    return parse_view(text)


def history(*steps: str | Move) -> History:
    """The history of views and moves given alternately, the last a view."""
    views = [view(step) for step in steps[::2] if isinstance(step, str)]
    moves = [step for step in steps[1::2] if isinstance(step, Move)]
    return History.of(list(zip(views, moves)), views[-1])


def test_a_draw_on_the_upcard_our_move_left_is_an_event_on_its_suit_and_rank() -> None:
    """RULES "Legal play": the hand could have followed the upcard's suit or rank."""
    events = history("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:QC turn:E view:W", Move.from_notation("play 7C"),
                     "N:K43.5.K82. E:6.KT74.J.6 S:?9 W:T.AJ.AQ97.J up:7C turn:W view:W discard:...Q").events
    assert len(events) == 1
    event = events[0]
    assert (event.held, event.drawn, event.eights, event.covering, event.passed) == (8, 1, True, False, False)
    assert event.ordinary == (parse_cards(f"{rank}C" for rank in "A234567T9JQK") | parse_cards(["7S", "7H", "7D"]))


def test_a_draw_after_a_partners_three_skipped_us_is_read_on_the_three() -> None:
    """RULES "3": N's 3 skipped E, then S drew, on the 3 of clubs."""
    events = history("N:K43.5.K8.3 E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:QC turn:W view:W", Move.from_notation("play JC"),
                     "N:K43.5.K8. E:6.KT74.J.76 S:?9 W:T.AJ.AQ97. up:3C turn:W view:W discard:...QJ").events
    assert [(event.ordinary, event.held, event.drawn) for event in events] == [(CLUBS_BUT_8, 8, 1)]


def test_a_hand_that_played_made_no_event_and_the_card_is_its() -> None:
    """RULES "A turn": S played the 9 of clubs on our jack: a play, not a draw."""
    before = view("N:K43.5.K8.3 E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:QC turn:W view:W")
    after = view("N:K43.5.K8.3 E:6.KT74.J.76 S:?7 W:T.AJ.AQ97. up:9C turn:E view:W discard:...QJ")
    assert History.of([(before, Move.from_notation("play JC"))], after).events == ()


def test_a_draw_on_a_pending_two_is_read_as_not_covering() -> None:
    """RULES "Pending 2s": only a 2 could have been played; the draw took the count."""
    events = history("N:K43.5.K8.3 E:6.KT74.J.762 S:?8 W:T.AJ.AQ97.J up:QC turn:E view:W", Move.from_notation("play 2C"),
                     "N:K43.5.K8.3 E:6.KT74.J.76 S:?10 W:T.AJ.AQ97.J up:2C turn:W view:W discard:...Q").events
    assert [(event.covering, event.eights, event.drawn, event.held) for event in events] == [(True, False, 2, 8)]
    assert events[0].ordinary == parse_cards(["2S", "2H", "2D", "2C"])


def test_a_draw_when_any_card_was_playable_says_nothing() -> None:
    """RULES "A deal", 8: on the first upcard 8 any card may be played, so a draw there follows no card."""
    events = history("N:K43.5.K2. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:8S turn:E view:W", Move.draw(),
                     "N:K43.5.K2. E:6.KT74.J.769 S:?9 W:T.AJ.AQ97.J up:8S turn:W view:W").events
    assert events == ()


def test_a_draw_before_the_bots_first_turn_is_read_from_the_first_view() -> None:
    """RULES "A deal": nothing but the first upcard played, S before W to act: S drew on it."""
    events = History.of([], view("N:K43.6.K2. E:6.KT74.J.76 S:?9 W:T.AJ.AQ97.J up:5H turn:E dir:ccw view:W")).events
    assert [(event.held, event.drawn) for event in events] == [(8, 1)]


def test_a_draw_makes_a_hand_that_could_follow_less_likely_not_impossible() -> None:
    """RULES "Draw": a concealed hand may always draw instead of playing."""
    event = Draw(CLUBS_BUT_8, True, False, False, held=3, drawn=0, played=0)
    assert event.likelihood(parse_cards(["4S", "5H", "6D"])) == 1.0
    assert event.likelihood(parse_cards(["4S", "5H", "6C"])) == DRAW_RATES[1]
    assert event.likelihood(parse_cards(["4S", "8H", "6D"])) == DRAW_HOLDING_ONLY_EIGHTS


def test_a_card_drawn_since_may_be_the_one_that_follows() -> None:
    """RULES "Draw": the drawn card came after the choice; of 3 cards now, 1 drawn, the club is
    one of the 2 held before with chance 2/3."""
    event = Draw(CLUBS_BUT_8, True, False, False, held=2, drawn=1, played=0)
    assert math.isclose(event.likelihood(parse_cards(["4S", "5H", "6C"])), 1 / 3 + 2 / 3 * DRAW_RATES[1])


def test_a_pass_rules_out_every_playable_card() -> None:
    """RULES "Empty stock": with nothing to draw, a hand that can play must: a pass is a hard constraint."""
    event = Draw(CLUBS_BUT_8, True, False, True, held=3, drawn=0, played=0)
    assert event.likelihood(parse_cards(["4S", "5H", "6D"])) == 1.0
    assert event.likelihood(parse_cards(["4S", "5H", "6C"])) == event.likelihood(parse_cards(["4S", "5H", "8D"])) == 0.0


# Every card placed (no stock, no discard pile): E cannot play on 5H and passes, so does S; W to act.
NOTHING_TO_DRAW = ("N:5.AKQJT98.5. E:AKQJT976432..AKQJT. S:..976432.AKQJT976432 W:8.76432.8.58 up:5H turn:{turn}")


def test_a_pass_is_read_from_the_views_when_nothing_is_left_to_draw() -> None:
    """RULES "Empty stock": E and S passed (their counts unchanged, nothing drawable)."""
    before, after = (View.of(parse_position(NOTHING_TO_DRAW.format(turn=turn)), W) for turn in "EW")
    assert Move.draw() in legal_moves(parse_position(NOTHING_TO_DRAW.format(turn="E")))
    events = History.of([(before, Move.draw())], after).events
    assert [(event.passed, event.drawn, event.held) for event in events] == [(True, 0, 17)]


def test_deals_are_drawn_in_proportion_to_the_history_and_repeat_for_a_seed() -> None:
    seen = view("N:K43.5.K82. E:6.KT74.J.6 S:?9 W:T.AJ.AQ97.J up:7C turn:W view:W discard:...Q")
    past = history("N:K43.5.K82. E:6.KT74.J.76 S:?8 W:T.AJ.AQ97.J up:QC turn:E view:W", Move.from_notation("play 7C"),
                   seen.notation())
    deals = inferred_deals(seen, past, 200, seed=5)
    assert deals == inferred_deals(seen, past, 200, seed=5)
    followers = past.events[0].ordinary
    weighted = sum(count(followers & deal.hands[S]) for deal in deals)
    uniform = sum(count(followers & deal.hands[S]) for deal in inferred_deals(seen, History(()), 200, seed=5))
    assert weighted < 0.9 * uniform
    assert inferred_deals(seen, History(()), 4, seed=5) == [seen.sample(random.Random(s)) for s in _sample_seeds(5, 4)]


def _sample_seeds(seed: int, samples: int) -> list[int]:
    from eights.play.paired import derive
    return [derive(seed, "sample", index) for index in range(samples)]


class Shown:
    """A bot that records the positions a bot was shown and the moves it made."""

    def __init__(self, bot: FairBot) -> None:
        self.bot, self.shown = bot, list[tuple[Position, Sequence[Move]]]()

    spec = property(lambda self: self.bot.spec)
    deterministic = property(lambda self: self.bot.deterministic)

    def new_game(self, seed: int) -> None:
        self.bot.new_game(seed)

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        self.shown.append((position, moves))
        return self.bot.choose(position, moves)


def test_the_bot_reads_the_hidden_hands_draws_from_the_play_of_a_deal() -> None:
    deal = schedule(3, seed=4)[2]
    fair = FairBot(depth=1, time_ms=None, evaluation="material", samples=2, infer="draws")
    fair.new_game(1)
    play_game(deal.start(), (make_bot("heuristic"), fair), deal.reshuffle)
    assert fair._seen and History.of(fair._seen[:-1], fair._seen[-1][0]).events


def test_the_same_public_history_with_other_hidden_hands_gives_the_same_samples_and_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot is shown full positions; with S's cards swapped for the stock's at every one of
    them (the public play unchanged), its histories, samples and moves are the same."""
    deal = schedule(4, seed=8)[3]
    played = Shown(FairBot(depth=1, time_ms=None, evaluation="material", samples=3, infer="draws"))
    played.new_game(2)
    play_game(deal.start(), (make_bot("heuristic"), played), deal.reshuffle)
    sampled: list[list[Position]] = []

    def recorded(seen: View, past: History, samples: int, seed: int) -> list[Position]:
        deals = inferred_deals(seen, past, samples, seed)
        sampled.append(deals)
        return deals

    monkeypatch.setattr(fair_bot, "inferred_deals", recorded)
    rng = random.Random(3)
    runs = []
    for hide in (False, True):
        bot = FairBot(depth=1, time_ms=None, evaluation="material", samples=3, infer="draws")
        bot.new_game(2)
        moves = [bot.choose(swapped(position, S, rng) if hide else position, options) for position, options in played.shown]
        runs.append((moves, [History.of(bot._seen[:index], view) for index, (view, _) in enumerate(bot._seen)]))
    assert runs[0] == runs[1] and any(past.events for past in runs[0][1])
    assert sampled[:len(sampled) // 2] == sampled[len(sampled) // 2:]


def test_the_infer_option_is_parsed_and_canonical() -> None:
    assert make_bot("fair:infer=draws,time=100").spec == "fair:time=100,samples=16,infer=draws"
    assert make_bot("fair:time=100,infer=none").spec == "fair:time=100,samples=16"


def test_a_malformed_infer_option_is_one_line_naming_it() -> None:
    with pytest.raises(BotSpecError) as error:
        make_bot("fair:time=100,infer=plays")
    assert str(error.value) == "bot 'fair:time=100,infer=plays': infer must be one of none, draws, got 'plays'"
    assert "\n" not in str(error.value)
