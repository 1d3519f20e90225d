"""``python -m eights.solver.training.family``: fit the family's ``trained`` evaluation
(``eights.solver.family.trained``) to self-play.

For each ruleset asked (``--rules classic/4 classic/2 ...``) it plays ``--deals`` seeded deals
with the heuristic bot in every seat, each move with chance ``--explore`` a legal move at
random instead (so that the data holds draws beside plays, and 8s shed early), and labels every
decision with the seat its deal paid most (the hand out, or the best of a blocked deal). The
score's weights are fitted by Newton's method on the softmax's log-likelihood (a conditional
logit, lightly penalised), then the payoff scale by least squares of the payoffs on the
model's unscaled values. The models, with the command and the seed, are
written to ``--out`` (by default the shipped ``solver/weights/family-trained.json``). Needs
numpy (the ``train`` extra); nothing here runs when the solver searches.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from eights.extras import require

require("python -m eights.solver.training.family", "train", "numpy")

import numpy as np  # noqa: E402  (after the one-line check above)

from eights.engine.family.deal import deal  # noqa: E402
from eights.engine.family.position import FamilyPosition  # noqa: E402
from eights.engine.family.rules import apply_chance, apply_move, legal_moves  # noqa: E402
from eights.engine.family.ruleset import Ruleset, parse_rules  # noqa: E402
from eights.engine.family.scoring import payoffs  # noqa: E402
from eights.play.family.heuristic import heuristic_move  # noqa: E402
from eights.solver.family.trained import (  # noqa: E402
    SEAT_FEATURES, WEIGHTS_FILE, expected_payoff, feature_names, model_key, seat_features)

MAX_EVENTS = 5_000  # a deal longer than this is left out (every deal ends: RULES-FAMILY)
RIDGE = 1.0  # the logit's penalty on every (standardised) weight
NEWTON_STEPS = 12


def play_deal(rules: Ruleset, seed: int, explore: float) -> tuple[list[list[list[int]]], tuple[float, ...]] | None:
    """One self-play deal from ``seed``: every decision's seats' features and the deal's
    payoffs; None when it outlasts MAX_EVENTS."""
    rng = random.Random(seed)
    position: FamilyPosition = deal(rules, seed)
    rows: list[list[list[int]]] = []
    for _ in range(MAX_EVENTS):
        if position.is_over:
            return rows, tuple(float(payoff) for payoff in payoffs(position))
        if position.owed:
            position = apply_chance(position, rng.choice(position.stock))
            continue
        rows.append(seat_features(position))
        moves = list(legal_moves(position))
        move = rng.choice(moves) if rng.random() < explore else heuristic_move(position, moves)
        position = apply_move(position, move)
    return None


def samples(rules: Ruleset, deals: int, seed: int, explore: float) -> tuple[np.ndarray, np.ndarray]:
    """The features (decisions x seats x features) and payoffs (decisions x seats) of ``deals``
    deals seeded from ``seed``."""
    features: list[list[list[int]]] = []
    targets: list[tuple[float, ...]] = []
    for number in range(deals):
        played = play_deal(rules, seed * 1_000_003 + number, explore)
        if played is None:
            continue
        decisions, paid = played
        features += decisions
        targets += [paid] * len(decisions)
    return np.array(features, dtype=float), np.array(targets)


def fit_score(features: np.ndarray, winners: np.ndarray) -> np.ndarray:
    """The score's weights: the conditional logit of ``winners`` (each decision's seat) on the
    seats' features, by Newton's method on standardised features (RIDGE on each weight)."""
    scale = features.reshape(-1, features.shape[2]).std(axis=0)
    scale[scale == 0] = 1.0
    x = features / scale
    chosen = x[np.arange(len(x)), winners]
    weights = np.zeros(x.shape[2])
    for _ in range(NEWTON_STEPS):
        scores = x @ weights
        p = np.exp(scores - scores.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ds,dsf->df", p, x)
        gradient = (chosen - mean).sum(axis=0) - RIDGE * weights
        hessian = (np.einsum("ds,dsf,dsg->fg", p, x, x) - mean.T @ mean) + RIDGE * np.eye(len(weights))
        weights += np.linalg.lstsq(hessian, gradient, rcond=None)[0]
    unscaled: np.ndarray = weights / scale
    return unscaled


def train(rules_names: Sequence[str], deals: int, seed: int, explore: float) -> dict[str, dict[str, object]]:
    """Each ruleset's model: its score's weights by feature, its payoff scale, and the
    decisions it was fitted on, with the fit's R² of the payoffs."""
    models: dict[str, dict[str, object]] = {}
    for name in rules_names:
        rules = parse_rules(name)
        features, targets = samples(rules, deals, seed, explore)
        weights = fit_score(features, targets.argmax(axis=1))
        points = features[:, :, SEAT_FEATURES.index("points")]
        unscaled = np.array([[expected_payoff(rules.scoring, chance, own, row.sum()) for chance, own in zip(seats, row)]
                             for seats, row in zip(_chances(features, weights), points)])
        scale = float((unscaled * targets).sum() / (unscaled * unscaled).sum())
        r2 = 1.0 - ((targets - scale * unscaled) ** 2).sum() / ((targets - targets.mean()) ** 2).sum()
        models[model_key(rules)] = {"decisions": len(targets), "r2": round(float(r2), 4), "scale": scale,
                                    "weights": dict(zip(feature_names(rules.players), map(float, weights)))}
        print(f"{model_key(rules)}: {len(targets)} decisions, scale {scale:.3f}, R2 {r2:.3f}", file=sys.stderr)
    return models


def _chances(features: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The softmax of the seats' scores, decision by decision."""
    scores = features @ weights
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    shares: np.ndarray = p / p.sum(axis=1, keepdims=True)
    return shares


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.solver.training.family", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="+", default=["classic/4", "classic/2", "sce/4", "openspiel/4"],
                        help="rulesets to fit, one model each (by preset and player count)")
    parser.add_argument("--deals", type=int, default=2000, help="self-play deals per ruleset")
    parser.add_argument("--seed", type=int, default=1, help="seed of every deal, draw and explored move")
    parser.add_argument("--explore", type=float, default=0.15, help="chance of a random legal move in place of the heuristic's")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE, help="weights file to write")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals: must be 1 or more")
    if not 0 <= args.explore <= 1:
        parser.error("--explore: must lie in [0, 1]")
    command = shlex.join(["python", "-m", "eights.solver.training.family", *(sys.argv[1:] if argv is None else argv)])
    models = train(args.rules, args.deals, args.seed, args.explore)
    content = {"command": command, "seed": args.seed, "deals": args.deals, "explore": args.explore, "models": models}
    args.out.write_text(json.dumps(content, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
