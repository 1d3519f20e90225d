"""Commands that search: solve (the Solver itself), and hint (fair from a view), batch and
analyse, which run the service's own code and print the JSON its endpoints answer (the
same limits apply, from the EIGHTS_* variables); bench. ``batch`` and ``analyse`` with
``--cluster`` or ``--scheduler`` run their searches on a Dask cluster as a job does (the
job limits apply)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import uuid
from pathlib import Path
from typing import Any

from eights.answers.batch import plan as batch
from eights.answers.batch.schemas import BatchResponseSchema
from eights.answers.fair.hinting import fair_options, hint_from_view
from eights.answers.fair.schemas import FairHintResponseSchema
from eights.answers.fair.view_context import fair_utility, view_without_context
from eights.answers.hint.schemas import HintResponseSchema
from eights.answers.jobs.execution import run_on_cluster
from eights.answers.plan import Plan, combined
from eights.answers.service import SolveService
from eights.answers.settings import NONE, Settings
from eights.cli.review import record_analysis, results_text
from eights.cli.common import (
    Command,
    CommandLineError,
    emit,
    parse_json,
    read_json,
    read_text,
)
from eights.cluster import Cluster
from eights.cluster.options import scheduler_address
from eights.solver import benchmark
from eights.engine.errors import EightsError
from eights.engine.steps import check_seed
from eights.play.compare import table
from eights.play.fair import DEFAULT_SAMPLES, DEFAULT_SEED
from eights.cli.positions import RULES_HELP, read_in_game
from eights.cli.play_for import add_play_for_option, search_options, take_context, utility_of
from eights.games import EVALUATIONS as GAME_EVALUATIONS
from eights.games import OBJECTIVES, Game, RulesMismatch, find_game
from eights.solver.errors import SolverError
from eights.solver.evaluation import DEFAULT_EVALUATION
from eights.solver.modes import EXPECTIMAX, MODES


def cmd_solve(args: argparse.Namespace) -> None:
    """Search the position, in any game: each move's value (best first), the PV, depth,
    exactness; a family game's values per player, max-n or paranoid (``--objective``, ``--player``)."""
    context = take_context(args)
    game, position = read_in_game(args, views=False)
    check_game_flags(args, game)
    try:
        solution = game.solve(position, depth=args.depth, time_ms=args.time_ms, stock=args.mode,
                              evaluation=args.evaluation, objective=args.objective, player=args.player,
                              **utility_of(args, position, context))
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
    view_context = take_view_context(args)
    context = take_context(args)
    game, read = read_in_game(args)
    check_game_flags(args, game)
    if game.is_view(read):
        fair_hint_of(args, searching, game, read, view_context)
        return
    if args.samples is not None or args.seed is not None:
        raise CommandLineError("--samples and --seed are for a position seen from one seat (view:S or view:W, "
                               "a family game's view:0, view:1, ...)")
    chosen = {**options(args), "objective": args.objective, "player": args.player}
    result = searching.solve(read, search_options(searching.hint_options(chosen), args, read, context))
    emit(HintResponseSchema().dump(result.to_json()), args.json, solution_text(result.solution, game))


def take_view_context(args: argparse.Namespace) -> Any:
    """The game context a view POSITION carries (sce2's ``deal:12 lead:60``; None: none, or not
    a view), POSITION left without it (stdin read once for ``-``); a bad one is one line naming its field."""
    if args.position == "-":
        args.position = sys.stdin.read()
    try:
        value, context = view_without_context(args.position)
    except EightsError as error:
        raise CommandLineError(str(error)) from None
    if context is not None:
        args.position = value if isinstance(value, str) else json.dumps(value)
    return context


def fair_hint_of(args: argparse.Namespace, searching: SolveService, game: Game[Any, Any, Any], read: Any,
                 context: Any = None) -> None:
    """``eights hint`` of a view, in any game: the fair hint of the hand to act over deals
    sampled from the view (``--samples``, ``--seed``), played for --play-for (by default the
    game with the view's ``context``), as POST /v1/fair-hint answers."""
    if args.player is not None:
        raise CommandLineError("--player: a fair hint's values are for the view's seat, the hand to act")
    if args.mode != EXPECTIMAX:
        raise CommandLineError("--mode: a view does not know the stock's order (fair hints are expectimax)")
    view = game.hint_view(read)
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    fair_args = {**options(args), "samples": samples}
    try:
        utility = fair_utility(game, view, context, args.play_for)
    except SolverError as error:
        raise CommandLineError(str(error).replace("play_for", "--play-for", 1)) from None
    answer = hint_from_view(searching, game, view, samples, fair_options(searching, fair_args),
                            DEFAULT_SEED if args.seed is None else check_seed(args.seed, "--seed"), args.objective,
                            utility)
    emit(FairHintResponseSchema().dump(answer.to_json()), args.json, fair_text(answer))


def fair_text(answer: Any) -> str:
    """Whose view, the samples and their depths, then each move compared, best first."""
    view, values = answer.whose
    played_for = "" if getattr(answer, "play_for", "points") == "points" else f", for the {answer.play_for}"
    heading = (f"fair hint from {view}: {answer.samples} of {answer.asked} deals sampled (seed {answer.seed}), "
               f"searched {answer.depths[0]}..{answer.depths[1]} deep, {answer.time_ms:.0f} ms; values {values}"
               f"{played_for}")
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
    """Analyse a deal or match record of any game (JSON, as eights match, eights play and the
    board write them; older versions too), or every record (*.json) in a directory, as POST
    /v1/analyse analyses a deal; a match: each deal, and per player the decisions, mistakes and
    loss (``eights.cli.review``)."""
    searching = service()
    cluster = chosen_cluster(args, searching.settings)
    asked = options(args)
    # in this process, each deal shares the request budget as POST /v1/analyse does; a job's searches do not
    shared_ms = searching.settings.max_request_ms if cluster is None else None
    directory = Path(args.file).is_dir()
    paths = sorted(str(path) for path in Path(args.file).glob("*.json")) if directory else [args.file]
    analyses = [record_analysis(read_json(path), searching, asked, shared_ms, args.rules) for path in paths]
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
    parser.add_argument("--evaluation", choices=list(GAME_EVALUATIONS), default=DEFAULT_EVALUATION,
                        help="how positions at the horizon are scored (playouts: the family's games only; their "
                             "default by time)")


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """--rules, and a family game's --objective and --player; --evaluation then defaults to the game's own."""
    parser.add_argument("--rules", help=RULES_HELP)
    parser.set_defaults(evaluation=None)  # the game's own (trained for sce2; the family's: playouts by time, trained at a depth)
    parser.add_argument("--objective", choices=OBJECTIVES,
                        help=f"a family game's: each player for herself ({OBJECTIVES[0]}, the default), "
                             "every other hand against --player (paranoid), or Best-Reply Search for --player (brs)")
    parser.add_argument("--player", type=int, help="a family game's seat whose payoff is shown (paranoid and brs "
                                                   "only: the one played against; default the hand to act)")


def register(command: Command) -> None:
    """Add this module's subcommands."""
    solving = command("solve", cmd_solve)
    add_search_options(solving, float)
    add_game_options(solving)
    add_play_for_option(solving)
    hint = command("hint", cmd_hint)
    add_search_options(hint)
    add_game_options(hint)
    add_play_for_option(hint)
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
            sub.set_defaults(evaluation=None)  # the game's own (trained for sce2; the family's: playouts by time, trained at a depth)
        where = sub.add_mutually_exclusive_group()
        where.add_argument("--cluster", action="store_true",
                           help="search on Dask: EIGHTS_DASK_SCHEDULER's cluster, else a LocalCluster of "
                                "EIGHTS_DASK_WORKERS processes (the job limits apply)")
        where.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                           help="search on this Dask scheduler's cluster")
    benchmark.add_arguments(command("bench", cmd_bench, position=False, json_flag=False))
