"""The job API on an embedded Dask LocalCluster of 1, then 2, ... worker processes: one batch job
of distinct positions each, and the speedup over one worker.

    python -m eights.bench.jobs [--positions 256] [--time-ms 20] [--workers 1 2]

For each number of workers it starts the service (gunicorn, one worker, on 127.0.0.1,
EIGHTS_DASK_WORKERS set), runs a one-position job first so that the cluster is up and
its workers have imported everything, then times POST /v1/jobs of the batch until GET
says done. Each search takes its whole time_ms (and up to half again for its proofs),
so the table shows what the cluster adds: the pieces spread over the worker processes.
Run it alone on the machine: the speedup is bounded by the cores that are free.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from collections.abc import Sequence
from typing import Any

from eights.bench.load import started_server
from eights.engine.cards import S
from eights.engine.deal import deal_position
from eights.engine.notation import compact

PROG = "python -m eights.bench.jobs"
POLL_S = 0.05
JOB_TIMEOUT_S = 600
WARM_UP_SEED = 10**6  # a position apart from the batch's


def positions(count: int) -> list[str]:
    """``count`` distinct deals of 8 cards a hand (their searches take their whole time)."""
    return [compact(deal_position(1, S, seed)) for seed in range(count)]


def request(method: str, url: str, body: Any = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The JSON answer and headers of one request."""
    data = None if body is None else json.dumps(body).encode()
    asked = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(asked, timeout=60) as answer:
        return json.loads(answer.read()), dict(answer.headers)


def run_job(url: str, batch: list[str], time_ms: int) -> float:
    """Seconds from POST /v1/jobs to the job's done; SystemExit if it fails."""
    started = time.perf_counter()
    _, headers = request("POST", f"{url}/v1/jobs", {"kind": "batch", "positions": batch, "time_ms": time_ms})
    deadline = time.monotonic() + JOB_TIMEOUT_S
    while True:
        job, _ = request("GET", url + headers["Location"])
        if job["state"] == "done":
            return time.perf_counter() - started
        if job["state"] not in ("queued", "running") or time.monotonic() > deadline:
            raise SystemExit(f"{PROG}: the job ended {job['state']}: {job.get('error')}")
        time.sleep(POLL_S)


def measure(workers: int, batch: list[str], time_ms: int) -> float:
    """Seconds the batch job takes on a LocalCluster of ``workers`` processes, warmed up."""
    with started_server(EIGHTS_WORKERS="1", EIGHTS_DASK_WORKERS=str(workers)) as url:
        run_job(url, [compact(deal_position(1, S, WARM_UP_SEED))], time_ms)
        return run_job(url, batch, time_ms)


def table(rows: list[tuple[int, float]], count: int, time_ms: int) -> str:
    """Workers, seconds, positions per second and the speedup over the first row."""
    lines = [f"batch job of {count} distinct positions, time_ms {time_ms}, on a Dask LocalCluster", "",
             "| Dask workers | seconds | positions/s | speedup |", "|---|---|---|---|"]
    first = rows[0][1]
    lines += [f"| {workers} | {seconds:.2f} | {count / seconds:.1f} | {first / seconds:.2f}x |"
              for workers, seconds in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; print the table."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=256, help="distinct positions in the batch (default 256)")
    parser.add_argument("--time-ms", type=int, default=20, help="each search's time_ms (default 20)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2],
                        help="LocalCluster sizes to compare, the first the reference (default: 1 2)")
    args = parser.parse_args(argv)
    batch = positions(args.positions)
    rows = [(workers, measure(workers, batch, args.time_ms)) for workers in args.workers]
    print(table(rows, args.positions, args.time_ms))
    return 0


if __name__ == "__main__":
    sys.exit(main())
