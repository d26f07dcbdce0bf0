"""``tavern explore FILE``: every distinct outcome from the end of a scenario's script, with the
decision it starts from (its answers, and those not offered with the rule that closes each)
and, along each outcome's shortest path, what the rules closed."""

from __future__ import annotations

import argparse
import json
import sys

from dominion_tavern.checker.cli.subcommand import command, user_errors
from dominion_tavern.checker.explore import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    LINES_SHOWN,
    Exploration,
    ExploreError,
    Outcome,
)
from dominion_tavern.checker.explore.script_branches import prefix
from dominion_tavern.checker.explore.split import WorkerLost
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.field_paths import plain
from dominion_tavern.checker.reading.why_not import (
    closed_dicts,
    closed_on_paths,
    pending_dict,
    pending_lines,
)
from dominion_tavern.checker.runner.events import (
    events_of,
    events_text,
    exact_total,
    probability_of,
)
from dominion_tavern.checker.runner.outcome_check import (
    asks_outcomes,
    check_outcomes,
    explore_scenario,
    question,
)
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.chance import percent
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.simulate.games import available_cores


def add(sub) -> None:
    ap = command(sub, "explore", "every outcome from a scenario's position, each with how many "
                 "paths reach it, a shortest path and its rules",
                 "Play the scenario's script, then try every legal answer of every decision "
                 "up to the stop point of its outcomes section (default: the end of the "
                 "turn). Identical end positions, compared on outcomes.fields (default: the "
                 "turn player's zones, the trash and the turn's counters), are one outcome; "
                 "outcomes are numbered the most likely first when chance is in play, else "
                 "most paths first, then shortest path first, the same in the text, in --json "
                 "and on the judge's desk. If the file lists "
                 "outcomes.expect, they are checked too.\n\n"
                 "  tavern explore checker/scenarios/seeds/peasant-soldier-outcomes.yaml",
                 {0: "explored to the end (and outcomes.expect, if given, holds)",
                  1: "outcomes.expect does not hold, or --max-nodes or --max-seconds cut the "
                  "search",
                  4: "a worker process ended (killed, out of memory): the parts of the tree it "
                  "held are named"})
    ap.add_argument("file", help="a scenario file")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "the file's own")
    ap.add_argument("--depth", type=int, metavar="N",
                    help="cut paths after N answers past the script; what lies beyond is "
                    "counted as cut")
    ap.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES, metavar="N",
                    help=f"stop the search after trying N answers (default {DEFAULT_MAX_NODES})"
                    "; the result is then marked TRUNCATED")
    ap.add_argument("--max-seconds", type=float, default=DEFAULT_MAX_SECONDS, metavar="S",
                    help=f"stop the search after S seconds (default {DEFAULT_MAX_SECONDS:g}); "
                    "the result is then marked TRUNCATED. tavern check has no time limit, so "
                    "its verdicts never depend on the machine's speed")
    ap.add_argument("--workers", type=int, default=available_cores(), metavar="N",
                    help="split the search across N processes at its first chance steps, "
                    "with the same answer as one (default: every core, "
                    f"{available_cores()} here)")
    ap.set_defaults(run=run)


#: More outcomes than this, told apart by the default fields, get a hint to name the fields.
MANY_OUTCOMES = 20


def narrow_hint(ex: Exploration, scn) -> str | None:
    """For a long list on the default fields (every hand and buy of the turn player tells two
    outcomes apart): how to ask about less."""
    if len(ex.outcomes) <= MANY_OUTCOMES or question(scn)[1]:
        return None
    return (f"{len(ex.outcomes)} outcomes, told apart by the default fields (the turn player's "
            "zones, the trash and the turn's counters): to ask about less, name what the "
            "question is about in the file's outcomes section, e.g. 'outcomes: {stop: {at: "
            "end-of-phase}, fields: [piles.Curse]}' (checker/README.md, outcomes)")


def value_text(v: object) -> str:
    """A field's value as the report shows it; cards no one knows as ``{unknown: [...]}``."""
    if isinstance(v, tuple):
        return "[" + ", ".join(map(str, v)) + "]"
    return str(plain(v))


def _text(ex: Exploration, scn_id: str, question: str, start=None,
          closed: dict[int, list] | None = None, policies: list[str] = ()) -> str:
    lines = [f"{scn_id}: {question}" if question else scn_id,
             f"{len(ex.outcomes)} distinct outcome(s) {ex.stop.describe()}, "
             f"{ex.leaves} path(s), {ex.decisions} decision(s) in the tree"]
    lines += [f"policy: {p} (its answers are not branched on)" for p in policies]
    if ex.chance and not ex.truncated:
        lines.append("chance steps were met: each outcome's probability is exact, given the "
                     "script; a range is what the players' choices allow")
    elif ex.chance:
        lines.append("chance steps were met, but the search was cut short: each outcome's "
                     "probability is given as far as it is known")
    if note := ex.chosen_alone_note():
        lines.append(note)
    if start is not None and start.pending is not None:
        lines += pending_lines(start, "starting from: ", "   ")
    for i, o in enumerate(ex.numbered(), 1):
        extra = " (game over)" if o.over else ""
        extra += f" ({o.cut} cut at the depth limit)" if o.cut else ""
        lines.append(f"\n{i}. {o.paths} path(s){extra}")
        for f in ex.fields:
            lines.append(f"   {f} = {value_text(o.values[f])}")
        if ex.chance:
            if not o.chosen_alone:
                lines.append(f"   probability: {o.chance_text()}")
            lines += _lines_text(o)
        lines.append("   shortest path: " + (" / ".join(o.path) if o.path else "(no answers)"))
        if o.rules:
            lines.append("   rules: " + ", ".join(
                f"{r} ({RULES[r].title})" if r in RULES else r for r in o.rules))
        for s in (closed or {}).get(id(o), []):
            lines += [f"   not offered at answer {s.number} ({s.answer}): {c.text()}"
                      for c in s.closed]
    if ex.truncated:
        lines.append(f"\nTRUNCATED: {ex.limit_text()}; raise --max-nodes or --max-seconds, "
                     "or set --depth")
        if ex.chance:
            lines.append(_unexplored_text(ex))
    return "\n".join(lines)




def _unexplored_text(ex: Exploration) -> str:
    """What a search cut short left of the probability."""
    if ex.unexplored is None:
        return ("probability not bounded: the search stopped before trying every answer of a "
                "player's decision")
    explored = 1 - ex.unexplored
    return (f"probability explored: {explored} ({percent(explored)}); {ex.unexplored} "
            f"({percent(ex.unexplored)}) is left unexplored, so each outcome's probability lies "
            "in the interval shown and outcomes not listed have at most that much")


def _lines_text(o: Outcome) -> list[str]:
    """The lines of decisions that reach the outcome, the likeliest first."""
    if not o.lines or (len(o.lines) == 1 and not o.lines[0][0]):
        return []
    shown = [f"{' / '.join(a) if a else '(no decision)'}: {p}" for a, p in o.lines[:LINES_SHOWN]]
    more = len(o.lines) - LINES_SHOWN
    return ["   decision lines reaching it (chance within each): " + "; ".join(shown)
            + (f"; and {more} more" if more > 0 else "")]


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.depth is not None and args.depth < 0:
        raise ExploreError(f"--depth must be 0 or more, not {args.depth}")
    if args.max_nodes < 1:
        raise ExploreError(f"--max-nodes must be 1 or more, not {args.max_nodes}")
    if not args.max_seconds > 0:
        raise ExploreError(f"--max-seconds must be more than 0, not {args.max_seconds}")
    if args.workers < 1:
        raise ExploreError(f"--workers must be 1 or more, not {args.workers}")
    scn = load_scenario(args.file)
    try:
        if asks_outcomes(scn):
            if args.depth is not None:
                raise ExploreError(f"{args.file} lists its expected outcomes (outcomes.expect)"
                                   ", which a search cut by --depth cannot check; leave out "
                                   "--depth")
            check = check_outcomes(scn, args.ruleset, args.max_nodes,
                                   max_seconds=args.max_seconds, workers=args.workers)
            ex, verdict = check.exploration, check
        else:
            ex, verdict = explore_scenario(scn, args.ruleset, args.max_nodes, args.depth,
                                           max_seconds=args.max_seconds,
                                           workers=args.workers), None
    except WorkerLost as e:
        print(f"tavern explore: {e}", file=sys.stderr)
        return 4
    events = events_of((scn.outcomes or {}).get("events"))
    start = Game(scn.factory(args.ruleset))
    # the script up to its first open chance step, and the policies' answers on the way
    line, _ = prefix(start, scn.answers(args.ruleset), Policies(scn.policies))
    closed = closed_on_paths(scn.factory(args.ruleset), line, ex.numbered())
    if args.json:
        out = ex.as_dict()
        out["outcomes"] = [dict(number=i, **ex.outcome_dict(o))
                           for i, o in enumerate(ex.numbered(), 1)]
        total = exact_total(ex)
        out.update(id=scn.id, question=scn.question, ruleset=args.ruleset or scn.ruleset,
                   start=pending_dict(start), policies=Policies(scn.policies).describe(),
                   total=None if total is None else str(total),
                   events=[{"event": e.describe(), "expected": str(e.expected),
                            "probability": None if (p := probability_of(e, ex)) is None
                            else str(p)} for e in events])
        for o, d in zip(ex.numbered(), out["outcomes"], strict=True):
            if id(o) in closed:
                d["not_offered"] = [{"answer": s.number, "label": s.answer,
                                     "closed": closed_dicts(s.closed)} for s in closed[id(o)]]
        if verdict is not None:
            out["expected"] = {"ok": verdict.ok, "missing": [
                {k: plain(v) for k, v in m.items()} for m in verdict.missing],
                "unexpected": [o.as_dict() for o in verdict.unexpected]}
        print(json.dumps(out, indent=1))
    else:
        print(_text(ex, scn.id, scn.question, start, closed, Policies(scn.policies).describe()))
        if events or exact_total(ex) is not None:
            print("\n" + "\n".join(events_text(events, ex)))
        if verdict is not None:
            print("\nexpected outcomes: " + ("all found, none unexpected" if verdict.ok
                                             else "\n" + verdict.describe()))
        if hint := narrow_hint(ex, scn):
            print("\n" + hint)
    if verdict is not None and not verdict.ok:
        return 1
    return 1 if ex.truncated else 0
