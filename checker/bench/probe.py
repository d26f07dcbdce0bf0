"""The benchmarks' stable entry point, run in this checkout and in an older one by ``make
bench-compare``:

* ``python -m dominion_tavern.checker.bench.probe explorer QUESTION`` explores QUESTION (JSON:
  [setup, stop, fields]) and prints one JSON line, ``{"decisions": N, "rate": R}``;
* ``... probe chance FILE...`` explores each scenario file's ``outcomes`` question and prints
  one JSON line for all of them: ``{"seconds": S, "decisions": N, "answered": A, "merged": M,
  "outcomes": O, "truncated": T, "unexplored": U}`` (sums; ``unexplored`` is the probability
  mass left unexplored, a fraction as text, ``null`` where unknown).

Its command lines and output stay as they are when the modules beneath move, so any later
commit can be measured against this one.
"""

from __future__ import annotations

import json
import sys
import time
from fractions import Fraction

from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.runner.outcome_check import explore_scenario
from dominion_tavern.rulebook.position import build

#: The explorer's benchmark position: a Base-set Action phase with thousands of branches
#: (Village, Cellar, Chapel and Throne Room choices).
SPEC = {
    "kingdom": ["Cellar", "Chapel", "Village", "Smithy", "Throne Room", "Market", "Festival",
                "Laboratory", "Militia", "Moat"],
    "players": [
        {"name": "Ann", "hand": ["Throne Room", "Village", "Cellar", "Chapel", "Estate",
                                 "Copper", "Silver"],
         "deck": ["Copper", "Estate", "Silver", "Copper", "Gold", "Copper", "Estate", "Cellar",
                  "Copper", "Estate"]},
        {"name": "Bob"}],
    "turn": {"phase": "action"},
    "seed": 0,  # shuffles decided by the seed: the same tree as every earlier measurement
}
FIELDS = ["players.Ann.hand", "players.Ann.discard", "players.Ann.deck", "trash",
          "turn.actions", "turn.coins"]
STOP = {"at": "end-of-phase", "phase": "action"}


def chance(files: list[str]) -> dict[str, object]:
    """The figures of exploring each file's ``outcomes`` question, summed."""
    out: dict[str, object] = {"seconds": 0.0, "decisions": 0, "answered": 0, "merged": 0,
                              "outcomes": 0, "truncated": False}
    unexplored: Fraction | None = Fraction(0)
    for file in files:
        t0 = time.perf_counter()
        ex = explore_scenario(load_scenario(file))
        out["seconds"] += time.perf_counter() - t0
        for key in ("decisions", "answered", "merged"):
            out[key] += getattr(ex, key)
        out["outcomes"] += len(ex.outcomes)
        out["truncated"] = out["truncated"] or ex.truncated
        left = getattr(ex, "unexplored", None)
        unexplored = None if unexplored is None or left is None else unexplored + left
    out["unexplored"] = None if unexplored is None else str(unexplored)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) >= 2 and args[0] == "chance":
        print(json.dumps(chance(args[1:])))
        return 0
    if len(args) != 2 or args[0] != "explorer":
        print("usage: python -m dominion_tavern.checker.bench.probe explorer "
              "'[SETUP, STOP, FIELDS]' | chance FILE...", file=sys.stderr)
        return 2
    spec, stop, fields = json.loads(args[1])
    ex = explore(lambda: build(spec), [], stop, fields, max_nodes=200_000)
    print(json.dumps({"decisions": ex.decisions, "rate": ex.decisions / ex.seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
