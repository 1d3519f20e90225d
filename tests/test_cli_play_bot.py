"""Issue #31, 2: ``eights play``'s opponent is fair by default (the fair bot, which decides from
its own view and never sees the person's concealed hand); a double-dummy bot is still there
by name (``--bot solver:time=MS``)."""

from __future__ import annotations

import json
from pathlib import Path

from eights.play.bots import make_bot
from eights.play.versus import DEFAULT_PERSON_BOT
from tests.test_cli_play import PROMPT, SAVED, play_first_moves, terminal


def test_the_default_opponent_is_the_fair_bot_and_plays_a_deal_out(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    child = terminal("play", "--deals", "1", "--seed", "2", "--analysis-ms", "0", "--record", str(record))
    spec = make_bot(DEFAULT_PERSON_BOT).spec
    child.expect(PROMPT)
    assert f"You against {spec}, seed 2" in child.before and spec.startswith("fair:")
    child.sendline("moves")  # the first prompt answered; the deal played from the next
    play_first_moves(child)
    child.expect("eights replay")
    assert json.loads(record.read_text(encoding="utf-8"))["players"] == ["human", spec]


def test_a_double_dummy_bot_is_played_when_named(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    child = terminal("play", "--bot", "solver:time=300", "--deals", "1", "--seed", "2", "--record", str(record))
    child.expect(PROMPT)
    assert "You against solver:time=300, seed 2" in child.before
    child.sendline("quit")
    child.expect(SAVED)
    assert json.loads(record.read_text(encoding="utf-8"))["players"] == ["human", "solver:time=300"]
