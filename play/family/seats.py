"""Family deals and matches with one bot a seat, and a table of how the bots fare with the
seats rotated.

``play_deal`` and ``play_match`` hand the bots to the engine's ``play_family_deal`` and
``play_family_match`` as strategies. ``rotated_deals`` plays ``rounds`` rounds: a round is
one seeded deal (its cards, its dealer, the seed of its draws) played N times by the N
bots, bot b in seat (b + k) mod N in the k-th game, so that every bot plays every seat of
the same cards and the luck of the seats and of the cards cancels. Each bot's row gives
its mean payoff per deal and the 95% interval of that mean from the round means (the
rounds are independent; a round's games are not: they share the cards).

>>> from eights.engine.family import parse_rules
>>> from eights.play.family import make_family_bot
>>> rows = rotated_deals(parse_rules("classic/3"), [make_family_bot(s) for s in ("heuristic", "random", "random")], 2, seed=1)
>>> [(row.spec, row.seat, len(row.payoffs)) for row in rows]
[('heuristic', 0, 6), ('random', 1, 6), ('random', 2, 6)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.engine.family import FamilyDealRecord, FamilyMatchResult, FamilyPosition, Ruleset, deal
from eights.engine.family import play_family_deal, play_family_match
from eights.engine.family.match import Observer
from eights.engine.family.ruleset import RulesetError
from eights.play.family.bot import FamilyBot, observer, strategy
from eights.play.paired import derive
from eights.play.stats import Interval, mean_interval


def play_deal(position: FamilyPosition, bots: Sequence[FamilyBot], seed: int) -> FamilyDealRecord:
    """One deal from ``position``, ``bots[s]`` in seat s, the draws and the bots' games seeded from ``seed``."""
    for seat, bot in enumerate(bots):
        bot.new_game(derive(seed, "bot", seat))
    return play_family_deal(position, [strategy(bot) for bot in bots], random.Random(derive(seed, "draws")),
                            observer(bots))


def play_match(rules: Ruleset, bots: Sequence[FamilyBot], seed: int, deals: int | None = None,
               observe: Observer | None = None) -> FamilyMatchResult:
    """A match of ``rules`` (``play_family_match``: its deals, scoring and winner; ``deals``:
    at most that many; ``observe`` told of every event), ``bots[s]`` in seat s."""
    for seat, bot in enumerate(bots):
        bot.new_game(derive(seed, "bot", seat))
    return play_family_match(rules, [strategy(bot) for bot in bots], derive(seed, "match"), deals,
                             observer(bots, observe))


@dataclass(frozen=True)
class BotRow:
    """One bot of a rotated table: its spec, its place in the list of bots (``seat``: its seat
    in each round's first game), its payoff in every deal it played (round by round, each
    round's games in order) and the rounds' mean payoffs."""

    spec: str
    seat: int
    payoffs: tuple[float, ...]
    round_means: tuple[float, ...]

    @property
    def interval(self) -> Interval:
        """The mean payoff per deal, with the 95% interval from the round means."""
        return mean_interval(self.round_means)

    def to_json(self) -> dict[str, Any]:
        """``{"spec", "seat", "deals", "mean", "ci95": [low, high]}``."""
        interval = self.interval
        return {"spec": self.spec, "seat": self.seat, "deals": len(self.payoffs), "mean": interval.mean,
                "ci95": [interval.low, interval.high]}


@dataclass(frozen=True)
class Round:
    """One round of a rotated table: its number, the N games' records (the k-th with bot b in
    seat (b + k) mod N) and each bot's payoffs in them (bot by bot, game by game)."""

    number: int
    records: tuple[FamilyDealRecord, ...]
    payoffs: tuple[tuple[float, ...], ...]

    def seats(self, game: int) -> tuple[int, ...]:
        """The bot (its index) in each seat of game ``game``."""
        n = len(self.records)
        return tuple((seat - game) % n for seat in range(n))


def play_round(rules: Ruleset, bots: Sequence[FamilyBot], number: int, seed: int) -> Round:
    """Round ``number`` of the rotated table of ``seed``: one seeded deal (dealer ``number``
    mod N) played N times, the bots' seats turned one to the left each time."""
    n = rules.players
    if len(bots) != n:
        raise RulesetError("bots", f"one per player: {n}, not {len(bots)}")
    position = deal(rules, derive(seed, "round", number), dealer=number % n)
    records, payoffs = [], [[0.0] * n for _ in bots]
    for turn in range(n):
        seated = [bots[(seat - turn) % n] for seat in range(n)]
        records.append(play_deal(position, seated, derive(seed, "round", number)))
        paid = records[-1].payoffs()
        for index in range(n):
            payoffs[index][turn] = float(paid[(index + turn) % n])
    return Round(number, tuple(records), tuple(tuple(row) for row in payoffs))


def bot_rows(specs: Sequence[str], rounds: Sequence[Round]) -> list[BotRow]:
    """Each bot's row (in the order of ``specs``) from the rounds played."""
    n = len(specs)
    return [BotRow(spec, index, tuple(paid for played in rounds for paid in played.payoffs[index]),
                   tuple(sum(played.payoffs[index]) / n for played in rounds))
            for index, spec in enumerate(specs)]


def rotated_deals(rules: Ruleset, bots: Sequence[FamilyBot], rounds: int, seed: int) -> list[BotRow]:
    """Each bot's row (in the order of ``bots``) after ``rounds`` rounds of N games (the module
    docstring); reproducible from ``seed`` for bots whose moves are (``deterministic``)."""
    return bot_rows([bot.spec for bot in bots], [play_round(rules, bots, number, seed) for number in range(rounds)])
