"""The tables of a strength run (as ``python -m eights.bench.strength`` prints it) and of a run
of matches (as ``eights match`` prints it)."""

from __future__ import annotations

import math

from eights.engine.deal import DEALS
from eights.play.matches import MatchesResult
from eights.play.stats import (
    CONFIDENCE,
    KELLERS,
    KELLERS_DEALS,
    KELLERS_LOSER_TOTAL,
    KELLERS_POINTS_PER_DEAL,
    KELLERS_WINNER_TOTAL,
    DealStats,
)
from eights.play.strength import StrengthResult

LABEL = 54  # width of the label column


def report(result: StrengthResult) -> str:
    """The table: A against B (payoff per deal with its interval, pairs won, lost and tied,
    the sign test), then the deals played beside the Kellers' 195 recorded deals."""
    summary = result.summary()
    deals = summary.deals
    schedule = "8…1…8 cycling" if result.deal_size is None else f"{result.deal_size}-card deals"
    payoff = summary.payoff
    lines = _heading(result.a, result.b, result.seed, f"deals: {schedule}", result.deterministic) + [
        "",
        _row("pairs", f"{summary.pairs} ({deals.deals} deals)"),
        _row("A's payoff per deal (B's points - A's)",
             f"{payoff.mean:+.2f}   {CONFIDENCE:.0%} CI {payoff.low:+.2f} .. {payoff.high:+.2f}"),
        _row("pairs A won / lost / tied (on the pair's total)", f"{summary.wins} / {summary.losses} / {summary.ties}"),
        _row("sign test on the pair totals, two-sided", f"p = {summary.sign_p:.3g}"),
        "",
    ]
    return "\n".join(lines + deal_lines(deals, "deals played (both games of every pair)"))


def match_report(result: MatchesResult) -> str:
    """The table of a run of matches: the matches A won, lost and tied, A's payoff per deal
    with its interval, the mean totals beside the Kellers', then the deals played."""
    summary = result.summary()
    payoff = summary.payoff
    lines = _heading(result.a, result.b, result.seed,
                     f"matches of {DEALS} deals (8…1…8), A the first dealer in every other match",
                     result.deterministic) + [
        "",
        _row("matches", f"{summary.matches} ({summary.deals.deals} deals)"),
        _row("matches A won / lost / tied (the lower total wins)", f"{summary.wins} / {summary.losses} / {summary.ties}"),
        _row("sign test on the matches, two-sided", f"p = {summary.sign_p:.3g}"),
        _row("A's payoff per deal (B's points - A's)",
             f"{payoff.mean:+.2f}   {CONFIDENCE:.0%} CI {payoff.low:+.2f} .. {payoff.high:+.2f} (over matches)"),
        _row("mean total, A / B", f"{summary.total_a:.0f} / {summary.total_b:.0f}"),
        _row("mean total, winner / loser",
             f"{summary.total_winner:.0f} / {summary.total_loser:.0f}   "
             f"(Kellers: {KELLERS_WINNER_TOTAL} / {KELLERS_LOSER_TOTAL})"),
        "",
    ]
    return "\n".join(lines + deal_lines(summary.deals, "deals played (every deal of every match)"))


def deal_lines(deals: DealStats, title: str) -> list[str]:
    """What the deals looked like, and how they ended beside the Kellers' 195 recorded deals."""
    lines = [
        _row(title, "these deals"),
        _row("actions per deal, mean / max", f"{deals.mean_actions:.1f} / {deals.max_actions}"),
        _row("deals with a reshuffle", _share(deals.reshuffle_share)),
        _row("decisions that were draws by a hand that could play", _share(deals.idle_draw_share)),
        _row("points against NS / EW per deal", f"{deals.against_ns:.1f} / {deals.against_ew:.1f}"),
        _row("points against A / B per deal",
             f"{deals.against_a:.1f} / {deals.against_b:.1f}   (Kellers: about {KELLERS_POINTS_PER_DEAL} a side)"),
        "",
        f"{'how deals ended':<{LABEL}}{'deals':>6} {'share':>6} {'out/other':>11}"
        f"   Kellers: {'deals':>5} {'share':>6} {'out/other':>9}",
    ]
    for name, ending in deals.endings.items():
        kellers = KELLERS[name]
        lines.append(f"  {name:<{LABEL - 2}}{ending.deals:>6} {_share(ending.deals / deals.deals):>6} "
                     f"{_points(ending.against_out, ending.against_other):>11}"
                     f"   {'':9}{kellers.deals:>5} {_share(kellers.deals / KELLERS_DEALS):>6} "
                     f"{_points(kellers.against_out, kellers.against_other):>9}")
    lines.append("(out/other: mean points against the side that went out first, and against the other side)")
    return lines



def _heading(a: str, b: str, seed: int, what: str, deterministic: bool) -> list[str]:
    """The bots, the seed and what was played; a warning when the games vary from run to run."""
    lines = [f"A: {a}   B: {b}   seed {seed}   {what}"]
    if not deterministic:
        lines.append("(a time-limited solver: its games vary from run to run)")
    return lines


def _row(label: str, value: str) -> str:
    return f"{label:<{LABEL}}{value}"


def _share(share: float) -> str:
    return "-" if math.isnan(share) else f"{share:.1%}"


def _points(out: float, other: float) -> str:
    return "-" if math.isnan(out) else f"{out:.0f} / {other:.0f}"
