"""``tavern example``: one logged example game, every line with the rule it rests on."""

from __future__ import annotations

import argparse

from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import Setup, SetupError
from dominion_tavern.rulebook.simulate.bots import BOTS
from dominion_tavern.rulebook.simulate.games import play_game


def add(sub) -> None:
    ap = command(sub, "example", "play one logged example game and print its log",
                 "Bots play one whole game on the First Game kingdom; the log is printed, "
                 "every line with the rule id behind it, then the title of every rule cited.",
                 {0: "the game finished", 1: "the game hit the turn limit unfinished"})
    ap.add_argument("--seed", type=int, default=1, help="the seed for shuffles and the bots "
                    "(default 1)")
    ap.add_argument("--bots", default="big-money,random",
                    help=f"comma-separated, one per player (default big-money,random); bots: "
                    f"{', '.join(BOTS)}")
    ap.add_argument("--ruleset", choices=RULESETS, default="current",
                    help="the ruleset to play (default current)")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    bots = args.bots.split(",")
    for b in bots:
        if b not in BOTS:
            raise SetupError(f"--bots: unknown bot {b!r}; bots: {', '.join(BOTS)}")
    names = [f"P{i + 1}-{b}" for i, b in enumerate(bots)]
    g, result = play_game(Setup(kingdom="first-game", players=names, seed=args.seed,
                                ruleset=args.ruleset), bots, args.seed)
    print(f"Example game: {', '.join(names)} on the First Game kingdom, seed {args.seed}, "
          f"ruleset {args.ruleset}\n")
    print(g.log.text())
    print("\nRules cited:")
    for rid in sorted(g.log.rules_cited()):
        print(f"  {rid}: {RULES[rid].title}")
    return 0 if result.finished else 1
