"""``tavern simulate``: bots play whole games; reports wins, scores, turns and wall time."""

from __future__ import annotations

import argparse
import json
import sys

from dominion_tavern.checker.cmdutil import command
from dominion_tavern.rulebook.bots import BOTS
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.setup import KINGDOMS, SetupError
from dominion_tavern.rulebook.simulate import simulate
from tqdm import tqdm


def add(sub) -> None:
    ap = command(sub, "simulate", "bots play whole games; prints results and speed",
                 "Bots play whole games on a Kingdom and the results are summed up: wins per "
                 "seat, mean scores and turns, unfinished games, wall time and games per "
                 "second. The same seed gives the same games.\n\n"
                 "  tavern simulate --bots big-money,random --games 200 --seed 1",
                 {0: "the games were played"})
    ap.add_argument("--bots", default="big-money,big-money",
                    help=f"comma-separated, one per player (default big-money,big-money); "
                    f"bots: {', '.join(BOTS)}")
    ap.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    ap.add_argument("--seed", default="0", help="an integer; game k uses seed+k (default 0)")
    ap.add_argument("--kingdom", default="first-game",
                    help=f"a named kingdom ({', '.join(KINGDOMS)}) or 10 comma-separated cards")
    ap.add_argument("--events", default="", help="comma-separated Events")
    ap.add_argument("--ruleset", default="current", choices=RULESETS,
                    help="the ruleset to play (default current)")
    ap.add_argument("--any-kingdom", action="store_true",
                    help="allow a Kingdom that is not 10 distinct Kingdom cards")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        seed = int(args.seed)
    except ValueError:
        raise SetupError(f"--seed must be an integer, not {args.seed!r}") from None
    kingdom = args.kingdom if args.kingdom in KINGDOMS else \
        [k.strip() for k in args.kingdom.split(",") if k.strip()]
    events = [e.strip() for e in args.events.split(",") if e.strip()]
    bar = tqdm(total=args.games, disable=not sys.stderr.isatty() or args.games < 50,
               unit="game", leave=False)
    report = simulate(args.bots.split(","), args.games, seed, kingdom, events, args.ruleset,
                      args.any_kingdom, progress=bar.update)
    bar.close()
    summary = report.summary()
    if args.json:
        summary["results"] = [vars(r) for r in report.games]
        print(json.dumps(summary, indent=1))
        return 0
    print(f"{summary['games']} games, bots {', '.join(report.bots)}")
    for seat, wins in summary["wins"].items():
        print(f"  {seat}: {wins:g} wins")
    print(f"  mean scores: {summary['mean_scores']}")
    print(f"  mean turns: {summary['mean_turns']}  unfinished: {summary['unfinished']}")
    print(f"  wall time: {summary['seconds']} s  ({summary['games_per_second']} games/s)")
    return 0
