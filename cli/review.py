"""The analysis of a deal just played at ``eights play``, told from the person's seat: the
service's analysis of the deal's record (``eights.api.analyse.analysis.record_plan``, as
``eights analyse`` and POST /v1/analyse make it) at ``--analysis-ms`` a position, then per side
the points its choices gave away (loss) and the points its draws brought (luck), and the
largest mistakes. A long deal's positions share the request budget (EIGHTS_MAX_REQUEST_MS) as
POST /v1/analyse shares it, each getting less time. The analysis says what it could tell at
the time it had: "no mistakes found at 0.1 s a position", never that every move was the best one.
"""

from __future__ import annotations

from typing import Any

from eights.api.analyse.analysis import record_plan, sharing
from eights.api.errors import ProblemError
from eights.api.service import SearchOptions, SolveService
from eights.engine.record import SIDE_NAMES, DealRecord
from eights.solver.evaluation import DEFAULT_EVALUATION
from eights.solver.modes import EXPECTIMAX


def deal_review(searching: SolveService, record: DealRecord, side: int, time_ms: int) -> str:
    """The analysis of the finished deal ``record`` at ``time_ms`` a position (less when a long deal's
    positions share the request budget, EIGHTS_MAX_REQUEST_MS, as POST /v1/analyse shares it), as
    lines for the person playing ``side`` (0 NS, 1 EW); one line saying why when it cannot be made."""
    try:
        options = sharing(record, SearchOptions(EXPECTIMAX, DEFAULT_EVALUATION, None, time_ms),
                          searching.settings.max_request_ms)
        analysis = record_plan(record, options).run_here(searching)
    except ProblemError as error:
        return f"No analysis: {error}. eights analyse analyses the saved record (--cluster: as a job)."
    budget = f"{options.time_ms / 1000:g} s a position"
    summary = analysis["summary"]
    depth = summary["searched"]["depth"]
    lines = [f"Analysis at {budget}{'' if depth is None else f', searched {depth} deep'}, "
             "per side the loss (points its choices gave away) and the luck (points its draws brought):"]
    for each in (side, 1 - side):
        lines.append(_side_line(summary["sides"][SIDE_NAMES[each]], SIDE_NAMES[each], each == side))
    start, skill, luck, rest, result = ((1 if side == 0 else -1) * summary[key]
                                        for key in ("start_ns", "skill_ns", "luck_ns", "drift_ns", "result_ns"))
    lines.append(f"  for you: the start {start:+.1f}, skill {skill:+.1f} and luck {luck:+.1f} (yours against the bot's), "
                 f"the rest {rest:+.1f} (where the searches disagree): result {result:+.1f}")
    if not summary["mistakes"]:
        lines.append(f"  no mistakes found at {budget}")
    for step in summary["mistakes"]:
        who = "you" if step["side"] == SIDE_NAMES[side] else "the bot"
        lines.append(f"  mistake at move {step['step'] + 1}: {who} ({step['side']}) {step['played']}, "
                     f"best {step['best']}, lost {step['loss']:.2f}")
    return "\n".join(lines)


def _side_line(totals: dict[str, Any], name: str, mine: bool) -> str:
    """One side's loss, mistakes and luck."""
    who = f"you ({name})" if mine else f"the bot ({name})"
    return (f"  {who + ':':<14} loss {totals['loss']:6.2f} in {totals['decisions']} decisions "
            f"({totals['mistakes']} mistake{'s' * (totals['mistakes'] != 1)}), "
            f"luck {totals['luck']:+6.2f} from {totals['draws']} draw{'s' * (totals['draws'] != 1)}")
