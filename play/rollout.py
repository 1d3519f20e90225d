"""Rollouts: each root move of a position played out to the end of the deal, many times, by
a bot in every seat; each move's mean payoff for the player to act, which moves are worse
than the best beyond chance, and every player's mean payoff. One code path for every game
(``eights.games``): a game plays its rounds (``Game.play_round``) and makes its bots::

    from eights.games import find_game
    from eights.play.rollout import rollout
    game = find_game("sce2")
    result = rollout(game.read_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"),
                     games=1000, bot="solver:depth=3,tt=4", seed=1)
    result.comparisons[0].move, result.comparisons[0].interval   # the best move and its 95% interval

Common random numbers (as GNU Backgammon rolls out every candidate with the same dice):
game i of every move is played from the same stock order, the n-th reshuffle orders the
same discard pile the same way, and the bot gets the same seed, all derived from ``seed``
and i. So two moves' games differ only by what the moves do, and the paired differences
(``eights.play.compare``) separate moves with far fewer games than their own spreads would need.
A rollout measures the moves as the bot plays on: a weak bot makes a biased estimate of
the deal's true value (with a solver playing perfectly it is the expectimax value). The
stock is shuffled for every game: a position's ``order`` is not used. The result is the
same wherever the games are played (this process, ``workers`` processes, a Dask cluster).
"""

from __future__ import annotations

import functools
import statistics
import time
import uuid
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from typing import Any

from eights.cluster import Cluster, run_stoppable
from eights.cluster.halt import Halt
from eights.engine.errors import IllegalMoveError, NotationError
from eights.games import Game, find_game, game_for
from eights.games.game import Stopped
from eights.play.compare import MoveComparison, compare
from eights.play.stats import finite, mean_interval, std_error
from eights.solver.api import rounded

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
MAX_GAMES = 10_000_000  # games per move: the most a rollout plays (its rounds are listed up front)
PIECE_S = 1.0  # a rollout on a cluster: how long a piece (a run of rounds) plays before giving them back
MAX_RUN = 4096  # the most rounds a piece is given
WORKER_BOTS = 4  # bots a worker process keeps warm, the least recently used dropped (each may hold a table)

Payoffs = list[list[float]]  # a round's: each move's payoffs, player 0 first
Progress = Callable[[int, Payoffs], None]  # a round's index, and each move's payoffs in it
Stop = Callable[[], bool]
RoundPlayer = Callable[..., Payoffs]


@dataclass(frozen=True)
class PlayerMean:
    """One player's payoffs after a root move: the mean, its standard error and 95% interval."""

    mean: float
    std_error: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> PlayerMean:
        """The mean of ``values`` with its spread."""
        interval = mean_interval(values)
        return cls(statistics.fmean(values), std_error(values), interval.low, interval.high)


@dataclass(frozen=True)
class RolledOutMove:
    """A root move over the rollout's games: its comparison for the player to act
    (``eights.play.compare``) and every player's mean payoff."""

    comparison: MoveComparison
    players: tuple[PlayerMean, ...]

    def to_json(self) -> dict[str, Any]:
        """The comparison's JSON (``games``, the mover's ``mean``...) with ``values`` (each player's
        mean, player 0 first) and ``values_ci95`` (each player's 95% interval)."""
        data: dict[str, Any] = self.comparison.to_json("games")
        data["values"] = [rounded(player.mean) for player in self.players]
        data["values_ci95"] = finite([[rounded(player.low), rounded(player.high)] for player in self.players])
        return data


@dataclass(frozen=True)
class RolloutResult:
    """The moves rolled out, best first for the player to act; ``played`` games each (fewer
    than the ``games`` asked for when the rollout was stopped)."""

    game: Game[Any, Any, Any]
    position: Any
    bot: str
    seed: int
    games: int
    played: int
    moves: tuple[RolledOutMove, ...]
    time_ms: float

    @property
    def complete(self) -> bool:
        """True when every game asked for was played."""
        return self.played == self.games

    @property
    def payoffs_to(self) -> str:
        """Whose payoffs the moves' means are, as the command line writes it."""
        return self.game.payoffs_to(self.position)

    @property
    def comparisons(self) -> tuple[MoveComparison, ...]:
        """The moves compared for the player to act, best first."""
        return tuple(move.comparison for move in self.moves)

    def detail_lines(self) -> list[str]:
        """Each move's mean payoff for every player with its 95% interval, as the command line
        writes them; none in a two-sided game (sce2: the other side's is the mover's negated)."""
        if self.game.two_sided:
            return []
        lines = ["", f"{'move':<14}  each seat's mean payoff (95% CI), seat 0 first"]
        for move in self.moves:
            means = "  ".join(f"{player.mean:+.2f} ({player.low:+.2f} .. {player.high:+.2f})" for player in move.players)
            lines.append(f"{move.comparison.move.notation():<14}  {means}")
        return lines

    def to_json(self) -> dict[str, Any]:
        """The position (and the game's fields: a family game's ``rules``), the players and the one
        to act (``player_names``, ``to_act``, and the game's own words for it: sce2's ``side``, the
        family's ``mover``), the settings, and each move best first: the mover's mean payoff
        compared with the best's, and every player's mean with its interval."""
        game, position = self.game, self.position
        return {"position": game.notation(position), **game.answer_fields(position),
                "player_names": list(game.player_names), "to_act": game.to_act(position),
                **game.mover_fields(position), "bot": self.bot, "seed": self.seed, "games": self.games,
                "played": self.played, "complete": self.complete,
                "best": self.moves[0].comparison.move.notation() if self.moves else None,
                "moves": [move.to_json() for move in self.moves], "time_ms": self.time_ms}


def root_moves(position: Any, moves: Sequence[Any] | None) -> list[Any]:
    """The moves to roll out: every legal move, or the ones given (as the legal-move list
    writes them, ``Game.legal_form``). Raises NotationError for a finished deal or a draw under
    way (no one chooses), IllegalMoveError naming ``moves[i]`` for a move that is not legal or
    is given twice."""
    game = game_for(position)
    legal = game.legal_moves(position)
    if not legal:
        state = "the deal is over" if game.is_over(position) else "a draw is under way (its cards come by chance)"
        raise NotationError("position", f"{state}: there is no move to roll out")
    if moves is None:
        return legal
    chosen: list[Any] = []
    for index, move in enumerate(moves):
        named = game.legal_form(position, move)
        if named is None:
            raise IllegalMoveError(f"moves[{index}]", f"{move.notation()} is not legal here "
                                   f"(legal: {', '.join(m.notation() for m in legal)})")
        if named in chosen:
            raise IllegalMoveError(f"moves[{index}]", f"{named.notation()} is given twice")
        chosen.append(named)
    if not chosen:
        raise IllegalMoveError("moves", "no move to roll out")
    return chosen


def rollout(position: Any, moves: Sequence[Any] | None = None, games: int = DEFAULT_GAMES,
            bot: Any = None, seed: int = DEFAULT_SEED, workers: int = 1,
            progress: Progress | None = None, stop: Stop | None = None, cluster: Cluster | None = None,
            played: dict[int, Payoffs] | None = None) -> RolloutResult:
    """Roll out ``moves`` (default: every legal move) of ``position`` (of any game) ``games``
    times each with ``bot`` (a spec, or the game's bot to play in this process; default the
    game's ``rollout_bot``) on ``workers`` processes, or on ``cluster`` (runs of rounds as
    pieces). ``played``: rounds already played (by index), which are not played again; the new
    ones are added to it. ``progress`` is told of each round as it finishes (its index and each
    move's payoffs); ``stop``, asked before every action in this process (between rounds with
    workers; on a cluster between results, the pieces under way then stopping between two
    actions), ends the rollout when it returns True, the unfinished rounds dropped. Raises
    BotSpecError, NotationError, IllegalMoveError and ValueError for bad arguments."""
    game = game_for(position)
    chosen = root_moves(position, moves)
    spec = game.rollout_bot if bot is None else bot
    player = game.make_bot(spec) if isinstance(spec, str) else spec
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES}, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    started = time.perf_counter()
    played = {} if played is None else played
    rounds = [index for index in range(games) if index not in played]
    told = _Told(played, progress)
    if cluster is not None:
        _on_cluster(game, position, chosen, rounds, _WorkerBot.of(game, player), seed, cluster, told, stop)
    elif workers == 1:
        _in_process(partial(game.play_round, position, chosen, seed=seed), rounds, player, told, stop)
    else:
        _in_pool(partial(game.play_round, position, chosen, seed=seed), rounds, _WorkerBot.of(game, player), workers,
                 told, stop)
    return rollout_result(position, chosen, player.spec, seed, games, played, (time.perf_counter() - started) * 1000)


def rollout_result(position: Any, moves: Sequence[Any], bot: str, seed: int, games: int,
                   played: Mapping[int, Payoffs], time_ms: float) -> RolloutResult:
    """The result of the rounds ``played`` (by index: each move's payoffs, in the order of
    ``moves``): the moves compared on the payoff of the player to act, best first, each with
    every player's mean."""
    game = game_for(position)
    columns = [round_ for _, round_ in sorted(played.items())]
    if not columns:
        return RolloutResult(game, position, bot, seed, games, 0, (), round(time_ms, 3))
    mover = game.to_act(position)
    assert mover is not None  # root_moves refused a position where no one chooses
    per_move = {move: [column[i] for column in columns] for i, move in enumerate(moves)}
    comparisons = compare({move: [paid[mover] for paid in games_] for move, games_ in per_move.items()})
    rolled = tuple(RolledOutMove(comparison, tuple(
        PlayerMean.of([paid[player] for paid in per_move[comparison.move]]) for player in range(game.players)))
        for comparison in comparisons)
    return RolloutResult(game, position, bot, seed, games, len(columns), rolled, round(time_ms, 3))


class _Told:
    """Keeps each round's payoffs in ``played`` and tells ``progress``."""

    def __init__(self, played: dict[int, Payoffs], progress: Progress | None) -> None:
        self.played, self.progress = played, progress

    def __call__(self, index: int, payoffs: Payoffs) -> None:
        self.played[index] = payoffs
        if self.progress is not None:
            self.progress(index, payoffs)


def _in_process(play: RoundPlayer, rounds: Sequence[int], bot: Any, told: _Told, stop: Stop | None) -> None:
    for index in rounds:
        try:
            payoffs = play(index, bot, stop=stop)
        except Stopped:
            break
        told(index, payoffs)


def _in_pool(play: RoundPlayer, rounds: Sequence[int], bot: _WorkerBot, workers: int, told: _Told,
             stop: Stop | None) -> None:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(_play, play, index, bot): index for index in rounds}
        try:
            for future in as_completed(futures):
                told(futures[future], future.result())
                if stop is not None and stop():
                    break
        finally:
            pool.shutdown(cancel_futures=True)


def _on_cluster(game: Game[Any, Any, Any], position: Any, moves: Sequence[Any], rounds: Sequence[int],
                bot: _WorkerBot, seed: int, cluster: Cluster, told: _Told, stop: Stop | None) -> None:
    """The rounds on ``cluster``, a run of them to a piece, each piece playing about PIECE_S
    (``eights.cluster.run_stoppable``): the first runs are of one round, a run twice as long after
    each piece that played all of its own (at most MAX_RUN), and the rounds a piece left
    are played by the next. When ``stop`` says so, the pieces under way stop between two
    actions and give back the rounds they finished."""
    text = game.notation(position)
    notations = [move.notation() for move in moves]
    left = deque(rounds)
    size = 1

    def next_piece() -> tuple[Any, ...] | None:
        run = [left.popleft() for _ in range(min(size, len(left)))]
        return (text, notations, run, bot, seed) if run else None

    for piece, played in run_stoppable(cluster, play_rounds_on_worker, next_piece,
                                       f"eights-rollout-{uuid.uuid4().hex}", PIECE_S, stop or (lambda: False)):
        run = piece[2]
        for index, payoffs in zip(run, played):
            told(index, payoffs)
        left.extendleft(reversed(run[len(played):]))
        if len(played) == len(run):
            size = min(2 * size, MAX_RUN)


def play_rounds_on_worker(position: str, moves: Sequence[str], rounds: Sequence[int], bot: _WorkerBot, seed: int,
                          halt: Halt) -> list[Payoffs]:
    """``Game.play_round`` of ``rounds`` in order in a cluster's worker process, with that
    process's ``bot``, until ``halt`` says to give back what was played: the payoffs of the
    rounds played, the first of ``rounds`` (at least one, unless the run was stopped)."""
    game = find_game(bot.game)
    start = game.read_position(position)
    chosen = [game.read_move(move, f"moves[{index}]") for index, move in enumerate(moves)]
    player, halting = bot.made(), halt.started()
    played: list[Payoffs] = []
    for index in rounds:
        if played and halting.spent():
            break
        try:
            played.append(game.play_round(start, chosen, index, player, seed, stop=halting.stopped))
        except Stopped:
            break
    return played


@dataclass(frozen=True)
class _WorkerBot:
    """What a worker process needs to make the rollout's bot: its game's name, its spec, and
    the cap on a move's search that the caller's bot had (a service's limit), if any."""

    game: str
    spec: str
    time_cap_ms: float | None

    @classmethod
    def of(cls, game: Game[Any, Any, Any], bot: Any) -> _WorkerBot:
        """The game, the spec and the present time cap of ``bot``."""
        cap = getattr(bot, "time_cap", None)
        return cls(game.name, bot.spec, None if cap is None else cap())

    def made(self) -> Any:
        """This process's bot, made once per game, spec and cap (a solver bot's table stays with it)."""
        return _worker_bot(self.game, self.spec, self.time_cap_ms)


@functools.lru_cache(maxsize=WORKER_BOTS)
def _worker_bot(game_name: str, spec: str, time_cap_ms: float | None) -> Any:
    """A worker process's bot of ``spec`` in the game named ``game_name``, its moves searched for at most ``time_cap_ms``."""
    game = find_game(game_name)
    bot = game.make_bot(spec)
    return bot if time_cap_ms is None else game.capped_bot(bot, lambda: time_cap_ms)


def _play(play: RoundPlayer, index: int, bot: _WorkerBot) -> Payoffs:
    return play(index, bot.made())
