"""Analysing a played deal of any game (``eights.games``), as GNU Backgammon analyses a match:
each move played against the best move for the player who made it, what each draw brought,
and per player the skill shown and the luck. POST /v1/analyse, an analyse job, ``eights
analyse`` and ``eights play``'s review of a finished deal all answer with ``analysis``.

Every position a move was made in is searched (``searched_positions``: and the last one unless
the deal is over there, whose value ends the accounts). A **step** is a move of the record (a
card a draw brought is chance: it belongs to its draw). Its values are the mover's: the played
move's value (a draw's: its expectation over the stock, whatever its cards made of it) against
the best move's, their difference her **loss**. A loss is a **mistake** only when it is larger
than what the search tells apart (the step's ``margin``: ``Game.judge``). A draw's **luck**,
for every player, is the value after it (the next position's, once its cards are in) minus the
draw's expectation.

The accounts: each step moves every player's value from the position's value (its best
move's, ``values``) to the value after the step (``after``), in two parts: the played move's
value minus the best move's (the **skill** of the choice, the mover's loss for her) and the
value after minus the played move's value: a draw's **luck**, or after a play the **drift**
between two searches that do not agree (zero when they agree, as exact values do). Summed over
the deal, for every player p exactly (before rounding):
``result[p] = start[p] + skill[p] + luck[p] + drift[p]``. Per player, ``summary.players`` gives
her decisions (steps with more than one legal move), mistakes, loss, loss per decision and
the luck of her own draws.

Every game answers the same fields; a game adds its own (``Game.analysis_step_fields``,
``Game.analysis_summary_fields``, ``Game.answer_fields``: sce2's values for NS, the family's
``rules``). A match record's analysis (``match_analysis``) adds up each player's steps over
its deals, wherever she sat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eights.games import Game, PlayedStep
from eights.games.game import JudgedMove, MatchDeals
from eights.solver.limits import SAME_VALUE, rounded

MISTAKES_SHOWN = 5  # the largest mistakes a summary lists


@dataclass(frozen=True)
class Searched:
    """A searched position as the analysis reads it: its canonical text (``position``), the
    game's solution (``Game.solve``'s), how the stock's draws were treated (``mode``) and
    whether a cache gave it."""

    position: str
    solution: Any
    mode: str
    cached: bool


@dataclass(frozen=True)
class _Entry:
    """A step in the accounts, unrounded: its mover, her loss, whether that was a mistake and
    a decision, and every player's value of the position, of the played move and after the
    step (a draw's luck: ``after`` minus ``played``, when ``drew``)."""

    mover: int
    loss: float
    mistake: bool
    decision: bool
    values: tuple[float, ...]
    played: tuple[float, ...]
    after: tuple[float, ...]
    drew: bool


def searched_positions(game: Game[Any, Any, Any], start: Any, steps: Sequence[PlayedStep[Any]]) -> list[Any]:
    """The positions analysing the deal searches: each a step was played in, then the last
    one unless the deal is over there."""
    befores = [start, *(step.after for step in steps)]
    return befores[:-1] + ([] if game.is_over(befores[-1]) else [befores[-1]])


def analysis(game: Game[Any, Any, Any], start: Any, steps: Sequence[PlayedStep[Any]], searched: Sequence[Searched],
             mode: str, searched_for: dict[str, Any]) -> dict[str, Any]:
    """The analysis of the deal played from ``start`` by ``steps``, from the searches of
    ``searched_positions`` in order (``searched``): of the whole deal, or when fewer were searched
    (a request's time ran out), of its steps up to the last position searched, the rest named
    in ``not_done``. ``mode`` and ``searched_for`` (``{"time_ms", "depth"}``) say how the
    positions were searched."""
    complete = len(searched) == len(searched_positions(game, start, steps))
    done = len(steps) if complete else len(searched) - 1
    befores = [start, *(step.after for step in steps)]
    end = befores[done]
    values = [tuple(game.solution_values(each.solution)) for each in searched[:done + 1]]
    if game.is_over(end):
        values.append(game.payoffs(end))
    numbers = _step_numbers(steps)
    accounted = [_step(game, numbers[index], befores[index], steps[index], searched[index], values[index + 1])
                 for index in range(done)]
    answered = [step for step, _ in accounted]
    entries = [entry for _, entry in accounted]
    players = range(game.players)
    summary = {
        "players": [_account([entry for entry in entries if entry.mover == player], player) for player in players],
        "mistakes": sorted((step for step in answered if step["mistake"]), key=lambda step: -step["loss"])[:MISTAKES_SHOWN],
        "start": _rounded(values[0]),
        "skill": [rounded(sum(entry.played[player] - entry.values[player] for entry in entries)) for player in players],
        "luck": [rounded(sum(entry.after[player] - entry.played[player] for entry in entries if entry.drew))
                 for player in players],
        "drift": [rounded(sum(entry.after[player] - entry.played[player] for entry in entries if not entry.drew))
                  for player in players],
        "result": _rounded(values[-1]),
        "searched": searched_for,
        "final": game.notation(end),
        "over": game.is_over(end),
        "payoffs": [str(payoff) for payoff in game.exact_payoffs(end)] if game.is_over(end) else None,
    }
    summary.update(game.analysis_summary_fields(summary, end))
    return {
        "game": game.name,
        "player_names": list(game.player_names),
        **game.answer_fields(start),
        "mode": mode,
        "position": game.notation(start),
        "complete": complete,
        "not_done": numbers[done:],
        "steps": answered,
        "graph": [[rounded(value[player]) for value in values] for player in players],
        "summary": summary,
    }


def _step_numbers(steps: Sequence[PlayedStep[Any]]) -> list[int]:
    """Each step's index among the record's moves (a record that writes a draw's cards as
    events of their own counts them)."""
    numbers, number = [], 0
    for step in steps:
        numbers.append(number)
        number += len(step.events)
    return numbers


def _step(game: Game[Any, Any, Any], number: int, before: Any, step: PlayedStep[Any], searched: Searched,
          after: tuple[float, ...]) -> tuple[dict[str, Any], _Entry]:
    """One step: the played move against the best for its mover, how sure the search is, every
    player's values before, of the played move and after, and a draw's cards and luck (the
    mover's); and its entry in the accounts, unrounded."""
    mover = game.to_act(before)
    assert mover is not None, "a move was played: a player was to act"
    judged: JudgedMove = game.judge(before, step.move, searched.solution)
    loss = judged.best_value - judged.played_value
    mistake = loss > SAME_VALUE and judged.margin is not None and loss > judged.margin
    drew = bool(step.drawn)
    answered = {
        "step": number,
        "position": searched.position,
        "to_act": mover,
        "played": step.move,
        "played_value": rounded(judged.played_value),
        "played_values": _rounded(judged.played_values),
        "best": judged.best,
        "best_value": rounded(judged.best_value),
        "loss": rounded(loss),
        "mistake": mistake,
        "margin": None if judged.margin is None else rounded(judged.margin),
        "stable": judged.stable,
        "choices": judged.choices,
        "values": _rounded(judged.values),
        "after": _rounded(after),
        "cards": list(step.drawn),
        "luck": rounded(after[mover] - judged.played_values[mover]) if drew else None,
        "mode": searched.mode,
        "depth": searched.solution.depth,
        "exact": searched.solution.exact,
        "cached": searched.cached,
    }
    answered.update(game.analysis_step_fields(answered))
    return answered, _Entry(mover, loss, mistake, judged.choices > 1, judged.values, judged.played_values, after, drew)


def _account(entries: Sequence[_Entry], player: int) -> dict[str, Any]:
    """One player's account: her decisions and mistakes, her loss in all and per decision, and
    what her own draws brought her (her luck, in her own payoff) and how many brought cards."""
    decisions = sum(entry.decision for entry in entries)
    loss = sum(entry.loss for entry in entries)
    draws = [entry.after[player] - entry.played[player] for entry in entries if entry.drew]
    return {"player": player, "decisions": decisions, "mistakes": sum(entry.mistake for entry in entries),
            "loss": rounded(loss), "error_rate": rounded(loss / decisions) if decisions else 0.0,
            "luck": rounded(sum(draws)), "draws": len(draws)}


def _rounded(values: Sequence[float]) -> list[float]:
    """Values as answers give them (``rounded``)."""
    return [rounded(value) for value in values]


def match_analysis(game: Game[Any, Any, Any], match: MatchDeals, analyses: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A match's analysis from each deal's (``analyses``, in the order of ``match.deals``): the
    game, its players and the match's own fields (its totals...), every deal with its analysis,
    and per player of the match her decisions, mistakes and loss, as counts and per decision,
    and the luck of her draws, each step put to the player who held its mover's place in its deal."""
    names = match.names
    decisions, mistakes = [0] * len(names), [0] * len(names)
    loss, luck = [0.0] * len(names), [0.0] * len(names)
    for seating, analysed in zip(match.seating, analyses):
        for step in analysed["steps"]:
            player = seating[step["to_act"]]
            decisions[player] += step["choices"] > 1
            mistakes[player] += step["mistake"]
            loss[player] += step["loss"]
            luck[player] += step["luck"] or 0.0
    return {
        "game": game.name,
        "players": list(names),
        **match.fields,
        "deals": [{"number": number, **fields, "analysis": analysed}
                  for number, (fields, analysed) in enumerate(zip(match.deal_fields, analyses), start=1)],
        "summary": {
            "players": [{"player": player, "name": names[player], "decisions": decisions[player],
                         "mistakes": mistakes[player], "loss": round(loss[player], 6),
                         "mistakes_per_decision": _per(mistakes[player], decisions[player]),
                         "loss_per_decision": _per(loss[player], decisions[player]),
                         "luck": round(luck[player], 6) + 0.0}
                        for player in range(len(names))],
        },
    }


def _per(amount: float, decisions: int) -> float | None:
    """``amount`` a decision (None without decisions)."""
    return round(amount / decisions, 6) if decisions else None
