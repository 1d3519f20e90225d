"""The trained evaluation: a linear model of a deal's expected final payoff at a horizon leaf.

The features are what a strong player looks at, seen from the side to act ("own"); the
model gives that side's expected payoff, so one model serves both sides. Besides each hand's
own features, some depend on the race to go out: the fewest cards in each side's hands (who
is about to go out), and a hand's points and 8s read against it (points count only when the
other side goes out first; an 8 in a short hand is a way out). Every feature is linear in a
hand's point classes once the hands' sizes are fixed, so a draw's expectation has a closed form. The native core
computes the same features in the same order (``solver/native/trained.h``); this module is
the reference for them and for the value. Weights ship as JSON in ``solver/weights/``,
each file recording the command and seed that made it (``eights.solver.training``).

>>> from eights.engine.notation import parse_position
>>> position = parse_position("N:K... E:5... S:8... W:2... up:5H turn:S")
>>> named = dict(zip(FEATURES, features(position)))
>>> named["own_concealed.eights"], named["own_concealed.eights_in_1"], named["race.own1.opp1"]
(1, 1, 1)
>>> TrainedModel("zero", (0.0,) * len(FEATURES)).value_ns(position)
0.0
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from eights.engine.cards import ACE, DECK_POINTS, EIGHT, THREE, TWO, CardSet, count, points, rank_mask, side_of
from eights.engine.position import Position

WEIGHTS_DIR = Path(__file__).with_name("weights")
SHIPPED = "trained-v3"

ROLES = ("own_concealed", "own_dummy", "opp_concealed", "opp_dummy")
HAND_FEATURES = ("cards", "points", "eights", "twos", "threes", "aces", "out", "one_card", "two_cards")
GLOBAL_FEATURES = ("actor_concealed", "next_concealed", "pending", "drawable", "bias")
# Sizes that the race features tell apart: 1 card or none, 2, 3, 4 or more (RACE_BUCKETS - 1).
RACE_BUCKETS = 4
# Per hand, its points and 8s while the other side's shortest hand holds 1 (or 0), 2 or 3
# cards, and its 8s while it holds 1, 2 or 3 cards itself.
SHORT = (1, 2, 3)
RACE_HAND_FEATURES = (tuple(f"{stat}_threat_{size}" for stat in ("points", "eights") for size in SHORT)
                      + tuple(f"eights_in_{size}" for size in SHORT))
RACE_FEATURES = tuple(f"race.own{own + 1}.opp{opp + 1}" for own in range(RACE_BUCKETS) for opp in range(RACE_BUCKETS))
FEATURES = (tuple(f"{role}.{name}" for role in ROLES for name in HAND_FEATURES) + GLOBAL_FEATURES
            + tuple(f"{role}.{name}" for role in ROLES for name in RACE_HAND_FEATURES) + RACE_FEATURES)

# The seats of the four roles, seen from side NS (0) and side EW (1): concealed S/W, dummy N/E.
ROLE_SEATS = ((2, 0, 3, 1), (3, 1, 2, 0))
_EIGHTS, _TWOS, _THREES, _ACES = rank_mask(EIGHT), rank_mask(TWO), rank_mask(THREE), rank_mask(ACE)


def hand_features(hand: CardSet) -> list[int]:
    """One hand's features, in HAND_FEATURES order: its cards, points, 8s, 2s, 3s and aces (by
    point class only, so that a draw's outcomes group by it), and whether it holds 0, 1, 2 cards."""
    cards = count(hand)
    return [cards, points(hand), count(hand & _EIGHTS), count(hand & _TWOS), count(hand & _THREES),
            count(hand & _ACES), int(cards == 0), int(cards == 1), int(cards == 2)]


def race_bucket(cards: int) -> int:
    """A side's fewest cards as the race features see it: 0 for 1 card or none, 1, 2, 3 for 4 or more."""
    return min(max(cards, 1), RACE_BUCKETS) - 1


def race_hand_features(hand: CardSet, threat: int) -> list[int]:
    """A hand's points and 8s against the other side's fewest cards ``threat`` (1 or none, 2, 3),
    and its 8s against its own size (1, 2, 3), in RACE_HAND_FEATURES order."""
    points_held, eights, cards = points(hand), count(hand & _EIGHTS), count(hand)
    threats = [int(max(threat, 1) == size) for size in SHORT]
    return ([points_held * t for t in threats] + [eights * t for t in threats]
            + [eights * int(cards == size) for size in SHORT])


def features(position: Position) -> list[int]:
    """The features of an unfinished position, from the side to act's view, in FEATURES order."""
    own = position.side_to_act
    hands = [position.hands[seat] for seat in ROLE_SEATS[own]]
    values: list[int] = []
    for hand in hands:
        values += hand_features(hand)
    following = (position.turn + position.direction) % 4
    values += [int(position.is_concealed(position.turn)), int(position.is_concealed(following)),
               position.pending, count(position.drawable), 1]
    shortest = (min(count(hands[0]), count(hands[1])), min(count(hands[2]), count(hands[3])))
    for role, hand in enumerate(hands):
        values += race_hand_features(hand, shortest[1 - role // 2])
    race = [0] * len(RACE_FEATURES)
    race[race_bucket(shortest[0]) * RACE_BUCKETS + race_bucket(shortest[1])] = 1
    return values + race


@dataclass(frozen=True)
class TrainedModel:
    """A set of weights, one per feature, with where they came from (``meta``)."""

    name: str
    weights: tuple[float, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"model {self.name}: {len(self.weights)} weights for {len(FEATURES)} features")

    def value_for_actor(self, position: Position) -> float:
        """The expected payoff to the side to act, unclamped."""
        return sum(w * f for w, f in zip(self.weights, features(position)))

    def value_ns(self, position: Position) -> float:
        """The expected payoff to NS, clamped into [-580, 580] like every value of the search."""
        value = self.value_for_actor(position)
        if side_of(position.turn) == 1:
            value = -value
        return float(min(DECK_POINTS, max(-DECK_POINTS, value)))

    def to_json(self) -> dict[str, Any]:
        """The weights file's content: name, features, weights by feature, and ``meta``."""
        return {"name": self.name, "features": list(FEATURES),
                "weights": dict(zip(FEATURES, self.weights)), **self.meta}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainedModel:
        """The model of a weights file's content. A file of an earlier feature set (trained-v1's)
        loads with the features it lacks at weight 0, which is the model it was; a feature this
        solver does not know is an error."""
        unknown = sorted(set(data.get("weights", {})) - set(FEATURES))
        if unknown or not data.get("weights"):
            raise ValueError(f"model {data.get('name')!r}: its features are not this solver's "
                             f"({', '.join(unknown[:3]) or 'none given'})")
        meta = {key: value for key, value in data.items() if key not in ("name", "features", "weights")}
        return cls(data["name"], tuple(float(data["weights"].get(name, 0.0)) for name in FEATURES), meta)

    @classmethod
    def load(cls, path: Path) -> TrainedModel:
        """The model in a weights file; ValueError naming the file when it cannot be read as one."""
        try:
            return cls.from_json(json.loads(path.read_text()))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"cannot load {path}: {error}") from error

    def save(self, path: Path) -> None:
        """Write the weights file."""
        path.write_text(json.dumps(self.to_json(), indent=2) + "\n")


@cache
def shipped_model() -> TrainedModel:
    """The model shipped with the package (the weights file named by ``SHIPPED``), loaded once."""
    return TrainedModel.load(WEIGHTS_DIR / f"{SHIPPED}.json")


def trained(position: Position) -> float:
    """The shipped model's value of ``position`` to NS (the ``trained`` evaluation)."""
    return shipped_model().value_ns(position)
