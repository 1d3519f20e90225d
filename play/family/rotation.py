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
over the pair against B's) and the two-sided sign test. Against a baseline (a bot's spec,
which may hold several seats: the fill bots), each bot's mean per deal is compared with the
mean of the baseline's seats in the same deal, deal by deal, with the 95% interval over the deals.

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

    def baseline(self, spec: str | None) -> tuple[int, ...]:
        """The seats (bots' indices) that the bot of spec ``spec`` (its canonical form) holds,
        the others' baseline; none without one."""
        if spec is None:
            return ()
        canonical = make_family_bot(spec).spec
        return tuple(index for index, held in enumerate(self.specs) if held == canonical)

    def baseline_means(self, seats: Sequence[int]) -> list[float]:
        """Each round's mean payoff of the bots in ``seats`` (the baseline bot's mean per deal, deal by deal)."""
        rows = self.rows()
        return [sum(rows[seat].round_means[number] for seat in seats) / len(seats)
                for number in range(len(self.rounds))]

    def difference(self, index: int, seats: Sequence[int]) -> Interval:
        """Bot ``index``'s mean payoff per deal less the mean of the bots in ``seats`` (the
        baseline's seats), with the 95% interval over the rounds (each round's means paired: they
        share the cards)."""
        mine = self.rows()[index].round_means
        return mean_interval([own - theirs for own, theirs in zip(mine, self.baseline_means(seats))])

    def table(self, baseline: str | None = None) -> str:
        """The table: a line of what was run, then a row a bot (its mean payoff per deal); with
        ``baseline`` (a spec among the bots), the mean per deal of the seats that spec holds and
        each other bot's difference from it; with two seats, the pairs."""
        n = len(self.specs)
        against = self.baseline(baseline)
        lines = [f"{self.rules.name}: {len(self.rounds)} deals, each played {n} times with the seats rotated "
                 f"({len(self.rounds) * n} games), seed {self.seed}", ""]
        heading = f"{'seat':<5}{'bot':<32}{'games':>7}{'payoff per deal':>17}   {'95% CI (over deals)':<22}"
        if against:
            heading += f"   minus the baseline ({self.specs[against[0]]}), 95% CI"
        lines.append(heading.rstrip())
        for row in self.rows():
            interval = row.interval
            line = (f"{row.seat:<5}{row.spec:<32}{len(row.payoffs):>7}{interval.mean:>+17.2f}   "
                    f"{_interval(interval):<22}")
            if against and row.seat not in against:
                line += f"   {_gap(self.difference(row.seat, against))}"
            lines.append(line.rstrip())
        if against:
            mean = mean_interval(self.baseline_means(against))
            lines += ["", f"baseline {self.specs[against[0]]} (seat{'s' * (len(against) > 1)} "
                          f"{', '.join(map(str, against))}): {mean.mean:+.2f} per deal, 95% CI {_interval(mean)} "
                          "(its seats' mean payoff, deal by deal)"]
        pairs = self.pairs()
        if pairs is not None:
            wins, losses, ties, p = pairs
            gap = self.difference(0, (1,))
            lines += ["", f"A ({self.specs[0]}) minus B ({self.specs[1]}) per deal: {gap.mean:+.2f}   "
                          f"95% CI {gap.low:+.2f} .. {gap.high:+.2f} (over pairs)",
                      f"pairs A won / lost / tied: {wins} / {losses} / {ties}, sign test two-sided p = {p:.3g}"]
        return "\n".join(lines)

    def to_json(self, baseline: str | None = None) -> dict[str, Any]:
        """The run: its settings, each bot's row (with ``baseline``, its ``minus_baseline``: its
        mean less the baseline's seats' mean, deal by deal), the baseline (its spec, seats and
        mean per deal), with two seats the pairs, and each round's seating (``seats``: game by game,
        the bot in each seat) and payoffs (``payoffs``: bot by bot, game by game)."""
        against = self.baseline(baseline)
        rows = [row.to_json() for row in self.rows()]
        summary = None
        if against:
            for index, row in enumerate(rows):
                gap = self.difference(index, against)
                row["minus_baseline"] = None if index in against else {"mean": gap.mean, "ci95": [gap.low, gap.high]}
            mean = mean_interval(self.baseline_means(against))
            summary = {"spec": self.specs[against[0]], "seats": list(against), "mean": mean.mean,
                       "ci95": [mean.low, mean.high]}
        data: dict[str, Any] = {"rules": self.rules.name, "bots": list(self.specs), "seed": self.seed,
                                "deterministic": self.deterministic, "baseline": summary, "rows": rows}
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

    def record_lines(self) -> Iterator[dict[str, Any]]:
        """Each game's record as a line of ``bench.strength --records`` writes it: ``{"game": name, "record": ...}``."""
        for name, record in self.records():
            yield {"game": name, "record": record}


def _interval(interval: Interval) -> str:
    return f"{interval.low:+.2f} .. {interval.high:+.2f}"


def _gap(interval: Interval) -> str:
    return f"{interval.mean:+.2f} ({_interval(interval)})"


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
