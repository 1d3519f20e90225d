"""Issue #28, 7: ``hint`` at ``eights play``'s prompt is fair (the person's own view: never the
bot's concealed hand) and says so; ``hint dd`` is the double-dummy hint and says so; a bad
hint command is one line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from eights.api.fair import hinting
from eights.cli import deal_play
from eights.cli.search import service
from eights.engine import legal_moves, parse_position
from eights.engine.cards import S, W, bit, count, scan
from eights.engine.position import Position
from eights.engine.view import View
from eights.games import MatchDeal, find_game
from tests.test_cli_play import PROMPT, spawn

START = "N:K2... E:Q3... S:54.9.. W:9..5. up:5H turn:S"


@pytest.mark.parametrize("typed, heading", [
    ("hint", "fair hint from your view, never another hand (hint dd for double dummy):\n"
             "fair hint from S's view: 16 of 16 deals sampled"),
    ("hint dd", "double-dummy hint (it sees every hand"),
])
def test_hint_is_fair_and_hint_dd_double_dummy_each_saying_which(tmp_path: Path, typed: str, heading: str) -> None:
    child = spawn(tmp_path, "--seed", "4", "--hint-ms", "50", "--analysis-ms", "0")
    child.expect(PROMPT)
    child.sendline(typed)
    child.expect(PROMPT)
    assert child.before.replace("\r\n", "\n").strip().startswith(heading) and "Traceback" not in child.before


def test_a_hint_with_anything_else_after_it_is_one_line(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "4", "--analysis-ms", "0")
    child.expect(PROMPT)
    child.sendline("hint please")
    child.expect(PROMPT)
    assert child.before.strip() == "'hint please': type undo, hint or hint dd"


def test_the_fair_hint_asks_about_the_persons_view_whatever_the_bot_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[View] = []

    def hint_from_view(searching: Any, game: Any, view: View, *args: Any) -> Any:
        asked.append(view)
        return hinting.hint_from_view(searching, game, view, *args)

    monkeypatch.setattr(deal_play, "hint_from_view", hint_from_view)
    game = find_game("sce2")
    sitting = deal_play.Sitting(game, 0, ("human", "random"), 1, 1, Path("match.json"), alone=False)
    table = deal_play.TerminalTable(sitting, service(), hint_ms=10, analysis_ms=0, write=lambda _: None)
    position = parse_position(START)
    table.deal_starts(game, MatchDeal(1, position, (0, 1)), 0)
    swapped = swap_hidden_hand(position)
    for seen in (position, swapped):
        typed = iter(["hint", "draw"])
        table.read = lambda _prompt: next(typed)
        table.choose(seen, list(legal_moves(seen)))
    assert swapped.hands[W] != position.hands[W] and len(asked) == 2 and asked[0] == asked[1]
    assert asked[0].seat == S


def swap_hidden_hand(position: Position) -> Position:
    """``position`` with W's concealed hand exchanged for as many cards of the stock."""
    other = 0
    for card in list(scan(position.stock))[-count(position.hands[W]):]:
        other |= bit(card)
    hands = list(position.hands)
    hands[W] = other
    return replace(position, hands=(hands[0], hands[1], hands[2], hands[3]),
                   stock=position.stock & ~other | position.hands[W])
