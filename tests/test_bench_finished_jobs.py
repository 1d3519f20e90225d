"""A tiny run of ``python -m eights.bench.finished_jobs`` (the full run, 1,000 jobs, is the
benchmark's; docs/scaling.md): the table has a row per fifth of the jobs, all done."""

from __future__ import annotations

import pytest

from eights.bench.finished_jobs import main


def test_a_tiny_run_prints_a_row_per_fifth_of_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--jobs", "5", "--positions", "2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [row.split(" | ")[0] for row in rows] == ["| 0", "| 1", "| 2", "| 3", "| 4", "| 5"]
    assert rows[-1].endswith("| done 5 |")


def test_too_few_jobs_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--jobs", "2"])
    assert exit_.value.code == 2 and "--jobs must be at least 5" in capsys.readouterr().err
