"""``tavern coverage``: which rules and rulings the scenario corpus does not show yet."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.checker.reference.coverage import coverage


def add(sub) -> None:
    ap = command(sub, "coverage", "rules and rulings not yet shown by a scenario",
                 "Count the rule ids (rulebook/data/rules.toml) and card rulings "
                 "(rulebook/data/rulings.toml) that the scenarios' meta.rules and "
                 "meta.rulings show, and list those no scenario shows yet; also rule ids the "
                 "engine cites without a definition.",
                 {0: "the report was printed (with --strict: everything is covered)",
                  1: "with --strict: something is not covered"})
    ap.add_argument("corpus", nargs="?", default=str(CORPUS), metavar="FOLDER",
                    help="the scenario folder (default: the kit's checker/scenarios)")
    ap.add_argument("--strict", action="store_true", help="exit 1 unless coverage is 100%%")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not Path(args.corpus).is_dir():
        print(f"tavern coverage: error: {args.corpus}: no such folder (give the scenario "
              "folder, or nothing for the kit's own)", file=sys.stderr)
        return 2
    report = coverage(Path(args.corpus))
    print("\n".join(report.lines()))
    return 1 if args.strict and not report.complete else 0
