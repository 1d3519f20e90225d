"""eights.bench.request_limit (#37) runs: every endpoint's request with every option at its
maximum, against a gunicorn with a one-second limit, each answered 200 (a short record to analyse)."""

from __future__ import annotations

from eights.bench.request_limit import measure, table


def test_every_request_with_every_option_at_its_maximum_is_answered() -> None:
    rows = measure(1000, 40)
    assert [row["status"] for row in rows] == [200] * len(rows), rows
    assert table(rows, 1000).count("\n") == len(rows) + 1
