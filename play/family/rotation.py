"""Runs of rotated tables (``eights.play.family.seats``) on worker processes or a Dask cluster,
and their table: ``eights match --rules`` and ``python -m eights.bench.strength --rules``.

    from eights.play.family.rotation import run
    result = run(parse_rules("classic/4"), ["heuristic", "random", "random", "random"], deals=20, seed=1)
    print(result.table())          # each bot's mean payoff per deal, with its 95% interval

A run deals ``deals`` deals (rounds); each is played N times, the bots' seats turned one to the
left each time, so that every bot plays every seat of the same cards and the luck of the seats
and of the cards cancels. Each bot's mean payoff per deal has its 95% interval from the round
means (the rounds are independent; a round's games share the cards). With two seats a round
is a pair of games, as sce2's paired strength runs: the table adds A's payoff less B's per
deal with its interval over the pairs, the pairs A won, lost and tied (its payoffs summed
over the pair against B's) and the two-sided sign test.

The rounds run in this process (``workers=1``), on ``workers`` processes, or on a Dask
cluster (``eights.play.workers``, each process making its own bots once); the result is the
same wherever they run, and on every run when every bot is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from eights.cluster import Cluster
from eights.engine.family import Ruleset
from eights.engine.family.ruleset import RulesetError
from eights.engine.steps import check_seed
from eights.play.family import FamilyBot, make_family_bot
from eights.play.family.seats import BotRow, Round, bot_rows, play_round
from eights.play.stats import Interval, finite, mean_interval, sign_test
from eights.play.workers import play_all

MAX_DEALS = 1_000_000


def _round(number: int, *bots: FamilyBot, rules: Ruleset, seed: int) -> Round:
    """Round ``number`` on a worker's bots (a top-level function, sent to the workers)."""
    return play_round(rules, bots, number, seed)


@dataclass(frozen=True)
class RotatedResult:
    """A run: the ruleset, the bots' specs (bot b in seat b in each round's first game), the
    seed, whether every bot is deterministic, and the rounds in order."""

    rules: Ruleset
    specs: tuple[str, ...]
    seed: int
    deterministic: bool
    rounds: tuple[Round, ...]

    def rows(self) -> list[BotRow]:
        """Each bot's row: its payoffs and its mean per deal with the 95% interval."""
        return bot_rows(self.specs, self.rounds)

    def pairs(self) -> tuple[int, int, int, float] | None:
        """With two seats: the pairs bot A won, lost and tied (its two payoffs summed against
        B's: not every game is zero-sum) and the sign test's p-value; None with more seats."""
        if len(self.specs) != 2:
            return None
        totals = [sum(played.payoffs[0]) - sum(played.payoffs[1]) for played in self.rounds]
        wins, losses = sum(total > 0 for total in totals), sum(total < 0 for total in totals)
        return wins, losses, len(totals) - wins - losses, sign_test(wins, losses)

    def baseline(self, spec: str | None) -> int | None:
        """The first bot of spec ``spec`` (its canonical form), the others' baseline; None without one."""
        if spec is None:
            return None
        canonical = make_family_bot(spec).spec
        return self.specs.index(canonical) if canonical in self.specs else None

    def difference(self, index: int, baseline: int) -> Interval:
        """Bot ``index``'s mean payoff per deal less bot ``baseline``'s, with the 95% interval
        over the rounds (each round's two means paired: they share the cards)."""
        rows = self.rows()
        return mean_interval([mine - theirs for mine, theirs in zip(rows[index].round_means, rows[baseline].round_means)])

    def table(self, baseline: str | None = None) -> str:
        """The table: a line of what was run, then a row a bot, with ``baseline`` (a spec among
        the bots) each bot's difference from the first bot of that spec; with two seats, the pairs."""
        n = len(self.specs)
        against = self.baseline(baseline)
        lines = [f"{self.rules.name}: {len(self.rounds)} deals, each played {n} times with the seats rotated "
                 f"({len(self.rounds) * n} games), seed {self.seed}", ""]
        heading = f"{'seat':<5}{'bot':<32}{'games':>7}{'payoff per deal':>17}   {'95% CI (over deals)':<22}"
        if against is not None:
            heading += f"   minus seat {against}'s ({self.specs[against]}), 95% CI"
        lines.append(heading.rstrip())
        for row in self.rows():
            interval = row.interval
            line = (f"{row.seat:<5}{row.spec:<32}{len(row.payoffs):>7}{interval.mean:>+17.2f}   "
                    f"{f'{interval.low:+.2f} .. {interval.high:+.2f}':<22}")
            if against is not None and row.seat != against:
                gap = self.difference(row.seat, against)
                line += f"   {gap.mean:+.2f} ({gap.low:+.2f} .. {gap.high:+.2f})"
            lines.append(line.rstrip())
        pairs = self.pairs()
        if pairs is not None:
            wins, losses, ties, p = pairs
            gap = self.difference(0, 1)
            lines += ["", f"A ({self.specs[0]}) minus B ({self.specs[1]}) per deal: {gap.mean:+.2f}   "
                          f"95% CI {gap.low:+.2f} .. {gap.high:+.2f} (over pairs)",
                      f"pairs A won / lost / tied: {wins} / {losses} / {ties}, sign test two-sided p = {p:.3g}"]
        return "\n".join(lines)

    def to_json(self, baseline: str | None = None) -> dict[str, Any]:
        """The run: its settings, each bot's row (with ``baseline``, its ``minus_baseline``),
        with two seats the pairs, and each round's seating and payoffs."""
        against = self.baseline(baseline)
        rows = [row.to_json() for row in self.rows()]
        if against is not None:
            for index, row in enumerate(rows):
                gap = self.difference(index, against)
                row["minus_baseline"] = None if index == against else {"mean": gap.mean, "ci95": [gap.low, gap.high]}
        data: dict[str, Any] = {"rules": self.rules.name, "bots": list(self.specs), "seed": self.seed,
                                "deterministic": self.deterministic, "baseline": against, "rows": rows}
        pairs = self.pairs()
        if pairs is not None:
            data["pairs"] = {"wins": pairs[0], "losses": pairs[1], "ties": pairs[2], "sign_test_p": pairs[3]}
        data["rounds"] = [{"number": played.number, "seats": [list(played.seats(game)) for game in range(len(self.specs))],
                           "payoffs": [list(row) for row in played.payoffs]} for played in self.rounds]
        return finite(data)  # type: ignore[no-any-return]

    def records(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Each game's deal record (``eights.engine.family.record``) and its name,
        ``deal-001-game-1``: the round (from 1) and the game in it (from 1)."""
        for played in self.rounds:
            for game, record in enumerate(played.records, start=1):
                yield f"deal-{played.number + 1:03d}-game-{game}", record.to_json()


def run(rules: Ruleset, specs: Sequence[str], deals: int, seed: int, workers: int | None = 1,
        progress: Callable[[Round], None] | None = None, cluster: Cluster | None = None) -> RotatedResult:
    """Play ``deals`` rounds of the bots of ``specs`` (one a seat) at ``rules``; ``progress`` is
    told of each round as it ends, in any order. BotSpecError for a bad spec, RulesetError for
    a number of bots other than the seats, ValueError for a bad number of deals or workers,
    NotationError for a bad seed."""
    if rules.preset == "sce2":
        raise RulesetError("rules", "sce2's matches are eights.play.matches'")
    if len(specs) != rules.players:
        raise RulesetError("bots", f"one a seat: {rules.players} in {rules.name}, not {len(specs)}")
    bots = [make_family_bot(spec) for spec in specs]
    check_seed(seed)
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be a whole number from 1 to {MAX_DEALS}, got {deals}")
    played = play_all(partial(_round, rules=rules, seed=seed), list(range(deals)), tuple(bot.spec for bot in bots),
                      workers, progress, cluster, make_family_bot)
    return RotatedResult(rules, tuple(bot.spec for bot in bots), seed, all(bot.deterministic for bot in bots),
                         tuple(played))
