"""The strength of bot A against bot B over paired deals (``eights.play.strength``); with
``--rules``, of N bots at a family game, the seats rotated (``eights.play.family.rotation``).

    python -m eights.bench.strength --a solver:time=100 --b heuristic --pairs 200 --seed 1
                             [--deal-size N] [--workers N] [--cluster | --scheduler ADDRESS]
                             [--json FILE] [--records FILE]
    python -m eights.bench.strength --rules classic/4 --bots heuristic,solver:time=100,fair:time=100,samples=8
                             [--fill random] [--baseline SPEC] --deals 50 --seed 1 [--workers N] ...

With ``--rules``: the bots of ``--bots`` (specs separated by commas; a comma followed by a
bot's name starts the next spec) take the first seats, ``--fill`` (default ``random``) the
rest; each of ``--deals`` deals is played once a seat, the seats turned one to the left each
time. The table gives each bot's mean payoff per deal with its 95% interval over the deals,
and its difference from the baseline in the same run: the first seat of ``--baseline``'s spec
(default: ``--fill``'s, when a seat has it), paired deal by deal. With two seats, the pairs
bot A won and lost and the sign test too.

Each pair is one deal played twice with the same stock order and reshuffles, A as NS
then A as EW. Prints A's mean payoff per deal (B's points minus A's) with its 95%
confidence interval, the pairs A won, lost and tied with the sign test's p-value, and
the deals' statistics beside the Kellers' 195 recorded deals. ``--cluster`` plays the pairs
on a Dask LocalCluster of ``--workers`` processes, ``--scheduler`` on a running cluster. The same seed and bot
specs give the same table, unless a solver bot is limited by time rather than depth.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from eights.cluster import ClusterUnavailable
from eights.cli.common import CommandLineError, add_bot_arguments, required_bots
from eights.cluster.options import chosen_cluster
from eights.engine.errors import EightsError
from eights.engine.family import Ruleset, parse_rules
from eights.play.bots.spec import BotSpecError
from eights.play.family import FAMILY_BOTS, make_family_bot, rotation
from eights.play.family.rotation import RotatedResult
from eights.play.report import report
from eights.play.strength import StrengthResult, run

PROG = "python -m eights.bench.strength"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options."""
    add_bot_arguments(parser, "pairs")
    parser.add_argument("--rules", help="a family game (classic/4): --bots at its seats, the seats rotated")
    parser.add_argument("--bots", metavar="SPECS", help="with --rules: the bots of the first seats, comma-separated")
    parser.add_argument("--fill", metavar="SPEC", default="random",
                        help="with --rules: the bot of the seats --bots leaves (default random)")
    parser.add_argument("--baseline", metavar="SPEC",
                        help="with --rules: each bot's difference from the first seat of this spec (default --fill's)")
    parser.add_argument("--deals", type=int, default=50, help="with --rules: deals, each played once a seat (default 50)")
    parser.add_argument("--pairs", type=int, default=200, help="pairs of deals to play (default 200)")
    parser.add_argument("--deal-size", type=int, metavar="N",
                        help="every deal N cards a hand (default: 8, 7, ... 1, ... 8 cycling)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the summary and every pair's result")
    parser.add_argument("--records", type=Path, metavar="FILE",
                        help="write every deal's record and score, one JSON object a line")


def strength(args: argparse.Namespace) -> StrengthResult:
    """Play the run, a progress bar on standard error."""
    with chosen_cluster(args) as cluster, tqdm(total=args.pairs, unit="pair", disable=None, file=sys.stderr) as bar:
        return run(args.a, args.b, args.pairs, args.seed, args.deal_size, args.workers,
                   progress=lambda _: bar.update(), cluster=cluster)


def write(result: StrengthResult, json_file: Path | None, records_file: Path | None) -> None:
    """Write the files asked for."""
    if json_file is not None:
        json_file.write_text(json.dumps(result.to_json(), indent=1) + "\n")
    if records_file is not None:
        with records_file.open("w") as out:
            for record in result.records():
                out.write(json.dumps(record) + "\n")


def split_specs(text: str) -> list[str]:
    """``--bots``' specs: split at each comma a bot's name follows (a spec's own options have commas too).

    >>> split_specs("heuristic,solver:time=100,fair:time=100,samples=8,random")
    ['heuristic', 'solver:time=100', 'fair:time=100,samples=8', 'random']
    """
    specs: list[str] = []
    for piece in text.split(","):
        if specs and piece.split(":")[0].strip() not in FAMILY_BOTS:
            specs[-1] += "," + piece
        else:
            specs.append(piece.strip())
    return specs


def family_strength(args: argparse.Namespace, rules: Ruleset) -> RotatedResult:
    """The rotated run ``--rules`` asks for, a progress bar on standard error."""
    if args.bots is None:
        raise ValueError("--bots: the bots to seat, comma-separated (heuristic,solver:time=100)")
    specs = split_specs(args.bots)
    if len(specs) > rules.players:
        raise ValueError(f"--bots: {len(specs)} bots, more than the {rules.players} seats of {rules.name}")
    for flag, spec in [*(("--bots", spec) for spec in specs), ("--fill", args.fill)]:
        try:
            make_family_bot(spec)
        except BotSpecError as error:
            raise ValueError(f"{flag}: {error}") from None
    specs += [args.fill] * (rules.players - len(specs))
    with chosen_cluster(args) as cluster, tqdm(total=args.deals, unit="deal", disable=None, file=sys.stderr) as bar:
        return rotation.run(rules, specs, args.deals, args.seed, args.workers, lambda _: bar.update(), cluster)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with command-line ``argv``: 0 on success, 2 (one line on standard
    error) for a bad bot spec or number."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        rules = None if args.rules is None else parse_rules(args.rules, "--rules")
        if rules is not None and rules.preset != "sce2":
            family = family_strength(args, rules)
            baseline = args.baseline or args.fill
            print(family.table(baseline))
            write_family(family, baseline, args.json, args.records)
            return 0
        required_bots(args)
        result = strength(args)
    except (EightsError, ValueError, ClusterUnavailable, CommandLineError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    print(report(result))
    write(result, args.json, args.records)
    return 0


def write_family(result: RotatedResult, baseline: str, json_file: Path | None, records_file: Path | None) -> None:
    """Write the files asked for: the run's JSON; every game's deal record, one JSON object a line."""
    if json_file is not None:
        json_file.write_text(json.dumps(result.to_json(baseline), indent=1) + "\n")
    if records_file is not None:
        with records_file.open("w") as out:
            for name, record in result.records():
                out.write(json.dumps({"game": name, "record": record}) + "\n")


if __name__ == "__main__":
    sys.exit(main())
