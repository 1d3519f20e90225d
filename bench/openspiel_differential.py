"""OpenSpiel's ``crazy_eights`` and eights' ``openspiel`` preset, driven side by side.

    python -m eights.bench.openspiel_differential [--playouts 48000] [--seed 1]

Each playout deals with pyspiel (its chance events drawn by their probabilities), reads the
dealt state into an eights position (``eights.engine.openspiel``), then plays random legal
actions in both: at every step the player to act, the legal actions (and an 8's suits) and
the chance outcomes with their probabilities must be equal, at the end both must be over
with equal returns, and the finished history read again must give the same position.
The playouts are spread evenly over the configurations: 2 to 7 players (6-7 with two
decks), special cards off and on, reshuffle off and on, ``max_draw_cards`` 2 and 5 (the
default). Prints per configuration the playouts, actions and differences, and the first
difference found. Needs ``open-spiel`` (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from eights.extras import require

require("python -m eights.bench.openspiel_differential", "test", "pyspiel")  # one line, not a traceback

import pyspiel

from eights.engine.errors import EightsError
from eights.engine.openspiel import (
    apply_actions,
    card_of_action,
    chance_actions,
    legal_actions,
    position_from_state,
    returns,
    rules_of,
)

PLAYERS = range(2, 8)
SMALL_DRAW, DEFAULT_DRAW = 2, 5
DEFAULT_TURNS = 100
PROBABILITY_TOLERANCE = 1e-9
RETURN_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Config:
    """One set of ``crazy_eights`` parameters."""

    players: int
    special: bool
    reshuffle: bool
    max_draw_cards: int
    max_turns: int = DEFAULT_TURNS

    def parameters(self) -> dict[str, Any]:
        """pyspiel's parameters of this configuration."""
        return {"players": self.players, "use_special_cards": self.special, "reshuffle": self.reshuffle,
                "max_draw_cards": self.max_draw_cards, "max_turns": self.max_turns}

    def label(self) -> str:
        """The configuration as the table prints it."""
        turns = "" if self.max_turns == DEFAULT_TURNS else f", max_turns {self.max_turns}"
        return (f"{self.players} players, special {'on' if self.special else 'off'}, reshuffle "
                f"{'on' if self.reshuffle else 'off'}, max_draw_cards {self.max_draw_cards}{turns}")


CONFIGS = tuple(Config(n, special, reshuffle, draw) for n, special, reshuffle, draw in itertools.product(
    PLAYERS, (False, True), (False, True), (SMALL_DRAW, DEFAULT_DRAW)))


@dataclass
class Tally:
    """What the playouts of one configuration found."""

    playouts: int = 0
    actions: int = 0
    differences: int = 0
    first: list[str] = field(default_factory=list)


def _sample(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    actions, weights = zip(*outcomes)
    return int(rng.choices(actions, weights)[0])


def _step(state: Any, position: Any, rng: random.Random) -> tuple[Any, str | None]:
    """One event in both games (``position``: the ``openspiel`` preset's, ``eights.engine.openspiel``):
    a chance draw or a player's move. The difference, if any."""
    if state.is_chance_node():
        theirs = sorted(state.chance_outcomes())
        ours = chance_actions(position)
        if [a for a, _ in theirs] != [a for a, _ in ours] or any(
                abs(p - q) > PROBABILITY_TOLERANCE for (_, p), (_, q) in zip(theirs, ours)):
            return position, f"chance outcomes: pyspiel {theirs}, eights {ours}"
        action = _sample(theirs, rng)
        state.apply_action(action)
        return apply_actions(position, [action]), None
    if state.current_player() != position.turn:
        return position, f"player to act: pyspiel {state.current_player()}, eights {position.turn}"
    theirs_legal = sorted(state.legal_actions())
    ours_legal = legal_actions(position)
    if theirs_legal != ours_legal:
        return position, f"legal actions: pyspiel {theirs_legal}, eights {ours_legal}"
    action = rng.choice(theirs_legal)
    state.apply_action(action)
    actions = [action]
    if action < 52 and card_of_action(action) % 13 == 7 and not state.is_terminal():
        suits = sorted(state.legal_actions())
        ours_suits = legal_actions(position, eight=card_of_action(action))
        if suits != ours_suits:
            return position, f"suits of the 8: pyspiel {suits}, eights {ours_suits}"
        actions.append(rng.choice(suits))
        state.apply_action(actions[-1])
    try:
        return apply_actions(position, actions), None
    except EightsError as error:
        return position, f"eights refuses pyspiel's {actions}: {error}"


def playout(game: Any, rng: random.Random) -> tuple[int, str | None]:
    """One random game in both: the actions taken (chance events included) and the first
    difference (None when there is none)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(_sample(state.chance_outcomes(), rng))
    position = position_from_state(state)
    steps = 0
    while not state.is_terminal():
        if position.is_over:
            return steps, "eights' game is over, pyspiel's is not"
        position, difference = _step(state, position, rng)
        if difference is not None:
            return steps, f"{difference} after {state.history()}"
        steps += 1
    if not position.is_over:
        return steps, "pyspiel's game is over, eights' is not"
    theirs, ours = list(state.returns()), returns(position)
    if any(abs(a - b) > RETURN_TOLERANCE for a, b in zip(theirs, ours)):
        return steps, f"returns: pyspiel {theirs}, eights {ours} after {state.history()}"
    if position_from_state(state) != position:
        return steps, f"the history read again gives another position: {state.history()}"
    return steps, None


def run(playouts: int, seed: int, configs: Sequence[Config] = CONFIGS) -> dict[Config, Tally]:
    """``playouts`` spread evenly over ``configs`` (at least one each), seeded."""
    rng = random.Random(seed)
    each = max(1, playouts // len(configs))
    tallies = {}
    for config in configs:
        game = pyspiel.load_game("crazy_eights", config.parameters())
        assert rules_of(game.get_parameters()).players == config.players
        tally = Tally()
        for _ in range(each):
            steps, difference = playout(game, rng)
            tally.playouts += 1
            tally.actions += steps
            if difference is not None:
                tally.differences += 1
                tally.first = tally.first or [difference]
        tallies[config] = tally
    return tallies


def table(tallies: dict[Config, Tally]) -> str:
    """The Markdown table of a run, with a total row."""
    lines = ["| configuration | playouts | actions | differences |", "|---|---:|---:|---:|"]
    for config, tally in tallies.items():
        lines.append(f"| {config.label()} | {tally.playouts:,} | {tally.actions:,} | {tally.differences} |")
    total = Tally(sum(t.playouts for t in tallies.values()), sum(t.actions for t in tallies.values()),
                  sum(t.differences for t in tallies.values()))
    lines.append(f"| **all {len(tallies)} configurations** | {total.playouts:,} | {total.actions:,} | {total.differences} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the differential and print its table; exit 1 on any difference."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.openspiel_differential",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=48_000, help="playouts in all (spread over the configurations)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the deals, draws and actions")
    args = parser.parse_args(argv)
    tallies = run(args.playouts, args.seed)
    print(table(tallies))
    for config, tally in tallies.items():
        for difference in tally.first:
            print(f"{config.label()}: {difference}", file=sys.stderr)
    return 1 if any(t.differences for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
