"""sce2's match and its words at the table, behind the game interface (``Sce2Game``): RULES.md
"The match" (15 deals; the players change sides after every two deals, player 0 South and
dealing deal 1), its record (``eights.engine.match.MatchRecord``), and how a person playing
one side (both its hands) is told the moves: each hand named, ``S (your hand)``,
``E (the bot's dummy)``, the cards the other side's concealed hand draws kept hidden.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from eights.engine.cards import CONCEALED, SEATS, SUITS, card_name, count, side_of
from eights.engine.deal import hand_size
from eights.engine.errors import NotationError
from eights.engine.match import DealResult, MatchRecord, MatchResult, deal_result, dealer_seat, south_player
from eights.engine.moves import Move
from eights.engine.position import Position
from eights.engine.record import DealRecord, Dealt
from eights.engine.scoring import score
from eights.games.game import PLAY_LEVEL, MatchDeal, PlayedStep, SavedMatch, Standing, later


def hand_label(seat: int, mine: bool) -> str:
    """``S (your hand)``, ``E (the bot's dummy)``."""
    owner = "your" if mine else "the bot's"
    return f"{SEATS[seat]} ({owner} {'hand' if seat in CONCEALED else 'dummy'})"


def told(before: Position, step: PlayedStep[Position], side: int) -> str:
    """A move as the person playing ``side`` sees it (``W (the bot's hand) plays 9H``): the cards
    the other side's concealed hand draws stay hidden, those of the dummies and the person's
    hand are named."""
    seat, move = before.turn, Move.from_notation(step.move)
    who = hand_label(seat, side_of(seat) == side)
    if not move.is_draw:
        assert move.card is not None
        called = f", calling {SUITS[move.suit]}" if move.suit is not None else ""
        out = " and goes out" if not step.after.hands[seat] else ""
        return f"{who} plays {card_name(move.card)}{called}{out}"
    if not step.drawn:
        return f"{who} passes (nothing to draw)"
    if seat in CONCEALED and side_of(seat) != side:
        return f"{who} draws {len(step.drawn)} card{'s' if len(step.drawn) > 1 else ''}"
    return f"{who} draws {','.join(step.drawn)}"


def deal_intro(deal: MatchDeal[Position], player: int) -> str:
    """``8 cards a hand. You deal from S. You sit South: ... The upcard is 7C.``"""
    side = deal.sides[player]
    dealer = dealer_seat(deal.number)
    who = "You deal" if side_of(dealer) == side else "The bot deals"
    seats = ("South: your hand S and your dummy N; the bot sits West (W and E)" if side == 0
             else "West: your hand W and your dummy E; the bot sits South (S and N)")
    return (f"{count(deal.start.hands[CONCEALED[0]])} cards a hand. {who} from {SEATS[dealer]}. You sit {seats}. "
            f"The upcard is {card_name(deal.start.upcard)}.")


def match_deal(seed: int, number: int) -> MatchDeal[Position]:
    """Deal ``number`` of the match of ``seed`` (``eights.play.versus.deal_seed``), dealt as
    RULES.md says; match player 0 plays NS while South (``south_player``)."""
    hand_size(number)  # a number the match has, or NotationError naming ``deal``
    dealt = Dealt(number, dealer_seat(number), later(f"{PLAY_LEVEL}.versus").deal_seed(seed, number))
    south = south_player(number)
    return MatchDeal(number, dealt.position(), (0 if south == 0 else 1, 0 if south == 1 else 1))


def _record(deal: MatchDeal[Position], seed: int) -> DealRecord:
    """The deal record of ``deal`` (naming how it was dealt)."""
    dealt = Dealt(deal.number, dealer_seat(deal.number), later(f"{PLAY_LEVEL}.versus").deal_seed(seed, deal.number))
    return DealRecord(deal.start, tuple(Move.from_notation(step.move) for step in deal.steps), dealt)


def match_record(players: Sequence[str], seed: int, planned: int, deals: Sequence[MatchDeal[Position]],
                 under_way: MatchDeal[Position] | None) -> dict[str, Any]:
    """``MatchRecord``: the finished deals with their points and totals, the deal under way."""
    results: list[DealResult] = []
    for deal in deals:
        totals = results[-1].running_totals if results else (0, 0)
        results.append(deal_result(deal.number, _record(deal, seed), score(deal.end), totals))
    unfinished = None if under_way is None else _record(under_way, seed)
    return MatchRecord((players[0], players[1]), MatchResult.of(results, unfinished), seed, planned).to_json()


def read_saved_match(data: Any, replayed: Any) -> SavedMatch[Position]:
    """``MatchRecord.from_json``: each deal's moves played again with ``replayed`` (``Game.replayed``)."""
    saved = MatchRecord.from_json(data)

    def deal(number: int, record: DealRecord) -> MatchDeal[Position]:
        south = south_player(number)
        steps = replayed(record.start, [move.notation() for move in record.moves])
        return MatchDeal(number, record.start, (0 if south == 0 else 1, 0 if south == 1 else 1), tuple(steps))

    finished, under_way = saved.result.deals, saved.result.unfinished
    return SavedMatch(saved.players, saved.seed, saved.planned,
                      tuple(deal(result.number, result.record) for result in finished),
                      None if under_way is None else deal(len(finished) + 1, under_way))


def match_standing(deals: Sequence[MatchDeal[Position]], planned: int) -> Standing:
    """Each player's points against (lower wins), summed over the deals by the side played."""
    points = [Fraction(0), Fraction(0)]
    for deal in deals:
        against = score(deal.end)
        for player, side in enumerate(deal.sides):
            points[player] += against.against_ns if side == 0 else against.against_ew
    leader = None if points[0] == points[1] else points.index(min(points))
    return Standing(tuple(points), leader, len(deals) >= planned)


@dataclass(frozen=True)
class BotMatches:
    """``eights match``'s matches of sce2 (``eights.play.matches.MatchesResult``), as every game's
    answer: the table (``eights.play.report.match_report``), the JSON, each match's record."""

    result: Any

    def table(self) -> str:
        """``match_report``."""
        return str(later(f"{PLAY_LEVEL}.report").match_report(self.result))

    def to_json(self) -> dict[str, Any]:
        """The result's JSON."""
        return dict(self.result.to_json())

    def records(self) -> list[tuple[str, dict[str, Any]]]:
        """``match-001``, ``match-002``, ... and each match's record."""
        return [(f"match-{number:03d}", record) for number, record in enumerate(self.result.records(), start=1)]


def bot_matches(specs: Sequence[str], count: int, seed: int, workers: int | None, progress: Any,
                cluster: Any) -> BotMatches:
    """``eights.play.matches.run`` between bots A and B (``specs``; NotationError naming ``--bot`` for another number)."""
    if len(specs) != 2:
        raise NotationError("--bot", f"two bots, A and B (or --a and --b), not {len(specs)}")
    return BotMatches(later(f"{PLAY_LEVEL}.matches").run(specs[0], specs[1], count, seed, workers, progress, cluster))


@dataclass(frozen=True)
class PairedStrength:
    """``python -m eights.bench.strength``'s paired run of sce2 (``eights.play.strength.StrengthResult``),
    as every game's answer: the table (``eights.play.report.report``: A against B on paired
    deals, whatever the baseline), the JSON, every deal's record and score."""

    result: Any

    def table(self, baseline: str | None = None) -> str:
        """``report``: A's payoff per deal (B's points less A's), paired."""
        return str(later(f"{PLAY_LEVEL}.report").report(self.result))

    def to_json(self, baseline: str | None = None) -> dict[str, Any]:
        """The result's JSON."""
        return dict(self.result.to_json())

    def record_lines(self) -> Iterator[dict[str, Any]]:
        """Every deal played: the pair, A's side, the bots, the record and the score."""
        return iter(self.result.records())


def bot_strength(specs: Sequence[str], pairs: int, seed: int, workers: int | None, progress: Any, cluster: Any,
                 deal_size: int | None) -> PairedStrength:
    """``eights.play.strength.run`` between bots A and B (``specs``; NotationError naming
    ``--bots`` for another number)."""
    if len(specs) != 2:
        raise NotationError("--bots", f"two bots, A and B, not {len(specs)}")
    return PairedStrength(later(f"{PLAY_LEVEL}.strength").run(specs[0], specs[1], pairs, seed, deal_size, workers,
                                                               progress, cluster))
