"""``tavern why FILE``: the copies the position leaves out of the game, the log of a
scenario's scripted line, each step with the rule behind it, what the rules closed at each
answer, the decision it stops at (its answers, and those not offered with the rule that closes
each), then the text of every rule cited (in the scenario's ruleset)."""

from __future__ import annotations

import argparse
import json
import textwrap
from fractions import Fraction
from math import prod

from dominion_tavern.checker.cli.subcommand import command, user_errors
from dominion_tavern.checker.explore import ExploreError
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.why_not import closed_dicts, pending_dict, pending_lines
from dominion_tavern.checker.runner.script_run import run_scenario
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.chance import percent
from dominion_tavern.rulebook.position import out_of_game_words
from dominion_tavern.rulebook.rules import RULES


def add(sub) -> None:
    ap = command(sub, "why", "the log of a scenario's script with every rule cited",
                 "Play the scenario's script and print the copies its position leaves out of "
                 "the game (rule game.setup.out-of-game), the log, each line with the rule id "
                 "behind it, the decision left pending, then the text of every rule cited "
                 "(as it stands in the scenario's ruleset).",
                 {0: "the scenario does not fail (it passes, claims nothing or is "
                  "undecided: tavern check says which)",
                  1: "the scenario fails (the log is printed up to "
                  "where its script stops)"})
    ap.add_argument("file", help="a scenario file")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "the file's own")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.set_defaults(run=run)


def texts_json(g) -> list[dict[str, object]]:
    """The named texts the game plays by: card, id, text, and whether the setup chose it."""
    return [{"card": name, "id": t.id, "text": t.text, "named": named}
            for name, t, named in g.state.texts_in_use()]


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
    closed_at = []  # (log entries before it, who answered what, what was not offered)
    policies = Policies(scn.policies)  # they answer first, as in check: the log says so
    left_open = None  # the entry that leaves a chance step open: one line ends there
    for a in [*scn.answers(rs), None]:
        try:
            policies.play(g)
        except ExploreError:
            break
        if g.pending is None or a is None:
            break
        if leaves_open(g, a):
            left_open = a
            break
        before, closed, who = len(g.log), g.pending.unavailable(), g.pending
        try:
            g.answer(a)
        except ValueError:
            break
        if closed:
            closed_at.append((before, who, a, closed))
    pending = g.pending.unavailable() if g.pending is not None else []
    chance = [(i, e, e.probability()) for i, e in enumerate(g.log, 1) if e.chance]
    line_chance = prod((p for *_, p in chance), start=Fraction(1))
    out = g.state.out_of_game  # rule game.setup.out-of-game: fixed from the start
    rules = list(dict.fromkeys([*(["game.setup.out-of-game"] if out else []),
                                *g.log.rules_cited(),
                                *(c.rule for *_, cs in closed_at for c in cs),
                                *(c.rule for c in pending)]))
    if args.json:
        print(json.dumps({"id": scn.id, "question": scn.question, "ruleset": rs,
                          "out_of_game": out, "texts": texts_json(g),
                          "passed": res.passed, "verdict": res.verdict,
                          "failure": res.failure,
                          "log": [e.as_dict() for e in g.log],
                          "not_offered": [{"after_entries": n, "player": who.player,
                                           "decider": who.decider, "answer": a,
                                           "closed": closed_dicts(cs)}
                                          for n, who, a, cs in closed_at],
                          "pending": pending_dict(g),
                          "chance": [{"entry": i, "text": e.text(), "probability": str(p)}
                                     for i, e, p in chance],
                          "line_probability": str(line_chance),
                          "rules": [rule_entry(r, rs) for r in rules]}, indent=1))
        return 0 if res.failure is None else 1
    print(f"{scn.id}: {scn.question}  (ruleset {rs})")
    if res.failure:
        print(f"the scenario fails: {res.failure}")
    if out:
        print(f"Out of the game (rule game.setup.out-of-game): {out_of_game_words(g.state)}; "
              "copies the position places nowhere")
    for name, t, named in g.state.texts_in_use():
        chosen = "named in setup.texts" if named else f"the ruleset {rs} uses it"
        print(f"{name} plays by its {t.id} text ({chosen}): {t.text}")
    print("\nLog:")
    for i, e in enumerate([*g.log, None]):
        for n, who, a, cs in closed_at:
            if n == i:
                answers = who.who().replace(" decides for ", " answers for ") \
                    if who.decider != who.player else f"{who.player} answers"
                print(f"      {answers} {a!r}; not offered then:")
                for c in cs:
                    print(f"        {c.text()}")
        if e is not None:
            print(f"{i + 1:4}. turn {e.turn}: {e.text()}")
    if g.pending is not None:
        print("\n".join(pending_lines(g, "      now waiting: ", " " * 8)))
    if left_open is not None:
        print(f"      the script goes on from here in every branch ({left_open!r} names no "
              "outcome): tavern explore shows them")
    if chance:
        print(f"\nChance on this line ({len(chance)} step(s); rule chance.unknown-order):")
        for i, e, p in chance:
            print(f"  log entry {i}: {', '.join(e.cards)} came up: {p} ({percent(p)})")
        print(f"  the whole line, as far as chance goes: {line_chance} ({percent(line_chance)})")
    print(f"\nRules cited ({len(rules)}):")
    for rid in rules:
        r = rule_entry(rid, rs)
        print(f"\n{rid}: {r['title']}")
        print(textwrap.fill(r["text"], 92, initial_indent="    ", subsequent_indent="    "))
        print(f"    source: {r['source']}")
    return 0 if res.failure is None else 1
