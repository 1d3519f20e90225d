"""The analysis of a whole game (issue #40, item 6): every cube and resignation decision against
the tables, every move against a reference search, in equity, and a rating per player from her
error rate; written once over the one game interface (``eights.games``), so a game of
``classic/2`` to 100 points is analysed by the same code (its moves: it has no cube).

- **Cube decisions** (sce2), before each deal, from the cube hint (``eights.play.series.cube``),
  each error in points of the series to the player who made it, the opponent answering best:
  a *missed double* (she could double, the hint says double, she did not: min(double/take,
  double/pass) - no double), a *wrong double* (she doubled, the hint says not: no double - min
  (double/take, double/pass)), a *wrong take* (double/take - double/pass, to the taker) and a
  *wrong pass* (double/pass - double/take).
- **Resignation decisions**: a *wrong resignation* (an offer accepted that cost the resigner
  more than playing on: the points - the opponent's equity of playing on), a *wrong accept*
  (playing on was worth more than the points) and a *wrong refuse* (the points were worth more).
- **Moves**: each position where the mover had a choice, searched ``depth`` deep by the game's
  solver (double dummy, as ``eights analyse`` does): the error is the best move's value less
  the chosen one's, in the deal's points; in the series' equity it is that times the cube of
  the deal (a first-order conversion: a point of a deal is worth the cube's value at the game's
  end when the game is played out, the case the tables' linear tails describe).
- **The rating** comes from a player's move error rate (points lost a move with a choice),
  placed on a ladder of bots whose rates were measured at the same depth (``LADDERS``: each
  bot's self-play games analysed; ``python -m eights.play.series.review --calibrate`` measures
  them again; ``--rules classic/2`` classic/2's). The words are gnubg's, each band bounded by
  the geometric means of neighbouring bots' rates. sce2 and classic/2 have ladders.

>>> from eights.games import find_game
>>> from eights.play.series.whole import TableCube, bots_deal, play_game
>>> game = find_game("sce2")
>>> played = play_game(game, ("random", "random"), 1, bots_deal(game, ("random", "random"), 1), (TableCube(),) * 2)
>>> analysis = analyse_game(played, depth=2)
>>> analysis.players[0].moves > 0, analysis.players[0].rating in RATINGS
(True, True)
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass, replace
from typing import Any

from eights.engine.game import ACCEPT, DOUBLE, PASS, REFUSE, RESIGN, TAKE, GameContext
from eights.play.series.cube import cube_hint, resignation_hints
from eights.play.series.tables import Tables, shipped
from eights.play.series.target import SHIPPED, shipped_target_table
from eights.play.series.whole import RESIGN_TOLERANCE, PlayedGame, deal_sides
from eights.solver import Solver

SCE2_TABLES = "sce2"  # the game the shipped equity tables (eights.play.series.tables) are of
DEFAULT_DEPTH = 4  # the reference search of the moves: 0.1 s for an sce2 game of 15 deals
MAX_DEPTH = 8
MISSED_DOUBLE, WRONG_DOUBLE, WRONG_TAKE, WRONG_PASS = "missed double", "wrong double", "wrong take", "wrong pass"
WRONG_RESIGNATION, WRONG_ACCEPT, WRONG_REFUSE = "wrong resignation", "wrong accept", "wrong refuse"
ERROR_KINDS = (MISSED_DOUBLE, WRONG_DOUBLE, WRONG_TAKE, WRONG_PASS, WRONG_RESIGNATION, WRONG_ACCEPT, WRONG_REFUSE)
TOLERANCE = 1e-6

# Each game's ladder: bots' move error rates (points a move with a choice, reference depth 4),
# weakest first, measured by ``python -m eights.play.series.review --calibrate --games 4`` (4
# games of each bot against itself, seed 1; docs/game-and-series.md has the table). solver:depth=1
# (5.6) and solver:depth=2 (2.5) are left out: within a standard error or two of random and heuristic.
# classic/2's (a game to 100 points), by ``--calibrate --rules classic/2 --games 6`` (one run a
# bot): random 1.558 (s.e. 0.064), heuristic 1.436 (0.088), solver:depth=3 0.846 (0.124);
# heuristic is left out, within about a standard error of random.
LADDERS: dict[str, tuple[tuple[str, float], ...]] = {
    "sce2": (("random", 5.91), ("heuristic", 2.65), ("solver:depth=3", 1.40)),
    "classic/2": (("random", 1.56), ("solver:depth=3", 0.85)),
}
# gnubg's words, one a rung of the ladder and one beyond its strongest
RATINGS = ("Awful!", "Beginner", "Advanced", "World class")


@dataclass(frozen=True)
class Decision:
    """A cube or resignation decision of ``player`` before deal ``before_deal`` (``kind``: double
    — whether to double, where she may —, take, resign, accept), what she did, the proper action,
    and the error (0 when right), in points of the series, to her."""

    player: int
    before_deal: int
    kind: str
    done: str
    proper: str
    error: float
    error_kind: str | None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "before_deal": self.before_deal, "decision": self.kind, "done": self.done,
                "proper": self.proper, "error": round(self.error, 2), "error_kind": self.error_kind}


@dataclass(frozen=True)
class MoveError:
    """A move of ``player`` in deal ``deal`` (step ``step``, from 0) that lost ``points`` of the
    deal against the reference's best (``best``), ``equity`` in points of the series."""

    player: int
    deal: int
    step: int
    move: str
    best: str
    points: float
    equity: float

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "deal": self.deal, "step": self.step, "move": self.move, "best": self.best,
                "points": round(self.points, 2), "equity": round(self.equity, 2)}


@dataclass(frozen=True)
class PlayerSummary:
    """A player's account: her moves with a choice and their error (deal points, and equity),
    her cube and resignation decisions and their errors (equity) by kind, her error rate and rating."""

    player: int
    name: str
    game: str
    moves: int
    move_error: float
    move_equity: float
    decisions: int
    cube_error: float
    errors_by_kind: dict[str, int]

    @property
    def error_rate(self) -> float:
        """Points lost a move with a choice."""
        return self.move_error / self.moves if self.moves else 0.0

    @property
    def rating(self) -> str | None:
        """gnubg's word for the error rate on the game's ladder (``LADDERS``; None: none measured)."""
        return rating_of(self.error_rate, self.game)

    @property
    def plays_like(self) -> str | None:
        """The bot of the game's ladder whose error rate is nearest (in ratio; None: no ladder)."""
        if self.game not in LADDERS:
            return None
        rate = max(self.error_rate, 1e-9)
        return min(LADDERS[self.game], key=lambda rung: abs(math.log(rate / rung[1])))[0]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "moves": self.moves,
                "move_error": round(self.move_error, 2), "move_error_equity": round(self.move_equity, 2),
                "error_rate": round(self.error_rate, 3), "cube_decisions": self.decisions,
                "cube_error": round(self.cube_error, 2), "errors": self.errors_by_kind,
                "total_equity_error": round(self.move_equity + self.cube_error, 2),
                "rating": self.rating, "plays_like": self.plays_like}


def rating_of(rate: float, game: str = "sce2") -> str | None:
    """The word of ``rate`` (points a move) in ``game``: the band of its ladder the rate falls in,
    each band bounded by the geometric means of neighbouring rungs (the strongest's, by half its
    rate); None for a game with no ladder."""
    if game not in LADDERS:
        return None
    ladder = LADDERS[game]
    bounds = [math.sqrt(a[1] * b[1]) for a, b in zip(ladder, ladder[1:])] + [ladder[-1][1] / 2]
    for word, bound in zip(RATINGS, bounds):
        if rate > bound:
            return word
    return RATINGS[-1]


@dataclass(frozen=True)
class GameAnalysis:
    """A game analysed: its decisions, its move errors (the moves that lost anything), each
    player's summary, the depth of the reference search and the game's outcome."""

    played: PlayedGame
    depth: int
    decisions: tuple[Decision, ...]
    move_errors: tuple[MoveError, ...]
    players: tuple[PlayerSummary, PlayerSummary]
    win_chances: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        played = self.played
        end = played.cube.end
        return {"game": played.game.name, "players": list(played.players), "deals": len(played.deals),
                "leads": list(played.leads), "payoff": played.payoff, "winner": played.winner,
                "ended_by": None if end is None else end.by, "depth": self.depth,
                "win_chances": None if self.win_chances is None else [round(c, 4) for c in self.win_chances],
                "summary": [player.to_json() for player in self.players],
                "cube_decisions": [decision.to_json() for decision in self.decisions],
                "move_errors": [error.to_json() for error in self.move_errors]}

    def text(self, largest: int = 5) -> str:
        """The analysis for a terminal: the game, each player's account, the cube errors, the largest move errors."""
        played, end = self.played, self.played.cube.end
        how = f"ended before deal {end.before_deal} by a {end.by}" if end is not None else f"{len(played.deals)} deals"
        lines = [f"{played.game.name}: {played.players[0]} (player 0) against {played.players[1]}, {how}; "
                 f"player 0's payoff {played.payoff:+d}. Moves searched {self.depth} deep (double dummy).",
                 f"{'player':<22} {'moves':>5} {'error/move':>10} {'moves eq.':>9} {'cube':>4} {'cube eq.':>8}  rating"]
        for player in self.players:
            lines.append(f"{player.name[:22]:<22} {player.moves:>5} {player.error_rate:>10.3f} {player.move_equity:>9.1f} "
                         f"{player.decisions:>4} {player.cube_error:>8.1f}  "
                         + (f"{player.rating} (plays like {player.plays_like})" if player.rating else "no ladder"))
        if self.win_chances is not None:
            lines.append("player 0's chance of winning the game before each deal (the game table): "
                         + " ".join(f"{chance:.0%}" for chance in self.win_chances))
        wrong = [decision for decision in self.decisions if decision.error_kind]
        lines.append("Cube and resignation errors:" if wrong else "Cube and resignation errors: none.")
        for decision in wrong:
            lines.append(f"  before deal {decision.before_deal}: {played.players[decision.player]} {decision.error_kind}"
                         f" ({decision.done}; proper: {decision.proper}), {decision.error:.1f} points of equity")
        worst = sorted(self.move_errors, key=lambda error: -error.equity)[:largest]
        if worst:
            lines.append("Largest move errors:")
            for error in worst:
                lines.append(f"  deal {error.deal} step {error.step}: {played.players[error.player]} {error.move} "
                             f"(best {error.best}), {error.points:.1f} points of the deal, {error.equity:.1f} of equity")
        return "\n".join(lines)


def cube_decisions(played: PlayedGame, tables: Tables | None = None) -> list[Decision]:
    """Every cube and resignation decision of the game, judged by the tables."""
    decisions: list[Decision] = []
    for number in range(1, len(played.deals) + 2):
        if number > len(played.deals) and played.cube.end is None:
            break  # the game went to its end: no decision after the last deal
        actions = [action for action in played.cube_actions if action.before_deal == number]
        sides = deal_sides(played.game, played.seed, number)
        done = 0
        context = played.context(number)
        hint = cube_hint(context, tables)
        if hint.doubler is not None:
            doubler = sides[hint.doubler]
            doubled = bool(actions) and actions[0].action == DOUBLE
            decisions.append(_double(number, doubler, doubled, hint.should_double, hint.no_double,
                                     min(hint.double_take or 0.0, hint.double_pass or 0.0)))
            if doubled:
                taken = actions[1].action == TAKE
                decisions.append(_take(number, 1 - doubler, taken, hint.double_take or 0.0, hint.double_pass or 0.0))
                done = 2
        for offer, answer in zip(actions[done::2], actions[done + 1::2]):
            if offer.action != RESIGN:
                continue
            context = _context_after(played, number, actions[:actions.index(offer)])
            resignation = resignation_hints(context, tables)[sides.index(offer.player)]
            decisions.extend(_resignation(number, offer.player, answer.action == ACCEPT,
                                          resignation.points, resignation.before))
    return decisions


def _context_after(played: PlayedGame, number: int, actions: list[Any]) -> GameContext:
    """The context before deal ``number`` once ``actions`` (before it) are made."""
    earlier = tuple(action for action in played.cube_actions if action.before_deal < number)
    return PlayedGame(played.game, played.players, played.seed, played.deals, (*earlier, *actions)).context(number)


def _double(number: int, player: int, doubled: bool, should: bool, no_double: float, doubling: float) -> Decision:
    kind = None
    error = 0.0
    if doubled and not should:
        kind, error = WRONG_DOUBLE, no_double - doubling
    elif should and not doubled:
        kind, error = MISSED_DOUBLE, doubling - no_double
    return Decision(player, number, DOUBLE, DOUBLE if doubled else "no double",
                    DOUBLE if should else "no double", max(error, 0.0), kind if error > TOLERANCE else None)


def _take(number: int, player: int, taken: bool, take: float, pass_: float) -> Decision:
    """``take`` and ``pass_`` are the doubler's equities: the taker's are their negatives."""
    should_take = take < pass_
    error = abs(take - pass_) if taken != should_take else 0.0
    kind = (WRONG_TAKE if taken else WRONG_PASS) if error > TOLERANCE else None
    return Decision(player, number, TAKE, TAKE if taken else PASS, TAKE if should_take else PASS, error, kind)


def _resignation(number: int, resigner: int, accepted: bool, points: float, before: float) -> list[Decision]:
    """The offer (judged only when accepted: a refused offer changes nothing) and the answer;
    ``before`` is the equity of playing on to the player offered it."""
    should_accept = points >= before
    offer_error = points - before if accepted and points > before else 0.0
    answer_error = abs(points - before) if accepted != should_accept else 0.0
    answer_kind = (WRONG_ACCEPT if accepted else WRONG_REFUSE) if answer_error > TOLERANCE else None
    return [Decision(resigner, number, RESIGN, RESIGN, RESIGN if should_accept and points - before <= RESIGN_TOLERANCE else "play on",
                     offer_error, WRONG_RESIGNATION if offer_error > TOLERANCE else None),
            Decision(1 - resigner, number, ACCEPT, ACCEPT if accepted else REFUSE,
                     ACCEPT if should_accept else REFUSE, answer_error, answer_kind)]


def move_errors(played: PlayedGame, depth: int) -> tuple[list[MoveError], list[int]]:
    """Every move with a choice searched ``depth`` deep: the errors (the moves that lost
    anything) and each player's count of moves with a choice."""
    game, solver = played.game, Solver()
    errors: list[MoveError] = []
    counts = [0, 0]
    for deal in played.deals:
        cube = played.context(deal.number).cube
        position = deal.start
        for index, step in enumerate(deal.steps):
            legal = game.legal_moves(position)
            if len(legal) > 1:
                acting = game.to_act(position)
                assert acting is not None  # a position with legal moves has a hand to act
                player = deal.sides[acting]
                counts[player] += 1
                answer = game.search(position, depth=depth, solver=solver)
                values = {move.notation(): value for move, value in answer.moves}
                chosen = values.get(_asked(step.move), answer.moves[-1][1])
                lost = answer.moves[0][1] - chosen
                if lost > TOLERANCE:
                    errors.append(MoveError(player, deal.number, index, step.move, answer.best.notation(), lost,
                                            lost * cube))
            position = step.after
    return errors, counts


def _asked(played: str) -> str:
    """A step as the legal moves write it: a draw without the cards it brought."""
    return "draw" if played.split(" ")[0] == "draw" else played


def win_chances(played: PlayedGame) -> tuple[float, ...] | None:
    """Player 0's chance of winning the game before each deal played (the ``game`` table: sce2's
    by the lead and the deals left, a target game's by both players' winnings and the dealer);
    None for a game with no table."""
    rules = played.game.whole_game_format()
    if rules is None:
        return None
    numbers = range(1, len(played.deals) + 1)
    if rules.deals is not None:
        tables = shipped() if played.game.name == SCE2_TABLES else None
        if tables is None:
            return None
        return tuple(tables.win_chance(rules.deals + 1 - number, played.leads[number - 1]) for number in numbers)
    if played.game.name not in SHIPPED:
        return None
    table = shipped_target_table(played.game.name)
    return tuple(table.win_chance(*replace(played, deals=played.deals[:number - 1]).winnings, (number - 1) % 2)
                 for number in numbers)  # seat 0 deals the first deal, the deal alternating (target.measure)


def analyse_game(played: PlayedGame, depth: int = DEFAULT_DEPTH, tables: Tables | None = None) -> GameAnalysis:
    """The game's analysis: its cube decisions (a game with the cube) and its moves searched ``depth`` deep."""
    rules = played.game.whole_game_format()
    decisions = cube_decisions(played, tables) if rules is not None and rules.cube else []
    errors, counts = move_errors(played, depth)
    summaries = []
    for player in (0, 1):
        own = [error for error in errors if error.player == player]
        decided = [decision for decision in decisions if decision.player == player]
        summaries.append(PlayerSummary(
            player, played.players[player], played.game.name, counts[player], sum(error.points for error in own),
            sum(error.equity for error in own), len(decided), sum(decision.error for decision in decided),
            {kind: sum(decision.error_kind == kind for decision in decided) for kind in ERROR_KINDS}))
    return GameAnalysis(played, depth, tuple(decisions), tuple(errors), (summaries[0], summaries[1]),
                        win_chances(played))


def calibrate(rules: str, bots: list[str], games: int, depth: int, seed: int) -> list[tuple[str, float, float]]:
    """Each bot's move error rate over ``games`` whole games of ``rules`` (sce2, classic/2)
    against itself (both players analysed), with the standard error over the games: the
    ladder's measure."""
    from eights.games import find_game
    from eights.play.series.whole import TableCube, bots_deal, play_game

    game = find_game(rules)
    measured = []
    for bot in bots:
        rates = []
        for index in range(games):
            played = play_game(game, (bot, bot), seed + index, bots_deal(game, (bot, bot), seed + index),
                               (TableCube(), TableCube()))
            analysis = analyse_game(played, depth)
            moves = sum(player.moves for player in analysis.players)
            rates.append(sum(player.move_error for player in analysis.players) / max(moves, 1))
        spread = statistics.stdev(rates) / math.sqrt(len(rates)) if len(rates) > 1 else float("nan")
        measured.append((bot, statistics.fmean(rates), spread))
    return measured


def main() -> None:
    """``python -m eights.play.series.review --calibrate``: the ladder's error rates measured again."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--calibrate", action="store_true", required=True)
    parser.add_argument("--rules", default="sce2", help="the game whose ladder is measured (sce2, classic/2)")
    parser.add_argument("--bots", default="random,heuristic,solver:depth=1,solver:depth=2,solver:depth=3",
                        help="the bots measured, comma-separated (one run a bot keeps each run short)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'bot':<16} {'error/move':>10} {'s.e.':>6}  ({args.rules}: {args.games} games against itself, "
          f"depth {args.depth}, seed {args.seed})")
    for bot in args.bots.split(","):
        for name, rate, spread in calibrate(args.rules, [bot], args.games, args.depth, args.seed):
            print(f"{name:<16} {rate:>10.3f} {spread:>6.3f}", flush=True)


if __name__ == "__main__":
    main()
