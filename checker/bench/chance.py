"""Benchmark of exact chance at depth (a script, not a timed test): the questions of issue 26,
from small to large, each explored to exact probabilities in a fresh process through the
stable entry point (:mod:`dominion_tavern.checker.bench.probe`, run as a script), so ``make
bench-compare SUITE=chance`` can ask an older commit the same questions.

For each question it prints the wall time of the search, the decisions in the tree (a merged
branch's counted as often as it is reached), the answers the engine was actually given
(replays included; a memo hit gives none), the branches merged by the memo, and the
probability mass left unexplored (0 when the search finished). The last questions span turns:
a bot's policy answers every decision, the explorer branches only on chance.

The questions are scenario files in ``checker/bench/chance/`` (kept out of the scenario book,
whose check must stay fast) and the book's own chance section.
Run: ``.venv/bin/python -m dominion_tavern.checker.bench.chance`` (``make bench-chance``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.bench import probe

HERE = Path(__file__).resolve().parent / "chance"

#: (label, scenario files): the questions, smallest first.
QUESTIONS: list[tuple[str, list[Path]]] = [
    ("15-card deck of 4 kinds, the next two hands", [HERE / "two-hands-15.yaml"]),
    ("20-card deck of 5 kinds, the next two hands", [HERE / "two-hands-20.yaml"]),
    ("a shuffle, then 2 player decisions", [HERE / "shuffle-then-2.yaml"]),
    ("a shuffle, then 3 player decisions", [HERE / "shuffle-then-3.yaml"]),
    ("the scenario book's chance section", sorted((CORPUS / "chance").glob("*.yaml"))),
    *((f"Smithy Big Money: a Gold bought by turn {n}", [HERE / f"first-gold-by-turn-{n}.yaml"])
      for n in range(3, 7)),
]

def measure(python: Path, files: list[Path]) -> dict[str, object]:
    """One question's figures with the package installed for ``python``: this checkout's probe
    script run by that Python (its ``chance`` command uses only modules every commit since the
    checker's rooms has), so an older commit is measured by the same code."""
    proc = subprocess.run([str(python), probe.__file__, "chance", *map(str, files)],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip() or "no output").splitlines()[-1]
        raise RuntimeError(f"exploring {files[0].name} with {python} failed: {last}")
    return json.loads(proc.stdout)


def row(label: str, r: dict[str, object]) -> str:
    left = r.get("unexplored")
    return (f"  {label:45} {r['seconds']:8.2f} s {r['decisions']:9,} decisions "
            f"{r['answered']:10,} engine answers {r['merged']:7,} merged  unexplored "
            f"{'?' if left is None else left}" + ("  TRUNCATED" if r["truncated"] else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", metavar="TEXT", help="the questions whose label holds TEXT")
    args = ap.parse_args(argv)
    print("exact chance at depth, one process per question (this checkout):")
    for label, files in QUESTIONS:
        if args.only and args.only not in label:
            continue
        print(row(label, measure(Path(sys.executable), files)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
