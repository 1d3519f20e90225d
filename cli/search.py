"""Commands that search: solve (the Solver itself), and hint (fair from a view), batch and
analyse, which run the service's own code and print the JSON its endpoints answer (the
same limits apply, from the EIGHTS_* variables); bench. ``batch`` and ``analyse`` with
``--cluster`` or ``--scheduler`` run their searches on a Dask cluster as a job does (the
job limits apply)."""

from __future__ import annotations

import argparse
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eights.api.analyse.analysis import asks_neither, record_plan, sharing
from eights.api.analyse.matches import match_analysis, match_deals, match_plans
from eights.api.analyse.schemas import AnalyseResponseSchema
from eights.api.batch import plan as batch
from eights.api.batch.schemas import BatchResponseSchema
from eights.api.fair.hinting import fair_options, hint_from_view
from eights.api.fair.schemas import fair_response_schema
from eights.api.hint.schemas import HintResponseSchema
from eights.api.jobs.execution import run_on_cluster
from eights.api.plan import Plan, combined
from eights.api.service import SearchOptions, SolveService
from eights.api.settings import NONE, Settings
from eights.cli.review import family_analysis_text, family_record_plans
from eights.cli.common import (
    Command,
    CommandLineError,
    emit,
    parse_json,
    read_json,
    read_text,
    searched_text,
)
from eights.cluster import Cluster
from eights.cluster.options import scheduler_address
from eights.solver import benchmark
from eights.engine.match import MatchRecord
from eights.engine.record import MATCH, DealRecord, record_kind
from eights.engine.steps import check_seed
from eights.play.compare import table
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED
from eights.cli.positions import RULES_HELP, read_in_game
from eights.games import Game, RulesMismatch, find_game
from eights.solver.errors import SolverError
from eights.api.common.schemas import FamilySearchResultSchema
from eights.solver.family import MAXN
from eights.solver.family import MODES as FAMILY_MODES
from eights.solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from eights.solver.modes import EXPECTIMAX, MODES


def cmd_solve(args: argparse.Namespace) -> None:
    """Search the position, in any game: each move's value (best first), the PV, depth,
    exactness; a family game's values per player, max-n or paranoid (``--objective``, ``--player``)."""
    game, position = read_in_game(args, views=False)
    check_game_flags(args, game)
    try:
        solution = game.solve(position, depth=args.depth, time_ms=args.time_ms, stock=args.mode,
                              evaluation=args.evaluation, objective=args.objective, player=args.player)
    except SolverError as error:
        raise CommandLineError(str(error)) from None
    emit(solution.to_json(), args.json, solution_text(solution, game))


def check_game_flags(args: argparse.Namespace, game: Game[Any, Any, Any]) -> None:
    """One line for --objective or --player in a game with no objective to choose, or a
    --player the game has no seat for."""
    if (args.objective is not None or args.player is not None) and not game.objectives:
        flag = "--objective" if args.objective is not None else "--player"
        raise CommandLineError(f"{flag}: {game.name} is two-sided, with no objective or player to choose")
    if args.player is not None and not 0 <= args.player < game.players:
        raise CommandLineError(f"--player: a seat 0 to {game.players - 1} in {game.name}, not {args.player}")


def solution_text(solution: Any, game: Game[Any, Any, Any]) -> str:
    """Each move's value, best first (a family game's with every seat's values beside it), the
    PV, and how the search went."""
    lines = []
    for move_value in solution.moves:
        seats = getattr(move_value, "values", None)
        values = "" if seats is None else "  (" + ", ".join(f"{value:+.3f}" for value in seats) + ")"
        lines.append(f"{move_value.value:+10.3f}  {move_value.move.notation()}{values}")
    return "\n".join([*lines, *search_lines(solution, *game.solution_words(solution))])


def search_lines(solution: Any, whose: str, before: str, after: str) -> list[str]:
    """The PV (or the finished deal's value for ``whose``), then the depth, the proof, the
    nodes and the time, between ``before`` and ``after``."""
    if solution.pv:
        line = f"pv: {', '.join(move.notation() for move in solution.pv)}"
    else:
        line = f"deal over: value {solution.value:+.3f} for {whose}"
    low, high = solution.bounds
    proof = "exact" if solution.exact else f"not exact, value within [{low:+.3f}, {high:+.3f}]"
    return [line, f"{before}depth {solution.depth}, {proof}, {solution.nodes} nodes, {solution.time_ms:.1f} ms{after}"]


def service() -> SolveService:
    """The service's searching part, with the EIGHTS_* settings; a bad one is one line."""
    try:
        return SolveService(Settings.load(os.environ))
    except ValueError as error:
        raise CommandLineError(str(error)) from None


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The request's search options from the flags; a --time-ms under 1 is refused, as the
    service refuses it (0 would otherwise mean "by depth alone, up to EIGHTS_MAX_TIME_MS")."""
    if args.time_ms is not None and args.time_ms < 1:
        raise CommandLineError(f"--time-ms: must be at least 1, got {args.time_ms}")
    chosen = {"mode": args.mode, "evaluation": args.evaluation, "depth": args.depth, "time_ms": args.time_ms}
    return {key: value for key, value in chosen.items() if value is not None}


def cmd_hint(args: argparse.Namespace) -> None:
    """The best move and every move's value, as POST /v1/hint answers; for a position seen
    from one seat (view:), in any game, the fair hint over sampled deals, as POST /v1/fair-hint answers."""
    searching = service()
    game, read = read_in_game(args)
    check_game_flags(args, game)
    if game.is_view(read):
        fair_hint_of(args, searching, game, read)
        return
    if args.samples is not None or args.seed is not None:
        raise CommandLineError("--samples and --seed are for a position seen from one seat (view:S or view:W, "
                               "a family game's view:0, view:1, ...)")
    chosen = {**options(args), "objective": args.objective, "player": args.player}
    result = searching.solve(read, searching.hint_options(chosen, bool(game.objectives)))
    schema = FamilySearchResultSchema() if result.family else HintResponseSchema()
    emit(schema.dump(result.to_json()), args.json, solution_text(result.solution, game))


def fair_hint_of(args: argparse.Namespace, searching: SolveService, game: Game[Any, Any, Any], read: Any) -> None:
    """``eights hint`` of a view, in any game: the fair hint of the hand to act over deals
    sampled from the view (``--samples``, ``--seed``), as POST /v1/fair-hint answers."""
    if args.player is not None:
        raise CommandLineError("--player: a fair hint's values are for the view's seat, the hand to act")
    if args.mode != EXPECTIMAX:
        raise CommandLineError("--mode: a view does not know the stock's order (fair hints are expectimax)")
    view = game.hint_view(read)
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    fair_args = {"evaluation": game.evaluation, **options(args), "samples": samples}
    answer = hint_from_view(searching, game, view, samples, fair_options(searching, fair_args, game.evaluation),
                            DEFAULT_SEED if args.seed is None else check_seed(args.seed, "--seed"), args.objective)
    emit(fair_response_schema(answer).dump(answer.to_json()), args.json, fair_text(answer))


def fair_text(answer: Any) -> str:
    """Whose view, the samples and their depths, then each move compared, best first."""
    view, values = answer.whose
    heading = (f"fair hint from {view}: {answer.samples} of {answer.asked} deals sampled (seed {answer.seed}), "
               f"searched {answer.depths[0]}..{answer.depths[1]} deep, {answer.time_ms:.0f} ms; values {values}")
    return "\n".join([heading, *table(answer.moves)])


def cmd_batch(args: argparse.Namespace) -> None:
    """Solve many positions (a file of compact positions, one a line, or a JSON list), as POST /v1/batch;
    a family game's with --rules (or each position's ``rules:``), all of one game."""
    text = read_text(args.file)
    values = parse_json(text, args.file) if text.lstrip().startswith("[") else [line for line in text.splitlines() if line.strip()]
    if not isinstance(values, list) or not values:
        raise CommandLineError(f"{args.file}: expected positions, one a line, or a JSON list of positions")
    searching = service()
    cluster = chosen_cluster(args, searching.settings)
    searching.limit("positions", len(values), "max_batch" if cluster is None else "max_job_batch")
    rules = None if args.rules is None else find_game(args.rules, "--rules").name
    asked = {"positions": values, **options(args), "rules": rules, "objective": args.objective, "player": args.player}
    try:
        planned = batch.plan(searching, asked)
    except RulesMismatch as error:
        raise CommandLineError(f"--rules: {error.problem}") from None
    answer = run(searching, planned, cluster, "batch")
    text_lines = [batch_line(result) for result in answer["results"]]
    emit(BatchResponseSchema().dump(answer), args.json, "\n".join(text_lines))


def batch_line(result: dict[str, Any]) -> str:
    """One batch result as a line: the position, the best move and its value (a family game's:
    for the seat the values are for, then every seat's)."""
    line = f"{result['position']}  best {result['best'] or '-'} value {result['value']:+.3f}"
    if "rules" not in result:
        return line
    values = result.get("values")
    line += f" for seat {result['player']}" if result.get("player") is not None else ""
    return line if values is None else line + "  (" + ", ".join(f"{value:+.3f}" for value in values) + ")"


def cmd_analyse(args: argparse.Namespace) -> None:
    """Analyse a deal or match record (JSON, as eights match, eights play and the board write
    them; older versions too), or every record (*.json) in a directory, as POST /v1/analyse
    analyses a deal; a match: each deal, and per player the decisions, mistakes and loss."""
    searching = service()
    cluster = chosen_cluster(args, searching.settings)
    asked = options(args)
    search_options = searching.options(asked, searching.settings.solve_time_ms)
    # in this process, each deal shares the request budget as POST /v1/analyse does; a job's searches do not
    shared_ms = searching.settings.max_request_ms if cluster is None and asks_neither(asked) else None
    directory = Path(args.file).is_dir()
    paths = sorted(str(path) for path in Path(args.file).glob("*.json")) if directory else [args.file]
    analyses = [record_analysis(path, searching, asked, search_options, shared_ms, args.rules) for path in paths]
    plans = [plan for analysis in analyses for plan in analysis.plans]
    if cluster is None:  # each deal within its own request budget, as a request of its own would be
        answers = [plan.run_here(searching) for plan in plans]
    else:
        answers = run(searching, combined(plans, "moves"), cluster, "analyse")
    results, used = [], 0
    for analysis in analyses:
        results.append(analysis.answer(answers[used:used + len(analysis.plans)]))
        used += len(analysis.plans)
    if not directory:
        emit(results[0], args.json, results_text(results[0]))
        return
    records = [{"file": Path(path).name, **result} for path, result in zip(paths, results)]
    emit({"records": records}, args.json,
         "\n\n".join(f"{record['file']}\n{results_text(record)}" for record in records))


@dataclass(frozen=True)
class Analysis:
    """What analysing one record asks: a plan a deal, and the answer from their answers."""

    plans: list[Plan]
    answer: Callable[[list[Any]], dict[str, Any]]


def record_analysis(path: str, searching: SolveService, asked: dict[str, Any], search_options: SearchOptions,
                    shared_ms: int | None, rules: str | None) -> Analysis:
    """The analysis of the record in the file ``path``: a family deal's or match's (``--rules``,
    or the record's own) as POST /v1/analyse analyses a deal (``eights.cli.review.family_record_plans``),
    else sce2's (``analysis_of``)."""
    return data_analysis(read_json(path), searching, asked, search_options, shared_ms, rules)


def data_analysis(data: Any, searching: SolveService, asked: dict[str, Any], search_options: SearchOptions,
                  shared_ms: int | None, rules: str | None = None) -> Analysis:
    """The analysis of the record ``data`` (a file's JSON) of any game: ``record_analysis``'s."""
    family = family_record_plans(searching, data, asked, rules, shared_ms)
    if family is not None:
        return Analysis(*family)
    return analysis_of(read_record(data, searching), search_options, shared_ms)


def analysis_of(record: DealRecord | MatchRecord, search_options: SearchOptions,
                shared_ms: int | None = None) -> Analysis:
    """The analysis of a deal record (POST /v1/analyse's answer) or of a match record (each
    deal's, and the players' summary: ``eights.api.analyse.matches``); with ``shared_ms``, each
    deal shares that budget over its positions (``eights.api.analyse.analysis.sharing``)."""
    dump = AnalyseResponseSchema().dump
    if isinstance(record, DealRecord):
        return Analysis([record_plan(record, sharing(record, search_options, shared_ms))],
                        lambda answers: dump(answers[0]))
    return Analysis(match_plans(record, search_options, shared_ms),
                    lambda answers: match_analysis(record, [dump(answer) for answer in answers]))


def read_record(data: Any, searching: SolveService) -> DealRecord | MatchRecord:
    """The deal or match record ``data`` (a file's JSON), of any version (``eights.engine.record``),
    each deal within the moves limit."""
    if record_kind(data) == MATCH:
        match = MatchRecord.from_json(data)
        deals = match_deals(match)
        for index, deal in enumerate(deals):
            where = f"deals[{index}].record" if index < len(match.result.deals) else "unfinished"
            searching.limit(f"{where}.moves", len(deal.moves), "max_analyse_moves")
        return match
    record = DealRecord.from_json(data)
    searching.limit("moves", len(record.moves), "max_analyse_moves")
    return record


def results_text(result: dict[str, Any]) -> str:
    """A deal's analysis as lines (``analysis_text``; a family deal's: ``family_analysis_text``), or a
    match's: each deal's, then the players'."""
    if "rules" in result:
        return family_analysis_text(result)
    if "deals" not in result:
        return analysis_text(result)
    lines = []
    for deal in result["deals"]:
        state = "" if deal["finished"] else ", under way when the match stopped"
        lines.append(f"deal {deal['number']} (dealer {deal['dealer']}; NS {deal['players']['NS']}, "
                     f"EW {deal['players']['EW']}{state})")
        lines += [analysis_text(deal["analysis"]), ""]
    lines.append(f"totals {result['totals'][0]} {result['totals'][1]}")
    for player in result["summary"]["players"]:
        rate = "-" if player["mistakes_per_decision"] is None else f"{player['mistakes_per_decision']:.1%}"
        per = "-" if player["loss_per_decision"] is None else f"{player['loss_per_decision']:.3f}"
        lines.append(f"player {player['player']} {player['name']}: {player['mistakes']} mistakes in "
                     f"{player['decisions']} decisions ({rate}), loss {player['loss']:.3f}, {per} a decision, "
                     f"luck {player['luck']:+.3f}")
    return "\n".join(lines)


def analysis_text(answer: dict[str, Any]) -> str:
    """An analysis as lines: each step's loss (a mistake marked ``?``), its best move and a
    draw's luck; how it was searched; then each side's account and the result as its parts."""
    lines = [step_text(step) for step in answer["steps"]]
    summary = answer["summary"]
    lines.append(f"searched at {searched_text(summary['searched'])} a position; ? marks a mistake (a loss beyond what the search tells apart)")
    for name, side in summary["sides"].items():
        lines.append(f"{name}: {side['mistakes']} mistakes in {side['decisions']} decisions, loss {side['loss']:.3f} "
                     f"({side['error_rate']:.3f} a decision), luck {side['luck']:+.3f} in {side['draws']} draws")
    lines.append(f"result for NS {summary['result_ns']:+.3f} = start {summary['start_ns']:+.3f} + skill "
                 f"{summary['skill_ns']:+.3f} + luck {summary['luck_ns']:+.3f} + drift {summary['drift_ns']:+.3f}")
    return "\n".join(lines)


def step_text(step: dict[str, Any]) -> str:
    """One step as a line: ``12 NS play 9H       loss    1.500? best play 5S``, and a draw's luck."""
    luck = "" if step["luck"] is None else f"  luck {step['luck']:+.3f}"
    return (f"{step['step']:>3} {step['side']} {step['played']:<14} loss {step['loss']:8.3f}"
            f"{'?' if step['mistake'] else ' '} best {step['best']}{luck}")


def chosen_cluster(args: argparse.Namespace, settings: Settings) -> Cluster | None:
    """The cluster the flags ask for: --scheduler's, or with --cluster EIGHTS_DASK_SCHEDULER's
    (else a LocalCluster of EIGHTS_DASK_WORKERS processes); None: search in this process."""
    if args.scheduler is not None:
        return Cluster(args.scheduler)
    if not args.cluster:
        return None
    return Cluster(None if settings.dask_scheduler == NONE else settings.dask_scheduler, settings.dask_workers)


def run(searching: SolveService, plan: Plan, cluster: Cluster | None, name: str) -> Any:
    """The plan's answer: searched here, or on the cluster (with the job limits)."""
    if cluster is None:
        return plan.run_here(searching)
    try:
        return run_on_cluster(searching, plan, cluster, f"eights-{name}-{uuid.uuid4().hex}")
    finally:
        cluster.close()


def cmd_bench(args: argparse.Namespace) -> None:
    """Benchmark the native solver against the reference on solver/suite.txt."""
    benchmark.run(args)


def add_search_options(parser: argparse.ArgumentParser, time_type: type = int) -> None:
    """--depth or --time-ms, --mode and --evaluation."""
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, help="search exactly this many actions deep")
    limit.add_argument("--time-ms", type=time_type, help="deepen until this many milliseconds have passed")
    parser.add_argument("--mode", choices=MODES, default=EXPECTIMAX, help="how draws are treated")
    parser.add_argument("--evaluation", choices=list(EVALUATIONS), default=DEFAULT_EVALUATION,
                        help="how positions at the horizon are scored")


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """--rules, and a family game's --objective and --player; --evaluation then defaults to the game's own."""
    parser.add_argument("--rules", help=RULES_HELP)
    parser.set_defaults(evaluation=None)  # the game's own (trained for sce2 and the family)
    parser.add_argument("--objective", choices=FAMILY_MODES,
                        help=f"a family game's: each player for herself ({MAXN}, the default) or "
                             "every other hand against --player (paranoid)")
    parser.add_argument("--player", type=int, help="a family game's seat whose payoff is shown (paranoid only: "
                                                   "the one played against; default the hand to act)")


def register(command: Command) -> None:
    """Add this module's subcommands."""
    solving = command("solve", cmd_solve)
    add_search_options(solving, float)
    add_game_options(solving)
    hint = command("hint", cmd_hint)
    add_search_options(hint)
    add_game_options(hint)
    hint.add_argument("--samples", type=int, help=f"a view's fair hint: deals to sample (default {DEFAULT_SAMPLES}); "
                                                  "--time-ms is then the whole hint's time, in which the samples are deepened together")
    hint.add_argument("--seed", type=int, help=f"a view's fair hint: seed of the samples (default {DEFAULT_SEED})")
    for name, handler, what in (("batch", cmd_batch, "the file to read, or - for stdin"),
                                ("analyse", cmd_analyse, "the record to read (- for stdin), or a directory of them")):
        sub = command(name, handler, position=False)
        sub.add_argument("file", help=what)
        add_search_options(sub)
        if name == "batch":
            add_game_options(sub)
        else:
            sub.add_argument("--rules", help=f"{RULES_HELP}: when the record does not say its game")
            sub.set_defaults(evaluation=None)  # the game's own (trained for sce2 and the family)
        where = sub.add_mutually_exclusive_group()
        where.add_argument("--cluster", action="store_true",
                           help="search on Dask: EIGHTS_DASK_SCHEDULER's cluster, else a LocalCluster of "
                                "EIGHTS_DASK_WORKERS processes (the job limits apply)")
        where.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                           help="search on this Dask scheduler's cluster")
    benchmark.add_arguments(command("bench", cmd_bench, position=False, json_flag=False))
