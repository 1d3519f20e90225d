"""Rollouts: each root move of a position played out to the end of the deal, many times, by
a bot playing both sides; the mean payoff of each move and which moves are worse than the
best beyond chance::

    from eights.play.rollout import rollout
    result = rollout(parse_position("N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"),
                     games=1000, bot="solver:depth=3,tt=4", seed=1)
    result.moves[0].move, result.moves[0].interval   # the best move and its 95% interval

Common random numbers (as GNU Backgammon rolls out every candidate with the same dice):
game i of every move is played from the same stock order, the n-th reshuffle orders the
same discard pile the same way, and the bot gets the same seed, all derived from ``seed``
and i. So two moves' games differ only by what the moves do, and the paired differences
(``eights.play.compare``) separate moves with far fewer games than their own spreads would need.
A rollout measures the moves as the bot plays on: a weak bot makes a biased estimate of
the deal's true value (with a solver playing perfectly it is the expectimax value). The
stock is shuffled for every game: a position's ``order`` is not used. The result is the
same wherever the games are played (this process, ``workers`` processes, a Dask cluster).

A position of a game of the family (``eights.engine.family``) is rolled out the same way by
the same function, with a family bot (``eights.play.family.make_family_bot``) in every seat:
``eights.play.family.rollout`` plays its rounds and gives every seat's mean payoff.
"""

from __future__ import annotations

import functools
import time
import uuid
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from typing import Any, Union

from eights.cluster import Cluster, run_stoppable
from eights.cluster.halt import Halt
from eights.engine.errors import IllegalMoveError, NotationError
from eights.engine.family import FamilyMove, FamilyPosition, compact_family, parse_family
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position
from eights.engine.position import Position
from eights.engine.rules import legal_moves, normalised
from eights.play.bots import Bot, DelegatingBot, SearchingBot, make_bot
from eights.play.compare import MoveComparison, compare
from eights.play.family import FamilyBot, make_family_bot
from eights.play.family.capped import capped_family_bot
from eights.play.family.rollout import (
    FamilyRolloutResult,
    Stopped,
    family_root_moves,
    family_rollout_result,
    play_family_round,
)
from eights.play.paired import derive, play_game, reshuffled, with_stock_order
from eights.solver.api import SIDES

# The default bot searches 3 actions deep: as fast as depth 2 (its deals are shorter) and
# stronger, a third of depth 4's time; its 4 MB table empties at every game in a tenth of
# the 64 MB default's time (eights.bench.rollout: 1,000 games of each move of an 8-card deal well
# within a minute on one core).
DEFAULT_BOT = "solver:depth=3,tt=4"
# A family game's default: the heuristic plays every preset's deals to their end, a few ms a game;
# the solver bots (depth 2 and 3) cycle through reshuffles in many classic/2 deals (docs/rollouts.md).
FAMILY_DEFAULT_BOT = "heuristic"
DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
MAX_GAMES = 10_000_000  # games per move: the most a rollout plays (its rounds are listed up front)
PIECE_S = 1.0  # a rollout on a cluster: how long a piece (a run of rounds) plays before giving them back
MAX_RUN = 4096  # the most rounds a piece is given
WORKER_BOTS = 4  # bots a worker process keeps warm, the least recently used dropped (each may hold a table)

Payoffs = list[Any]  # a round's: each move's payoff to the side to act (sce2), or each seat's payoffs (the family)
Progress = Callable[[int, Payoffs], None]  # a round's index, and each move's payoff(s) in it
Stop = Callable[[], bool]
RoundPlayer = Callable[..., Payoffs]
AnyPosition = Position | FamilyPosition
AnyBot = Bot | FamilyBot
AnyResult = Union["RolloutResult", FamilyRolloutResult]


@dataclass(frozen=True)
class RolloutResult:
    """The moves rolled out, best first; ``played`` games each (fewer than the ``games``
    asked for when the rollout was stopped)."""

    position: Position
    bot: str
    seed: int
    games: int
    played: int
    moves: tuple[MoveComparison, ...]
    time_ms: float

    @property
    def complete(self) -> bool:
        """True when every game asked for was played."""
        return self.played == self.games

    @property
    def payoffs_to(self) -> str:
        """Whose payoffs the moves' means are, as the command line writes it."""
        return f"payoffs to {SIDES[self.position.side_to_act]}, the side to act"

    @property
    def comparisons(self) -> tuple[MoveComparison, ...]:
        """The moves compared, best first."""
        return self.moves

    def detail_lines(self) -> list[str]:
        """What the command line writes after the moves compared: nothing more in sce2."""
        return []

    def to_json(self) -> dict[str, Any]:
        """The position, the settings, and each move's mean payoff for the side to act with
        its standard error, 95% interval and paired difference from the best, best first."""
        return {"position": compact(self.position), "side": SIDES[self.position.side_to_act], "bot": self.bot,
                "seed": self.seed, "games": self.games, "played": self.played, "complete": self.complete,
                "best": self.moves[0].move.notation() if self.moves else None,
                "moves": [move.to_json("games") for move in self.moves], "time_ms": self.time_ms}


def root_moves(position: AnyPosition, moves: Sequence[Any] | None) -> list[Any]:
    """The moves to roll out: every legal move, or the ones given (as the legal-move list
    writes them). Raises NotationError for a finished deal, IllegalMoveError naming
    ``moves[i]`` for a move that is not legal or is given twice. (A family position's:
    ``eights.play.family.rollout.family_root_moves``.)"""
    if isinstance(position, FamilyPosition):
        return family_root_moves(position, moves)
    legal = list(legal_moves(position))
    if not legal:
        raise NotationError("position", "the deal is over: there is no move to roll out")
    if moves is None:
        return legal
    chosen: list[Move] = []
    for index, move in enumerate(moves):
        if move.unnamed() not in legal_moves(position):  # the view's test: an 8 that goes out may name a suit
            raise IllegalMoveError(f"moves[{index}]", f"{move.notation()} is not legal here "
                                   f"(legal: {', '.join(m.notation() for m in legal)})")
        move = normalised(position, move.unnamed())
        if move in chosen:
            raise IllegalMoveError(f"moves[{index}]", f"{move.notation()} is given twice")
        chosen.append(move)
    if not chosen:
        raise IllegalMoveError("moves", "no move to roll out")
    return chosen


def rollout(position: AnyPosition, moves: Sequence[Any] | None = None, games: int = DEFAULT_GAMES,
            bot: str | AnyBot | None = None, seed: int = DEFAULT_SEED, workers: int = 1,
            progress: Progress | None = None, stop: Stop | None = None, cluster: Cluster | None = None,
            played: dict[int, Payoffs] | None = None) -> AnyResult:
    """Roll out ``moves`` (default: every legal move) ``games`` times each with ``bot`` (a
    spec, or a bot to play in this process; default the game's: DEFAULT_BOT, or
    FAMILY_DEFAULT_BOT for a position of the family) on ``workers`` processes, or on ``cluster``
    (runs of rounds as pieces). ``played``: rounds already played (by index), which are
    not played again; the new ones are added to it. ``progress`` is told of each round as
    it finishes (its index and each move's payoff); ``stop``, asked before every action in
    this process (between rounds with workers; on a cluster between results, the pieces
    under way then stopping between two actions), ends the rollout when it returns True,
    the unfinished rounds dropped. Raises BotSpecError, NotationError, IllegalMoveError
    and ValueError for bad arguments."""
    chosen = root_moves(position, moves)
    family = isinstance(position, FamilyPosition)
    player = made_bot(default_bot(position) if bot is None else bot, family)
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES}, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    started = time.perf_counter()
    played = {} if played is None else played
    rounds = [index for index in range(games) if index not in played]
    told = _Told(played, progress)
    if cluster is not None:
        _on_cluster(position, chosen, rounds, _WorkerBot.of(player, family), seed, cluster, told, stop)
    elif workers == 1:
        _in_process(partial(any_round, position, chosen, seed=seed), rounds, player, told, stop)
    else:
        _in_pool(partial(any_round, position, chosen, seed=seed), rounds, _WorkerBot.of(player, family), workers, told,
                 stop)
    return rollout_result(position, chosen, player.spec, seed, games, played, (time.perf_counter() - started) * 1000)


def default_bot(position: AnyPosition) -> str:
    """The bot a rollout of ``position`` plays with when none is named: its game's default."""
    return FAMILY_DEFAULT_BOT if isinstance(position, FamilyPosition) else DEFAULT_BOT


def made_bot(bot: str | AnyBot, family: bool) -> Any:
    """``bot`` itself, or the bot its spec names: a family bot (``family``) or sce2's."""
    if not isinstance(bot, str):
        return bot
    return make_family_bot(bot) if family else make_bot(bot)


def any_round(position: AnyPosition, moves: Sequence[Any], index: int, bot: Any, seed: int,
              stop: Stop | None = None) -> Payoffs:
    """Round ``index`` of either game: ``play_round`` of sce2, ``play_family_round`` of the family."""
    if isinstance(position, FamilyPosition):
        return play_family_round(position, moves, index, bot, seed, stop)
    return play_round(position, moves, index, bot, seed, stop)


def rollout_result(position: AnyPosition, moves: Sequence[Any], bot: str, seed: int, games: int,
                   played: Mapping[int, Payoffs], time_ms: float) -> AnyResult:
    """The result of the rounds ``played`` (by index: each move's payoff, in the order of
    ``moves``): the moves compared over those rounds, best first (a family position's:
    ``family_rollout_result``, each seat's mean beside)."""
    if isinstance(position, FamilyPosition):
        return family_rollout_result(position, moves, bot, seed, games, played, time_ms)
    columns = [payoffs for _, payoffs in sorted(played.items())]
    comparisons = compare({move: [column[i] for column in columns] for i, move in enumerate(moves)}) \
        if columns else []
    return RolloutResult(position, bot, seed, games, len(columns), tuple(comparisons), round(time_ms, 3))


def play_round(position: Position, moves: Sequence[Move], index: int, bot: Bot, seed: int,
               stop: Stop | None = None) -> list[int]:
    """Game ``index`` of every move: each move's payoff to the side to act, every game from
    the same stock order and reshuffles, the bot seeded alike."""
    game_seed = derive(seed, "game", index)
    start = with_stock_order(position, game_seed)
    payoffs = []
    for move in moves:
        bot.new_game(derive(game_seed, "bot"))
        opening = _Opening(move, bot, stop)
        game = play_game(start, (opening, opening), partial(reshuffled, game_seed), a_side=position.side_to_act)
        payoffs.append(game.payoff_a)
    return payoffs


class _Opening(DelegatingBot):
    """The bot that makes the root move first, then plays as ``bot`` (both sides), asking
    ``stop`` before every action."""

    def __init__(self, move: Move, bot: Bot, stop: Stop | None) -> None:
        super().__init__(bot)
        self._move: Move | None = move
        self._stop = stop

    def choose(self, position: Position, moves: Sequence[Move]) -> Move:
        """The root move the first time, then the bot's; Stopped when ``stop`` says so."""
        if self._stop is not None and self._stop():
            raise Stopped()
        move, self._move = self._move, None
        return super().choose(position, moves) if move is None else move


class _Told:
    """Keeps each round's payoffs in ``played`` and tells ``progress``."""

    def __init__(self, played: dict[int, Payoffs], progress: Progress | None) -> None:
        self.played, self.progress = played, progress

    def __call__(self, index: int, payoffs: Payoffs) -> None:
        self.played[index] = payoffs
        if self.progress is not None:
            self.progress(index, payoffs)


def _in_process(play: RoundPlayer, rounds: Sequence[int], bot: AnyBot, told: _Told, stop: Stop | None) -> None:
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


def _on_cluster(position: AnyPosition, moves: Sequence[Any], rounds: Sequence[int], bot: _WorkerBot, seed: int,
                cluster: Cluster, told: _Told, stop: Stop | None) -> None:
    """The rounds on ``cluster``, a run of them to a piece, each piece playing about PIECE_S
    (``eights.cluster.run_stoppable``): the first runs are of one round, a run twice as long after
    each piece that played all of its own (at most MAX_RUN), and the rounds a piece left
    are played by the next. When ``stop`` says so, the pieces under way stop between two
    actions and give back the rounds they finished."""
    text = compact_family(position) if isinstance(position, FamilyPosition) else compact(position)
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
    """``any_round`` of ``rounds`` in order in a cluster's worker process, with that
    process's ``bot``, until ``halt`` says to give back what was played: the payoffs of the
    rounds played, the first of ``rounds`` (at least one, unless the run was stopped)."""
    start: AnyPosition = parse_family(position) if bot.family else parse_position(position)
    chosen = [(FamilyMove if bot.family else Move).from_notation(move) for move in moves]
    player, halting = bot.made(), halt.started()
    played: list[Payoffs] = []
    for index in rounds:
        if played and halting.spent():
            break
        try:
            played.append(any_round(start, chosen, index, player, seed, stop=halting.stopped))
        except Stopped:
            break
    return played


@dataclass(frozen=True)
class _WorkerBot:
    """What a worker process needs to make the rollout's bot: its spec, whether it is a
    family bot, and the cap on a move's search that the caller's bot had (a service's
    limit), if any."""

    spec: str
    time_cap_ms: float | None
    family: bool = False

    @classmethod
    def of(cls, bot: AnyBot, family: bool = False) -> _WorkerBot:
        """The spec and the present time cap of ``bot``."""
        cap = getattr(bot, "time_cap", None) if isinstance(bot, SearchingBot) or family else None
        return cls(bot.spec, None if cap is None else cap(), family)

    def made(self) -> Any:
        """This process's bot, made once per spec and cap (a solver bot's table stays with it)."""
        return _worker_bot(self.spec, self.time_cap_ms, self.family)


@functools.lru_cache(maxsize=WORKER_BOTS)
def _worker_bot(spec: str, time_cap_ms: float | None, family: bool = False) -> Any:
    """A worker process's bot of ``spec``, its moves searched for at most ``time_cap_ms``."""
    if family:
        return capped_family_bot(make_family_bot(spec), None if time_cap_ms is None else lambda: time_cap_ms)
    bot = make_bot(spec)
    if isinstance(bot, SearchingBot) and time_cap_ms is not None:
        bot.time_cap = lambda: time_cap_ms
    return bot


def _play(play: RoundPlayer, index: int, bot: _WorkerBot) -> Payoffs:
    return play(index, bot.made())
