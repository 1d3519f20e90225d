"""A rollout as a job: its rounds of games (round i: game i of every root move) played on
the cluster (``eights.play.rollout``: a piece plays a run of rounds for about a second), each
round's payoffs kept as ``{"payoffs": [...]}`` as it comes. A job cancelled or at its
time_ms (default and largest EIGHTS_MAX_JOB_MS) stops its pieces under way between two
actions, and they give back the rounds they finished; out of time, it answers, as POST
/v1/rollout does, with the rounds finished."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from eights.answers.jobs.work import Found, Piece, ignore
from eights.api.rollout.request import RolloutRequest
from eights.answers.service import SolveService
from eights.cluster import Cluster
from eights.play.rollout import rollout, rollout_result


class RolloutWork:
    """The rounds of a rollout request ``args``, checked with the job limits."""

    def __init__(self, service: SolveService, args: dict[str, Any]) -> None:
        self.asked = RolloutRequest.read(service, args, "max_job_games")
        service.limit("time_ms", args.get("time_ms"), "max_job_ms")
        self.games, self.seed = args["games"], args["seed"]
        self.time_limit_ms: int | None = args.get("time_ms", service.settings.max_job_ms)
        self.answers_when_out_of_time = True
        self.started = time.perf_counter()

    @property
    def total(self) -> int:
        """The rounds: one per game of each move."""
        return int(self.games)

    def check(self) -> None:
        """Nothing more than reading checked: a rollout stops at its time by itself."""

    def from_cache(self, known: dict[int, Piece], found: Found = ignore) -> None:
        """Nothing: games are not cached."""

    def on_cluster(self, cluster: Cluster, name: str, known: dict[int, Piece], found: Found = ignore,
                   should_stop: Callable[[], bool] = lambda: False) -> None:
        """Play the rounds ``known`` lacks on ``cluster``, keeping each as it comes."""
        def keep(index: int, payoffs: list[list[float]]) -> None:
            known[index] = {"payoffs": payoffs}
            found(index, known[index])
        rollout(self.asked.position, self.asked.moves, self.games, self.asked.bot, self.seed,
                progress=keep, stop=should_stop, cluster=cluster, played=_payoffs(known))

    def answer(self, known: dict[int, Piece]) -> dict[str, Any]:
        """The answer of POST /v1/rollout over the rounds ``known``."""
        return rollout_result(self.asked.position, self.asked.moves, self.asked.bot.spec, self.seed, self.games,
                              _payoffs(known), (time.perf_counter() - self.started) * 1000).to_json()


def _payoffs(known: dict[int, Piece]) -> dict[int, list[list[float]]]:
    """Each kept round's payoffs, by round."""
    return {index: piece["payoffs"] for index, piece in known.items()}
