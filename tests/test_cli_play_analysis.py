"""Issue #28, 7 and #38: ``eights play`` analyses each finished deal (``--analysis-ms`` a position)
as ``eights analyse`` does, in every game: each move against the best one (a mistake marked),
per side the mistakes, the loss and the luck, and the result as its parts; a long deal shares
the request budget and says the time it had; 0 turns it off; a bad budget is one line before
the match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eights.api.analyse.analysis import searches_of, shared_time_ms
from tests.cli_support import run
from tests.test_cli_play import finish, play_first_moves, spawn

SIDE = r"(NS|EW): \d+ mistakes in \d+ decisions, loss \d+\.\d{3} \(\d+\.\d{3} a decision\), luck [+-]\d+\.\d{3} in \d+ draws"


def test_a_finished_deal_is_analysed_per_side_with_its_mistakes(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "6", "--analysis-ms", "20")
    transcript = play_first_moves(child).replace("\r\n", "\n")
    deal = finish(child, tmp_path).deals[0]
    analysis = transcript[transcript.index(f"The deal's analysis ({len(deal.record.moves)} steps)"):].splitlines()
    assert analysis[1] == "sce2, each move against the best one for its mover"
    steps = analysis[2:2 + len(deal.record.moves)]
    assert all(re.match(r" *\d+ (NS|EW) (play \S+|draw( \S+)?) +loss +\d+\.\d{3}[? ] best ", step) for step in steps)
    assert analysis[2 + len(steps)] == "searched at 20 ms a position; ? marks a mistake (a loss beyond what the " \
                                        "search tells apart)"
    assert re.fullmatch(SIDE, analysis[3 + len(steps)]) and re.fullmatch(SIDE, analysis[4 + len(steps)])
    assert re.fullmatch(r"result for NS [+-]\d+\.\d{3} = start [+-]\d+\.\d{3} \+ skill [+-]\d+\.\d{3} \+ luck "
                        r"[+-]\d+\.\d{3} \+ drift [+-]\d+\.\d{3}", analysis[5 + len(steps)])


def test_no_analysis_with_analysis_ms_0(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--seed", "6", "--analysis-ms", "0")
    transcript = play_first_moves(child)
    finish(child, tmp_path)
    assert "Deal 1: you" in transcript and "analysis" not in transcript


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
    assert share < 100 and f"searched at {share:g} ms a position" in transcript
