"""``python -m eights.bench.solver``: the native solver against the reference on the committed
suite, as ``eights bench`` runs it (``eights.solver.benchmark``); with ``--rules PRESET`` the
family's native core instead, on each preset's largest deals at ``--rules-ms`` (100 ms) a deal,
sce2's 8-card deals beside it, and OpenSpiel's searches on the same ``openspiel`` deals.

    python -m eights.bench.solver --rules all [--rules classic/2 ...] [--deals 5] [--rules-ms 100] [--json]

The family rows are ``eights.bench.family_core``'s (``family_rows``: max-n and paranoid, table
cleared before each deal, nodes as the core counts them); sce2's row is ``quick_deals`` of
``eights.solver.benchmark`` over the suite's 8-card deals at the same time. For each preset that
is pyspiel's ``crazy_eights`` (``openspiel/N`` with its defaults) the outside baselines of
``eights.bench.family_search`` (``outside_rows``) search the very same deals, and each row's ratio
is the core's nodes/s over the baseline's, in the mode it faces. Needs ``open-spiel`` (the
``test`` extra) for those rows only. ``eights bench`` has no ``--rules``: the command line does not
stand on the benchmarks, and the baselines need pyspiel.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from eights.bench.family_core import QUICK_MS, RULESETS, Run, family_rows, family_table, summary
from eights.engine.errors import NotationError
from eights.engine.family.ruleset import parse_rules
from eights.engine.openspiel import rules_of
from eights.extras import require
from eights.games import find_game
from eights.solver import Solver, benchmark

PROG = "python -m eights.bench.solver"


def presets(text: str) -> list[str]:
    """``all`` (every ruleset of ``family_core.RULESETS``) or one ruleset's name, checked."""
    if text == "all":
        return list(RULESETS)
    try:
        find_game(text)
    except NotationError as error:
        raise argparse.ArgumentTypeError(f"no ruleset {text!r}: {error}") from None
    return [text]


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """The family benchmark's options (beside ``benchmark.add_arguments``' own)."""
    parser.add_argument("--rules", type=presets, action="extend", metavar="PRESET",
                        help="run the family's benchmark on PRESET (classic/2, openspiel/5, ... or all); repeatable")
    parser.add_argument("--deals", type=int, default=5, help="with --rules: largest deals a preset (default 5)")
    parser.add_argument("--rules-ms", type=float, default=QUICK_MS,
                        help=f"with --rules: time a deal, ms (default {QUICK_MS})")


def pyspiel_presets(rulesets: Sequence[str]) -> list[str]:
    """The rulesets that are pyspiel's ``crazy_eights`` with its defaults (the baselines' games)."""
    chosen = []
    for name in rulesets:
        rules = parse_rules(name)
        if rules.scoring == "openspiel" and rules == rules_of({"players": rules.players}):
            chosen.append(name)
    return chosen


def with_ratios(outside: list[dict[str, Any]], family: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each baseline row with the core's row it faces (same rules, its mode): the core's nodes/s,
    median depth, and the ratio of nodes/s, core over baseline."""
    core = {(row["rules"], row["mode"]): row for row in family}
    joined = []
    for row in outside:
        mine = core[row["rules"], row["against"]]
        ratio = mine["nodes_per_second"] / row["nodes_per_second"] if row["nodes_per_second"] else None
        joined.append({**row, "eights_nodes_per_second": mine["nodes_per_second"],
                       "eights_median_depth": mine["median_depth"], "ratio": ratio})
    return joined


def outside_table(rows: list[dict[str, Any]]) -> list[str]:
    """``with_ratios``' rows as a Markdown table."""
    lines = ["| rules | baseline | nodes/s | least depth | median depth | eights mode | eights M nodes/s "
             "| eights median depth | ratio |", "|---|---|---:|---:|---:|---|---:|---:|---:|"]
    lines += [f"| {row['rules']} | {row['baseline']} | {row['nodes_per_second']:,.0f} | {row['least_depth']} | "
              f"{row['median_depth']:g} | {row['against']} | {row['eights_nodes_per_second'] / 1e6:.2f} | "
              f"{row['eights_median_depth']:g} | {row['ratio']:,.0f} |" for row in rows]
    return lines


def run_rules(args: argparse.Namespace) -> None:
    """The family's rows, sce2's beside them, and the outside baselines: a table each, or one
    JSON object with ``--json``."""
    rulesets = list(dict.fromkeys(args.rules))
    outside_presets = pyspiel_presets(rulesets)
    if outside_presets:
        require(f"{PROG} --rules {outside_presets[0]}", "test", "pyspiel")  # before any work
    family = family_rows(rulesets, args.deals, args.rules_ms)
    reached = benchmark.quick_deals(Solver(tt_mb=args.tt_mb), benchmark.load_suite(args.suite), args.evaluation,
                                    args.rules_ms)
    sce2 = {"rules": "sce2", "mode": "expectimax",
            **summary([Run(deal.depth, deal.nodes, deal.time_ms / 1000) for deal in reached])}
    outside: list[dict[str, Any]] = []
    if outside_presets:
        from eights.bench.family_search import outside_rows

        outside = with_ratios(outside_rows(outside_presets, args.deals, args.rules_ms), family)
    if args.json:
        print(json.dumps({"time_ms": args.rules_ms, "deals": args.deals, "family": family, "sce2": sce2,
                          "outside": outside}))
        return
    lines = [f"the family's core, {args.rules_ms:g} ms a deal on each preset's first {args.deals} largest deals "
             f"(table cleared before each); sce2 on {args.suite.name}'s 8-card deals ({args.evaluation})",
             *family_table([*family, sce2])]
    if outside:
        lines += ["", f"outside baselines on the same deals, {args.rules_ms:g} ms each (nodes: every state visited)",
                  *outside_table(outside)]
    print("\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with command-line ``argv`` (the family's with ``--rules``); 0 on success."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    benchmark.add_arguments(parser)
    add_rules_arguments(parser)
    args = parser.parse_args(argv)
    if args.rules:
        run_rules(args)
    else:
        benchmark.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
