"""Issue #32 (4): the family's fair bot deepens its samples together by time, as sce2's does
(``schedule=deepen``, the default, through sce2's own ``eights.play.fair.deepen``): depth 1
on every sample, then 2, ..., deciding at the last depth completed on every sample;
``schedule=split`` gives each sample its share of the time, as the first fair bot did."""

from __future__ import annotations

from typing import Any

import pytest

from eights.engine.family import legal_moves
from eights.engine.family.notation import parse_family
from eights.play.bots.spec import BotSpecError
from eights.play.family import FamilyFairBot, make_family_bot

POSITION = parse_family("rules:classic/3 0:K4.5.8. 1:...2 2:Q.T.. up:7C turn:0 stock:A...")


@pytest.mark.parametrize("text, canonical", [
    ("fair:time=100", "fair:time=100,samples=50"),
    ("fair:time=100,schedule=deepen", "fair:time=100,samples=50"),
    ("fair:schedule=split,time=100,samples=4", "fair:time=100,samples=4,schedule=split"),
])
def test_the_schedule_is_in_the_spec_when_not_the_default(text: str, canonical: str) -> None:
    assert make_family_bot(text).spec == canonical and make_family_bot(canonical).spec == canonical


def test_an_unknown_schedule_is_named() -> None:
    with pytest.raises(BotSpecError, match="schedule must be one of deepen, split, got 'sometimes'"):
        make_family_bot("fair:time=100,schedule=sometimes")


def spied(bot: FamilyFairBot) -> list[tuple[int | None, float | None, Any]]:
    """Record every search the bot makes: its depth, its time and its solution."""
    calls: list[tuple[int | None, float | None, Any]] = []
    search = bot.search_at

    def recording(position: Any, time_ms: float | None, depth: int | None, utility: Any = None) -> Any:
        found = search(position, time_ms, depth, utility)
        calls.append((depth, time_ms, found))
        return found

    bot.search_at = recording  # type: ignore[method-assign]
    return calls


def test_deepen_searches_every_sample_at_each_depth_and_decides_at_the_last_completed() -> None:
    bot = make_family_bot("fair:time=60,samples=3,eval=trained")  # by time with playouts each sample is alone
    assert isinstance(bot, FamilyFairBot)
    bot.new_game(1)
    calls = spied(bot)
    moves = bot.candidates(POSITION, list(legal_moves(POSITION)))  # no draw holding a play: must_play (#39)
    means = bot.mean_values(POSITION, moves)
    depths = [depth for depth, _, _ in calls]
    assert depths[:3] == [1, 1, 1] and depths == sorted(depths)  # every sample at one depth before the next
    assert all(depths.count(depth) == 3 for depth in set(depths) if depth != depths[-1])
    assert all(time_ms is not None and time_ms <= 60 for _, time_ms, _ in calls)

    def row_means(searched: int) -> dict[Any, float]:
        row = [found for depth, _, found in calls if depth == searched]
        return {move: sum(next(value.value for value in found.moves if value.move == move) for found in row) / 3
                for move in moves}

    # The deepest depth searched on all three samples, or, when its last search ended at the move's
    # deadline (it may have stopped short at its own time), the one before (play/fair.py's deepen).
    complete = sorted(depth for depth in set(depths) if depths.count(depth) == 3)
    assert any(means == pytest.approx(row_means(depth)) for depth in complete[-2:])


def test_split_gives_each_sample_its_share_of_the_time() -> None:
    bot = make_family_bot("fair:time=60,samples=3,schedule=split")
    assert isinstance(bot, FamilyFairBot)
    bot.new_game(1)
    calls = spied(bot)
    bot.mean_values(POSITION, list(legal_moves(POSITION)))
    assert [(depth, time_ms) for depth, time_ms, _ in calls] == [(None, 20.0)] * 3


def test_by_depth_alone_either_schedule_searches_each_sample_at_that_depth_and_plays_alike() -> None:
    moves = list(legal_moves(POSITION))
    chosen = []
    for spec in ("fair:depth=2,samples=4", "fair:depth=2,samples=4,schedule=split"):
        bot = make_family_bot(spec)
        bot.new_game(7)
        chosen.append(bot.choose(POSITION, moves))
    assert chosen[0] == chosen[1]


def test_a_time_cap_a_caller_sets_is_the_budget_the_samples_deepen_in() -> None:
    bot = make_family_bot("fair:depth=3,samples=2")
    assert isinstance(bot, FamilyFairBot) and bot.move_time_ms is None
    bot.time_cap = lambda: 40.0  # type: ignore[attr-defined]  # as eights.play.family.capped sets it
    assert bot.move_time_ms == 40.0
    bot.new_game(1)
    calls = spied(bot)
    bot.mean_values(POSITION, list(legal_moves(POSITION)))
    depths = [depth for depth, _, _ in calls]
    assert depths[:2] == [1, 1] and max(depths) <= 3 and all(time_ms <= 40.0 for _, time_ms, _ in calls)
