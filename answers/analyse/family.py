"""Analysing a played deal of a game of the family (its record: ``eights.engine.family.record``):
each decision against the solver's best move for the hand that made it, and per player her
decisions, mistakes, loss and luck, and every seat's value after each step (the graph).

As sce2's analysis (``eights.answers.analyse.analysis``), in max-n: each seat plays for her own
payoff, so a step's values are the mover's own. A **step** is a move of the record (a card a
draw brought is chance: it belongs to the draw before it). The position a move was made in is
searched: the played move's value (a draw's: its expectation over the stock) against the best
move's, their difference the mover's **loss**; a loss beyond SAME_VALUE is a **mistake** at
the depth searched (``exact`` says whether the value is proven). A draw's **luck**, for every
seat, is the value after it (the next position searched, once its cards are in) minus the
draw's expectation. A decision is a step with more than one legal move.

The **graph** has a list per seat: her value at the start, then after each step (the next
position's value, or her payoff once the deal is over). The time budget is shared over the
positions as sce2's analysis shares it (``shared_time_ms``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from eights.answers.analyse.accounts import MISTAKES_SHOWN
from eights.answers.analyse.analysis import asks_neither, plan, shared_time_ms, step_options
from eights.answers.common.game_reading import read_position_in_game
from eights.answers.plan import Plan
from eights.answers.errors import DealOver
from eights.answers.service import SearchOptions, SolveResult, SolveService
from eights.engine.errors import EightsError
from eights.engine.family import FamilyDealRecord, FamilyMove, FamilyPosition, compact_family
from eights.engine.family.record import VERSION, FamilyRecordError, apply_event, card_event
from eights.engine.family.scoring import payoffs
from eights.engine.family.steps import FamilyStep, LocatedMove, play_step, read_recorded_moves
from eights.engine.steps import check_seed
from eights.engine.record import DEAL, FORMAT
from eights.solver.api import SAME_VALUE, rounded
from eights.solver.family import MAXN, FamilySolution
from eights.solver.modes import EXPECTIMAX

RECORD_KEYS = ("version", "kind", "position", "moves", "end", "result", "dealt", "players")  # a family record's, and sce2's


def family_plan(service: SolveService, args: dict[str, Any], start: FamilyPosition,
                shared_ms: int | None = None) -> Plan:
    """The plan of a validated analyse request whose position ``start`` is of a game of the
    family: the record read and replayed (FamilyRecordError naming ``moves[3]``, ``end`` or
    ``result``), each position a move was made in searched in max-n, sharing ``shared_ms``
    over them when the request asks for neither time_ms nor depth, None: each for the default time (a job). In
    ``fixed-order`` mode a position whose stock has no known order is searched in expectimax,
    as sce2's (``step_options``), and its step says so."""
    record = read_family_record(args, start)
    options = replace(service.options(args, service.settings.solve_time_ms, family=True), objective=MAXN, player=None)
    if shared_ms is not None and asks_neither(args):
        options = replace(options, time_ms=shared_time_ms(len(searched_positions(record)), options.time_ms, shared_ms),
                          shared=True)
    return family_record_plan(record, options)


def read_family_record(args: dict[str, Any], start: FamilyPosition) -> FamilyDealRecord:
    """The family deal record of an analyse request: its moves read and played as /v1/apply
    reads and plays them (``read_recorded_moves``, ``play_step``: a draw names its cards, in
    the move or as the record's card events after it; an error is /v1/apply's, naming the
    move asked), then its other keys checked as the record format has them
    (``FamilyDealRecord.from_json``) from ``start``, the request's position read beside its
    ``rules``."""
    data = {key: args[key] for key in RECORD_KEYS if args.get(key) is not None}
    data.update({"format": FORMAT, "version": args.get("version", VERSION), "kind": DEAL,
                 "rules": start.rules.name, "position": compact_family(start)})
    data["moves"] = record_events_of(start, read_recorded_moves(data.get("moves", [])))
    return FamilyDealRecord.from_json(data)


def record_events_of(start: FamilyPosition, moves: Iterable[LocatedMove]) -> list[str]:
    """The record's events of ``moves`` played from ``start`` as /v1/apply plays them (each
    move, then a ``card 5D`` event for each card a draw brought), with /v1/apply's errors."""
    steps = played_family_moves(start, moves, seed=0)  # never drawn from: every draw names its cards
    return [event for step in steps for event in (step.move.notation(), *map(card_event, step.drawn))]


def read_family_start(args: dict[str, Any]) -> FamilyPosition | None:
    """The position of an analyse request when it is of a game of the family (``rules``, or
    its own ``rules:`` word or key), else None (sce2's, read by sce2's analysis)."""
    _, position = read_position_in_game(args["position"], args.get("rules"))
    return position if isinstance(position, FamilyPosition) else None


def searched_positions(record: FamilyDealRecord) -> list[tuple[int, FamilyPosition]]:
    """Each position a move of ``record`` was made in, with the move's index among the events,
    then the last position (its index ``len(events)``) unless the deal is over there."""
    found, position = [], record.start
    for index, event in enumerate(record.events):
        if not position.owed:
            found.append((index, position))
        position = apply_event(position, event, f"moves[{index}]")
    if not position.is_over:
        found.append((len(record.events), position))
    return found


def family_record_plan(record: FamilyDealRecord, options: SearchOptions) -> Plan:
    """The searches of every step of ``record`` (and of its last position, unless the deal is
    over) and, from their results, the analysis."""
    positions = searched_positions(record)
    return Plan([(position, step_options(position, options)) for _, position in positions], "moves",
                partial(_analysis, record, positions, options))


def _analysis(record: FamilyDealRecord, positions: list[tuple[int, FamilyPosition]], options: SearchOptions,
              results: Sequence[SolveResult]) -> dict[str, Any]:
    """The analysis of ``record`` from its searches' ``results``: of the whole deal, or when the
    request's time ran out before the last ones (fewer results than searches), of its steps up
    to the last position searched, the rest named in ``not_done``."""
    complete = len(results) == len(positions)
    end = record.end if complete else positions[len(results) - 1][1]
    values = [list(_values(result.solution)) for result in results]  # each position's, the last's too
    if end.is_over:
        values.append([float(paid) for paid in payoffs(end)])
    start, final = values[0], values[-1]
    steps = [_step(record, index, result, after)
             for (index, _), result, after in zip(positions, results, values[1:])]
    players = record.start.rules.players
    return {
        "rules": record.start.rules.name,
        "players": players,
        "objective": MAXN,
        "mode": options.mode,
        "position": compact_family(record.start),
        "complete": complete,
        "not_done": [index for index, _ in positions[len(steps):] if index < len(record.events)],
        "steps": steps,
        "graph": [[rounded(start[seat])] + [rounded(step["after"][seat]) for step in steps] for seat in range(players)],
        "summary": {
            "players": [_account([step for step in steps if step["mover"] == seat], seat) for seat in range(players)],
            "mistakes": sorted((step for step in steps if step["mistake"]), key=lambda step: -step["loss"])[
                :MISTAKES_SHOWN],
            "start": [rounded(value) for value in start],
            "result": [rounded(value) for value in final],
            "searched": {"time_ms": options.time_ms or None, "depth": options.depth},
            "final": compact_family(end),
            "over": end.is_over,
            "payoffs": [str(paid) for paid in payoffs(end)] if end.is_over else None,
        },
    }


def _values(solution: Any) -> tuple[float, ...]:
    """Every seat's value in a max-n solution."""
    values: tuple[float, ...] | None = solution.values if isinstance(solution, FamilySolution) else None
    if values is None:  # max-n always gives them
        raise FamilyRecordError("moves", "the search gave no value per seat")
    return values


def _step(record: FamilyDealRecord, index: int, result: SolveResult, after: list[float]) -> dict[str, Any]:
    """Step ``index`` of the events: the move played against the best, for its mover; every
    seat's value before and after; a draw's cards and luck (every seat's, after minus the
    draw's expectation)."""
    solution: FamilySolution = result.solution  # type: ignore[assignment]  # a family position's
    played = FamilyMove.from_notation(record.events[index])
    played_value = solution.value_of(played)
    best = solution.moves[0]
    loss = best.value - played_value.value
    cards = _cards_after(record.events, index)
    draw = played.notation() == "draw"
    played_values = list(played_value.values or ())
    return {
        "step": index,
        "position": result.position,
        "mover": solution.mover,
        "played": played.notation(),
        "played_value": rounded(played_value.value),
        "played_values": [rounded(value) for value in played_values],
        "best": best.move.notation(),
        "best_value": rounded(best.value),
        "loss": rounded(loss),
        "mistake": loss > SAME_VALUE,
        "choices": len(solution.moves),
        "values": [rounded(value) for value in _values(solution)],
        "after": [rounded(value) for value in after],
        "cards": cards,
        "luck": [rounded(a - p) for a, p in zip(after, played_values)] if draw and cards else None,
        "mode": result.options.mode if result.options is not None else EXPECTIMAX,
        "depth": solution.depth,
        "exact": solution.exact,
        "cached": result.cached,
    }


def _cards_after(events: Sequence[str], index: int) -> list[str]:
    """The cards the events after move ``index`` brought (``card 7S`` -> ``7S``), up to the next move."""
    cards = []
    for event in events[index + 1:]:
        if not event.startswith("card "):
            break
        cards.append(event[len("card "):])
    return cards


def _account(steps: Sequence[dict[str, Any]], seat: int) -> dict[str, Any]:
    """One seat's account: her decisions and mistakes, her loss in all and per decision, and
    what her draws brought her (her luck) and how many brought cards."""
    decisions = sum(step["choices"] > 1 for step in steps)
    loss = sum(step["loss"] for step in steps)
    lucky = [step["luck"][seat] for step in steps if step["luck"] is not None]
    return {"seat": seat, "decisions": decisions, "mistakes": sum(step["mistake"] for step in steps),
            "loss": rounded(loss), "error_rate": rounded(loss / decisions) if decisions else 0.0,
            "luck": rounded(sum(lucky)), "draws": len(lucky)}


def any_plan(service: SolveService, args: dict[str, Any], shared_ms: int | None = None) -> Plan:
    """The plan of an analyse request of either game: a family deal's (``family_plan``) when
    its position is of a game of the family, else sce2's (``eights.answers.analyse.analysis.plan``)."""
    start = read_family_start(args)
    return plan(service, args, shared_ms) if start is None else family_plan(service, args, start, shared_ms)


def played_family_moves(position: FamilyPosition, moves: Iterable[LocatedMove], seed: int) -> list[FamilyStep]:
    """``moves`` played from ``position`` (``play_step``: what every endpoint that takes a
    family move plays it by), draws naming no cards drawn from ``seed``; IllegalMoveError
    naming the move's field (or its card's) for one the rules do not allow, DealOver naming
    the first move that would follow the deal's end."""
    rng = random.Random(check_seed(seed))
    steps: list[FamilyStep] = []
    previous = None
    for move in moves:
        if position.is_over:
            ended = "the deal is over" if previous is None else f"the deal ended with {previous.field}"
            raise DealOver(move.field, f"{ended}: no move may follow")
        try:
            steps.append(play_step(position, move.asked, rng, move.field, move.unfinished))
        except EightsError as error:
            raise move.located(error) from None
        position, previous = steps[-1].after, move
    return steps
