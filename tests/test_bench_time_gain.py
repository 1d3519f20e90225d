"""Issue #39: ``python -m eights.bench.time_gain`` prices each time's choices by a longer search
(a tiny smoke run here; the docs' numbers come from the command in its docstring)."""

from __future__ import annotations

import pytest

from eights.bench.time_gain import main


def test_the_table_prices_each_time_and_names_the_deals_a_run_needs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "1", "--share", "0.2", "--times", "5,10", "--reference", "20", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "classic/4:" in out and "priced by a 20 ms search" in out
    assert "10 ms over 5 ms, within the model:" in out and ("deals to show it: " in out or "no gain to show" in out)


@pytest.mark.parametrize("argv", [["--times", "100"], ["--share", "0"], ["--deals", "0"], ["--times", "100,-5"]])
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2 and "--times" in capsys.readouterr().err
