"""The strength of bots at any game (``--rules``, default sce2), each deal played once a
player with the bots' places turned, against a baseline in the same run (``Game.bot_strength``).

    python -m eights.bench.strength --rules classic/4 --bots heuristic,solver:time=100,fair:time=100,samples=8
                             [--fill random] [--baseline SPEC] [--deals 50] [--seed 1] [--workers N]
                             [--cluster | --scheduler ADDRESS] [--json FILE] [--records FILE]
    python -m eights.bench.strength --a solver:time=100 --b heuristic --pairs 200 --seed 1 [--deal-size N] ...

The bots of ``--bots`` (specs separated by commas; a comma followed by a spec's name, not an
option ``key=value``, starts the next spec) take the first players' places, ``--fill``
(default ``random``) the rest; ``--a A --b B`` is ``--bots A,B`` and ``--pairs`` is ``--deals``
(sce2's form). Each of ``--deals`` deals (the game's count when not told: sce2's 200 pairs, a
family game's 50) is played once a player, the places turned each time. A family game's table
gives each bot's mean payoff per deal with its 95% interval over the deals, the baseline's
(``--baseline``'s spec, default ``--fill``'s, when a seat has it: the mean of every seat it
holds, deal by deal) and each bot's difference from it, paired deal by deal; with two seats,
the pairs bot A won and lost and the sign test. sce2's is the paired-deals table: A's mean
payoff per deal (B's points minus A's) with its interval, the pairs A won, lost and tied
with the sign test's p-value, and the deals' statistics beside the Kellers' 195 recorded
deals. ``--cluster`` plays the deals on a Dask LocalCluster of ``--workers`` processes,
``--scheduler`` on a running cluster. The same seed and bot specs give the same table, unless
a solver bot is limited by time rather than depth.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from eights.cli.common import CommandLineError, add_bot_arguments, check_writable, required_bots
from eights.cluster import ClusterUnavailable
from eights.cluster.options import chosen_cluster
from eights.engine.errors import EightsError
from eights.games import Game, find_game
from eights.play.bots.spec import BotSpecError

PROG = "python -m eights.bench.strength"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The benchmark's options."""
    add_bot_arguments(parser, "deals")
    parser.add_argument("--rules", default="sce2", help="the game (default sce2; classic/4, openspiel/3,...)")
    parser.add_argument("--bots", metavar="SPECS", help="the bots of the first players' places, comma-separated")
    parser.add_argument("--fill", metavar="SPEC", default="random",
                        help="the bot of the places --bots leaves (default random)")
    parser.add_argument("--baseline", metavar="SPEC",
                        help="each bot's difference from the mean of this spec's seats (default --fill's)")
    parser.add_argument("--deals", "--pairs", dest="deals", type=int, metavar="N",
                        help="deals, each played once a player (default: the game's, sce2's 200 pairs, 50)")
    parser.add_argument("--deal-size", type=int, metavar="N",
                        help="sce2: every deal N cards a hand (default: 8, 7, ... 1, ... 8 cycling)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the summary and every deal's result")
    parser.add_argument("--records", type=Path, metavar="FILE",
                        help="write every game's record, one JSON object a line")


def split_specs(text: str) -> list[str]:
    """``--bots``' specs: split at each comma that a spec's name follows rather than an option
    (``key=value``, which a spec's own options are, separated by commas too).

    >>> split_specs("heuristic,solver:time=100,fair:time=100,samples=8,random")
    ['heuristic', 'solver:time=100', 'fair:time=100,samples=8', 'random']
    """
    specs: list[str] = []
    for piece in text.split(","):
        option = "=" in piece and ":" not in piece.partition("=")[0]
        if specs and option:
            specs[-1] += "," + piece
        else:
            specs.append(piece.strip())
    return specs


def seated_specs(args: argparse.Namespace, game: Game[Any, Any, Any]) -> list[str]:
    """The bots' specs, one a player (``--bots`` or ``--a`` and ``--b``, then ``--fill``), each
    checked by the game's bots as the baseline is: CommandLineError naming the option."""
    if args.a is not None or args.b is not None:
        if args.bots is not None:
            raise CommandLineError("--bots: name the bots with --bots, or with --a and --b, not both")
        required_bots(args)
        named = [("--a", args.a), ("--b", args.b)]
    elif args.bots is None:
        raise CommandLineError("--bots: the bots to seat, comma-separated (heuristic,solver:time=100)")
    else:
        named = [("--bots", spec) for spec in split_specs(args.bots)]
    if len(named) > game.players:
        raise CommandLineError(f"{named[-1][0]}: {len(named)} bots, more than the {game.players} "
                               f"{game.player_word}s of {game.name}")
    named += [("--fill", args.fill)] * (game.players - len(named))
    for flag, spec in [*named, ("--baseline", baseline_spec(args))]:
        try:
            game.make_bot(spec)
        except BotSpecError as error:
            raise CommandLineError(f"{flag}: {error}") from None
    return [spec for _, spec in named]


def baseline_spec(args: argparse.Namespace) -> str:
    """The bot every other is measured against: ``--baseline``, else ``--fill``."""
    return str(args.baseline or args.fill)


def strength(args: argparse.Namespace) -> Any:
    """The run the options ask for, a progress bar on standard error: ``Game.bot_strength``'s result."""
    game = find_game(args.rules, "--rules")
    specs = seated_specs(args, game)
    deals = game.strength_deals if args.deals is None else args.deals
    if deals < 1:
        raise CommandLineError(f"--deals: at least 1 deal, got {deals}")
    for path in (args.json, args.records):
        if path is not None:
            check_writable(path)
    with chosen_cluster(args) as cluster, tqdm(total=deals, unit="deal", disable=None, file=sys.stderr) as bar:
        return game.bot_strength(specs, deals, args.seed, args.workers, lambda _: bar.update(), cluster, args.deal_size)


def write(result: Any, baseline: str, json_file: Path | None, records_file: Path | None) -> None:
    """Write the files asked for: the run's JSON; every game's record, one JSON object a line."""
    if json_file is not None:
        json_file.write_text(json.dumps(result.to_json(baseline), indent=1) + "\n")
    if records_file is not None:
        with records_file.open("w") as out:
            for line in result.record_lines():
                out.write(json.dumps(line) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with command-line ``argv``: 0 on success, 2 (one line on standard
    error) for a bad option, bot spec or number."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        result = strength(args)
    except (EightsError, ValueError, ClusterUnavailable, CommandLineError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    baseline = baseline_spec(args)
    print(result.table(baseline))
    write(result, baseline, args.json, args.records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
