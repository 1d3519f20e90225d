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

>>> table = shipped_target_table("classic/2")
>>> 0.4 < table.win_chance(0, 0, 0) < 0.6, table.win_chance(99, 0, 1) > 0.9
(True, True)
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from eights.games import find_game
from eights.play.series.whole import bots_deal

DATA = Path(__file__).with_name("data")
SHIPPED = {"classic/2": DATA / "classic2-deals.json"}


def measure(rules: str, deals: int, seed: int, bot: str) -> dict[str, Any]:
    """The payoff to the dealer of ``deals`` deals of ``rules`` that ``bot`` plays against itself
    (deal k dealt as deal k of a game, from ``seed``): ``{"rules", "bot", "seed", "deals", "counts"}``."""
    game = find_game(rules)
    play = bots_deal(game, (bot, bot), seed)
    counts: Counter[int] = Counter()
    for number in range(1, deals + 1):
        start = game.match_deal(seed, number).start
        steps = play(number, start, (0, 1))
        end = steps[-1].after if steps else start
        counts[round(game.payoffs(end)[(number - 1) % 2])] += 1
    return {"rules": game.name, "bot": bot, "seed": seed, "deals": deals,
            "counts": {str(payoff): n for payoff, n in sorted(counts.items())}}


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
def shipped_target_table(rules: str) -> TargetTable:
    """The table of the shipped counts of ``rules`` (KeyError: none shipped)."""
    data = json.loads(SHIPPED[rules].read_text(encoding="utf-8"))
    target = find_game(rules).whole_game_format()
    assert target is not None and target.target is not None
    return TargetTable.of({int(payoff): n for payoff, n in data["counts"].items()}, target.target)


def main() -> None:
    """Measure a target game's deal payoffs, write them, and print the table's corners."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rules", default="classic/2")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
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
