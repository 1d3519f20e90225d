"""Issue #28, 7: ``eights play`` analyses each finished deal (``--analysis-ms`` a position): per side
the loss and the luck, and the largest mistakes or that none was found at that budget; a long
deal shares the request budget and says the time it had; 0 turns it off; a bad budget is one
line before the match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eights.answers.analyse.analysis import searches_of, shared_time_ms
from tests.cli_support import run
from tests.test_cli_play import finish, play_first_moves, spawn

SIDE = r"  (you|the bot) \((NS|EW)\): +loss +\d+\.\d\d in \d+ decisions \(\d+ mistakes?\), luck +[+-]\d+\.\d\d from \d+ draws?"


def test_a_finished_deal_is_analysed_per_side_with_its_mistakes(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "6", "--analysis-ms", "20")
    transcript = play_first_moves(child).replace("\r\n", "\n")
    finish(child, tmp_path)
    analysis = transcript[transcript.index("Analysis at 0.02 s a position"):].splitlines()
    assert re.fullmatch(SIDE.replace("(you|the bot)", "you"), analysis[1])
    assert re.fullmatch(SIDE.replace("(you|the bot)", "the bot"), analysis[2])
    assert re.fullmatch(r"  for you: the start [+-]\d+\.\d, skill [+-]\d+\.\d and luck [+-]\d+\.\d \(yours against the "
                        r"bot's\), the rest [+-]\d+\.\d \(where the searches disagree\): result [+-]\d+\.\d", analysis[3])
    assert analysis[4] == "  no mistakes found at 0.02 s a position" or \
        re.fullmatch(r"  mistake at move \d+: (you|the bot) \((NS|EW)\) (play \S+|draw), best (play \S+|draw), "
                     r"lost \d+\.\d\d", analysis[4])


def test_no_analysis_with_analysis_ms_0(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "6", "--analysis-ms", "0")
    transcript = play_first_moves(child)
    finish(child, tmp_path)
    assert "Deal 1: you" in transcript and "Analysis" not in transcript


@pytest.mark.parametrize("flag, value", [("--analysis-ms", "-1"), ("--analysis-ms", "86400001"),
                                         ("--hint-ms", "0"), ("--analysis-ms", "0.5")])
def test_a_bad_budget_is_one_line_before_the_match(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  flag: str, value: str) -> None:
    status, out, err = run(capsys, "play", "--record", str(tmp_path / "match.json"), flag, value)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and flag in err


def test_a_long_deal_shares_the_request_budget_and_says_the_time_it_had(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EIGHTS_MAX_REQUEST_MS", "4000")
    child = spawn(tmp_path, "--seed", "6", "--analysis-ms", "100")
    transcript = play_first_moves(child).replace("\r\n", "\n")
    deal = finish(child, tmp_path).deals[0]
    share = shared_time_ms(searches_of(deal.record), 100, 4000)
    assert share < 100 and f"Analysis at {share / 1000:g} s a position, per side" in transcript
