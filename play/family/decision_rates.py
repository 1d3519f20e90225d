"""``python -m eights.play.family.decision_rates``: how often a family bot makes the two
choices issue #39 found costly, playing one seat against the heuristic in every other seat
with the seats rotated (the deals of ``python -m eights.bench.strength --rules R --bots SPEC
--fill heuristic --seed S``).

Among the bot's decisions with more than one legal move, it counts the **draws holding a
play** (a draw while a card could be played: the heuristic, which never draws holding a play,
plays there) and the **8s played holding another play** (an 8 shed while an ordinary card
could be played: the heuristic keeps its 8s).

    python -m eights.play.family.decision_rates --rules classic/4 --bot solver:depth=4 --deals 30 --seed 1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from eights.engine.family import FamilyMove, FamilyPosition, Ruleset, parse_rules
from eights.engine.family.moves import DRAW, PASS
from eights.engine.family.ruleset import EIGHT_RANK
from eights.play.family import FamilyBot, make_family_bot
from eights.play.family.seats import play_round


@dataclass
class DecisionRates:
    """The bot's decisions with a choice, and how many of them drew or shed an 8 holding a play."""

    decisions: int = 0
    draws_holding_a_play: int = 0
    eights_holding_a_play: int = 0

    def note(self, moves: Sequence[FamilyMove], chosen: FamilyMove) -> None:
        """Count one decision among ``moves``."""
        plays = [move for move in moves if move.action not in (DRAW, PASS)]
        self.decisions += 1
        self.draws_holding_a_play += chosen.action == DRAW and bool(plays)
        self.eights_holding_a_play += (chosen.card is not None and chosen.card % 13 == EIGHT_RANK
                                       and any(move.card is not None and move.card % 13 != EIGHT_RANK for move in plays))


class Counted:
    """A bot whose decisions with a choice are counted into ``rates``."""

    def __init__(self, bot: FamilyBot, rates: DecisionRates) -> None:
        self.bot, self.rates = bot, rates
        self.spec, self.deterministic = bot.spec, bot.deterministic

    def new_game(self, seed: int) -> None:
        self.bot.new_game(seed)

    def choose(self, position: FamilyPosition, moves: Sequence[FamilyMove]) -> FamilyMove:
        chosen = self.bot.choose(position, moves)
        if len(moves) > 1:
            self.rates.note(moves, chosen)
        return chosen


def decision_rates(rules: Ruleset, spec: str, deals: int, seed: int) -> DecisionRates:
    """The rates of bot ``spec`` over ``deals`` rotated deals of ``seed`` against the heuristic."""
    rates = DecisionRates()
    bots = [Counted(make_family_bot(spec), rates), *(make_family_bot("heuristic") for _ in range(rules.players - 1))]
    for number in range(deals):
        play_round(rules, bots, number, seed)
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eights.play.family.decision_rates", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", required=True, help="a family game (classic/4)")
    parser.add_argument("--bot", required=True, help="the bot's spec (solver:depth=4)")
    parser.add_argument("--deals", type=int, default=30, help="deals, each played once a seat (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    args = parser.parse_args(argv)
    rates = decision_rates(parse_rules(args.rules, "--rules"), args.bot, args.deals, args.seed)
    share = max(1, rates.decisions)
    print(f"{args.rules} {args.bot}: {rates.decisions} decisions with a choice; draws holding a play "
          f"{rates.draws_holding_a_play / share:.1%}; 8s played holding another play {rates.eights_holding_a_play / share:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
