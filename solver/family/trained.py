"""The family's trained evaluation: each seat's expected payoff at the search's horizon, from
each seat's chance of going out first, a softmax of a linear score of features of every hand,
fitted per preset and player count to who went out first in self-play, and the payoff the
game's scoring gives those chances (``python -m eights.solver.training.family``).

With P the seat's chance, p its points and T every hand's points, a seat is worth
``scale * (P * (T - p) - (1 - P) * p)`` when the winner collects (classic) and
``-scale * (1 - P) * p`` when each pays her own (sce, openspiel): the hands' points as they
stand, ``scale`` (fitted to the payoffs) for the cards still to come.

The features of a seat (``SEAT_FEATURES``) read its hand (cards, points, 8s, cards of the
ranks with an effect, cards it may match against the upcard: the suit in force, the upcard's
rank and every 8), whether it is one or two cards from going out, the race (its points while
another hand is two cards or fewer from going out; the others' points while it is), the
others' fewest cards and points, the stock's size, and one indicator of its place in the
turn order (0: the seat to act, 1: the next...). A model's weights are one per feature, so
one weight vector serves every seat, then the payoff scale. This module is the reference of the native core's
``solver/native/family_trained.c``, which computes the same features in the same order.

Where no model is shipped for a ruleset's preset and player count (and in the layout game,
whose pool no model reads), ``weights_for`` is None and the ``trained`` evaluation is the material.

>>> from eights.engine.family.notation import parse_family
>>> p = parse_family("rules:classic/3 0:K... 1:5.8.. 2:9... up:5C turn:1")
>>> named = dict(zip(FEATURES[:len(SEAT_FEATURES)], seat_features(p)[1]))
>>> named["cards"], named["eights"], named["playable"], named["others_fewest"], named["points_threatened"]
(2, 1, 2, 1, 55)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from eights.engine.cards import Card
from eights.engine.family.position import FamilyPosition
from eights.engine.family.ruleset import EIGHT_RANK, Ruleset
from eights.engine.family.scoring import hand_points

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "weights" / "family-trained.json"

SEAT_FEATURES = ("cards", "points", "eights", "effects", "playable", "one_card", "two_cards",
                 "points_threatened", "others_points_near", "others_fewest", "others_points", "stock")
NEAR = 2  # a hand this many cards or fewer from going out is "near"


def feature_names(players: int) -> tuple[str, ...]:
    """The features of a ruleset of ``players`` players: SEAT_FEATURES, then each place in the turn order."""
    return SEAT_FEATURES + tuple(f"place_{place}" for place in range(players))


FEATURES = feature_names(4)  # the four-player names, for the doctest's reading


def _playable(position: FamilyPosition, card: Card) -> bool:
    """Whether a card matches the upcard as the features read it: the suit in force, the upcard's rank, an 8."""
    upcard = position.upcard
    if upcard is None:
        return False
    return card % 13 in (EIGHT_RANK, upcard % 13) or card // 13 == position.suit_in_force


def seat_features(position: FamilyPosition) -> list[list[int]]:
    """Each seat's features (SEAT_FEATURES, then the place indicators), seat by seat."""
    rules, players = position.rules, position.players
    cards = [len(hand) for hand in position.hands]
    points = [hand_points(rules, hand) for hand in position.hands]
    total = sum(points)
    rows = []
    for seat, hand in enumerate(position.hands):
        fewest = min(cards[other] for other in range(players) if other != seat)
        others_points = total - points[seat]
        place = (seat - position.turn) * position.direction % players
        row = [cards[seat], points[seat], sum(card % 13 == EIGHT_RANK for card in hand),
               sum(rules.effect_of(card % 13) is not None for card in hand),
               sum(_playable(position, card) for card in hand), int(cards[seat] == 1), int(cards[seat] == 2),
               points[seat] if fewest <= NEAR else 0, others_points if cards[seat] <= NEAR else 0,
               fewest, others_points, len(position.stock)]
        rows.append(row + [int(place == p) for p in range(players)])
    return rows


def model_key(rules: Ruleset) -> str:
    """The name a ruleset's model ships under: its preset and player count (``classic/4``)."""
    return f"{rules.preset}/{rules.players}"


@cache
def shipped_models() -> dict[str, Any]:
    """The weights file's content (models by ``model_key``, the command and the seed), loaded once."""
    content: dict[str, Any] = json.loads(WEIGHTS_FILE.read_text())
    return content


def weights_for(rules: Ruleset) -> tuple[float, ...] | None:
    """The shipped model's weights for ``rules`` in ``feature_names`` order, then its payoff
    scale; None when none ships (or the rules pay a pool)."""
    model = shipped_models()["models"].get(model_key(rules))
    if model is None or rules.scoring == "layout":
        return None
    return tuple(float(model["weights"][name]) for name in feature_names(rules.players)) + (float(model["scale"]),)


def chances(rows: Sequence[Sequence[int]], weights: Sequence[float]) -> list[float]:
    """Each seat's chance of going out first: the softmax of its score (its place's weight,
    then each feature's, added in that order as the core adds them)."""
    features = len(SEAT_FEATURES)
    scores = []
    for row in rows:
        score = weights[features + row[features:].index(1)]
        for weight, value in zip(weights[:features], row[:features]):
            score += weight * value
        scores.append(score)
    top = max(scores)
    exps = [math.exp(score - top) for score in scores]
    total = 0.0
    for share in exps:
        total += share
    return [share / total for share in exps]


def expected_payoff(scoring: str, chance: float, points: float, total: float) -> float:
    """A seat's payoff before the scale: the winner's collection at ``chance``, less its own
    points otherwise (``total`` every hand's points)."""
    if scoring == "classic":
        return chance * (total - points) - (1.0 - chance) * points
    return -(1.0 - chance) * points


def model_values(position: FamilyPosition, weights: Sequence[float], low: float, high: float) -> tuple[float, ...]:
    """Each seat's value by ``weights`` (``weights_for``'s), clamped into [low, high] (the deal's payoff range)."""
    rules = position.rules
    points = [hand_points(rules, hand) for hand in position.hands]
    total = sum(points)
    scale = weights[-1]
    values = (scale * expected_payoff(rules.scoring, chance, own, total)
              for chance, own in zip(chances(seat_features(position), weights), points))
    return tuple(min(high, max(low, value)) for value in values)
