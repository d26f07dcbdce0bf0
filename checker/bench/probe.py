"""The benchmarks' stable entry point, run in this checkout and in an older one by ``make
bench-compare``: ``python -m dominion_tavern.checker.bench.probe explorer QUESTION`` explores
QUESTION (JSON: [setup, stop, fields]) and prints one JSON line, ``{"decisions": N, "rate":
R}``. Its command line and output stay as they are when the modules beneath move, so any later
commit can be measured against this one.
"""

from __future__ import annotations

import json
import sys

from dominion_tavern.checker.explore import explore
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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "explorer":
        print("usage: python -m dominion_tavern.checker.bench.probe explorer "
              "'[SETUP, STOP, FIELDS]'", file=sys.stderr)
        return 2
    spec, stop, fields = json.loads(args[1])
    ex = explore(lambda: build(spec), [], stop, fields, max_nodes=200_000)
    print(json.dumps({"decisions": ex.decisions, "rate": ex.decisions / ex.seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
