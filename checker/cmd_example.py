"""``tavern example``: one logged example game, every line with the rule it rests on."""

from __future__ import annotations

import argparse

from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate import play_game


def add(sub) -> None:
    ap = sub.add_parser("example", help="play one logged example game and print its log")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="big-money,random")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    bots = args.bots.split(",")
    names = [f"P{i + 1}-{b}" for i, b in enumerate(bots)]
    g, result = play_game(Setup(kingdom="first-game", players=names, seed=args.seed), bots,
                          args.seed)
    print(f"Example game: {', '.join(names)} on the First Game kingdom, seed {args.seed}\n")
    print(g.log.text())
    print("\nRules cited:")
    for rid in sorted(g.log.rules_cited()):
        print(f"  {rid}: {RULES[rid].title}")
    return 0 if result.finished else 1
