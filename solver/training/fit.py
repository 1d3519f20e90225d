"""Fitting the trained model: ridge least squares of the labels on the features (numpy)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from eights.solver.trained import TrainedModel
from eights.solver.training.selfplay import Samples

RIDGE = 1.0  # shrinks weights of rare features (a hand of 0 cards) toward 0


@dataclass(frozen=True)
class Fit:
    """The weights, and the root-mean-square error of the labels they leave."""

    weights: tuple[float, ...]
    rmse: float
    label_sd: float


def ridge_weights(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """The w minimising |x w - y|^2 + ridge |w|^2, for any number of columns."""
    return np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)


def fit(samples: Samples, ridge: float = RIDGE) -> Fit:
    """Minimise |X w - y|^2 + ridge |w|^2 (the constant included)."""
    x = np.asarray(samples.rows, dtype=float)
    y = np.asarray(samples.labels, dtype=float)
    w = ridge_weights(x, y, ridge)
    rmse = float(np.sqrt(np.mean((x @ w - y) ** 2)))
    return Fit(tuple(round(float(v), 6) for v in w), rmse, float(np.std(y)))


def model_of(name: str, result: Fit, meta: dict[str, object]) -> TrainedModel:
    """The model of a fit, under ``name``, with ``meta`` recorded beside the weights."""
    return TrainedModel(name, result.weights, dict(meta))
