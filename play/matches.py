"""Whole matches between bots A and B: 15 deals each, as RULES.md "The match" has them
(``eights.engine.match``: hands of 8…1…8, the players alternating the deal and exchanging seats
after deals 2, 4, 6, ...), the lower total winning.

    from eights.play.matches import run
    result = run("solver:time=100", "heuristic", matches=20, seed=1, workers=2)
    result.summary().payoff        # A's mean payoff per deal and its 95% interval
    list(result.records())         # each match's record, as ``eights replay`` reads it

Match i (from 0) is played from its own seed, ``derive(seed, "match", i)``, which fixes
the cards and the draws; A is player 0 (South in deal 1, and the first dealer) in matches
0, 2, 4, ... and B in matches 1, 3, 5, ..., so that neither always deals first. Before
each deal each bot gets a new seed made from the match's, so a match's moves do not depend
on the matches a worker played before it. The matches run on ``workers`` processes
or on a Dask cluster (``eights.play.workers``); the result is the same wherever they run, and the same on every
run when both bots are deterministic (``random``, ``heuristic``, ``solver:depth=D``).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from eights.cluster import Cluster
from eights.engine.deal import DEALS
from eights.engine.match import MatchRecord, MatchResult, play_match
from eights.engine.position import Position
from eights.engine.record import Dealt
from eights.engine.steps import check_seed
from eights.play.bots import Bot, make_bot
from eights.play.outcome import GameResult
from eights.play.paired import derive
from eights.play.stats import DealStats, Interval, finite, mean_interval, sign_test
from eights.play.workers import play_all

A, B = "A", "B"
MAX_MATCHES = 1_000_000  # 15 million deals: beyond it a run is a typing mistake (its tasks are listed up front)


@dataclass(frozen=True)
class PlayedMatch:
    """One match of a run: its index, seed, which player A was, the bots' specs in player
    order, the match as played, and each deal as the statistics see it (A's side marked)."""

    index: int
    seed: int
    a_player: int
    players: tuple[str, str]
    result: MatchResult
    games: tuple[GameResult, ...]

    @property
    def totals_ab(self) -> tuple[int, int]:
        """A's and B's totals (lower wins)."""
        totals = self.result.totals
        return (totals[0], totals[1]) if self.a_player == 0 else (totals[1], totals[0])

    @property
    def payoff_a(self) -> float:
        """A's mean payoff per deal: B's points minus A's, over the match's deals."""
        a_total, b_total = self.totals_ab
        return (b_total - a_total) / len(self.result.deals)

    def record(self) -> dict[str, Any]:
        """The match record (``eights.engine.match.MatchRecord``): the players named by their
        specs, the match's seed, the 15 deals."""
        return MatchRecord(self.players, self.result, self.seed, DEALS).to_json()


def play_one(index: int, a: Bot, b: Bot, seed: int) -> PlayedMatch:
    """Play match ``index`` of a run with seed ``seed`` between bots ``a`` and ``b``."""
    match_seed = derive(seed, "match", index)
    a_player = index % 2
    players = (a, b) if a_player == 0 else (b, a)

    def new_deal(dealt: Dealt, start: Position) -> None:
        for label, bot in ((A, a), (B, b)):
            bot.new_game(derive(match_seed, "bot", dealt.deal, label))

    result = play_match([player.choose for player in players], match_seed, before_deal=new_deal)
    games = tuple(GameResult.of(deal.record, 0 if deal.south_player == a_player else 1) for deal in result.deals)
    return PlayedMatch(index, match_seed, a_player, (players[0].spec, players[1].spec), result, games)


@dataclass(frozen=True)
class MatchSummary:
    """The matches A won, lost and tied with the sign test's p-value; A's mean payoff per
    deal with its interval (over the matches' means); the mean totals, of A and B and of
    the winner and the loser; and the deals' statistics."""

    matches: int
    wins: int
    losses: int
    ties: int
    sign_p: float
    payoff: Interval
    total_a: float
    total_b: float
    total_winner: float
    total_loser: float
    deals: DealStats

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (an interval of one match is null)."""
        data: dict[str, Any] = finite({
            "matches": self.matches, "wins": self.wins, "losses": self.losses, "ties": self.ties,
            "sign_test_p": self.sign_p,
            "payoff_per_deal": {"mean": self.payoff.mean, "ci95": [self.payoff.low, self.payoff.high]},
            "mean_totals": {"A": self.total_a, "B": self.total_b,
                            "winner": self.total_winner, "loser": self.total_loser},
            "deals": self.deals.to_json(),
        })
        return data


@dataclass(frozen=True)
class MatchesResult:
    """Every match of a run, in order, and what was asked for."""

    a: str
    b: str
    seed: int
    deterministic: bool
    matches: tuple[PlayedMatch, ...]

    def summary(self) -> MatchSummary:
        """The run's summary."""
        totals = [match.totals_ab for match in self.matches]
        wins, losses = sum(a < b for a, b in totals), sum(a > b for a, b in totals)
        return MatchSummary(
            len(totals), wins, losses, len(totals) - wins - losses, sign_test(wins, losses),
            mean_interval([match.payoff_a for match in self.matches]),
            statistics.fmean(a for a, _ in totals), statistics.fmean(b for _, b in totals),
            statistics.fmean(min(pair) for pair in totals), statistics.fmean(max(pair) for pair in totals),
            DealStats.of([game for match in self.matches for game in match.games]))

    def to_json(self) -> dict[str, Any]:
        """The run: its settings, the summary, and each match's seed, players and totals."""
        return {
            "a": self.a, "b": self.b, "seed": self.seed, "deterministic": self.deterministic,
            "summary": self.summary().to_json(),
            "matches": [{"index": match.index, "seed": match.seed, "players": list(match.players),
                         "a_player": match.a_player, "totals_ab": list(match.totals_ab)}
                        for match in self.matches],
        }

    def records(self) -> Iterator[dict[str, Any]]:
        """Each match's record, in order (``PlayedMatch.record``)."""
        return (match.record() for match in self.matches)


def run(a: str, b: str, matches: int, seed: int, workers: int | None = None,
        progress: Callable[[PlayedMatch], None] | None = None, cluster: Cluster | None = None) -> MatchesResult:
    """Play ``matches`` matches of 15 deals between the bots of specs ``a`` and ``b`` on
    ``workers`` processes (default: one per core; 1 plays in this process), or on
    ``cluster`` (each match a piece; ``workers`` is then unused). ``progress``
    is called with each match as it finishes, in any order. Raises BotSpecError for a bad
    spec, NotationError for a seed outside 0 to 2^53 - 1 and ValueError for a bad number of
    matches or of workers."""
    bots = make_bot(a), make_bot(b)
    check_seed(seed)
    if not 1 <= matches <= MAX_MATCHES:
        raise ValueError(f"matches must be a whole number from 1 to {MAX_MATCHES}, got {matches}")
    played = play_all(partial(play_one, seed=seed), list(range(matches)), (a, b), workers, progress, cluster)
    return MatchesResult(bots[0].spec, bots[1].spec, seed, all(bot.deterministic for bot in bots), tuple(played))
