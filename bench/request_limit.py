"""Every option at its maximum, each endpoint once: does each request end within
EIGHTS_MAX_REQUEST_MS and a second (#37)? One request at a time, on a gunicorn it starts (one
worker), in sce2 and in classic/4; per request its status, its wall time, and what it says it
finished (the bot's depth, ``complete``).

    python -m eights.bench.request_limit                       # EIGHTS_MAX_REQUEST_MS=10000
    python -m eights.bench.request_limit --limit-ms 3000 --json
"""

from __future__ import annotations

import argparse
import json
import time
import urllib.error
import urllib.request
from typing import Any

from eights.bench.load import started_server
from eights.engine.notation import compact
from eights.bench.long_deals import long_deal

SCE2 = "N:K43.5.K82. E:6.KT74.J.76 S:J92.9.54.A2 W:T.AJ.AQ97.J up:8S/C turn:W"
DEEP = {"depth": 64}
FAIR = {"depth": 64, "samples": 256, "seed": 1}
SLACK_S = 1.0  # the limit's promise: within EIGHTS_MAX_REQUEST_MS and this


def post(url: str, body: dict[str, Any]) -> tuple[int, Any, float]:
    """Status, answer and wall seconds of one POST (no client timeout of its own but an hour)."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=3600) as answer:
            return answer.status, json.loads(answer.read()), time.monotonic() - started
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null"), time.monotonic() - started


def requests(url: str, moves: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each endpoint's request with every option at its maximum, by label."""
    classic = post(f"{url}/v1/deal", {"rules": "classic/4", "seed": 4})[1]["position"]
    openspiel = [post(f"{url}/v1/deal", {"rules": "openspiel/8", "seed": seed})[1]["position"] for seed in range(64)]
    record = long_deal(moves)
    analysed = {"position": compact(record.start), "moves": [move.notation() for move in record.moves]}
    every = {"play": True, "hint": DEEP, "fair_hint": FAIR}
    return {
        "bot-move sce2": ("/v1/bot-move", {"position": SCE2, "bot": "fair:depth=64,samples=256", **every}),
        "bot-move classic/4": ("/v1/bot-move", {"position": classic, "bot": "fair:depth=64,samples=256", **every}),
        "apply classic/4": ("/v1/apply", {"position": classic, "moves": ["draw"], "seed": 1, "hint": DEEP,
                                          "fair_hint": FAIR}),
        "hint classic/4": ("/v1/hint", {"position": classic, **DEEP}),
        "fair-hint classic/4": ("/v1/fair-hint", {"position": classic, "seed": 1, **FAIR}),
        "solve classic/4": ("/v1/solve", {"position": classic, **DEEP}),
        "batch openspiel/8": ("/v1/batch", {"positions": openspiel, **DEEP}),
        f"analyse {moves} moves": ("/v1/analyse", {**analysed, **DEEP}),
        f"analyse {moves} moves, defaults": ("/v1/analyse", analysed),
    }


def finished(answer: Any) -> str:
    """What an answer says it finished: the depths reached, the samples solved, complete or not;
    a bot's move's and an apply's hints too."""
    if not isinstance(answer, dict):
        return ""
    if "not_done" in answer:
        return f"complete={answer['complete']}, not_done={len(answer['not_done'])}"
    if "asked" in answer:
        return f"samples {answer['samples']} of {answer['asked']}, depth {answer['depth']}"
    if "bot" in answer:
        return "; ".join([f"bot depth {answer['depth']}", finished(answer["played"])])
    if "steps" in answer:
        return "; ".join(f"{field} {finished(answer[field])}" for field in ("hint", "fair_hint")
                         if answer.get(field) is not None)
    depth = answer.get("depth")
    return f"depth {depth}" if depth is not None else answer.get("code", "")


def measure(limit_ms: int, moves: int) -> list[dict[str, Any]]:
    """Each request's row: label, status, seconds, within the limit and a second, what it finished."""
    rows = []
    with started_server(EIGHTS_MAX_REQUEST_MS=str(limit_ms), EIGHTS_WORKERS="1", EIGHTS_DATA_DIR="-") as url:
        for label, (path, body) in requests(url, moves).items():
            status, answer, seconds = post(url + path, body)
            rows.append({"request": label, "status": status, "seconds": round(seconds, 2),
                         "within": seconds <= limit_ms / 1000 + SLACK_S, "finished": finished(answer)})
    return rows


def table(rows: list[dict[str, Any]], limit_ms: int) -> str:
    """The rows as a Markdown table."""
    lines = [f"| request (EIGHTS_MAX_REQUEST_MS={limit_ms}) | status | s | within limit + 1 s | finished |",
             "|---|---|---|---|---|"]
    lines += [f"| {row['request']} | {row['status']} | {row['seconds']:.2f} | {'yes' if row['within'] else 'NO'} | "
              f"{row['finished']} |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m eights.bench.request_limit", description=__doc__.split("\n")[0])
    parser.add_argument("--limit-ms", type=int, default=10000, help="EIGHTS_MAX_REQUEST_MS (default 10000)")
    parser.add_argument("--moves", type=int, default=2000, help="the analysed record's moves (default 2000, the cap)")
    parser.add_argument("--json", action="store_true", help="the rows as JSON")
    args = parser.parse_args()
    rows = measure(args.limit_ms, args.moves)
    print(json.dumps(rows, indent=2) if args.json else table(rows, args.limit_ms))


if __name__ == "__main__":
    main()
