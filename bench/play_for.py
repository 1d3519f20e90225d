"""Match-aware play against points play (issue #40's third target): from late-game states, a
bot playing each deal for the game (``solver:...,play_for=game``) against the same bot playing
for its points, on paired deals.

Each state is a deal (13 or 14: three or two deals left) and player 0's lead (-80 ... +80),
drawn from ``--seed``. Its remaining deals are played twice from the same seed (the same deals,
the draws drawn alike until the play differs): the game bot as player 0 and the points bot as
player 1, then the other way round; each bot is told every deal's game context
(``SolverBot.play_in``). The game bot's share of the games won (a draw 1/2), with the 95%
interval over the states' pairs, is what the target asks above 50%; the points it gives up a
deal, and the chance of winning the points bot gives up, are what each objective costs in the
other's terms.

    python -m eights.bench.play_for --states 400 --seed 1 --horizons spread,mean
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eights.engine.deal import DEALS
from eights.engine.game import GameContext
from eights.engine.match import dealer_seat, play_deal, south_player
from eights.engine.record import Dealt
from eights.play.bots import SolverBot, make_bot
from eights.play.paired import derive
from eights.play.series.play_for import HORIZONS
from eights.play.stats import Interval, mean_interval

LEAD_SPAN = 80
# depth 4, as the tables' self-play; the time only caps a pathological search (a long draw under
# way, enumerated card by card, can hold solver:depth=4 without end), which no other move reaches
DEFAULT_BOT = "solver:time=2000,depth=4"
DEALS_LEFT = (2, 3)


@dataclass(frozen=True)
class State:
    """Before deal ``deal`` (its cube actions aside: the cube plays no part under ``game``), player
    0's ``lead``, and the seed of the deals that follow."""

    deal: int
    lead: int
    seed: int


def states(count: int, seed: int) -> list[State]:
    """``count`` late-game states drawn from ``seed``: two or three deals left, a lead of -80 ... +80."""
    rng = random.Random(seed)
    return [State(DEALS + 1 - rng.choice(DEALS_LEFT), rng.randint(-LEAD_SPAN, LEAD_SPAN), derive(seed, "state", i))
            for i in range(count)]


def play_rest(state: State, players: tuple[SolverBot, SolverBot]) -> tuple[int, int]:
    """Play the game from ``state`` to its end, ``players[p]`` as player p: player 0's final
    lead, and the points player 0 gained in the deals played."""
    rng = random.Random(state.seed)
    lead = state.lead
    for number in range(state.deal, DEALS + 1):
        south = south_player(number)
        dealt = Dealt(number, dealer_seat(number), rng.randrange(2**32))
        for player, bot in enumerate(players):
            bot.new_game(derive(state.seed, "bot", number, player))
            bot.play_in(GameContext.of(number, lead=lead if south == 0 else -lead))
        _, deal_score = play_deal(dealt.position(), [bot.choose for bot in players], rng, (south, 1 - south))
        lead += deal_score.payoff_ns if south == 0 else -deal_score.payoff_ns
    return lead, lead - state.lead


def solver_bot(spec: str) -> SolverBot:
    """The solver bot of ``spec`` (ValueError for another bot: only the solver bot plays for the game)."""
    bot = make_bot(spec)
    if not isinstance(bot, SolverBot):
        raise ValueError(f"{spec}: only the solver bot plays for the game")
    return bot


def won(lead: int) -> float:
    """Player 0's result: 1, 1/2 for a draw, 0."""
    return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0


@dataclass(frozen=True)
class Comparison:
    """The game bot against the points bot over paired states: its share of games won, and its
    points a deal (negative: what playing for the game costs in points)."""

    game_bot: str
    points_bot: str
    states: int
    share: Interval
    points_a_deal: Interval
    each: tuple[tuple[float, float], ...] = ()  # each state's (share, points a deal), where kept


def compare(game_bot: SolverBot, points_bot: SolverBot, chosen: Sequence[State]) -> Comparison:
    """Both orders of every state; the intervals over the states (each a pair of games)."""
    shares, points = [], []
    for state in chosen:
        lead_first, gained_first = play_rest(state, (game_bot, points_bot))
        lead_second, gained_second = play_rest(state, (points_bot, game_bot))
        shares.append((won(lead_first) + 1.0 - won(lead_second)) / 2)
        points.append((gained_first - gained_second) / 2 / (DEALS + 1 - state.deal))
    return Comparison(game_bot.spec, points_bot.spec, len(chosen), mean_interval(shares), mean_interval(points))


def table(comparisons: Sequence[Comparison]) -> list[str]:
    """The comparisons as lines: share won with its interval, the points a deal with theirs."""
    lines = [f"{'game bot':<40} {'states':>6} {'won':>6} {'95% CI':>15}   {'points a deal':>13} {'95% CI':>15}"]
    for c in comparisons:
        lines.append(f"{c.game_bot:<40} {c.states:>6} {c.share.mean:>6.1%} {c.share.low:>6.1%} to {c.share.high:>5.1%}"
                     f"   {c.points_a_deal.mean:>+13.2f} {c.points_a_deal.low:>+6.2f} to {c.points_a_deal.high:>+6.2f}")
    lines.append(f"(against {comparisons[0].points_bot}; each state played twice, the bots' places exchanged)")
    return lines


def arguments(argv: Sequence[str] | None, prog: str, description: str, states_default: int,
              bot_default: str, family: bool = False) -> argparse.Namespace:
    """A play-for bench's arguments: ``--states``, ``--seed``, ``--bot``, ``--horizons``, ``--against``,
    and with ``family`` (classic/2's) ``--workers`` and ``--json``."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--states", type=int, default=states_default, help=f"late-game states (default {states_default})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the states and their deals (default 1)")
    parser.add_argument("--bot", default=bot_default, help=f"the searching bot both play (default {bot_default})")
    parser.add_argument("--horizons", default="spread", help=f"the game bot's horizons, of {', '.join(HORIZONS)}")
    parser.add_argument("--against", help="the game bot's opponent (default: --bot with play_for=points), such as "
                                          "another game bot")
    if family:
        parser.add_argument("--workers", type=int, default=1, help="processes playing the states (default 1)")
        parser.add_argument("--json", type=Path, metavar="FILE",
                            help="write each comparison's states' results (to pair two runs state by state)")
    return parser.parse_args(argv)


def horizons_compared(args: argparse.Namespace, bot_of: Callable[[str], Any],
                      compared: Callable[[Any, Any], Comparison]) -> list[str]:
    """The table of the game bot with each of ``args.horizons`` against the points bot (``args.bot``
    with ``play_for=``, made by ``bot_of``) or ``args.against``, each compared by
    ``compared(game_bot, points_bot)``."""
    points_bot = bot_of(args.against or f"{args.bot},play_for=points")
    return table([compared(bot_of(f"{args.bot},play_for=game,horizon={horizon}"), points_bot)
                  for horizon in args.horizons.split(",")])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparisons and print their table."""
    args = arguments(argv, "python -m eights.bench.play_for", __doc__.split("\n\n")[0], 400, DEFAULT_BOT)
    chosen = states(args.states, args.seed)
    print("\n".join(horizons_compared(args, solver_bot, lambda game_bot, points_bot: compare(game_bot, points_bot, chosen))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
