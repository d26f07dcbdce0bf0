"""``tavern check PATH...``: run scenario files and print a verdict for each."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.checker.format.load import (
    Problem,
    Scenario,
    ScenarioError,
    find_scenarios,
    load_scenario,
)
from dominion_tavern.checker.runner import ruleset_compare
from dominion_tavern.checker.runner.script_run import Result, run_scenario
from dominion_tavern.checker.runner.verdicts import (
    EXITS,
    FAIL,
    NO_CLAIM,
    PASS,
    UNDECIDED,
    Claims,
    exit_status,
)
from dominion_tavern.rulebook.carddata import RULESETS


def add(sub) -> None:
    ap = command(sub, "check", "run scenario files (or folders of them) and print a verdict for "
                 "each", "Run each scenario: build its setup, answer its script strictly, then "
                 "compare the position where the run stops (each stop point asked for must be "
                 "reached exactly) with its expect section and the explored outcomes with "
                 "outcomes.expect. Verdicts: PASS (every claim holds), FAIL (the first "
                 "difference, with the log up to it, each line with its rule id), NO CLAIM "
                 "(nothing claimed: never counted as passed), UNDECIDED (the search's node "
                 "budget ended it first). Claims are counted, stated and recorded (a mapping "
                 "with recorded: TOOL). checker/README.md, 'What a PASS means', says it in "
                 "full.\n\n"
                 "  tavern check                      (the scenario book shipped with Tavern)\n"
                 "  tavern check checker/scenarios\n"
                 "  tavern check a.yaml --ruleset 2015 --json",
                 EXITS)
    ap.add_argument("paths", nargs="*", metavar="PATH",
                    help="scenario files, or folders: every *.yaml under them, sorted (default: "
                    "the scenario book installed with Tavern)")
    ap.add_argument("--json", action="store_true", help="one JSON object per scenario per line")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "each file's own (meta.ruleset, default current)")
    ap.add_argument("--compare-rulesets", action="store_true",
                    help="run each scenario under both rulesets and report those whose answers "
                    "differ: verdicts, values read, outcome sets and probabilities side by side, "
                    "with the rules, card texts and rulings that differ (exit 0 whatever "
                    "differs)")
    ap.set_defaults(run=run)


def load_all(paths: list[str]) -> tuple[list[Scenario], list[ScenarioError]]:
    """Every scenario under ``paths`` that loads, and the problems of each file refused (a file
    whose id an earlier file already has is refused too)."""
    scenarios: list[Scenario] = []
    refused: list[ScenarioError] = []
    seen: dict[str, Scenario] = {}
    for path in find_scenarios(paths):
        try:
            scn = load_scenario(path)
        except ScenarioError as e:
            refused.append(e)
            continue
        if scn.id in seen:
            refused.append(ScenarioError([Problem(str(scn.path), *scn.id_at, f"meta.id: "
                                                  f"{scn.id!r} is already the id of "
                                                  f"{seen[scn.id].path}; ids must be unique")]))
            continue
        seen[scn.id] = scn
        scenarios.append(scn)
    return scenarios, refused


def _report_refused(refused: list[ScenarioError], as_json: bool) -> None:
    """Each refused file's problems: ``file:line:col: message`` lines on stderr, or one JSON
    object per file (``refused: true``) with ``--json``."""
    for e in refused:
        if as_json:
            print(json.dumps({"path": e.problems[0].file, "refused": True,
                              "problems": [str(p) for p in e.problems]}))
        else:
            print(str(e), file=sys.stderr)


LABELS = {PASS: "PASS", FAIL: "FAIL", NO_CLAIM: "NO CLAIM", UNDECIDED: "UNDECIDED"}


def _print(res: Result) -> None:
    claims = Claims(res.claims["stated"], res.claims["recorded"],
                    tuple(res.claims["recorded_by"]))
    if res.verdict == NO_CLAIM:
        what = "no expect, no outcomes.expect"
        if res.outcomes is not None:
            what += f"; {len(res.outcomes)} outcome(s) explored" + (
                ", when the node budget stopped the search" if res.outcomes_cut else "")
        print(f"NO CLAIM {res.id}: {res.question} ({what})")
        return
    print(f"{LABELS[res.verdict]} {res.id}: {res.question} (claims: {claims.text()})")
    if res.verdict == UNDECIDED:
        print(f"    {res.undecided}")
    if res.verdict == FAIL:
        print(f"    {res.failure}")
        print(f"    ({res.path}, ruleset {res.ruleset})")
        for line in res.log:
            print(f"      {line}")


def compare(scenarios: list[Scenario], as_json: bool) -> int:
    differing = 0
    for scn in scenarios:
        c = ruleset_compare.compare(scn)
        differing += c.differs
        if as_json:
            print(json.dumps({"id": scn.id, "path": str(scn.path), "question": scn.question,
                              **c.as_dict()}))
        elif c.differs:
            print(f"DIFFERS {scn.id}: {scn.question}")
            for d in c.answers:
                print(f"    {d}")
            for r in c.results:
                if r.failure:
                    print(f"    {r.ruleset}: {r.failure}")
            for why in c.reasons:
                print(f"    along the way: {why}")
        if c.fixed and not as_json:
            print(f"    texts kept: {c.fixed}" if c.differs else
                  f"SAME {scn.id}: texts kept: {c.fixed}")
    if not as_json:
        print(f"{differing} of {len(scenarios)} scenarios differ between rulesets "
              f"{' and '.join(RULESETS)}")
    return 0


def summary(results: list[Result]) -> list[str]:
    """The summary lines: the verdicts counted apart, undecided ones on a line of their own,
    then the claims checked, stated and recorded."""
    n = Counter(r.verdict for r in results)
    claims = sum((Claims(r.claims["stated"], r.claims["recorded"], tuple(r.claims["recorded_by"]))
                  for r in results), Claims())
    lines = [f"{n[PASS]} passed, {n[FAIL]} failed, {n[NO_CLAIM]} with no claim"]
    if n[UNDECIDED]:
        lines.append(f"{n[UNDECIDED]} undecided (not passed): a search stopped at its node "
                     "budget before a verdict")
    lines.append(f"claims: {claims.text()}")
    return lines


def run(args: argparse.Namespace) -> int:
    args.paths = args.paths or [str(CORPUS)]
    scenarios, refused = load_all(args.paths)
    if not scenarios and not refused:
        print(f"tavern check: error: no scenario files (*.yaml) in {' '.join(args.paths)}",
              file=sys.stderr)
        return 2
    _report_refused(refused, args.json)
    if args.compare_rulesets:
        code = compare(scenarios, args.json)
        return exit_status([], len(refused)) if refused else code
    results = []
    for scn in scenarios:
        res = run_scenario(scn, args.ruleset)
        results.append(res)
        if args.json:
            print(json.dumps(res.as_dict()))
        else:
            _print(res)
    if not args.json:
        print("\n".join(summary(results)))
        if refused:
            print(f"{len(refused)} file(s) refused, not run (their problems are above)",
                  file=sys.stderr)
    return exit_status([r.verdict for r in results], len(refused))
