"""The analysis of a deal just played at ``eights play``, told from the person's seat: the
service's analysis of the deal's record (``eights.answers.analyse.analysis.record_plan``, as
``eights analyse`` and POST /v1/analyse make it) at ``--analysis-ms`` a position, then per side
the points its choices gave away (loss) and the points its draws brought (luck), and the
largest mistakes. A long deal's positions share the request budget (EIGHTS_MAX_REQUEST_MS) as
POST /v1/analyse shares it, each getting less time. The analysis says what it could tell at
the time it had: "no mistakes found at 0.1 s a position", never that every move was the best one.

And ``eights analyse`` of a deal record of a game of the family (``eights.engine.family.record``;
``--rules`` when the record does not say its game): the plan POST /v1/analyse makes of it
(``eights.answers.analyse.family``) and its answer as lines; of a family match record, each deal so
and per player (``eights.answers.analyse.family_matches``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eights.answers.analyse.analysis import record_plan, sharing
from eights.answers.analyse.family import family_plan, read_family_start
from eights.answers.analyse.family_matches import family_match_analysis, family_match_plans
from eights.answers.analyse.schemas import FamilyAnalyseResponseSchema
from eights.answers.errors import ProblemError
from eights.answers.plan import Plan
from eights.answers.service import SearchOptions, SolveService
from eights.cli.common import CommandLineError, searched_text
from eights.engine.family.ruleset import parse_rules
from eights.engine.record import MATCH
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


LIMITS = ("depth", "time_ms")  # a search's limit: the command's, when it gives one, else the record's


def family_record_plans(searching: SolveService, data: Any, asked: dict[str, Any], rules: str | None,
                        shared_ms: int | None) -> tuple[list[Plan], Callable[[list[Any]], dict[str, Any]]] | None:
    """The plans of analysing the record ``data`` (a file's JSON) of a game of the family, and
    its answer from theirs: a deal's as POST /v1/analyse analyses it, a match's each deal so and
    per player (``eights.answers.analyse.family_matches``), searched with the options ``asked``
    (``shared_ms``: the budget each deal's positions share); None when it is sce2's record (no
    ``rules`` key or ``rules:`` word, and no --rules). A record of another game than --rules' is a
    CommandLineError naming --rules."""
    if not isinstance(data, dict) or "position" not in data and data.get("kind") != MATCH:
        return None
    own = data.get("rules")
    if rules is not None and own is not None and parse_rules(rules, "--rules") != parse_rules(own, "rules"):
        raise CommandLineError(f"--rules: {parse_rules(rules).name}, but the record's rules are {own}")
    options = {key: value for key, value in asked.items() if value is not None}
    if options.keys() & LIMITS:  # the command's depth or time replaces the record's, both of them
        data = {key: value for key, value in data.items() if key not in LIMITS}
    if data.get("kind") == MATCH:
        if own is None or parse_rules(own, "rules").preset == "sce2":
            return None
        return (family_match_plans(searching, data, options, shared_ms),
                lambda answers: family_match_analysis(data, [_dumped(answer) for answer in answers]))
    request = {**data, **options, "rules": rules if rules is not None else own}
    start = read_family_start(request)
    if start is None:
        return None
    searching.limit("moves", len(data.get("moves") or []), "max_analyse_moves")
    return [family_plan(searching, request, start, shared_ms)], lambda answers: _dumped(answers[0])


def _dumped(answer: dict[str, Any]) -> dict[str, Any]:
    """A family deal's analysis as POST /v1/analyse answers it."""
    dumped: dict[str, Any] = FamilyAnalyseResponseSchema().dump(answer)
    return dumped


def family_analysis_text(answer: dict[str, Any]) -> str:
    """A family deal's analysis as lines (``family_deal_text``), or a match's: each deal's, then
    each player's over the deals."""
    if "deals" not in answer:
        return family_deal_text(answer)
    lines = []
    for deal in answer["deals"]:
        lines += [f"deal {deal['number']}", family_deal_text(deal["analysis"]), ""]
    lines.append(f"totals {' '.join(answer['totals'])}")
    for player in answer["summary"]["players"]:
        rate = "-" if player["mistakes_per_decision"] is None else f"{player['mistakes_per_decision']:.1%}"
        per = "-" if player["loss_per_decision"] is None else f"{player['loss_per_decision']:.3f}"
        lines.append(f"seat {player['seat']}: {player['mistakes']} mistakes in {player['decisions']} decisions "
                     f"({rate}), loss {player['loss']:.3f}, {per} a decision, luck {player['luck']:+.3f}")
    return "\n".join(lines)


def family_deal_text(answer: dict[str, Any]) -> str:
    """A family deal's analysis as lines: each step (a mistake marked ``?``) with its best move and
    a draw's cards; how it was searched; each player's account; the values at the start and the end."""
    lines = [f"{answer['rules']}, each move against the best one for its mover (max-n)"]
    for step in answer["steps"]:
        cards = f"  drew {' '.join(step['cards'])}" if step["cards"] else ""
        lines.append(f"{step['step']:>3} seat {step['mover']} {step['played']:<16} loss {step['loss']:8.3f}"
                     f"{'?' if step['mistake'] else ' '} best {step['best']}{cards}")
    summary = answer["summary"]
    lines.append(f"searched at {searched_text(summary['searched'])} a position; ? marks a mistake (a loss above 0 at the depth searched)")
    for player in summary["players"]:
        lines.append(f"seat {player['seat']}: {player['mistakes']} mistakes in {player['decisions']} decisions, "
                     f"loss {player['loss']:.3f} ({player['error_rate']:.3f} a decision), "
                     f"luck {player['luck']:+.3f} in {player['draws']} draws")
    values = ", ".join(f"{start:+.3f} -> {end:+.3f}" for start, end in zip(summary["start"], summary["result"]))
    ending = "payoffs" if summary["over"] else "the last position's values"
    lines.append(f"each seat from the start's value to the {ending}: {values}")
    return "\n".join(lines)
