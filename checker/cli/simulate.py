"""``tavern simulate``: bots play whole games; reports wins, scores, turns and wall time.

The games run on every core by default (``--workers``), or on a Dask cluster (``--cluster``);
the figures are the same however they run, only the wall time differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable

from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.setup import KINGDOMS, SetupError
from dominion_tavern.rulebook.simulate.bots import BOTS
from dominion_tavern.rulebook.simulate.games import (
    Report,
    WorkerLost,
    available_cores,
    random_kingdoms,
    simulate,
)
from dominion_tavern.rulebook.spelling import UnknownName, names_in
from tqdm import tqdm


def add(sub) -> None:
    ap = command(sub, "simulate", "bots play whole games; prints results and speed",
                 "Bots play whole games on a Kingdom and the results are summed up: wins per "
                 "seat, mean scores and turns, unfinished games, wall time and games per "
                 "second. The same seed gives the same games.\n\n"
                 "  tavern simulate --bots big-money,random --games 200 --seed 1",
                 {0: "the games were played (a worker process that ended had its games "
                  "played again: said on stderr)",
                  4: "worker processes kept ending (killed, out of memory): the games not "
                  "played are named, with how to play them"})
    ap.add_argument("--bots", default="big-money,big-money",
                    help=f"comma-separated, one per player (default big-money,big-money); "
                    f"bots: {', '.join(BOTS)}")
    ap.add_argument("--games", type=int, default=100,
                    help="games on each Kingdom (default 100)")
    ap.add_argument("--seed", default="0",
                    help="an integer; game k on each Kingdom uses seed+k (default 0)")
    ap.add_argument("--kingdom", action="append",
                    help=f"a named kingdom ({', '.join(KINGDOMS)}) or 10 comma-separated cards; "
                    "repeat for several Kingdoms (default: first-game)")
    ap.add_argument("--random-kingdoms", type=int, default=0, metavar="N",
                    help="also N Kingdoms of 10 Base and Adventures cards drawn from the seed")
    ap.add_argument("--events", default="", help="comma-separated Events, in every game")
    ap.add_argument("--ruleset", default="current", choices=RULESETS,
                    help="the ruleset to play (default current)")
    ap.add_argument("--any-kingdom", action="store_true",
                    help="allow a Kingdom that is not 10 distinct Kingdom cards")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="N",
                       help=f"local processes (default: every core, {available_cores()} here)")
    where.add_argument("--cluster", metavar="ADDRESS",
                       help="run on the Dask scheduler at ADDRESS, e.g. tcp://host:8786 "
                       "(needs the extra: pip install 'dominion-tavern[cluster]')")
    ap.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS",
                    help="with --cluster: how long to wait for the scheduler and a worker")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        seed = int(args.seed)
    except ValueError:
        raise SetupError(f"--seed must be an integer, not {args.seed!r}") from None
    if args.random_kingdoms < 0:
        raise SetupError(f"--random-kingdoms must be 0 or more, not {args.random_kingdoms}")
    named = args.kingdom or ([] if args.random_kingdoms else ["first-game"])
    kingdoms = [k if k in KINGDOMS else _names("--kingdom", k, CARDS, "card")
                for k in named] + random_kingdoms(args.random_kingdoms, seed)
    events = _names("--events", args.events, EVENTS, "Event") if args.events.strip() else []
    workers = args.workers if args.workers is not None else \
        1 if args.cluster else available_cores()
    total = args.games * len(kingdoms)
    bar = tqdm(total=total, disable=not sys.stderr.isatty() or total < 50, unit="game",
               leave=False)
    try:
        report = simulate(args.bots.split(","), args.games, seed, None, events, args.ruleset,
                          args.any_kingdom, progress=bar.update, kingdoms=kingdoms,
                          workers=workers, cluster=args.cluster,
                          connect_timeout=args.connect_timeout)
    except WorkerLost as e:
        print(f"tavern simulate: {e}", file=sys.stderr)
        return 4
    finally:
        bar.close()
    for note in report.notes:
        print(f"tavern simulate: {note}", file=sys.stderr)
    summary = report.summary()
    if args.json:
        summary["results"] = [vars(r) for r in report.games]
        print(json.dumps(summary, indent=1))
        return 0
    print_summary(report, summary, args.cluster or
                  ("one process" if workers == 1 else f"{workers} processes"))
    return 0


def _names(option: str, value: str, known: Iterable[str], what: str) -> list[str]:
    """Comma-separated names in any case, as every command takes card names."""
    try:
        return names_in(value.split(","), known, what)
    except UnknownName as e:
        raise SetupError(f"{option}: {e}") from None


def print_summary(report: Report, summary: dict, where: str) -> None:
    kingdoms = summary["kingdoms"]
    print(f"{summary['games']} games on {len(kingdoms)} Kingdom(s), bots "
          f"{', '.join(report.bots)}")
    for seat, wins in summary["wins"].items():
        print(f"  {seat}: {wins:g} wins")
    print(f"  mean scores: {summary['mean_scores']}")
    print(f"  mean turns: {summary['mean_turns']}  unfinished: {summary['unfinished']}")
    print(f"  wall time: {summary['seconds']} s  ({summary['games_per_second']} games/s, "
          f"{where})")
    if len(kingdoms) > 1:
        print("by Kingdom (wins per seat; mean turns):")
        for i, (cards, fig) in enumerate(zip(kingdoms, summary["by_kingdom"], strict=True)):
            wins = ", ".join(f"{w:g}" for w in fig["wins"].values())
            print(f"  {i + 1}. {wins}; {fig['mean_turns']} turns: {', '.join(cards)}")
