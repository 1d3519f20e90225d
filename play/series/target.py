"""The ``game`` table of a game played to a target (issue #40, item 7): ``classic/2``, whose deals
are played until a player's winnings reach 100 (RULES-FAMILY.md: the winner of a deal collects
the points left in the other hand). Written over the one game interface: any game whose
``Game.whole_game_format`` has a target (two players) is measured and solved alike.

- **The deal's payoff distribution**: the payoff to the deal's dealer, counted over deals a bot
  plays against itself (``measure``; its seed and bot kept with the counts). The dealer
  alternates, seat 0 dealing the first deal.
- **The table**: player 0's chance of winning the game, ``win[a, b, d]``, with winnings ``a``
  (player 0's) and ``b`` (player 1's) below the target and player ``d`` about to deal: each deal
  moves one player's winnings up by its payoff, so ``win`` before a deal is the expectation over
  the payoff of ``win`` after it (1 once player 0 reaches the target, 0 once player 1 does). A
  deal that pays nobody (payoff 0) only passes the deal: the two dealers' values are then solved
  together, ``V0 = q V1 + S0``, ``V1 = q V0 + S1``.

The shipped counts (``data/classic2-deals.json``) are rebuilt by

    python -m eights.play.series.target --rules classic/2 --deals 2000 --seed 1 --bot heuristic

**A deal played for the game** (issue #40 item 5 for classic/2): a position may carry its game
context, ``totals:40,75`` (JSON ``"totals": {"0": 40, "1": 75}``): each seat's winnings before
the deal (RULES-FAMILY.md and NOTATION.md are silent; a running total of the points each player
has collected is how the seeds keep a game to 100). The deal's dealer is the position's own
(``dealer:``), and the next deal's is the other seat. ``target_utility`` turns the table into a
``Utility``: a payoff x to seat 0 is worth seat 0's chance of winning the game after the deal,
``win(a + x, b, other dealer)`` when x > 0, ``win(a, b - x, ...)`` when x < 0 (1 once she
reaches the target, 0 once seat 1 does); a horizon leaf's estimate e is worth the expected
chance over a normal spread of payoffs around e (``play_for``'s ``spread``), whose standard
deviation is the deal payoff's own in the shipped counts (31.2 points), or ``mean``, the chance
at e. One spread for every position: measured by the cards left (``measure_spreads``,
``python -m eights.play.series.target --rules classic/2 --deals 2000 --seed 1 --spreads``:
124,506 positions of the heuristic's self-play), the final payoff lies around the trained
estimate with a standard deviation of 22 to 33 points, 29 to 33 from 6 cards in the hands up.

>>> table = shipped_target_table("classic/2")
>>> 0.4 < table.win_chance(0, 0, 0) < 0.6, table.win_chance(99, 0, 1) > 0.9
(True, True)
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from eights.engine.errors import NotationError
from eights.games import find_game
from eights.play.series.play_for import GAME, MEAN, PAYOFFS, PLAY_FOR, POINTS, SERIES, SPREAD, smoothed
from eights.solver.errors import SolverError
from eights.play.series.whole import bots_deal
from eights.solver.utility import Utility

DATA = Path(__file__).with_name("data")
SHIPPED = {"classic/2": DATA / "classic2-deals.json"}


def played_deals(rules: str, deals: int, seed: int, bot: str) -> Iterator[tuple[int, list[Any], Any]]:
    """``deals`` deals of ``rules`` that ``bot`` plays against itself (deal k dealt as deal k of a
    game, from ``seed``): each deal's number, the positions a hand chose in, and its end."""
    game = find_game(rules)
    play = bots_deal(game, (bot, bot), seed)
    for number in range(1, deals + 1):
        start = game.match_deal(seed, number).start
        steps = list(play(number, start, (0, 1)) or ())
        yield number, [start, *(step.after for step in steps[:-1])], steps[-1].after if steps else start


def measure(rules: str, deals: int, seed: int, bot: str) -> dict[str, Any]:
    """The payoff to the dealer of ``deals`` deals of ``rules`` that ``bot`` plays against itself
    (``played_deals``): ``{"rules", "bot", "seed", "deals", "counts"}``."""
    game = find_game(rules)
    counts: Counter[int] = Counter()
    for number, _, end in played_deals(rules, deals, seed, bot):
        counts[round(game.payoffs(end)[(number - 1) % 2])] += 1
    return {"rules": game.name, "bot": bot, "seed": seed, "deals": deals,
            "counts": {str(payoff): n for payoff, n in sorted(counts.items())}}


def measure_spreads(rules: str, deals: int, seed: int, bot: str) -> dict[int, tuple[int, float]]:
    """How far a deal's final payoff to seat 0 falls from the trained evaluation's estimate
    (``Game.estimate``) where a hand chose (``played_deals``), by the cards in the hands (pairs: 4 for 4 and 5 ...,
    24 for 24 or more): the positions and the residuals' standard deviation (the horizon's
    spread, as ``eights.play.series.spreads`` measures sce2's)."""
    game = find_game(rules)
    residuals: dict[int, list[float]] = {}
    for _, chosen_in, end in played_deals(rules, deals, seed, bot):
        final = float(game.payoffs(end)[0])
        for position in chosen_in:
            cards = min(sum(len(hand) for hand in position.hands) // 2 * 2, 24)
            residuals.setdefault(cards, []).append(final - game.estimate(position)[0])
    return {cards: (len(values), float(np.std(values))) for cards, values in sorted(residuals.items())}


@dataclass(frozen=True)
class TargetTable:
    """``win[a, b, d]``: player 0's chance of winning the game to ``target`` with winnings ``a``
    and ``b``, player ``d`` about to deal."""

    target: int
    win: np.ndarray

    @classmethod
    def of(cls, counts: dict[int, int], target: int) -> TargetTable:
        """Solve the table from the counts of the payoff to the dealer."""
        total = sum(counts.values())
        payoffs = [(payoff, n / total) for payoff, n in counts.items() if payoff != 0]
        passing = counts.get(0, 0) / total
        win = np.zeros((target, target, 2))

        def after(a: int, b: int, to_player0: int, next_dealer: int) -> float:
            """Player 0's chance after a deal paying her ``to_player0`` (a cell solved already)."""
            if to_player0 > 0:
                return 1.0 if a + to_player0 >= target else float(win[a + to_player0, b, next_dealer])
            return 0.0 if b - to_player0 >= target else float(win[a, b - to_player0, next_dealer])

        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                sums = []
                for dealer in (0, 1):
                    sign = 1 if dealer == 0 else -1
                    sums.append(sum(p * after(a, b, sign * payoff, 1 - dealer) for payoff, p in payoffs))
                scale = 1 - passing * passing
                win[a, b, 0] = (sums[0] + passing * sums[1]) / scale
                win[a, b, 1] = (sums[1] + passing * sums[0]) / scale
        return cls(target, win)

    def win_chance(self, winnings0: int, winnings1: int, dealer: int) -> float:
        """Player 0's chance of winning before a deal ``dealer`` deals."""
        if winnings0 >= self.target or winnings1 >= self.target:
            return 1.0 if winnings0 >= self.target else 0.0
        return float(self.win[winnings0, winnings1, dealer])


@cache
def shipped_counts(rules: str) -> dict[int, int]:
    """The shipped counts of the payoff to the dealer of ``rules`` (KeyError: none shipped)."""
    data = json.loads(SHIPPED[rules].read_text(encoding="utf-8"))
    return {int(payoff): n for payoff, n in data["counts"].items()}


@cache
def shipped_target_table(rules: str) -> TargetTable:
    """The table of the shipped counts of ``rules`` (KeyError: none shipped)."""
    target = find_game(rules).whole_game_format()
    assert target is not None and target.target is not None
    return TargetTable.of(shipped_counts(rules), target.target)


def deal_spread(rules: str) -> float:
    """The standard deviation of a deal's payoff in the shipped counts of ``rules``."""
    counts = shipped_counts(rules)
    deals = sum(counts.values())
    mean = sum(payoff * n for payoff, n in counts.items()) / deals
    return math.sqrt(sum(n * (payoff - mean) ** 2 for payoff, n in counts.items()) / deals)


@dataclass(frozen=True)
class TargetContext:
    """Where a deal stands in a game to a target: each seat's winnings before it (``totals``)."""

    totals: tuple[int, int]

    def compact_field(self) -> str:
        """``totals:40,75``."""
        return f"totals:{self.totals[0]},{self.totals[1]}"

    @classmethod
    def of(cls, totals: Any, target: int) -> TargetContext:
        """A checked context: two whole winnings, each from 0 to ``target`` - 1 (a game whose
        player has reached the target is over); NotationError naming ``totals``."""
        if (not isinstance(totals, (list, tuple)) or len(totals) != 2
                or not all(isinstance(total, int) and not isinstance(total, bool) for total in totals)):
            raise NotationError("totals", "expected each seat's winnings before the deal, seat 0's first: totals:40,75")
        if not all(0 <= total < target for total in totals):
            raise NotationError("totals", f"each seat's winnings are 0 to {target - 1} (at {target} the game is over), "
                                          f"got {totals[0]},{totals[1]}")
        return cls((totals[0], totals[1]))


def split_target_context(value: Any, target: int | None, name: str) -> tuple[Any, TargetContext | None]:
    """``value`` (a family position's text or JSON) without its game context, and the context
    (None: none given); NotationError naming ``totals`` for a bad one, or one given in a game
    with no ``target`` (``name``'s).

    >>> split_target_context("rules:classic/2 0:5... 1:9... up:5C turn:0 totals:40,75", 100, "classic/2")
    ('rules:classic/2 0:5... 1:9... up:5C turn:0', TargetContext(totals=(40, 75)))
    """
    if isinstance(value, str):
        words = value.split()
        given = [word.partition(":")[2] for word in words if word.startswith("totals:")]
        rest: Any = " ".join(word for word in words if not word.startswith("totals:"))
        raw: Any = None if not given else [_whole(part) for part in given[-1].split(",")]
    elif isinstance(value, dict) and "totals" in value:
        rest = {key: item for key, item in value.items() if key != "totals"}
        totals = value["totals"]
        raw = [totals.get(seat) for seat in ("0", "1")] if isinstance(totals, dict) and len(totals) == 2 else totals
    else:
        return value, None
    if raw is None:
        return value, None
    if target is None:
        raise NotationError("totals", f"{name} has no game around its deals: a game context (totals:) is classic/2's, "
                                      "a game to 100 points")
    return rest, TargetContext.of(raw, target)


def _whole(text: str) -> int | str:
    """A decimal whole number, else the text (which ``TargetContext.of`` refuses)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else text


def target_utility(rules: str, context: TargetContext, dealer: int, horizon: str = SPREAD) -> Utility:
    """The ``game`` utility of a deal of ``rules`` (a game to a target) with ``context``, dealt by
    ``dealer``: seat 0's chance of winning the game after each payoff -580 ... 580 to her (the
    module docstring), the horizon's estimate read by ``horizon`` (``mean`` or ``spread``).

    >>> from eights.solver.utility import read
    >>> utility = target_utility("classic/2", TargetContext((90, 50)), dealer=0)
    >>> read(utility.finished, 10), read(utility.finished, -50), round(read(utility.finished, 0), 3)
    (1.0, 0.0, 0.768)
    """
    return _target_utility(rules, context, dealer, 0.0 if horizon == MEAN else deal_spread(rules))


def target_utility_asked(rules: str, target: int | None, dealer: int, context: TargetContext | None,
                         play_for: str | None, horizon: str = SPREAD) -> Utility | None:
    """The utility to search a deal of ``rules`` (dealt by ``dealer``) with for ``play_for``
    (None: for its points; by default ``game`` with a context, ``points`` without); SolverError
    naming ``play_for`` for an unknown one, ``game`` in a game with no ``target`` or without a
    context, and ``series`` (a game to a target has no cube and no series: RULES.md's are sce2's)."""
    chosen = (POINTS if context is None else GAME) if play_for is None else play_for
    if chosen not in PLAY_FOR:
        raise SolverError("play_for", f"must be one of {', '.join(PLAY_FOR)}, got {chosen!r}")
    if chosen == POINTS:
        return None
    if target is None:
        raise SolverError("play_for", f"{rules} has no game around its deals to play for (sce2's and classic/2's "
                                      "have one): play it for points")
    if chosen == SERIES:
        raise SolverError("play_for", f"{rules}'s game to {target} has no cube and no series: play for points or game")
    if context is None:
        raise SolverError("play_for", "a deal is played for the game only in a game: give the position its game "
                                      "context (totals:40,75, each seat's winnings before the deal)")
    return target_utility(rules, context, dealer, horizon)


@lru_cache(maxsize=256)
def _target_utility(rules: str, context: TargetContext, dealer: int, spread: float) -> Utility:
    """``target_utility``, the horizon's spread 0 for ``mean`` (a bot asks it again at every move)."""
    table = shipped_target_table(rules)
    a, b = context.totals
    finished = np.array([table.win_chance(a + max(int(x), 0), b + max(-int(x), 0), 1 - dealer) for x in PAYOFFS])
    finished = np.maximum.accumulate(finished)  # nondecreasing: a measured table's noise aside, it is
    leaf = np.clip(smoothed(finished, spread), 0.0, 1.0) if spread else finished  # a chance, its rounding aside
    label = f"{GAME}/{rules}/{context.compact_field()}/dealer:{dealer}/spread:{spread:g}"
    return Utility.of(GAME, finished.tolist(), np.maximum.accumulate(leaf).tolist(), 1.0, label)


def main() -> None:
    """Measure a target game's deal payoffs, write them, and print the table's corners."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rules", default="classic/2")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--spreads", action="store_true",
                        help="print the horizon's spreads by the cards in the hands (measure_spreads) instead")
    args = parser.parse_args()
    if args.spreads:
        print(f"{'cards':>5} {'positions':>9} {'sd':>6}")
        for cards, (positions, spread) in measure_spreads(args.rules, args.deals, args.seed, args.bot).items():
            print(f"{cards:>5} {positions:>9} {spread:>6.1f}")
        return
    data = measure(args.rules, args.deals, args.seed, args.bot)
    SHIPPED[data["rules"]].write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    shipped_target_table.cache_clear()
    table = shipped_target_table(data["rules"])
    print(f"{data['rules']}: {args.deals} deals of {args.bot} against itself (seed {args.seed})")
    for a, b in ((0, 0), (50, 0), (0, 50), (90, 50), (50, 90)):
        print(f"player 0 {a:>3}, player 1 {b:>3}: player 0 wins {table.win_chance(a, b, 0):.3f} dealing, "
              f"{table.win_chance(a, b, 1):.3f} not")


if __name__ == "__main__":
    main()
