"""Match-aware play in classic/2's game to 100 points (issue #40 item 7, the third target as
``eights.bench.play_for`` measures it for sce2): from late-game states, the family's solver bot
playing each deal for the game (``solver:...,play_for=game``) against the same bot playing for
its points, on paired deals.

Each state is both seats' winnings (each 40 to 99: the game one to three deals from its end)
and the next deal's dealer, drawn from ``--seed``. The game is played to its end twice from the
same seed (the same deals, the draws alike until the play differs): the game bot in seat 0 and
the points bot in seat 1, then the other way round; each bot is told every deal's game context
(``FamilySolverBot.play_in``). The game bot's share of the games won, with the 95% interval over
the states' pairs, and the points it collects a deal beyond the points bot's.

    python -m eights.bench.target_play_for --states 200 --seed 1 --horizons spread,mean
    python -m eights.bench.target_play_for --states 120 --seed 3 --bot solver:time=100 \
        --against solver:time=100,eval=trained --workers 2 --json FILE

``--against`` names another opponent than the points bot (above: the game bot by time against the
same bot with the trained evaluation, as the search by time played for the game before it took
the playouts), ``--workers`` plays the states over that many processes, and ``--json`` writes each state's result, so
that two runs from one seed pair state by state.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from eights.bench.play_for import Comparison, arguments, horizons_compared
from eights.games import find_game
from eights.play.paired import derive
from eights.play.series.target import TargetContext
from eights.play.series.whole import told_the_game
from eights.play.stats import mean_interval

RULES = "classic/2"
LEAST_WINNINGS = 40
DEFAULT_BOT = "solver:depth=3"
MAX_DEALS = 100  # a game that has not ended by then is not counted (none has: each deal pays someone, nearly)


@dataclass(frozen=True)
class State:
    """Both seats' winnings before the next deal, its dealer, and the seed of the deals that follow."""

    totals: tuple[int, int]
    dealer: int
    seed: int


def states(count: int, seed: int, target: int) -> list[State]:
    """``count`` late-game states drawn from ``seed``: each seat's winnings 40 to ``target`` - 1."""
    rng = random.Random(seed)
    return [State((rng.randint(LEAST_WINNINGS, target - 1), rng.randint(LEAST_WINNINGS, target - 1)),
                  rng.randrange(2), derive(seed, "state", index)) for index in range(count)]


def play_rest(state: State, players: tuple[Any, Any]) -> tuple[tuple[int, int], int]:
    """Play the game from ``state`` to its end, ``players[seat]`` in each seat: the final
    winnings, and the deals played."""
    game = find_game(RULES)
    format_ = game.whole_game_format()
    assert format_ is not None and format_.target is not None
    totals, dealer = state.totals, state.dealer
    for number in range(1, MAX_DEALS + 1):
        position = game.deal(derive(state.seed, "deal", number) % 2**53, dealer)
        rng = random.Random(derive(state.seed, "draws", number))
        for place, bot in enumerate(players):
            bot.new_game(derive(state.seed, "bot", number, place))
            told_the_game(bot, TargetContext(totals))
        while not game.is_over(position):
            seat = game.to_act(position)
            assert seat is not None  # the deal goes on
            position = game.play(position, players[seat].choose(position, game.legal_moves(position)).notation(),
                                 rng).after
        payoff = round(game.payoffs(position)[0])
        totals = (totals[0] + max(payoff, 0), totals[1] + max(-payoff, 0))
        dealer = 1 - dealer
        if max(totals) >= format_.target:
            return totals, number
    raise RuntimeError(f"the game of {state} lasted more than {MAX_DEALS} deals")


def pair(state: State, game_bot: Any, points_bot: Any) -> tuple[float, float]:
    """Both orders of ``state``: the game bot's share of the two games won, and its points a deal
    beyond the other bot's."""
    first, deals_first = play_rest(state, (game_bot, points_bot))
    second, deals_second = play_rest(state, (points_bot, game_bot))
    share = (float(first[0] > first[1]) + float(second[1] > second[0])) / 2
    gained_first = (first[0] - state.totals[0]) - (first[1] - state.totals[1])
    gained_second = (second[1] - state.totals[1]) - (second[0] - state.totals[0])
    return share, (gained_first / deals_first + gained_second / deals_second) / 2


def pairs_of(specs: tuple[str, str], chosen: Sequence[State]) -> list[tuple[float, float]]:
    """``pair`` of each state, by bots made from ``specs`` (a worker's share of the states)."""
    game_bot, points_bot = (solver_bot(spec) for spec in specs)
    return [pair(state, game_bot, points_bot) for state in chosen]


def compare(game_bot: Any, points_bot: Any, chosen: Sequence[State], workers: int = 1) -> Comparison:
    """Both orders of every state (over ``workers`` processes, each with bots of the same specs: a
    state's games depend on it alone, the bots told a seed each deal); the intervals over the
    states (each a pair of games)."""
    specs = (game_bot.spec, points_bot.spec)
    if workers <= 1:
        results = [pair(state, game_bot, points_bot) for state in chosen]
    else:
        results = [(0.0, 0.0)] * len(chosen)
        with ProcessPoolExecutor(workers) as pool:
            for worker, share in enumerate(pool.map(pairs_of, [specs] * workers,
                                                    [chosen[i::workers] for i in range(workers)])):
                results[worker::workers] = share  # back in the states' order
    return Comparison(*specs, len(chosen), mean_interval([share for share, _ in results]),
                      mean_interval([points for _, points in results]), tuple(results))


def solver_bot(spec: str) -> Any:
    """classic/2's bot of ``spec`` (only a solver bot takes ``play_for=``; any bot may be ``--against``)."""
    return find_game(RULES).make_bot(spec)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparisons and print their table."""
    args = arguments(argv, "python -m eights.bench.target_play_for", __doc__.split("\n\n")[0], 200, DEFAULT_BOT,
                     family=True)
    format_ = find_game(RULES).whole_game_format()
    assert format_ is not None and format_.target is not None
    chosen = states(args.states, args.seed, format_.target)
    made: list[Comparison] = []

    def compared(game_bot: Any, points_bot: Any) -> Comparison:
        made.append(compare(game_bot, points_bot, chosen, args.workers))
        return made[-1]

    print("\n".join(horizons_compared(args, solver_bot, compared)))
    if args.json:
        args.json.write_text(json.dumps([{"game_bot": c.game_bot, "against": c.points_bot, "seed": args.seed,
                                          "states": [{"totals": state.totals, "dealer": state.dealer, "share": share,
                                                      "points_a_deal": points}
                                                     for state, (share, points) in zip(chosen, c.each)]}
                                         for c in made], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
