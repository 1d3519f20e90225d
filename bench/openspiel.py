"""eights' bots against OpenSpiel's MCTSBot at OpenSpiel's own ``crazy_eights``, pyspiel applying
every action.

    python -m eights.bench.openspiel [--games 20] [--time-ms 100] [--players 2] [--seed 1]
                                     [--special-cards] [--bots solver,fair,rollout,rollout-view] [--samples 8] [--uct-c 2]
                                     [--opponent mcts|ismcts] [--workers 1] [--first-group 0]
                                     [--out RECORDS] [--minutes M]
    python -m eights.bench.openspiel --table RECORDS [RECORDS ...]

Two eights bots, each in its own games: the solver bot (``solver:time=MS``: the native core's
max-n on ``position_from_state``, every hand seen, the stock's order never: as MCTSBot, which
searches the true state and samples the draws) and the fair bot (``fair:time=MS,samples=N``:
it sees only its seat's view, built from what pyspiel shows that seat: ``seat_position``); with
``--bots rollout,rollout-view`` also the rollout bot (``rollout:time=MS``: every move played
out by the heuristic, every hand seen) and the same from its seat's view
(``rollout:time=MS,samples=N``, ``seat_position`` as the fair bot's). The
opponent in every other seat is ``pyspiel.MCTSBot`` with ``pyspiel.RandomRolloutEvaluator``
(one random rollout a leaf), UCT constant ``--uct-c``.

Time: each side gets ``--time-ms`` a decision, by the wall clock: the eights bots by their
own time limit, MCTSBot by its ``max_wall_clock_time`` (looked at before each simulation; its
simulations' cap out of reach), its simulations counted as its search root's visits. An 8 is
one decision for eights' bots and two for MCTSBot (the card, then the suit: it gets the time
twice). A decision with one legal action is played unsearched by both sides. With
``--opponent ismcts`` the opponent is OpenSpiel's ISMCTSBot on the wrapper game
(``eights.bench.openspiel_ismcts``), its simulations set from a timed probe.

Pairing: a group is one game a seat for the eights bot (``--players`` games, MCTSBot in the
other seats), and every game of a group has the same chance outcomes as far as the cards
allow: the bench drives pyspiel's chance nodes itself (``ChanceOrder``): the dealer from the
group's seed, every card from one seeded order of the deck, the next legal card in that order
each time (so the deal is the same, and each draw brings the first card of the order still in
the stock). The table gives, for each eights bot, its mean return per game and MCTSBot's
(per seat), the mean of the difference (eights' return less the mean of MCTSBot's seats in
the game) with its 95% interval over the groups (the independent units), the sign test of
the groups won and lost, and the mean time a decision of either side took.

Runs in chunks: ``--out`` appends each group's record (a JSON line) as it ends, and a run with
the same ``--out`` skips the groups recorded there, so a run stopped (``--minutes``: begin no
group after) goes on where it stopped; ``--table`` pools records (each group once) into a
table per setting. ``--workers`` plays groups in that many processes (the pairing is the
groups', unchanged).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, TextIO

from eights.extras import require

require("python -m eights.bench.openspiel", "test", "pyspiel", "tqdm")  # one line, not a traceback

import pyspiel
from tqdm import tqdm

from eights.engine.openspiel_seat import seat_position
from eights.engine.openspiel import DEALER_BASE, move_actions, position_from_state, rules_of
from eights.games import Game, find_game
from eights.play.paired import derive
from eights.play.stats import mean_interval, sign_test
from eights.bench.openspiel_clock import Clock

BOTS = ("solver", "fair", "rollout", "rollout-view")
OPPONENTS = {"mcts": "pyspiel.MCTSBot", "ismcts": "open_spiel.python ISMCTSBot"}
MAX_SIMULATIONS = 10**9  # MCTSBot's cap, never reached: its wall clock stops it
UCT_C = 2.0  # OpenSpiel's examples' default
MCTS_MEMORY_MB = 500
DEFAULT_SAMPLES = 8


def load(players: int, special_cards: bool) -> Any:
    """pyspiel's ``crazy_eights`` with ``players`` and special cards or not (the other
    parameters at pyspiel's defaults: no reshuffle)."""
    return pyspiel.load_game("crazy_eights", {"players": players, "use_special_cards": special_cards})


class ChanceOrder:
    """The chance outcomes of a group's games: the dealer, then each card the next legal one
    (cyclically) in one seeded order of the 52 card ids, so that games dealt from the same
    seed begin alike and draw alike while their stocks hold the same cards."""

    def __init__(self, seed: int, players: int) -> None:
        rng = random.Random(seed)
        self.dealer = rng.randrange(players)
        self.order = list(range(52))
        rng.shuffle(self.order)
        self.at = 0

    def outcome(self, state: Any) -> int:
        """The action to apply at chance node ``state``."""
        legal = {action for action, _ in state.chance_outcomes()}
        if DEALER_BASE + self.dealer in legal and min(legal) >= DEALER_BASE:
            return DEALER_BASE + self.dealer
        for step in range(52):
            card = self.order[(self.at + step) % 52]
            if card in legal:
                self.at = (self.at + step + 1) % 52
                return card
        raise ValueError(f"no card of the deck is a chance outcome here: {sorted(legal)}")


class MctsPlayer:
    """pyspiel's MCTSBot with random rollouts, searching ``time_ms`` a decision: its own wall
    clock limit (``max_wall_clock_time``, looked at before each simulation; the simulations'
    cap out of reach), the simulations counted as its search tree's root visits."""

    def __init__(self, game: Any, time_ms: float, seed: int, uct_c: float) -> None:
        self.game, self.time_ms, self.uct_c = game, time_ms, uct_c
        self.rng = random.Random(seed)
        self.clock = Clock()

    def act(self, state: Any) -> None:
        """Search ``state`` and apply the action chosen (MCTSBot's ``step``: the most visited child)."""
        start = time.perf_counter()
        seed = self.rng.getrandbits(31)
        bot = pyspiel.MCTSBot(self.game, pyspiel.RandomRolloutEvaluator(1, seed), self.uct_c, MAX_SIMULATIONS,
                              MCTS_MEMORY_MB, False, seed, False, pyspiel.ChildSelectionPolicy.UCT, self.time_ms / 1000)
        root = bot.mcts_search(state)
        self.clock.count(time.perf_counter() - start, root.explore_count)
        state.apply_action(root.best_child().action)


class EightsPlayer:
    """An eights bot of ``game`` (the ``openspiel`` preset of pyspiel's game, ``eights.games``) at a
    pyspiel table: the solver bot reads the whole state (``position_from_state``), the fair bot a
    position made from its seat's view alone (``seat_position``; the bot reads only the view of
    it); the move is applied as pyspiel's actions (an 8 and its suit are two)."""

    def __init__(self, game: Game[Any, Any, Any], bot: Any, seed: int) -> None:
        self.game, self.bot = game, bot
        self.own_view = getattr(bot, "samples", None) is not None  # the fair bot, the rollout bot from its view
        bot.new_game(seed)
        self.clock = Clock()

    def act(self, state: Any) -> None:
        """Choose a move and apply its actions."""
        start = time.perf_counter()
        seat = state.current_player()
        position = seat_position(state, seat) if self.own_view else position_from_state(state)
        move = self.bot.choose(position, self.game.legal_moves(position))
        self.clock.count(time.perf_counter() - start)
        for action in move_actions(move):
            state.apply_action(action)


def play_game(game: Any, players: list[Any], chance: ChanceOrder) -> list[float]:
    """A game played out, ``players[s]`` at seat s; the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.outcome(state))
        elif len(state.legal_actions()) == 1:
            state.apply_action(state.legal_actions()[0])
        else:
            players[state.current_player()].act(state)
    return list(state.returns())


@dataclass(frozen=True)
class Setting:
    """What a run's games share (its records say it, and only records of one setting pool)."""

    time_ms: float
    players: int
    special_cards: bool = False
    samples: int = DEFAULT_SAMPLES
    uct_c: float = UCT_C
    opponent: str = "mcts"

    def label(self) -> str:
        """One line naming the setting."""
        return (f"crazy_eights, {self.players} players, special cards {'on' if self.special_cards else 'off'}, "
                f"{self.time_ms:g} ms a decision, against {OPPONENTS[self.opponent]}")


def opponent_player(setting: Setting, game: Any, seed: int) -> Any:
    """The opponent of the eights bot in the other seats: MCTSBot, or ISMCTSBot on the wrapper game."""
    if setting.opponent == "ismcts":
        from eights.bench.openspiel_ismcts import IsmctsPlayer  # pyspiel's game registry gains the wrapper

        return IsmctsPlayer(game, setting.time_ms, seed, setting.uct_c)
    return MctsPlayer(game, setting.time_ms, seed, setting.uct_c)


@functools.cache
def _game(players: int, special_cards: bool) -> Any:
    return load(players, special_cards)


def eights_game(setting: Setting) -> Game[Any, Any, Any]:
    """The eights game of the setting's pyspiel game (the ``openspiel`` preset with its parameters)."""
    return find_game(rules_of(_game(setting.players, setting.special_cards).get_parameters()).name)


def play_group(setting: Setting, name: str, seed: int, group: int) -> dict[str, Any]:
    """Group ``group`` of the run seeded ``seed``: the eights bot ``name`` once in each seat, the
    games' chance outcomes alike (``ChanceOrder``); its record (JSON-ready): the setting, the
    bot, the seed and group, per game eights' return and the mean of the opponent's seats, and
    both sides' clocks (decisions, seconds, simulations)."""
    game = _game(setting.players, setting.special_cards)
    eights_clock, opponent_clock = Clock(), Clock()
    eights_returns, opponent_returns = [], []
    for seat in range(setting.players):
        game_seed = derive(seed, "group", group, "seat", seat)
        ours = eights_game(setting)
        eights = EightsPlayer(ours, make_bot(ours, name, setting.time_ms, setting.samples), game_seed)
        opponent = opponent_player(setting, game, game_seed)
        table = [eights if other == seat else opponent for other in range(setting.players)]
        returns = play_game(game, table, ChanceOrder(derive(seed, "group", group), setting.players))
        eights_returns.append(returns[seat])
        opponent_returns.append(statistics.fmean(r for other, r in enumerate(returns) if other != seat))
        eights_clock.add(eights.clock)
        opponent_clock.add(opponent.clock)
    return {"setting": asdict(setting), "bot": eights.bot.spec, "seed": seed, "group": group,
            "eights": eights_returns, "opponent": opponent_returns,
            "eights_clock": asdict(eights_clock), "opponent_clock": asdict(opponent_clock)}


@dataclass
class Result:
    """One eights bot's groups against the opponent, in one setting: per game eights' return
    and the mean of the opponent's seats, per group the mean difference, and both clocks."""

    spec: str
    setting: Setting
    eights: list[float] = field(default_factory=list)
    opponent: list[float] = field(default_factory=list)
    group_differences: list[float] = field(default_factory=list)
    eights_clock: Clock = field(default_factory=Clock)
    opponent_clock: Clock = field(default_factory=Clock)
    groups: set[tuple[int, int]] = field(default_factory=set)

    def add(self, record: dict[str, Any]) -> None:
        """Pool a group's record (each (seed, group) once: a group played twice is refused)."""
        key = (record["seed"], record["group"])
        if key in self.groups:
            raise ValueError(f"group {key[1]} of seed {key[0]} of {self.spec} is in the records twice")
        self.groups.add(key)
        self.eights += record["eights"]
        self.opponent += record["opponent"]
        self.group_differences.append(statistics.fmean(e - o for e, o in zip(record["eights"], record["opponent"])))
        self.eights_clock.add(Clock(**record["eights_clock"]))
        self.opponent_clock.add(Clock(**record["opponent_clock"]))

    def row(self) -> dict[str, Any]:
        """The table's row: means, the difference's 95% interval, the sign test, the clocks."""
        difference = mean_interval(self.group_differences)
        wins = sum(d > 0 for d in self.group_differences)
        losses = sum(d < 0 for d in self.group_differences)
        return {"bot": self.spec, "games": len(self.eights), "eights": statistics.fmean(self.eights),
                "opponent": statistics.fmean(self.opponent), "difference": difference.mean,
                "ci95": (difference.low, difference.high), "groups": f"{wins}-{losses}",
                "sign_p": sign_test(wins, losses), "eights_ms": self.eights_clock.mean_ms,
                "opponent_ms": self.opponent_clock.mean_ms, "eights_longest_ms": 1000 * self.eights_clock.longest,
                "opponent_longest_ms": 1000 * self.opponent_clock.longest,
                "opponent_simulations": self.opponent_clock.simulations / max(1, self.opponent_clock.decisions)}


def make_bot(game: Game[Any, Any, Any], name: str, time_ms: float, samples: int) -> Any:
    """The eights bot ``name`` of ``game`` at ``time_ms`` a move: ``solver``, ``fair`` (of ``samples``
    samples), ``rollout`` (the heuristic's playouts of every move, every hand seen) or
    ``rollout-view`` (the same on ``samples`` deals drawn from its seat's view)."""
    spec = {"solver": f"solver:time={time_ms:g}", "fair": f"fair:time={time_ms:g},samples={samples}",
            "rollout": f"rollout:time={time_ms:g}", "rollout-view": f"rollout:time={time_ms:g},samples={samples}"}[name]
    return game.make_bot(spec)


def pooled(records: Iterable[dict[str, Any]]) -> list[Result]:
    """The records pooled into one result per (setting, bot): the settings in the order first
    met, the bots in ``BOTS``' order."""
    results: dict[tuple[Setting, str], Result] = {}
    for record in records:
        setting = Setting(**record["setting"])
        key = (setting, record["bot"])
        if key not in results:
            results[key] = Result(record["bot"], setting)
        results[key].add(record)
    settings = list(dict.fromkeys(setting for setting, _ in results))
    return sorted(results.values(), key=lambda result: (settings.index(result.setting),
                                                        BOTS.index(result.spec.split(":")[0])))


def record_key(setting: Setting, spec: str, seed: int, group: int) -> tuple[Any, ...]:
    """What names a group's record: a run appending to records skips the groups they hold."""
    return (setting, spec, seed, group)


def run(bots: Sequence[str], games: int, setting: Setting, seed: int, first_group: int = 0, workers: int = 1,
        progress: bool = True, out: TextIO | None = None, recorded: Iterable[dict[str, Any]] = (),
        minutes: float | None = None) -> list[Result]:
    """Each bot's ``games`` games (whole groups of ``players`` games: groups ``first_group`` on)
    against the opponent, ``workers`` processes playing groups at once; each group's record is
    written to ``out`` (a JSON line) as it ends. The groups ``recorded`` holds are not played
    again (they are pooled with the new ones); after ``minutes`` no group is begun (those begun
    end), so that a run in chunks stops in time and goes on later where it stopped."""
    groups = range(first_group, first_group + max(1, math.ceil(games / setting.players)))
    records = [record for record in recorded if Setting(**record["setting"]) == setting
               and record["bot"].split(":")[0] in bots and record["seed"] == seed and record["group"] in groups]
    held = {record_key(setting, record["bot"], seed, record["group"]) for record in records}
    tasks = [(setting, name, seed, group) for group in groups for name in bots  # the bots alike when a run stops
             if record_key(setting, make_bot(eights_game(setting), name, setting.time_ms, setting.samples).spec,
                           seed, group) not in held]
    stop_at = None if minutes is None else time.monotonic() + 60 * minutes
    with tqdm(total=len(tasks) * setting.players, unit="game", disable=not progress or None, file=sys.stderr) as bar:
        def done(record: dict[str, Any]) -> None:
            records.append(record)
            if out is not None:
                out.write(json.dumps(record) + "\n")
                out.flush()
            bar.update(setting.players)

        def in_time() -> bool:
            return stop_at is None or time.monotonic() < stop_at

        pending = iter(tasks)
        if workers == 1:
            for task in pending:
                if not in_time():
                    break
                done(play_group(*task))
        else:
            with ProcessPoolExecutor(workers) as pool:
                running = {pool.submit(play_group, *task) for task in itertools.islice(pending, workers)}
                while running:
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        done(future.result())
                        task = next(pending, None) if in_time() else None
                        if task is not None:
                            running.add(pool.submit(play_group, *task))
    return pooled(sorted(records, key=lambda record: record["group"]))


def table(results: Sequence[Result]) -> str:
    """The results as a Markdown table."""
    lines = ["| eights bot | games | eights' return | opponent's return | difference (95% CI) | groups won-lost "
             "| sign test p | ms a decision (eights / opponent) | longest decision, ms (eights / opponent) "
             "| opponent's simulations a decision |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        row = result.row()
        low, high = row["ci95"]
        lines.append(f"| `{row['bot']}` | {row['games']} | {row['eights']:.1f} | {row['opponent']:.1f} "
                     f"| {row['difference']:+.1f} ({low:+.1f} to {high:+.1f}) | {row['groups']} | {row['sign_p']:.3g} "
                     f"| {row['eights_ms']:.0f} / {row['opponent_ms']:.0f} "
                     f"| {row['eights_longest_ms']:.0f} / {row['opponent_longest_ms']:.0f} "
                     f"| {row['opponent_simulations']:.0f} |")
    return "\n".join(lines)


def tables(results: Sequence[Result]) -> str:
    """A table per setting, under its label."""
    settings = list(dict.fromkeys(result.setting for result in results))
    return "\n\n".join(setting.label() + "\n" + table([r for r in results if r.setting == setting])
                        for setting in settings)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.openspiel", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each eights bot (whole groups of --players)")
    parser.add_argument("--time-ms", type=float, default=100.0, help="time a decision, each side (default 100)")
    parser.add_argument("--players", type=int, default=2, help="players (2 to 8; default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--special-cards", action="store_true", help="crazy_eights' use_special_cards")
    parser.add_argument("--bots", default="solver,fair",
                        help="eights bots, comma-separated: solver, fair, rollout, rollout-view (default solver,fair)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help="the fair bot's (and rollout-view's) samples a move")
    parser.add_argument("--uct-c", type=float, default=UCT_C, help="the opponent's UCT constant (default 2)")
    parser.add_argument("--opponent", default="mcts", help="mcts (pyspiel.MCTSBot, default) or ismcts (OpenSpiel's Python ISMCTSBot on the wrapper game)")
    parser.add_argument("--first-group", type=int, default=0, help="the first group to play (to go on from a run)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing groups at once (default 1)")
    parser.add_argument("--out", help="append each group's record to this file (JSON lines) as it ends; "
                        "the groups it holds already are not played again")
    parser.add_argument("--minutes", type=float, help="begin no group after this many minutes (the run goes on "
                        "later with the same --out)")
    parser.add_argument("--table", nargs="+", metavar="RECORDS",
                        help="play nothing: pool these files' records (a table per setting) and print the tables")
    args = parser.parse_args(argv)
    if args.table:
        try:
            results = pooled(json.loads(line) for path in args.table for line in open(path) if line.strip())
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--table: {error}")
        print(tables(results))
        return 0
    bots = [name.strip() for name in args.bots.split(",")]
    unknown = [name for name in bots if name not in BOTS]
    if unknown or args.games < 1 or args.time_ms <= 0 or not 2 <= args.players <= 8 or args.samples < 1:
        parser.error(f"--bots takes {', '.join(BOTS)}; --games, --time-ms and --samples above 0; --players 2 to 8")
    if (args.opponent not in OPPONENTS or args.first_group < 0 or args.workers < 1
            or (args.minutes is not None and args.minutes <= 0)):
        parser.error(f"--opponent takes {' or '.join(OPPONENTS)}; --first-group 0 or more; --workers 1 or more; "
                     "--minutes above 0")
    setting = Setting(args.time_ms, args.players, args.special_cards, args.samples, args.uct_c, args.opponent)
    try:
        recorded = [json.loads(line) for line in open(args.out) if line.strip()] if args.out and os.path.exists(args.out) else []
    except (OSError, ValueError) as error:
        parser.error(f"--out: {error}")
    out = open(args.out, "a") if args.out else None
    try:
        results = run(bots, args.games, setting, args.seed, args.first_group, args.workers, out=out,
                      recorded=recorded, minutes=args.minutes)
    finally:
        if out is not None:
            out.close()
    print(f"{setting.label()}, seed {args.seed}, groups {args.first_group} on")
    print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
