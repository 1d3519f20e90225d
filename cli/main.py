"""The ``eights`` command line: look at positions, list and apply moves, deal, perft, solve, bench.

Bad input prints one line on stderr naming the problem and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from api.server import serve
from bench import solver as bench
from engine import (
    EightsError,
    Move,
    Position,
    apply_move,
    compact,
    deal_position,
    legal_moves,
    parse_position,
    perft,
    score,
    to_json,
)
from engine.cards import parse_seat
from engine.display import diagram
from solver import Solution, Solver
from solver.evaluation import DEFAULT_EVALUATION, EVALUATIONS
from solver.modes import EXPECTIMAX, MODES

USAGE_ERROR = 2


class CommandLineError(Exception):
    """A bad argument, reported as one line on stderr."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CommandLineError(message)


def read_position(text: str) -> Position:
    """POSITION as given: the compact form, or ``-`` to read either form from stdin."""
    return parse_position(sys.stdin.read() if text == "-" else text)


def _emit(data: Any, as_json: bool, text: str) -> None:
    print(json.dumps(data) if as_json else text)


def cmd_show(args: argparse.Namespace) -> None:
    """The four hands as at the table and the state of play."""
    print(diagram(read_position(args.position)))


def cmd_moves(args: argparse.Namespace) -> None:
    """The legal moves in NOTATION form."""
    moves = [move.notation() for move in legal_moves(read_position(args.position))]
    _emit(moves, args.json, "\n".join(moves))


def cmd_apply(args: argparse.Namespace) -> None:
    """The position after the moves, and the score if the deal is over."""
    position = read_position(args.position)
    for step, text in enumerate(args.moves):
        try:
            position = apply_move(position, Move.from_notation(text, f"moves[{step}]"))
        except EightsError as error:
            raise type(error)(f"moves[{step}]", error.problem) from None
    result: dict[str, Any] = {"position": compact(position), "json": to_json(position), "over": position.is_over}
    lines = [compact(position)]
    if position.is_over:
        deal_score = score(position)
        result["score"] = deal_score.to_json()
        option = f" (opponent counted {deal_score.option})" if deal_score.option else ""
        lines.append(f"deal over: {deal_score.against_ns} against NS, {deal_score.against_ew} against EW, "
                     f"payoff to NS {deal_score.payoff_ns:+d}{option}")
    _emit(result, args.json, "\n".join(lines))


def cmd_deal(args: argparse.Namespace) -> None:
    """A seeded starting position for deal K."""
    position = deal_position(args.deal, parse_seat(args.dealer, "dealer"), args.seed)
    _emit({"position": compact(position), "json": to_json(position)}, args.json, compact(position))


def cmd_perft(args: argparse.Namespace) -> None:
    """The number of action sequences of DEPTH actions."""
    if args.depth < 0:
        raise CommandLineError(f"depth: must be 0 or more, got {args.depth}")
    print(perft(read_position(args.position), args.depth))


def cmd_solve(args: argparse.Namespace) -> None:
    """Search the position: each move's value (best first), the PV, depth, exactness."""
    solution = Solver().solve(read_position(args.position), depth=args.depth, time_ms=args.time_ms, mode=args.mode,
                              evaluation=args.evaluation)
    _emit(solution.to_json(), args.json, _solution_text(solution))


def _solution_text(solution: Solution) -> str:
    lines = [f"{move_value.value:+10.3f}  {move_value.move.notation()}" for move_value in solution.moves]
    if solution.pv:
        lines.append(f"pv: {', '.join(move.notation() for move in solution.pv)}")
    else:
        lines.append(f"deal over: value {solution.value:+.3f} for the side to act")
    lines.append(f"depth {solution.depth}, {'exact' if solution.exact else 'not exact'}, "
                 f"{solution.nodes} nodes, {solution.time_ms:.1f} ms ({solution.mode})")
    return "\n".join(lines)


def cmd_bench(args: argparse.Namespace) -> None:
    """Benchmark the native solver against the reference on bench/suite.txt."""
    bench.run(args)


def cmd_serve(args: argparse.Namespace) -> None:
    """Run the HTTP service under gunicorn, as the Procfile does."""
    serve(args.host, args.port)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subcommand per job."""
    parser = _Parser(prog="eights", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(name: str, handler: Callable[[argparse.Namespace], None], *,
                position: bool = True, json_flag: bool = True) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=(handler.__doc__ or "").strip())
        if position:
            sub.add_argument("position", help="compact NOTATION form, or - to read either form from stdin")
        if json_flag:
            sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(handler=handler)
        return sub

    command("show", cmd_show, json_flag=False)
    command("moves", cmd_moves)
    command("apply", cmd_apply).add_argument("moves", nargs="+", metavar="MOVE",
                                             help="a move, quoted: 'play 9H', 'play 8D/S', 'draw KS,2C'")
    deal = command("deal", cmd_deal, position=False)
    deal.add_argument("--deal", type=int, required=True, help="deal number 1..15")
    deal.add_argument("--dealer", required=True, help="S or W")
    deal.add_argument("--seed", type=int, required=True, help="random seed")
    command("perft", cmd_perft, json_flag=False).add_argument("depth", type=int)
    solve = command("solve", cmd_solve)
    limit = solve.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, help="search exactly this many actions deep")
    limit.add_argument("--time-ms", type=float, help="deepen until this many milliseconds have passed")
    solve.add_argument("--mode", choices=MODES, default=EXPECTIMAX, help="how draws are treated")
    solve.add_argument("--evaluation", choices=list(EVALUATIONS), default=DEFAULT_EVALUATION,
                       help="how the horizon is scored")
    bench.add_arguments(command("bench", cmd_bench, position=False, json_flag=False))
    server = command("serve", cmd_serve, position=False, json_flag=False)
    server.add_argument("--host", help="address to listen on (default: EIGHTS_HOST, else 127.0.0.1)")
    server.add_argument("--port", type=int, help="port to listen on (default: EIGHTS_PORT, else 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; 0 on success, 2 on bad input."""
    try:
        args = build_parser().parse_args(argv)
        args.handler(args)
    except (EightsError, CommandLineError) as error:
        print(f"eights: {error}", file=sys.stderr)
        return USAGE_ERROR
    return 0

