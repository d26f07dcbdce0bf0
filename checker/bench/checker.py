"""Benchmark of the scenario checker (a script, not a timed test):

* the explorer's speed on a Base-set position with thousands of branches (Village, Cellar,
  Chapel and Throne Room choices), as decisions in the explored tree per second, with the
  engine answers it took (replays included), with and without the memo of repeated positions;
* the time to run ``tavern check checker/scenarios`` in a fresh process (start-up included);
* chance: exploring the 5/2 opening (a hand drawn from 7 Copper and 3 Estate, then the next
  one) and Smithy drawing 3 from a 20-card deck of 5 names in unknown order, each to exact
  probabilities (target: well under a second each);
* with ``--search`` only: the rule search on a judge's 40 questions (:mod:`.search`);
* with ``--start`` only: how long ``tavern --version`` takes to start, and whether Jupyter's
  packages are installed beside it (``make bench-start``).

Targets: 40,000 explored decisions per second; the whole corpus in under 1 second; a start in
under 0.3 s. Run: ``.venv/bin/python -m dominion_tavern.checker.bench`` (``make bench-checker``).
"""

from __future__ import annotations

import importlib.util
import statistics
import subprocess
import sys
import time
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.bench.probe import FIELDS, SPEC, STOP
from dominion_tavern.checker.explore import explore
from dominion_tavern.rulebook.position import build


def bench_explorer(memo: bool, fast: bool = True) -> None:
    ex = explore(lambda: build(SPEC), [], STOP, FIELDS, max_nodes=200_000, memo=memo,
                 fast=fast)
    label = "checkpoints + memo" if memo else "checkpoints" if fast else "plain replay"
    print(f"  {label:20} {ex.decisions:7} decisions, {len(ex.outcomes):5} outcomes, "
          f"{ex.leaves:6} paths, {ex.answered:7} engine answers in {ex.seconds:6.3f} s: "
          f"{ex.rate:8.0f} decisions/s ({ex.answered / ex.seconds:6.0f} answers/s, "
          f"{ex.merged} nodes merged)"
          + ("  TRUNCATED" if ex.truncated else ""))


OPENING = {"players": [{"name": "Ann", "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate"]}},
                       {"name": "Bob"}], "turn": {"phase": "cleanup"}}
SMITHY = {"kingdom": ["Smithy"], "players": [
    {"name": "Ann", "hand": ["Smithy"],
     "deck": {"unknown": ["6 Copper", "5 Estate", "4 Silver", "3 Gold", "2 Smithy"]}},
    {"name": "Bob"}], "turn": {"phase": "action"}}


def bench_chance() -> None:
    for label, spec, script, stop, fields in (
            ("5/2 opening (turns 1 and 2)", OPENING, [], {"at": "end-of-turn"},
             ["players.Ann.discard", "players.Ann.hand"]),
            ("Smithy from 20 unknown cards", SMITHY, ["play Smithy"],
             {"at": "end-of-phase", "phase": "action"}, ["players.Ann.hand"])):
        ex = explore(lambda s=spec: build(s), script, stop, fields)
        total = sum(o.high for o in ex.outcomes)
        print(f"  {label:30} {len(ex.outcomes):4} outcomes, probabilities sum to {total}, "
              f"{ex.seconds * 1000:7.1f} ms  target well under 1 s")


def _tavern() -> list[str]:
    tavern = Path(sys.executable).with_name("tavern")
    return [str(tavern)] if tavern.exists() else [sys.executable, "-m",
                                                  "dominion_tavern.checker.cli"]


def bench_start(runs: int = 20) -> None:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([*_tavern(), "--version"], capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    beside = [name for name in ("jupyterlab", "rfc3987_syntax", "jsonschema")
              if importlib.util.find_spec(name) is not None]
    print(f"  tavern --version: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
          f"over {runs} runs  target < 0.3 s")
    shown = ", ".join(beside) or "none of jupyterlab, rfc3987_syntax, jsonschema"
    print(f"  installed beside it: {shown}")


def bench_corpus() -> None:
    cmd = _tavern()
    t0 = time.perf_counter()
    proc = subprocess.run([*cmd, "check", str(CORPUS)], capture_output=True, text=True,
                          check=False)
    seconds = time.perf_counter() - t0
    # the verdicts' line and the claims' line
    summary = "; ".join(proc.stdout.strip().splitlines()[-2:]) or "(no output)"
    print(f"  tavern check {CORPUS.name}/: {seconds:.2f} s wall, exit {proc.returncode} "
          f"({summary})  target < 1 s")


def main() -> int:
    if "--start" in sys.argv:
        print("Start-up:")
        bench_start()
        return 0
    if "--search" in sys.argv:
        from dominion_tavern.checker.bench.search import main as search_main

        return search_main()
    print("Explorer (target 40,000 decisions/s):")
    bench_explorer(memo=False)
    bench_explorer(memo=True)
    if "--replay" in sys.argv:
        bench_explorer(memo=False, fast=False)
    print("Chance (exact probabilities):")
    bench_chance()
    print("Corpus:")
    bench_corpus()
    return 0


if __name__ == "__main__":
    sys.exit(main())
