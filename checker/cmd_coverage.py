"""``tavern coverage``: which rules and rulings the scenario corpus does not show yet."""

from __future__ import annotations

import argparse
from pathlib import Path

from dominion_tavern.checker.coverage import coverage
from dominion_tavern.checker.reference import SCENARIOS


def add(sub) -> None:
    ap = sub.add_parser("coverage", help="rules and rulings not yet shown by a scenario")
    ap.add_argument("corpus", nargs="?", default=str(SCENARIOS), help="scenario folder")
    ap.add_argument("--strict", action="store_true", help="exit 1 unless coverage is 100%%")
    ap.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    report = coverage(Path(args.corpus))
    print("\n".join(report.lines()))
    return 1 if args.strict and not report.complete else 0
