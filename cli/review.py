"""The analysis of a played deal or match on the command line, in any game: ``eights analyse``
of a record (``record_analysis``: the plans POST /v1/analyse makes of a deal,
``eights.api.analyse``, and of a match each deal so and per player) and its answer as lines
(``results_text``), which ``eights play`` shows at a deal's end. A long deal's positions share the request
budget (EIGHTS_MAX_REQUEST_MS) as POST /v1/analyse shares it, each getting less time. The
analysis says what it could tell at the time it had: "no mistakes found at 0.1 s a position",
never that every move was the best one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eights.api.analyse.analysis import asks_neither, deal_plan, record_game
from eights.api.analyse.matches import match_plans
from eights.api.analyse.schemas import AnalyseResponseSchema
from eights.api.plan import Plan
from eights.api.service import SolveService
from eights.cli.common import searched_text
from eights.engine.errors import NotationError
from eights.engine.record import MATCH, record_kind
from eights.games import Game, find_game

LIMITS = ("depth", "time_ms")  # a search's limit: the command's, when it gives one, else the record's


@dataclass(frozen=True)
class Analysis:
    """What analysing one record asks: a plan a deal, and the answer from their answers."""

    plans: list[Plan]
    answer: Callable[[list[Any]], dict[str, Any]]


def record_analysis(data: Any, searching: SolveService, asked: dict[str, Any], shared_ms: int | None,
                    rules: str | None = None) -> Analysis:
    """The analysis of the record ``data`` (a file's JSON) of any game (its ``rules``, else its
    position's ``rules:``, else ``rules``: --rules, else sce2; RulesMismatch naming --rules for a
    record of another game): a deal's as POST /v1/analyse analyses it, a match's each deal so and
    per player (``eights.api.analyse.matches``), searched with the options ``asked`` (the
    command's; a record may hold its own ``depth`` or ``time_ms``, which the command's replace,
    both of them), each deal within the moves limit; with ``shared_ms``, each deal shares that
    budget over its positions when no time or depth is asked."""
    if not isinstance(data, dict):
        raise NotationError("record", f"expected an object, got {type(data).__name__}")
    game = record_game(data, rules, "--rules")
    options = {key: value for key, value in asked.items() if value is not None}
    if options.keys() & LIMITS:
        data = {key: value for key, value in data.items() if key not in LIMITS}
    request = {**data, **options}
    shared = shared_ms if asks_neither(request) else None
    search_options = searching.options(request, searching.settings.solve_time_ms)
    if record_kind(data) == MATCH:
        plans, answer = match_plans(searching, game, data, search_options, shared)
        return Analysis(plans, lambda answers: answer([_dumped(each) for each in answers]))
    searching.limit("moves", len(data.get("moves") or []), "max_analyse_moves")
    record = {key: value for key, value in data.items() if key not in LIMITS}
    return Analysis([deal_plan(game, record, search_options, shared)], lambda answers: _dumped(answers[0]))


def _dumped(answer: dict[str, Any]) -> dict[str, Any]:
    """A deal's analysis as POST /v1/analyse answers it."""
    dumped: dict[str, Any] = AnalyseResponseSchema().dump(answer)
    return dumped


def results_text(result: dict[str, Any]) -> str:
    """A deal's analysis as lines (``analysis_text``), or a match's: each deal's, then each player's."""
    if "deals" not in result:
        return analysis_text(result)
    lines = []
    for deal in result["deals"]:
        lines += [deal_line(deal), analysis_text(deal["analysis"]), ""]
    lines.append(f"totals {' '.join(map(str, result['totals']))}")
    for player in result["summary"]["players"]:
        rate = "-" if player["mistakes_per_decision"] is None else f"{player['mistakes_per_decision']:.1%}"
        per = "-" if player["loss_per_decision"] is None else f"{player['loss_per_decision']:.3f}"
        lines.append(f"player {player['player']} {player['name']}: {player['mistakes']} mistakes in "
                     f"{player['decisions']} decisions ({rate}), loss {player['loss']:.3f}, {per} a decision, "
                     f"luck {player['luck']:+.3f}")
    return "\n".join(lines)


def deal_line(deal: dict[str, Any]) -> str:
    """A deal of a match as a line: ``deal 3 (dealer S; NS random, EW heuristic)``, its dealer and
    who held each place where the match says them, and whether it was under way when the match stopped."""
    about = [f"dealer {deal['dealer']}"] if "dealer" in deal else []
    if deal.get("players"):
        about.append(", ".join(f"{place} {name}" for place, name in deal["players"].items()))
    state = "" if deal["finished"] else ", under way when the match stopped"
    return f"deal {deal['number']}" + (f" ({'; '.join(about)}{state})" if about else state)


def analysis_text(answer: dict[str, Any]) -> str:
    """A deal's analysis as lines: each step's loss (a mistake marked ``?``), its best move and a
    draw's luck; how it was searched; each player's account, her result as its parts, and every
    player's value at the start and at the end."""
    game = find_game(answer["game"])
    lines = [f"{game.name}, each move against the best one for its mover"]
    lines += [step_text(game, step) for step in answer["steps"]]
    summary = answer["summary"]
    lines.append(f"searched at {searched_text(summary['searched'])} a position; ? marks a mistake (a loss beyond what "
                 "the search tells apart)")
    for player in summary["players"]:
        lines.append(f"{game.player_label(player['player'])}: {player['mistakes']} mistakes in {player['decisions']} "
                     f"decisions, loss {player['loss']:.3f} ({player['error_rate']:.3f} a decision), "
                     f"luck {player['luck']:+.3f} in {player['draws']} draws")
    for index in range(game.players):
        lines.append(f"result for {game.player_label(index)} {summary['result'][index]:+.3f} = start "
                     f"{summary['start'][index]:+.3f} + skill {summary['skill'][index]:+.3f} + luck "
                     f"{summary['luck'][index]:+.3f} + drift {summary['drift'][index]:+.3f}")
    values = ", ".join(f"{start:+.3f} -> {end:+.3f}" for start, end in zip(summary["start"], summary["result"]))
    ending = "payoffs" if summary["over"] else "last position's values"
    lines.append(f"each {game.player_word} from the start's value to the {ending}: {values}")
    return "\n".join(lines)


def step_text(game: Game[Any, Any, Any], step: dict[str, Any]) -> str:
    """One step as a line: ``12 NS play 9H       loss    1.500? best play 5S``, and a draw's cards and luck."""
    drew = f"  drew {' '.join(step['cards'])}" if step["cards"] else ""
    luck = "" if step["luck"] is None else f"  luck {step['luck']:+.3f}"
    return (f"{step['step']:>3} {game.player_label(step['to_act'])} {step['played']:<14} loss {step['loss']:8.3f}"
            f"{'?' if step['mistake'] else ' '} best {step['best']}{drew}{luck}")
