"""The family's records replayed as ``eights replay`` shows them (``eights.engine.family.record``):
a deal's every event and the position after it, then the payoffs once it is over; a match's
deals, each replayed, with their payoffs, and the totals they add up to."""

from __future__ import annotations

from typing import Any

from eights.engine.errors import NotationError
from eights.engine.family.notation import compact_family
from eights.engine.family.record import FamilyDealRecord, apply_event
from eights.engine.record import MATCH, record_kind


def replay(data: Any) -> tuple[dict[str, Any], str]:
    """A family deal or match record replayed: the record as this version writes it, and the lines."""
    if record_kind(data) == MATCH:
        return replay_match(data)
    record = FamilyDealRecord.from_json(data)
    lines, position = [compact_family(record.start)], record.start
    for index, event in enumerate(record.events):
        position = apply_event(position, event, f"moves[{index}]")
        lines.append(f"{event:<16} {compact_family(position)}")
    if position.is_over:
        lines.append("deal over: payoffs " + ", ".join(f"{seat}: {payoff}" for seat, payoff in enumerate(record.payoffs())))
    return record.to_json(), "\n".join(lines)


def replay_match(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A family match record replayed: each deal (its dealer and payoffs), then the totals,
    which must be the sum of the deals' payoffs (NotationError naming ``totals`` otherwise)."""
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise NotationError("deals", "a list of the match's deal records")
    records = [FamilyDealRecord.from_json(deal) for deal in deals]
    totals = [str(sum(payoffs)) for payoffs in zip(*(record.payoffs() for record in records))]
    if data.get("totals") != totals:
        raise NotationError("totals", f"the deals add up to {', '.join(totals)}, not {data.get('totals')}")
    lines = [f"{data.get('rules')}, {len(records)} deals"]
    lines += [f"deal {number:>2} (dealer {record.start.dealer}): payoffs {', '.join(map(str, record.payoffs()))}"
              for number, record in enumerate(records, start=1)]
    lines.append(f"totals {', '.join(totals)}")
    return data, "\n".join(lines)
