"""``tavern why FILE``: the log of a scenario's scripted line, each step with the rule behind it,
then the text of every rule cited (in the scenario's ruleset)."""

from __future__ import annotations

import argparse
import json
import textwrap

from dominion_tavern.checker.cmdutil import command, user_errors
from dominion_tavern.checker.run import run_scenario
from dominion_tavern.checker.scenario import load_scenario
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.rules import RULES


def add(sub) -> None:
    ap = command(sub, "why", "the log of a scenario's script with every rule cited",
                 "Play the scenario's script and print the log, each line with the rule id "
                 "behind it, the decision left pending, then the text of every rule cited "
                 "(as it stands in the scenario's ruleset).",
                 {0: "the scenario passes", 1: "the scenario fails (the log is printed up to "
                  "where its script stops)"})
    ap.add_argument("file", help="a scenario file")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "the file's own")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.set_defaults(run=run)


def rule_entry(rid: str, ruleset: str) -> dict[str, str]:
    r = RULES.get(rid)
    if r is None:  # pragma: no cover - the log refuses unknown ids
        return {"id": rid, "title": "(unknown rule)", "text": "", "source": ""}
    return {"id": rid, "title": r.title, "text": r.text_for(ruleset), "source": r.source}


@user_errors
def run(args: argparse.Namespace) -> int:
    scn = load_scenario(args.file)
    rs = args.ruleset or scn.ruleset
    res = run_scenario(scn, rs)
    g = scn.game(rs)  # the log with rule ids, entry by entry
    for a in scn.script:
        if g.pending is None:
            break
        try:
            g.answer(a)
        except ValueError:
            break
    rules = g.log.rules_cited()
    if args.json:
        print(json.dumps({"id": scn.id, "question": scn.question, "ruleset": rs,
                          "passed": res.passed, "failure": res.failure,
                          "log": [e.as_dict() for e in g.log],
                          "rules": [rule_entry(r, rs) for r in rules]}, indent=1))
        return 0 if res.passed else 1
    print(f"{scn.id}: {scn.question}  (ruleset {rs})")
    if res.failure:
        print(f"the scenario fails: {res.failure}")
    print("\nLog:")
    for i, e in enumerate(g.log, 1):
        print(f"{i:4}. turn {e.turn}: {e.text()}")
    if g.pending is not None:
        print(f"      now waiting: {g.pending.player}: {g.pending.prompt} "
              f"[{g.pending.rule}]")
    print(f"\nRules cited ({len(rules)}):")
    for rid in rules:
        r = rule_entry(rid, rs)
        print(f"\n{rid}: {r['title']}")
        print(textwrap.fill(r["text"], 92, initial_indent="    ", subsequent_indent="    "))
        print(f"    source: {r['source']}")
    return 0 if res.passed else 1
