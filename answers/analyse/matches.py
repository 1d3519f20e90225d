"""Analysing a whole match: every deal of a match record analysed as POST /v1/analyse analyses a
deal (``eights.answers.analyse.analysis``), and per player, as gnubg's match analysis has it, the
decisions made, the mistakes among them, the loss and the luck.

A decision is a step at which the hand to act had more than one legal move (as
``eights.play.outcome`` counts them); a mistake is a step the analysis marks as one (a loss
beyond what its search tells apart); luck is what the player's draws brought her against
what they were worth (``eights.answers.analyse.accounts``). The players change sides every two
deals, so each step is put to the player who held its side in its deal. The deal under way
when the match stopped is analysed too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eights.answers.analyse.analysis import record_plan, sharing
from eights.answers.plan import Plan
from eights.answers.service import SearchOptions
from eights.engine.cards import SEATS
from eights.engine.match import MatchRecord, dealer_seat, south_player
from eights.engine.record import DealRecord

def match_deals(record: MatchRecord) -> list[DealRecord]:
    """The deals of ``record`` that an analysis covers: the finished ones, then the one under way."""
    unfinished = record.result.unfinished
    return [deal.record for deal in record.result.deals] + ([] if unfinished is None else [unfinished])


def match_plans(record: MatchRecord, options: SearchOptions, shared_ms: int | None = None) -> list[Plan]:
    """One plan a deal (``match_deals``), each answering as POST /v1/analyse does (with
    ``shared_ms``, each deal sharing that budget over its positions: ``sharing``)."""
    return [record_plan(deal, sharing(deal, options, shared_ms)) for deal in match_deals(record)]


def match_analysis(record: MatchRecord, analyses: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The match's analysis from each deal's (``analyses``, in the order of ``match_deals``):
    the players, the totals, every deal with its analysis, and per player the decisions,
    mistakes and loss, as counts and per decision, and the luck of her draws."""
    decisions, mistakes, loss, luck = [0, 0], [0, 0], [0.0, 0.0], [0.0, 0.0]
    deals = []
    for number, analysis in enumerate(analyses, start=1):
        south = south_player(number)
        for step in analysis["steps"]:
            player = south if step["side"] == "NS" else 1 - south
            decisions[player] += step["choices"] > 1
            mistakes[player] += step["mistake"]
            loss[player] += step["loss"]
            luck[player] += step["luck"] or 0.0
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
                         "loss_per_decision": _per(loss[player], decisions[player]),
                         "luck": round(luck[player], 6) + 0.0}
                        for player in (0, 1)],
        },
    }


def _per(amount: float, decisions: int) -> float | None:
    """``amount`` a decision (None without decisions)."""
    return round(amount / decisions, 6) if decisions else None
