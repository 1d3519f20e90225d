"""The rules of Super Crazy Eights For Two in pure Python: the reference everything else is
checked against (positions, moves, notation, scoring, records). It imports nothing else of eights."""

from eights.engine.cards import Card, CardSet, card_name, parse_card, points
from eights.engine.deal import deal_position, hand_size
from eights.engine.errors import EightsError, IllegalMoveError, NotationError
from eights.engine.match import MatchResult, play_match, random_strategy
from eights.engine.moves import Move
from eights.engine.notation import compact, parse_position, to_json
from eights.engine.perft import perft
from eights.engine.position import Position
from eights.engine.record import DealRecord
from eights.engine.rules import (
    DrawOutcome,
    apply_draw,
    apply_move,
    apply_play,
    children,
    draw_outcomes,
    legal_moves,
)
from eights.engine.scoring import Score, score
from eights.engine.view import View, parse_view

__all__ = [
    "Card", "CardSet", "DealRecord", "DrawOutcome", "EightsError", "IllegalMoveError",
    "MatchResult", "Move", "NotationError", "Position", "Score", "View", "apply_draw", "apply_move",
    "apply_play", "card_name", "children", "compact", "deal_position", "draw_outcomes",
    "hand_size", "legal_moves", "parse_card", "parse_position", "parse_view", "perft", "play_match",
    "points", "random_strategy", "score", "to_json",
]
