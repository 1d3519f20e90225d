"""The game's equity tables against simulated games (issue #40's first target), and their plots.

From ``--states`` random states (a deal from 2 to 15, a lead from -150 to +150, a cube of 1, 2
or 4 that the deal allows, its owner), ``--games`` whole games are simulated
(``eights.play.series.simulate``: each deal's payoff drawn from the measured distributions,
the cube played by the tables' policy for ``series``, never for ``game``); the tables' value
must lie inside the simulation's 95% interval (mean +- 1.96 standard errors). By chance alone
about 5% of exact values fall outside: the table says how many did, and the largest |z|.

    python -m eights.bench.series --states 200 --games 4000 --seed 1
    python -m eights.bench.series --plots docs --bootstrap 30   # the docs' plots, the tables' errors

``--policies`` also plays whole games from deal 1 between the tables' cube policy and "never
double, always take", and the best single threshold found (``Threshold``): the tables' player's
mean payoff per game, in points, with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from eights.extras import require
from eights.engine.deal import DEALS
from eights.play.series.payoffs import load
from eights.play.series.simulate import NeverDouble, Policy, Start, TablePolicy, Threshold, simulate
from eights.play.series.tables import LEADS, MIDDLE, PLAYER_0, PLAYER_1, Tables, bootstrap, shipped

Z95 = 1.96
LEAD_SPAN = 150


@dataclass(frozen=True)
class Check:
    """One state: the tables' value and the simulation's mean and standard error."""

    table: str
    start: Start
    value: float
    mean: float
    std_error: float

    @property
    def z(self) -> float:
        """How many standard errors the table's value is from the simulation's mean."""
        return (self.value - self.mean) / self.std_error if self.std_error else 0.0

    @property
    def inside(self) -> bool:
        """Whether the table's value is inside the 95% interval."""
        return abs(self.z) <= Z95


def random_states(count: int, seed: int) -> list[Start]:
    """``count`` states a game can reach: a deal from 2 to 15, a lead within +-LEAD_SPAN, a cube
    of 1, 2 or 4 that so many deals allow, a taker owning a doubled cube."""
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(count):
        deal = int(rng.integers(2, DEALS + 1))
        cube = int(rng.choice([c for c in (1, 2, 4) if c.bit_length() - 1 <= deal - 1]))
        owner = MIDDLE if cube == 1 else int(rng.integers(0, 2))
        states.append(Start(deal, int(rng.integers(-LEAD_SPAN, LEAD_SPAN + 1)), cube, owner))
    return states


def check(tables: Tables, states: Sequence[Start], games: int, seed: int) -> list[Check]:
    """Each state's ``game`` and ``series`` values against simulated games from it."""
    checks = []
    table_policy = TablePolicy(tables)
    for index, start in enumerate(states):
        left = DEALS + 1 - start.deal
        owner = None if start.owner == MIDDLE else start.owner
        plain = simulate(tables, start, (NeverDouble(), NeverDouble()), games, seed + 2 * index)
        cubed = simulate(tables, start, (table_policy, table_policy), games, seed + 2 * index + 1)
        checks.append(Check("game", start, tables.win_chance(left, start.lead), float(plain.won.mean()),
                            float(plain.won.std(ddof=1) / math.sqrt(games))))
        checks.append(Check("series", start, tables.series_value(left, start.lead, start.cube, owner),
                            float(cubed.payoff.mean()), float(cubed.payoff.std(ddof=1) / math.sqrt(games))))
    return checks


def check_lines(checks: Sequence[Check], games: int, shown: int = 8) -> list[str]:
    """The summary of each table and the first ``shown`` states."""
    lines = [f"{'table':<7} {'states':>6} {'inside 95% CI':>13} {'share':>6} {'expected':>8} {'max |z|':>7} "
             f"{'mean z':>7}  ({games} simulated games a state)"]
    for table in ("game", "series"):
        rows = [c for c in checks if c.table == table]
        inside = sum(c.inside for c in rows)
        lines.append(f"{table:<7} {len(rows):>6} {inside:>13} {inside / len(rows):>6.1%} {'95%':>8} "
                     f"{max(abs(c.z) for c in rows):>7.2f} {float(np.mean([c.z for c in rows])):>7.2f}")
    lines.append("")
    lines.append(f"{'table':<7} {'deal':>4} {'lead':>5} {'cube':>5} {'owner':>6} {'DP':>9} {'simulated':>9} "
                 f"{'+-95%':>7} {'z':>6}")
    owners = {PLAYER_0: "0", PLAYER_1: "1", MIDDLE: "middle"}
    for c in checks[:2 * shown]:
        lines.append(f"{c.table:<7} {c.start.deal:>4} {c.start.lead:>5} {c.start.cube:>5} {owners[c.start.owner]:>6} "
                     f"{c.value:>9.3f} {c.mean:>9.3f} {Z95 * c.std_error:>7.3f} {c.z:>6.2f}")
    return lines


def policy_payoff(tables: Tables, mine: Policy, theirs: Policy, games: int, seed: int) -> tuple[float, float]:
    """``mine``'s mean payoff per game against ``theirs`` from deal 1, half the games as
    player 0, and the half-width of its 95% interval."""
    half = games // 2
    as_0 = simulate(tables, Start(1, 0), (mine, theirs), half, seed).payoff
    as_1 = -simulate(tables, Start(1, 0), (theirs, mine), half, seed + 1).payoff
    payoffs = np.concatenate([as_0, as_1])
    return float(payoffs.mean()), Z95 * float(payoffs.std(ddof=1) / math.sqrt(payoffs.size))


def policy_lines(tables: Tables, games: int, seed: int) -> list[str]:
    """The tables' policy against never doubling and against the best single threshold (the
    threshold best against the tables' own policy, on a grid, then measured afresh)."""
    table_policy = TablePolicy(tables)
    grid = [Threshold(points) for points in (5, 10, 15, 20, 25, 30, 40, 50)]
    tried = {policy.points: policy_payoff(tables, policy, table_policy, games // 4, seed + 10)[0] for policy in grid}
    best = Threshold(max(tried, key=lambda points: tried[points]))
    lines = [f"{'opponent of the tables':<46} {'points a game':>13} {'95% CI':>17}  ({games} games from deal 1)"]
    for name, other in (("never double, always take", NeverDouble()),
                        (f"best single threshold ({best.points:g} x sqrt(deals left))", best)):
        mean, half = policy_payoff(tables, table_policy, other, games, seed)
        lines.append(f"{name:<46} {mean:>+13.2f} {f'{mean - half:+.2f} to {mean + half:+.2f}':>17}")
    return lines


def plot(tables: Tables, errors: Sequence[Tables], folder: Path) -> list[Path]:
    """The tables' plots, lead against deals left: the chance of winning, the series equity with
    the cube in the middle, the proper cube action, and the tables' standard errors."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = np.abs(LEADS) <= 300
    leads = LEADS[shown]
    lefts = np.arange(1, DEALS + 1)
    paths = []

    def save(name: str, values: np.ndarray, title: str, label: str, cmap: str, levels: Sequence[float],
             ticks: Sequence[str] = ()) -> None:
        figure, axes = plt.subplots(figsize=(7, 4.5))
        colours = plt.get_cmap(cmap, len(ticks)) if ticks else cmap
        mesh = axes.pcolormesh(lefts, leads, values.T, cmap=colours, shading="nearest")
        if ticks:
            mesh.set_clim(-0.5, len(ticks) - 0.5)
            axes.set_ylim(0, leads.max())
        else:
            contours = axes.contour(lefts, leads, values.T, levels=levels, colors="black", linewidths=0.6)
            axes.clabel(contours, fontsize=7)
        bar = figure.colorbar(mesh, ax=axes, label=label)
        if ticks:
            bar.set_ticks(range(len(ticks)), labels=list(ticks))
        axes.set_xlabel("deals left (this one included)")
        axes.set_ylabel("lead of player 0 (before the deal)")
        axes.set_title(title)
        figure.tight_layout()
        path = folder / name
        figure.savefig(path, dpi=90)
        plt.close(figure)
        paths.append(path)

    game = tables.game[1:, shown]
    save("game-table.png", game, "game: chance that player 0 wins", "chance of winning", "RdBu",
         [0.1, 0.25, 0.5, 0.75, 0.9])
    series = tables.series[1:, 0, MIDDLE][:, shown]
    save("series-table.png", series, "series: equity of player 0, cube 1 in the middle", "points", "RdBu",
         [-200, -100, 0, 100, 200])
    action = cube_actions(tables)[:, shown]
    save("cube-actions.png", action, "player 0's proper cube action, cube 1 in the middle", "", "viridis", [],
         ("No double", "Double, take", "Double, pass", "Too good"))
    if errors:
        spread = np.std([t.game[1:, shown] for t in errors], axis=0)
        save("game-table-error.png", spread, f"game: standard error (bootstrap, {len(errors)} replicates)",
             "standard error", "magma", [0.005, 0.01])
    return paths


def cube_actions(tables: Tables) -> np.ndarray:
    """Player 0's proper action before each deal, cube 1 in the middle, by deals left and lead:
    0 no double, 1 double/take, 2 double/pass, 3 too good to double (a pass), NaN not hers."""
    actions = np.full((DEALS, LEADS.size), np.nan)
    for left in range(1, DEALS):  # a double comes before deals 2 to 15
        no_double = tables.playing[left, 0, MIDDLE]
        take = tables.playing[left, 1, PLAYER_1]
        passes = take >= 200
        doubles = np.minimum(take, 200) > no_double
        row = np.where(passes, np.where(no_double > 200, 3, 2), np.where(doubles, 1, 0)).astype(float)
        actions[left - 1] = np.where(LEADS > 0, row, np.nan)
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    """Print the check's table (and the policies'), and draw the plots when asked; 0 on success."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.series", description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=200, help="random states to check (default 200)")
    parser.add_argument("--games", type=int, default=4000, help="simulated games a state (default 4000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the states and the games (default 1)")
    parser.add_argument("--policies", action="store_true", help="also compare cube policies over whole games")
    parser.add_argument("--plots", type=Path, help="write the tables' plots (PNG) into this folder")
    parser.add_argument("--bootstrap", type=int, default=0, help="replicates of the tables' bootstrap (default 0)")
    args = parser.parse_args(argv)
    if args.plots is not None:
        require("python -m eights.bench.series --plots", "bench", "matplotlib")
    tables = shipped()
    if args.states:
        checks = check(tables, random_states(args.states, args.seed), args.games, args.seed)
        print("\n".join(check_lines(checks, args.games)))
    if args.policies:
        print("\n".join(policy_lines(tables, 20 * args.games, args.seed)))
    errors = bootstrap(load(), args.bootstrap, args.seed) if args.bootstrap else []
    if errors:
        game_error = np.std([t.game for t in errors], axis=0)
        series_error = np.std([t.series[:, 0, MIDDLE] for t in errors], axis=0)
        near = np.abs(LEADS) <= 300
        print(f"bootstrap ({len(errors)} replicates): standard error of game up to {game_error[:, near].max():.4f}, "
              f"of series (cube 1) up to {series_error[:, near].max():.1f} points, for leads within +-300")
    if args.plots is not None:
        for path in plot(tables, errors, args.plots):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
