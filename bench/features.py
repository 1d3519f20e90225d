"""Which features could a better leaf use? The shipped model's features, and each candidate group
added to them, refitted on self-play and judged on held-out deals against two labels: the deal's
final payoff, and the value a deeper search finds from the same position.

    python -m eights.bench.features [--deals 2000] [--positions 40000] [--depth 4] [--seed 77] [--workers 2]

The shipped model plays ``--deals`` deals of the 8...1...8 schedule against itself at
``--depth`` (as training does); ``--positions`` of their positions, drawn at random, are
searched again to ``--depth`` from an empty table. A leaf that predicted that search's value
would give the same answers at depth d as the search at d + ``--depth``: the RMSE to it is the
depth-to-depth disagreement that a better model could remove (issue #12's stability target).
The payoff's RMSE is dominated by the draws still to come. Weights are fitted on the first
three quarters of the deals and judged on the rest, so a group that only memorises shows no
gain. Candidate groups need not keep the closed form of a draw's expectation (``playable``
does not): they measure what a feature would buy before it is built into the C core.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from eights.extras import require

require("python -m eights.bench.features", "bench", "numpy")  # one line, not a traceback, before numpy's import

import numpy as np

from eights.engine.cards import EIGHT, TWO, count, next_seat, points, rank_mask, suit_mask
from eights.engine.position import Position
from eights.engine.rules import playable_cards
from eights.solver import MAX_DEPTH
from eights.solver.trained import ROLE_SEATS, features, shipped_model
from eights.solver.training.deals import Deal, schedule
from eights.solver.training.fit import ridge_weights
from eights.solver.training.parallel import map_chunks
from eights.solver.training.players import NODE_LIMIT, SearchPlayer
from eights.solver.training.selfplay import played

PROG = "python -m eights.bench.features"
TRAIN_SHARE = 0.75  # the first deals fit the weights, the rest judge them
SIZES = (1, 2, 3)
_EIGHTS, _TWOS = rank_mask(EIGHT), rank_mask(TWO)


def _sizes(cards: int) -> list[int]:
    """Indicators of a hand of 1, 2 or 3 cards."""
    return [int(cards == size) for size in SIZES]


def _hands(position: Position) -> list[int]:
    """The four hands in the model's role order (own concealed, own dummy, the other side's)."""
    return [position.hands[seat] for seat in ROLE_SEATS[position.side_to_act]]


def tempo(position: Position) -> list[int]:
    """The hand to act and the next hand hold 1, 2 or 3 cards."""
    following = next_seat(position.turn, position.direction)
    return _sizes(count(position.hands[position.turn])) + _sizes(count(position.hands[following]))


def playable(position: Position) -> list[int]:
    """The cards the hand to act can play; none; its last card plays; it can play other than an 8."""
    cards, hand = playable_cards(position), position.hands[position.turn]
    return [count(cards), int(not cards), int(bool(cards) and count(hand) == 1), int(bool(cards & ~_EIGHTS))]


def suits(position: Position) -> list[int]:
    """Per hand, the suits it holds and its longest suit."""
    values = []
    for hand in _hands(position):
        lengths = [count(hand & suit_mask(suit)) for suit in range(4)]
        values += [sum(1 for length in lengths if length), max(lengths)]
    return values


def points_in(position: Position) -> list[int]:
    """Per hand, its points while it holds 1, 2 or 3 cards."""
    return [points(hand) * flag for hand in _hands(position) for flag in _sizes(count(hand))]


def pending_twos(position: Position) -> list[int]:
    """The pending draw times the 2s of the hand to act, and of the next hand."""
    following = next_seat(position.turn, position.direction)
    return [position.pending * count(position.hands[seat] & _TWOS) for seat in (position.turn, following)]


CANDIDATES: dict[str, Callable[[Position], list[int]]] = {
    "tempo": tempo, "playable": playable, "suits": suits, "points_in": points_in, "pending_twos": pending_twos,
}


@dataclass(frozen=True)
class Sample:
    """A position of a self-play deal, with the deal's number and its payoff to the side to act."""

    deal: int
    position: Position
    payoff: float


def _play(player: SearchPlayer, deals: Sequence[tuple[int, Deal]]) -> list[Sample]:
    """Every position of the numbered ``deals``, each played by ``player`` against itself."""
    samples = []
    for number, deal in deals:
        seen, payoff_ns = played(player, deal)
        samples += [Sample(number, position, payoff_ns if position.side_to_act == 0 else -payoff_ns)
                    for position, _ in seen]
    return samples


def _searched(player: SearchPlayer, positions: Sequence[Position]) -> list[float]:
    """Each position's value to its side to act by ``player``'s search from an empty table."""
    search = player.searcher(fresh=True)
    values = []
    for position in positions:
        value_ns = search(position)["value_ns"]
        values.append(value_ns if position.side_to_act == 0 else -value_ns)
    return values


def held_out_rmse(x: np.ndarray, y: np.ndarray, fitted: np.ndarray) -> float:
    """The RMSE on the rows not ``fitted`` of a ridge fit on the ``fitted`` rows."""
    weights = ridge_weights(x[fitted], y[fitted])
    return float(np.sqrt(np.mean((x[~fitted] @ weights - y[~fitted]) ** 2)))


def is_held_out(sample: Sample, deals: int) -> bool:
    """The sample is of a deal that judges the fits (the last of ``deals``), not one they are fitted on."""
    return sample.deal >= TRAIN_SHARE * deals


def table(samples: Sequence[Sample], searched: Sequence[float], deals: int) -> list[str]:
    """The lines of the table: the shipped weights, their features refitted, then each group added."""
    base = np.array([features(sample.position) for sample in samples], dtype=float)
    labels = {"payoff": np.array([sample.payoff for sample in samples]), "search": np.array(searched)}
    fitted = np.array([not is_held_out(sample, deals) for sample in samples])
    shipped = np.array(shipped_model().weights)
    lines = [f"{'feature set':<26} {'features':>8} {'RMSE to payoff':>15} {'RMSE to search':>15}",
             f"{'shipped weights':<26} {base.shape[1]:>8} "
             + " ".join(f"{np.sqrt(np.mean((base[~fitted] @ shipped - y[~fitted]) ** 2)):>15.3f}"
                        for y in labels.values())]
    groups = [("shipped features, refit", base)] + [
        (f"+ {name}", np.hstack([base, np.array([group(s.position) for s in samples], dtype=float)]))
        for name, group in CANDIDATES.items()]
    for name, x in groups:
        lines.append(f"{name:<26} {x.shape[1]:>8} "
                     + " ".join(f"{held_out_rmse(x, y, fitted):>15.3f}" for y in labels.values()))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Play, search, fit and print the table."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="self-play deals (default 2000)")
    parser.add_argument("--positions", type=int, default=40000, help="positions searched again (default 40000)")
    parser.add_argument("--depth", type=int, default=4, help="depth of self-play and of the search labels (default 4)")
    parser.add_argument("--seed", type=int, default=77, help="seed of the deals, draws and sample (default 77)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    if args.deals < 4 or args.positions < 1 or not 1 <= args.depth <= MAX_DEPTH or args.workers < 1:
        parser.error(f"--deals must be 4 or more, --positions 1 or more, --depth from 1 to {MAX_DEPTH}, "
                     "--workers 1 or more")
    rng = random.Random(args.seed)
    model = shipped_model()
    player = SearchPlayer(model, depth=args.depth, node_limit=NODE_LIMIT)
    deals = list(enumerate(schedule(args.deals, rng)))
    every = [sample for part in map_chunks(partial(_play, player), deals, args.workers) for sample in part]
    chosen = sorted(rng.sample(range(len(every)), min(args.positions, len(every))))
    samples = [every[index] for index in chosen]
    held_out = sum(is_held_out(sample, args.deals) for sample in samples)
    if held_out in (0, len(samples)):
        parser.error(f"--positions {args.positions} drew no position of the deals that "
                     f"{'judge' if held_out == 0 else 'fit'} the weights; ask for more positions or deals")
    print(f"{model.name} at depth {args.depth}: {args.deals} deals, {len(every)} positions; "
          f"{len(samples)} searched again to depth {args.depth}", flush=True)
    searched = [value for part in map_chunks(partial(_searched, player),
                                             [sample.position for sample in samples], args.workers)
                for value in part]
    print("\n".join(table(samples, searched, args.deals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
