"""The searches of analysing a played deal of any game, and their answer: the one analysis
(``eights.play.analysis``) of the positions searched as the service searches them.

In ``fixed-order`` mode a step whose stock has no known order (after a reshuffle, or a game of
the family's position given none) is searched with its draws random (``expectimax``), and the
step says so. A game with objectives (the family's) is searched with its first, max-n (as every
search of it that asks for none: ``Game.solve_options``): each move against the best one for its
own mover.

A synchronous request asked with neither ``time_ms`` nor ``depth`` shares the request budget
(EIGHTS_MAX_REQUEST_MS) over its positions, up to the default search time each and no less
than SHARED_FLOOR_MS; a job searches each position for the default time. A synchronous
request whose time runs out before its last searches answers the analysis of the moves up to
the last position searched (``complete`` false, the rest in ``not_done``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from eights.api.common.game_reading import read_position_in_game
from eights.api.plan import Plan
from eights.api.service import SearchOptions, SolveResult, SolveService
from eights.engine.record import DEAL
from eights.games import Game, game_of
from eights.games.game import PlayedStep
from eights.play.analysis import Searched, analysis, searched_positions
from eights.solver.api import CALL_ALLOWANCE
from eights.solver.modes import EXPECTIMAX, FIXED_ORDER

RECORD_KEYS = ("format", "version", "kind", "position", "moves", "result", "dealt", "players", "end")  # a deal record's
SHARED_FLOOR_MS = 20  # the least time a position gets when a request's budget is shared over its positions
SHARED_PART = 0.8  # the part of the budget shared out: the rest is room for searches that overrun on a busy machine


def plan(service: SolveService, args: dict[str, Any], shared_ms: int | None = None) -> Plan:
    """The plan of a validated analyse request: a deal record of any game and version (its
    game: ``rules``, else the position's own ``rules:``, else sce2) and the search options.
    NotationError naming the field of a bad position, move, result, dealt or players,
    IllegalMoveError naming the step of a move the rules forbid. ``shared_ms``: a budget to
    share over the positions when the request asks for neither time_ms nor depth (a
    synchronous request's), None to search each for the default time (a job)."""
    game, _ = read_position_in_game(args["position"], args.get("rules"))
    data = {key: args[key] for key in RECORD_KEYS if key in args}
    if "format" in data:  # a job's body has a kind of its own (analyse): a record's is a deal's
        data.setdefault("kind", DEAL)
    options = service.options(args, service.settings.solve_time_ms)
    return deal_plan(game, data, options, shared_ms if asks_neither(args) else None)


def record_game(data: Any, rules: str | None, rules_field: str = "rules") -> Game[Any, Any, Any]:
    """The game of a deal or match record (a file's JSON): its ``rules``, else its position's own
    ``rules:``, else ``rules`` (the option beside it, named ``rules_field``), else sce2;
    RulesMismatch naming ``rules_field`` when the record's game is another."""
    own = data.get("rules") if isinstance(data, dict) else None
    return game_of({"rules": own} if own is not None else data.get("position") if isinstance(data, dict) else None,
                   rules, rules_field)


def asks_neither(args: dict[str, Any]) -> bool:
    """True when a request asks for neither time_ms nor depth: its budget may be shared."""
    return args.get("time_ms") is None and args.get("depth") is None


def sharing(searches: int, options: SearchOptions, shared_ms: int | None) -> SearchOptions:
    """``options`` for analysing a deal of ``searches`` positions: with ``shared_ms``, each
    gets its share of that budget (``shared_time_ms``, at most ``options.time_ms``); without,
    ``options``."""
    if shared_ms is None:
        return options
    return replace(options, time_ms=shared_time_ms(searches, options.time_ms, shared_ms), shared=True)


def shared_time_ms(searches: int, default_ms: int, budget_ms: int) -> int:
    """Each search's time when ``searches`` share SHARED_PART of ``budget_ms`` (proofs included),
    at most ``default_ms`` and at least SHARED_FLOOR_MS (a record too long for that is analysed
    up to the request's deadline, its answer partial: ``eights.play.analysis.analysis``).

    >>> shared_time_ms(30, 1000, 60000), shared_time_ms(300, 1000, 60000), shared_time_ms(2001, 1000, 60000)
    (1000, 106, 20)
    """
    share = int(budget_ms * SHARED_PART / (CALL_ALLOWANCE * max(searches, 1)))
    return min(default_ms, max(SHARED_FLOOR_MS, share))


def searches_of(record: Any) -> int:
    """How many positions analysing ``record`` searches (a deal record of any game: its JSON, or
    the engine's record, which writes it: ``to_json``): each a move was played in, and the last
    one unless the deal is over there (its value ends the account of skill and luck)."""
    data = record if isinstance(record, dict) else record.to_json()
    game = record_game(data, None)
    return len(searched_positions(game, *game.read_played_deal(data)))


def deal_plan(game: Game[Any, Any, Any], data: dict[str, Any], options: SearchOptions, shared_ms: int | None) -> Plan:
    """The searches of every step of the deal record ``data`` of ``game`` (and of its last
    position, unless the deal is over; with ``shared_ms``, sharing that budget: ``sharing``) and,
    from their results, the analysis (``eights.play.analysis``). Errors are the record's, naming
    the field (``moves[3]``)."""
    start, steps = game.read_played_deal(data)
    positions = searched_positions(game, start, steps)
    options = sharing(len(positions), options, shared_ms)
    searches = [(position, step_options(position, options)) for position in positions]
    return Plan(searches, "moves", partial(_answer, game, start, steps, searches, options))


def _answer(game: Game[Any, Any, Any], start: Any, steps: list[PlayedStep[Any]],
            searches: list[tuple[Any, SearchOptions]], options: SearchOptions,
            results: Sequence[SolveResult]) -> dict[str, Any]:
    """The analysis from the searches' ``results`` (the first ones, when the time ran out)."""
    searched = [Searched(result.position, result.solution, searched_with.mode, result.cached)
                for result, (_, searched_with) in zip(results, searches)]
    return analysis(game, start, steps, searched, options.mode,
                    {"time_ms": options.time_ms or None, "depth": options.depth})


def step_options(position: Any, options: SearchOptions) -> SearchOptions:
    """The options a step of a position of any game is searched with: ``fixed-order`` turns to
    ``expectimax`` where a reshuffle left the stock's order unknown (or, in a game of the
    family, none was given)."""
    if options.mode == FIXED_ORDER and position.order is None and position.stock:
        return replace(options, mode=EXPECTIMAX)
    return options
