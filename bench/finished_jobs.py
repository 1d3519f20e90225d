"""The service's memory as finished jobs pile up: batch jobs of distinct positions run one after
another (4 at a time) on ``eights serve``'s gunicorn at the defaults (2 workers, each with its
embedded Dask cluster), and after every fifth of them the memory of all the service's processes
(resident set, summed over the process tree) and of the jobs' store on disk (issue #26: finished
jobs are bounded in count and bytes, and kept in the store, not in a worker's memory).

    python -m eights.bench.finished_jobs [--jobs 1000] [--positions 100] [--depth 1]

Only 127.0.0.1 is used; the jobs' store goes to a temporary EIGHTS_DATA_DIR.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from eights.bench.load import started_server
from eights.engine.cards import S, W
from eights.engine.deal import deal_position
from eights.engine.notation import compact

AT_ONCE = 4
STEPS = 5
POLL_S = 0.05


def tree_mb(root: int) -> float:
    """The resident memory of ``root`` and every process below it, in MB."""
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        rss = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True).stdout.split()
        total += int(rss[0]) / 1024 if rss else 0.0
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        todo += [int(child) for child in children]
    return total


def server_pid(port: str) -> int:
    """The gunicorn master serving ``port``: the first process started with EIGHTS_PORT=port
    (its workers and their Dask processes inherit the variable, and start after it)."""
    marker = f"EIGHTS_PORT={port}".encode()
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if marker in environ.read_bytes().split(b"\0"):
                found.append(int(environ.parent.name))
        except OSError:  # gone, or not ours to read
            continue
    return min(found)


def folder_mb(path: str) -> float:
    """The bytes of the files under ``path``, in MB."""
    return sum(file.stat().st_size for file in Path(path).rglob("*") if file.is_file()) / (1 << 20)


def run_job(url: str, positions: list[str], depth: int) -> str:
    """POST one batch job, then poll it until it ends: its final state."""
    body = json.dumps({"kind": "batch", "positions": positions, "depth": depth}).encode()
    request = urllib.request.Request(f"{url}/v1/jobs", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        location = answer.headers["Location"]
    while True:
        with urllib.request.urlopen(f"{url}{location}", timeout=60) as answer:
            state: str = json.load(answer)["state"]
        if state not in ("queued", "running"):
            return state
        time.sleep(POLL_S)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the jobs and print the table."""
    parser = argparse.ArgumentParser(prog="python -m eights.bench.finished_jobs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=1000, help="batch jobs to run (default 1000)")
    parser.add_argument("--positions", type=int, default=100, help="distinct positions a job (default 100)")
    parser.add_argument("--depth", type=int, default=1, help="search depth of each position (default 1)")
    args = parser.parse_args(argv)
    if args.jobs < STEPS or args.positions < 1 or args.depth < 1:
        parser.error(f"--jobs must be at least {STEPS}, --positions and --depth at least 1")
    positions = [compact(deal_position(1 + index % 8, (S, W)[index % 2], seed=index))
                 for index in range(args.jobs * args.positions)]
    data = tempfile.mkdtemp(prefix="eights-finished-jobs-")
    print(f"{args.jobs} batch jobs of {args.positions} distinct positions at depth {args.depth}, {AT_ONCE} at a time, "
          "on eights serve's gunicorn at the defaults\n")
    print("| jobs finished | all processes, MB | jobs' store on disk, MB | states |")
    print("|---|---|---|---|")
    with started_server(EIGHTS_DATA_DIR=data) as url:
        gunicorn = server_pid(url.rsplit(":", 1)[1])
        print(f"| 0 | {tree_mb(gunicorn):.0f} | {folder_mb(data):.1f} | |", flush=True)
        states: list[str] = []
        step = args.jobs // STEPS
        with ThreadPoolExecutor(AT_ONCE) as pool:
            for first in range(0, args.jobs, step):
                jobs = range(first, min(first + step, args.jobs))
                states += pool.map(lambda job: run_job(url, positions[job * args.positions:(job + 1) * args.positions],
                                                       args.depth), jobs)
                counts = ", ".join(f"{state} {states.count(state)}" for state in sorted(set(states)))
                print(f"| {len(states)} | {tree_mb(gunicorn):.0f} | {folder_mb(data):.1f} | {counts} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
