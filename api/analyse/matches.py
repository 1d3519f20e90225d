"""Analysing a whole match: every deal of a match record analysed as POST /v1/analyse analyses a
deal (``eights.api.analyse.analysis``), and per player, as gnubg's match analysis has it, the
decisions made, the mistakes among them and the loss.

A decision is a step at which the hand to act had more than one legal move (as
``eights.play.outcome`` counts them); a mistake is a step whose loss is above 0 (a move worse
than the best the search found). The players change sides every two deals, so each step is put
to the player who held its side in its deal. The deal under way when the match stopped is
analysed too. Luck (what the draws brought each player, against what they were worth) is not
measured: the analysis of a deal has no luck in it yet, so ``luck`` is null and the answer says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eights.api.analyse.analysis import record_plan
from eights.api.plan import Plan
from eights.api.service import SearchOptions
from eights.engine.cards import SEATS
from eights.engine.match import MatchRecord, dealer_seat, south_player
from eights.engine.record import DealRecord
from eights.engine.rules import legal_moves

LUCK_NOT_MEASURED = "not measured (the analysis of a deal does not measure luck yet)"


def match_deals(record: MatchRecord) -> list[DealRecord]:
    """The deals of ``record`` that an analysis covers: the finished ones, then the one under way."""
    unfinished = record.result.unfinished
    return [deal.record for deal in record.result.deals] + ([] if unfinished is None else [unfinished])


def match_plans(record: MatchRecord, options: SearchOptions) -> list[Plan]:
    """One plan a deal (``match_deals``), each answering as POST /v1/analyse does."""
    return [record_plan(deal, options) for deal in match_deals(record)]


def match_analysis(record: MatchRecord, analyses: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The match's analysis from each deal's (``analyses``, in the order of ``match_deals``):
    the players, the totals, every deal with its analysis, and per player the decisions,
    mistakes and loss, as counts and per decision."""
    decisions, mistakes, loss = [0, 0], [0, 0], [0.0, 0.0]
    deals = []
    for number, (deal, analysis) in enumerate(zip(match_deals(record), analyses), start=1):
        south = south_player(number)
        for step, before in zip(analysis["steps"], deal.positions()):
            player = south if step["side"] == "NS" else 1 - south
            decisions[player] += len(legal_moves(before)) > 1
            mistakes[player] += step["loss"] > 0
            loss[player] += step["loss"]
        ns, ew = record.side_players(number)
        deals.append({"number": number, "dealer": SEATS[dealer_seat(number)], "south_player": south,
                      "players": {"NS": ns, "EW": ew}, "finished": number <= len(record.result.deals),
                      "analysis": analysis})
    return {
        "players": list(record.players),
        "totals": list(record.result.totals),
        "deals": deals,
        "summary": {
            "players": [{"player": player, "name": record.players[player], "decisions": decisions[player],
                         "mistakes": mistakes[player], "loss": round(loss[player], 6),
                         "mistakes_per_decision": _per(mistakes[player], decisions[player]),
                         "loss_per_decision": _per(loss[player], decisions[player]), "luck": None}
                        for player in (0, 1)],
            "luck": LUCK_NOT_MEASURED,
        },
    }


def _per(amount: float, decisions: int) -> float | None:
    """``amount`` a decision (None without decisions)."""
    return round(amount / decisions, 6) if decisions else None
