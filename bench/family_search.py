"""The family's reference search at a fixed time per position, beside a plain Python max-n
over pyspiel's own state for the ``openspiel`` preset.

    python -m eights.bench.family_search [--deals 3] [--time-ms 100] [--seed 1]

For each preset, on its largest deals (the most cards in play: ``sce``'s first deal of 8
cards with 4 and 6 players, ``classic`` with 2 players' 7 cards and with 4 and 7, ``openspiel``
with 2, 5 and 8 players, ``layout`` with 4 and 8), ``eights.solver.family.solve`` deepens
for ``--time-ms`` (max-n, material): the table gives the depth completed (the median over the
deals) and the nodes a second (the search's ``nodes``, memo hits included, over its time).
For ``openspiel`` the same dealt states are searched by a plain depth-limited max-n over
pyspiel's state (``clone`` and ``apply_action``, chance outcomes averaged, no memo, every
horizon leaf 0, each player action one step, so an 8's suit is a step of its own): the
outside baseline, and the ratio of nodes a second. Needs ``open-spiel`` (the ``test`` extra).

The outside baselines of ``python -m eights.bench.solver --rules`` are here too
(``outside_rows``): on the very deals the native core searches (``pyspiel_state`` of
``family_core.largest_deal``), OpenSpiel's own ``minimax.expectiminimax`` (two players) and the
plain max-n, with eights' material at the horizon (``material_leaf``) or the leaf at 0.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

from eights.extras import require

require("python -m eights.bench.family_search", "test", "pyspiel")  # one line, not a traceback

import numpy as np
import pyspiel
from open_spiel.python.algorithms import minimax
from open_spiel.python.observation import make_observation

from eights.bench.family_core import Run, largest_deal, summary
from eights.engine.family.ruleset import parse_rules
from eights.engine.openspiel import DEALER_BASE, action_penalty, card_action, position_from_state
from eights.games import Game, find_game

CONFIGS = ("sce/4", "sce/6", "classic/2", "classic/4", "classic/7", "openspiel/2", "openspiel/5", "openspiel/8",
           "layout/4", "layout/8")
MAX_DEPTH = 64
CLOCK_EVERY = 256  # nodes between two looks at the clock
PENALTY = [action_penalty(action) for action in range(52)]  # by pyspiel card id

Leaf = Callable[[Any], list[float]]


class OutOfTime(Exception):
    """The baseline's time is up."""


def pyspiel_deal(players: int, rng: random.Random) -> Any:
    """A ``crazy_eights`` state just dealt, its chance events drawn by their probabilities."""
    state = pyspiel.load_game("crazy_eights", {"players": players}).new_initial_state()
    while state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights)[0])
    return state


def pyspiel_state(position: Any) -> Any:
    """The ``crazy_eights`` state of an ``openspiel`` deal just dealt (``largest_deal``): the
    dealer, the hands' cards one by one from the dealer's left, the upcard; the same position
    (``position_from_state`` gives it back, the stock's order aside)."""
    n = position.players
    hands = [sorted(hand) for hand in position.hands]
    assert position.upcard is not None and len({len(hand) for hand in hands}) == 1
    state = pyspiel.load_game("crazy_eights", {"players": n}).new_initial_state()
    state.apply_action(DEALER_BASE + position.dealer)
    for index in range(n * len(hands[0])):
        state.apply_action(card_action(hands[(position.dealer + 1 + index) % n][index // n]))
    state.apply_action(card_action(position.upcard))
    return state


def zero_leaf(state: Any) -> list[float]:
    """Every horizon leaf worth 0, at no cost: the cheapest baseline."""
    return [0.0] * state.num_players()


def material_leaf(game: Any, decks: int) -> Leaf:
    """eights' ``material`` of the ``openspiel`` game of ``decks`` decks (pyspiel deals two
    to more than 5 players), read off a state of pyspiel's ``game`` through its own observer:
    each player minus her hand's penalty. A player's observation begins with, per card id, the
    one-hot count (0 to ``decks``) of it in her hand."""
    observation = make_observation(game)
    run = decks + 1
    weights = np.outer(PENALTY, np.arange(run)).ravel()  # a card id's count k weighs k x its penalty

    def leaf(state: Any) -> list[float]:
        values = []
        for seat in range(state.num_players()):
            observation.set_from(state, seat)
            values.append(-float(weights @ observation.tensor[:52 * run]))
        return values

    return leaf


def _plus(values: tuple[float, ...], seat: int, amount: float) -> tuple[float, ...]:
    return values[:seat] + (values[seat] + amount,) + values[seat + 1:]


class PyspielMaxN:
    """A plain depth-limited max-n over pyspiel's state, counting the states it visits (as the
    core counts: decisions, chance nodes, horizon leaves and ends; an 8's suit is a decision).

    A horizon leaf is ``leaf(state)``, or, where the search is given the root's material
    (``hands``), that material kept along the path: a card played gives its penalty back to its
    player, a card drawn charges it to the last player to act (an ``openspiel`` game's only
    chance after the deal is a draw)."""

    def __init__(self, leaf: Leaf = zero_leaf) -> None:
        self.leaf = leaf
        self.deadline = float("inf")
        self.nodes = 0

    def visit(self) -> None:
        """Count a state; out of time past the deadline (looked at every ``CLOCK_EVERY``)."""
        self.nodes += 1
        if self.nodes % CLOCK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def value(self, state: Any, depth: int, hands: tuple[float, ...] | None = None, last: int = -1) -> list[float]:
        """The values of ``state`` searched ``depth`` actions deep, the state counted."""
        self.visit()
        return self.expand(state, depth, hands, last)

    def expand(self, state: Any, depth: int, hands: tuple[float, ...] | None = None, last: int = -1) -> list[float]:
        """The values of ``state`` (already counted; ``last`` the player who acted last): an
        end's returns, a chance node's expectation (its outcomes spend no depth, as in eights),
        the leaf at the horizon, else the mover's best child in action order."""
        if state.is_terminal():
            return list(state.returns())
        if state.is_chance_node():
            total = [0.0] * state.num_players()
            for action, probability in state.chance_outcomes():
                child = state.clone()
                child.apply_action(action)
                drawn = None if hands is None else _plus(hands, last, -PENALTY[action])
                for seat, payoff in enumerate(self.value(child, depth, drawn, last)):
                    total[seat] += probability * payoff
            return total
        if depth == 0:
            return self.leaf(state) if hands is None else list(hands)
        mover, best = state.current_player(), None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            played = hands if hands is None or action >= 52 else _plus(hands, mover, PENALTY[action])
            values = self.value(child, depth - 1, played, mover)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        return best


def deepen(search: PyspielMaxN, step: Callable[[int], object], time_ms: float) -> Run:
    """``step(depth)`` for depth 1, 2, ... until ``search`` runs out of ``time_ms`` (depth 1
    always completed, as the core's deepening): the depth completed, nodes of every step."""
    start = time.perf_counter()
    step(1)
    search.deadline = start + time_ms / 1000
    reached = 1
    for depth in range(2, MAX_DEPTH + 1):
        try:
            step(depth)
        except OutOfTime:
            break
        reached = depth
    return Run(reached, search.nodes, time.perf_counter() - start)


def pyspiel_run(state: Any, time_ms: float, material: Leaf | None = None) -> Run:
    """The plain max-n deepening on ``state`` for ``time_ms``: the root's ``material`` kept
    along the path to the horizon, or every leaf 0 at no cost without it."""
    search = PyspielMaxN()
    hands = None if material is None else tuple(material(state))
    return deepen(search, lambda depth: search.value(state, depth, hands), time_ms)


@contextmanager
def counted_expectiminimax(search: PyspielMaxN) -> Iterator[None]:
    """OpenSpiel's own ``minimax.expectiminimax`` with every call counted by ``search.visit``
    (a call is a state visited: a decision, a chance node, a horizon leaf or an end): its
    recursion calls itself through the module's name, so the counter stands there meanwhile."""
    original = minimax.expectiminimax

    def counted(state: Any, depth: int, value_function: Callable[[Any], float], player: int) -> Any:
        search.visit()
        return original(state, depth, value_function, player)

    minimax.expectiminimax = counted
    try:
        yield
    finally:
        minimax.expectiminimax = original


def expectiminimax_run(state: Any, time_ms: float, leaf: Leaf) -> Run:
    """OpenSpiel's ``expectiminimax`` for the player to act deepening on ``state`` for
    ``time_ms``, the horizon valued by ``leaf`` (its entry for that player): it values a chance node at the
    horizon by the value function, which takes the expectation over its outcomes (each
    counted) as eights does, so that both sides answer the same question (eights' paranoid)."""
    search, player = PyspielMaxN(leaf), state.current_player()

    def value_function(leaf: Any) -> float:
        return float(search.expand(leaf, 0)[player])

    with counted_expectiminimax(search):
        return deepen(search, lambda depth: minimax.expectiminimax(state, depth, value_function, player), time_ms)


def outside_rows(rulesets: Sequence[str], deals: int, time_ms: float) -> list[dict[str, Any]]:
    """The outside baselines on each ``openspiel`` ruleset's first ``deals`` largest deals (the
    deals the core's rows search), ``time_ms`` each, each row naming the core's mode it faces:
    with 2 players OpenSpiel's ``expectiminimax`` (against paranoid), and for every count the
    plain max-n with eights' material kept along the path and with the leaf at 0 (against max-n)."""
    rows = []
    for name in rulesets:
        rules = parse_rules(name)
        states = [pyspiel_state(largest_deal(find_game(name), seed)) for seed in range(deals)]
        material = material_leaf(states[0].get_game(), rules.decks)
        chosen: list[tuple[str, str, Callable[[Any], Run]]] = [
            ("pyspiel max-n, material kept along the path", "maxn",
             partial(pyspiel_run, time_ms=time_ms, material=material)),
            ("pyspiel max-n, leaf 0 (no cost)", "maxn", partial(pyspiel_run, time_ms=time_ms))]
        if rules.players == 2:
            chosen.insert(0, ("OpenSpiel expectiminimax, material read from the state", "paranoid",
                              partial(expectiminimax_run, time_ms=time_ms, leaf=material)))
        for label, mode, run in chosen:
            rows.append({"rules": name, "baseline": label, "against": mode, **summary([run(state) for state in states])})
    return rows


def eights_run(game: Game[Any, Any, Any], position: Any, time_ms: float) -> Run:
    """The game's reference search (``Game.reference_search``) deepening on ``position`` for ``time_ms``."""
    return Run(*game.reference_search(position, time_ms))


def row(name: str, deals: int, time_ms: float, seed: int) -> list[str]:
    """One line of the table: a preset's deals searched by eights (and by the baseline)."""
    rng = random.Random(f"{seed}/{name}")
    ours: list[Run] = []
    theirs: list[Run] = []
    game = find_game(name)
    for _ in range(deals):
        if name.startswith("openspiel"):
            state = pyspiel_deal(int(name.split("/")[1]), rng)
            ours.append(eights_run(game, position_from_state(state), time_ms))
            theirs.append(pyspiel_run(state, time_ms))
        else:
            ours.append(eights_run(game, game.deal(rng.randrange(10**6)), time_ms))
    mine = summary(ours)
    cells = [name, f"{mine['median_depth']:g}", f"{mine['nodes_per_second']:,.0f}"]
    if theirs:
        base = summary(theirs)
        return cells + [f"{base['median_depth']:g}", f"{base['nodes_per_second']:,.0f}",
                        f"{mine['nodes_per_second'] / base['nodes_per_second']:.2f}"]
    return cells + ["", "", ""]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.family_search", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=3, help="deals per preset (default 3)")
    parser.add_argument("--time-ms", type=float, default=100.0, help="time per position in ms (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    head = ["ruleset", "eights depth", "eights nodes/s", "pyspiel max-n depth", "pyspiel nodes/s", "ratio"]
    print(f"{args.deals} deals a ruleset, {args.time_ms:g} ms a position, depth the median completed")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in CONFIGS:
        print("| " + " | ".join(row(name, args.deals, args.time_ms, args.seed)) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
