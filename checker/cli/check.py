"""``tavern check PATH...``: run scenario files and print a verdict for each."""

from __future__ import annotations

import argparse
import json
import sys

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.subcommand import command
from dominion_tavern.checker.format.load import (
    Problem,
    Scenario,
    ScenarioError,
    find_scenarios,
    load_scenario,
)
from dominion_tavern.checker.runner.script_run import Result, run_scenario
from dominion_tavern.rulebook.carddata import RULESETS


def add(sub) -> None:
    ap = command(sub, "check", "run scenario files (or folders of them) and print PASS/FAIL for "
                 "each", "Run each scenario: build its setup, answer its script strictly, then "
                 "compare the position with its expect section and, if it has one, the "
                 "explored outcomes with outcomes.expect. A failure names the first "
                 "difference and prints the log up to it, each line with its rule id.\n\n"
                 "  tavern check                      (the scenario book shipped with Tavern)\n"
                 "  tavern check checker/scenarios\n"
                 "  tavern check a.yaml --ruleset 2015 --json",
                 {0: "every scenario passes", 1: "a scenario fails (and no file is refused)",
                  2: "a bad file or argument: a refused file's problems are printed, and "
                  "every other file is still run"})
    ap.add_argument("paths", nargs="*", metavar="PATH",
                    help="scenario files, or folders: every *.yaml under them, sorted (default: "
                    "the scenario book installed with Tavern)")
    ap.add_argument("--json", action="store_true", help="one JSON object per scenario per line")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "each file's own (meta.ruleset, default current)")
    ap.add_argument("--compare-rulesets", action="store_true",
                    help="run each scenario under both rulesets and report those that differ "
                    "(exit 0 whatever differs)")
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


def exit_status(refused: int, failed: int) -> int:
    """The documented precedence for mixed results: 2 if any file is refused, else 1 if any
    scenario fails, else 0."""
    return 2 if refused else 1 if failed else 0


def _print(res: Result) -> None:
    print(f"{'PASS' if res.passed else 'FAIL'} {res.id}: {res.question}")
    if not res.passed:
        print(f"    {res.failure}")
        print(f"    ({res.path}, ruleset {res.ruleset})")
        for line in res.log:
            print(f"      {line}")


def _differences(a: Result, b: Result) -> list[str]:
    out = []
    if a.passed != b.passed:
        out.append(f"{a.ruleset}: {'PASS' if a.passed else 'FAIL'}, "
                   f"{b.ruleset}: {'PASS' if b.passed else 'FAIL'}")
    for key in dict.fromkeys([*a.observed, *b.observed]):
        va, vb = a.observed.get(key), b.observed.get(key)
        if va != vb:
            out.append(f"{key}: {a.ruleset} {va!r}, {b.ruleset} {vb!r}")
    return out


def compare(scenarios: list[Scenario], as_json: bool) -> None:
    differing = 0
    for scn in scenarios:
        a, b = (run_scenario(scn, rs) for rs in RULESETS)
        diffs = _differences(a, b)
        differing += bool(diffs)
        if as_json:
            print(json.dumps({"id": scn.id, "path": str(scn.path), "question": scn.question,
                              "differs": bool(diffs), "differences": diffs,
                              "results": {r.ruleset: r.as_dict() for r in (a, b)}}))
        elif diffs:
            print(f"DIFFERS {scn.id}: {scn.question}")
            for d in diffs:
                print(f"    {d}")
            for r in (a, b):
                if r.failure:
                    print(f"    {r.ruleset}: {r.failure}")
    if not as_json:
        print(f"{differing} of {len(scenarios)} scenarios differ between rulesets "
              f"{' and '.join(RULESETS)}")


def run(args: argparse.Namespace) -> int:
    args.paths = args.paths or [str(CORPUS)]
    scenarios, refused = load_all(args.paths)
    if not scenarios and not refused:
        print(f"tavern check: error: no scenario files (*.yaml) in {' '.join(args.paths)}",
              file=sys.stderr)
        return 2
    _report_refused(refused, args.json)
    if args.compare_rulesets:
        compare(scenarios, args.json)
        return exit_status(len(refused), 0)
    failed = 0
    for scn in scenarios:
        res = run_scenario(scn, args.ruleset)
        failed += not res.passed
        if args.json:
            print(json.dumps(res.as_dict()))
        else:
            _print(res)
    if not args.json:
        print(f"{len(scenarios) - failed} passed, {failed} failed")
        if refused:
            print(f"{len(refused)} file(s) refused, not run (their problems are above)",
                  file=sys.stderr)
    return exit_status(len(refused), failed)
