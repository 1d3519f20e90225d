"""Analysing a whole match record of a game of the family (``eights match --rules`` writes it:
``eights.engine.family.match.FamilyMatchResult.to_json``): every deal analysed as POST
/v1/analyse analyses a family deal (``eights.answers.analyse.family``), then per player her
decisions, mistakes, loss and luck over the deals. A family match keeps its players in their
seats (the deal passes to the left), so a player is a seat. The match's totals are the sums of
the finished deals' payoffs; a record whose ``totals`` say otherwise is refused naming ``totals``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from eights.answers.analyse.family import family_plan, read_family_start
from eights.answers.plan import Plan
from eights.answers.service import SolveService
from eights.engine.errors import EightsError
from eights.engine.family.record import FamilyRecordError
from eights.engine.family.ruleset import parse_rules


def family_match_plans(service: SolveService, data: dict[str, Any], asked: dict[str, Any],
                       shared_ms: int | None = None) -> list[Plan]:
    """One plan a deal of the match record ``data``, each searched with the options ``asked`` as
    a request of its own (``shared_ms``: the budget each deal shares over its positions); errors
    name the deal (``deals[2].moves[3]``)."""
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise FamilyRecordError("deals", "a list of deal records, one at least")
    plans = []
    for index, deal in enumerate(deals):
        where = f"deals[{index}]"
        if not isinstance(deal, dict):
            raise FamilyRecordError(where, "a deal record")
        request = {**deal, **asked}
        service.limit(f"{where}.moves", len(deal.get("moves") or []), "max_analyse_moves")
        try:
            start = read_family_start(request)
            if start is None:
                raise FamilyRecordError("rules", "not a game of the family's deal")
            plans.append(family_plan(service, request, start, shared_ms))
        except EightsError as error:
            raise type(error)(f"{where}.{error.field}", error.problem) from None
    return plans


def family_match_analysis(data: dict[str, Any], analyses: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The match's analysis from each deal's (``analyses``, in order): the ruleset, the totals,
    every deal with its analysis, and per player (seat) her decisions, mistakes and loss, as
    counts and per decision, and the luck of her draws."""
    players = parse_rules(data.get("rules"), "rules").players  # type: ignore[arg-type]
    finished = [analysis["summary"]["payoffs"] for analysis in analyses if analysis["summary"]["over"]]
    totals = [sum((Fraction(payoffs[seat]) for payoffs in finished), Fraction(0)) for seat in range(players)]
    if data.get("totals") is not None and data["totals"] != [str(total) for total in totals]:
        raise FamilyRecordError("totals", "not the sums of the deals' payoffs")
    accounts = [[analysis["summary"]["players"][seat] for analysis in analyses] for seat in range(players)]
    return {
        "rules": data["rules"],
        "players": players,
        "totals": [str(total) for total in totals],
        "deals": [{"number": number, "analysis": analysis} for number, analysis in enumerate(analyses, start=1)],
        "summary": {"players": [_player(seat, own) for seat, own in enumerate(accounts)]},
    }


def _player(seat: int, accounts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One player's account over the deals, from her account in each."""
    decisions = sum(account["decisions"] for account in accounts)
    mistakes = sum(account["mistakes"] for account in accounts)
    loss = sum(account["loss"] for account in accounts)
    return {"seat": seat, "decisions": decisions, "mistakes": mistakes, "loss": round(loss, 6),
            "mistakes_per_decision": round(mistakes / decisions, 6) if decisions else None,
            "loss_per_decision": round(loss / decisions, 6) if decisions else None,
            "luck": round(sum(account["luck"] for account in accounts), 6) + 0.0}
