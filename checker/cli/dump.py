"""``tavern dump FILE``: run a scenario's script (or its first N answers) and write the position
reached as a new scenario file that loads back to it.

The position written is the one at the next decision after those answers (or the game's end),
not a ``stop`` point of the scenario: a setup starts at a phase's beginning, so a position
paused at the end of a Buy phase could not load back as it is."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from dominion_tavern.checker.cli.subcommand import command, user_errors
from dominion_tavern.checker.format.dump import DumpError, dump
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.format.writing import scenario_yaml
from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.script_fit import given_answers
from dominion_tavern.checker.reading.script_messages import never_used, not_legal
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.position import out_of_game_words


def add(sub) -> None:
    ap = command(sub, "dump", "write the position a scenario's script reaches as a new "
                 "scenario file",
                 "Play the scenario's script (or its first N answers) and write the position "
                 "reached as a new scenario that loads back to it: the setup of the last "
                 "point that can be written as one, and the answers given since as its "
                 "script. The new file has no expect: add what it should check. Copies the "
                 "position places nowhere are named in meta.notes (rule "
                 "game.setup.out-of-game).\n\n"
                 "  tavern dump checker/scenarios/base/witch-moat.yaml --answers 1 -o mine.yaml",
                 {0: "the position was written"})
    ap.add_argument("file", help="a scenario file")
    ap.add_argument("--answers", type=int, metavar="N", help="stop after the script's first "
                    "N answers (default: all of them)")
    ap.add_argument("--ruleset", choices=RULESETS, help="run under this ruleset instead of "
                    "the file's own")
    ap.add_argument("--order", choices=("known", "actual"), default="known",
                    help="known (default): cards in an order no one knows written as such, as "
                    "the players know them (a seeded game loaded from it shuffles anew); "
                    "actual: a seeded game's hands and decks as the cards really lie, and how "
                    "far its generator has gone, so the same answers continue the same game")
    ap.add_argument("-o", "--output", metavar="OUT", help="write the new scenario to this "
                    "file (default: print it)")
    ap.set_defaults(run=run)


def _new_id(old: str, n: int | None) -> str:
    base = re.sub(r"[^a-z0-9._-]+", "-", old.lower()).strip("-") or "scenario"
    return f"{base}.dump" + (f"-{n}" if n is not None else "")


@user_errors
def run(args: argparse.Namespace) -> int:
    scn = load_scenario(args.file)
    script = list(scn.script)
    if args.answers is not None:
        if not 0 <= args.answers <= len(script):
            raise DumpError(f"--answers must be between 0 and {len(script)} (the script's "
                            f"length), not {args.answers}")
        script = script[:args.answers]
    g = scn.game(args.ruleset)
    policies = Policies(scn.policies)  # their answers go into the new file's script
    given = given_answers(scn.factory(args.ruleset), script, Policies(scn.policies).play)
    for i, a in enumerate(given, 1):
        while g.pending is None and g.paused is not None:
            g.resume()
        policies.play(g)
        if g.pending is None:
            raise DumpError(f"{args.file}: {never_used(i, a, g)}")
        if leaves_open(g, a):
            raise DumpError(f"{args.file}: script entry {i} {a!r} leaves the chance step "
                            f"\"{g.pending.prompt}\" open (the script goes on in every "
                            f"branch), and a dump is one position: dump the first {i - 1} "
                            "answer(s) (--answers), or name what comes up")
        try:
            g.answer(a)
        except IllegalAnswer:
            raise DumpError(f"{args.file}: {not_legal(i, a, g)}") from None
    d = dump(g, actual=args.order == "actual")
    where = f"{scn.id}" + (f" after {len(script)} answers" if args.answers is not None else "")
    meta = {"id": _new_id(scn.id, args.answers), "title": f"Position dumped from {where}",
            "question": f"What happens from the position {scn.id} reaches"
                        + (f" after {len(script)} answers?" if args.answers is not None
                           else " after its script?"),
            "ruleset": d.setup["ruleset"]}
    if g.state.out_of_game:  # what the setup written implies too, said aloud
        meta["rules"] = ["game.setup.out-of-game"]
        meta["notes"] = (f"Out of the game (rule game.setup.out-of-game): "
                         f"{out_of_game_words(g.state)}; copies the position places nowhere.")
    data: dict[str, Any] = {"meta": meta, "setup": d.setup}
    if d.script:
        data["script"] = d.script
    text = scenario_yaml(data)
    if args.output:
        Path(args.output).write_text(text, "utf-8")
        print(f"wrote {args.output}" + ("" if d.exact else
              f" (setup at the last top-level point and {len(d.script)} answer(s) after it)"),
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
