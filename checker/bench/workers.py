"""Benchmark of simulation on several cores (a script, not a timed test).

Big Money mirrors on the First Game Kingdom, run alternately with one worker and with N
(``--workers``, default every core), so both see the same load on a shared machine; each round
prints both speeds and their ratio, the CPU time the workers took against one worker's (the
overhead, which other jobs on the machine do not change), and checks the two reports agree
game for game.

Target: with 2 workers on 2 cores, at least 1.8 times the games per second of one worker.
Run: ``.venv/bin/python -m dominion_tavern.checker.bench.workers`` (``make bench-workers``).
"""

from __future__ import annotations

import argparse
import os
import statistics

from dominion_tavern.rulebook.simulate.games import Report, available_cores, simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per run")
    ap.add_argument("--rounds", type=int, default=3, help="pairs of runs, interleaved")
    ap.add_argument("--workers", type=int, default=available_cores())
    args = ap.parse_args(argv)
    print(f"{args.games} Big Money mirrors per run, First Game Kingdom; 1 worker against "
          f"{args.workers}, {available_cores()} cores; load average before: {load()}")
    ratios = []
    for i in range(args.rounds):
        one, cpu_one = timed(args.games, 1)
        many, cpu_many = timed(args.games, args.workers)
        same = one.games == many.games
        ratios.append(len(many.games) / many.seconds / (len(one.games) / one.seconds))
        print(f"  round {i + 1}: 1 worker {len(one.games) / one.seconds:7.1f} games/s, "
              f"{args.workers} workers {len(many.games) / many.seconds:7.1f} games/s, "
              f"ratio {ratios[-1]:.2f}; CPU time {cpu_many / cpu_one:.2f} times one "
              f"worker's; same games: {'yes' if same else 'NO'}")
        if not same:
            return 1
    print(f"ratio: median {statistics.median(ratios):.2f}, min {min(ratios):.2f}, "
          f"max {max(ratios):.2f} (target >= 1.8 with 2 workers); load average after: {load()}")
    return 0


def timed(games: int, workers: int) -> tuple[Report, float]:
    """The report and the CPU seconds it took, this process's and its workers' together
    (the cost of the hand-over, whatever else the machine is doing)."""
    before = os.times()
    report = simulate(["big-money", "big-money"], games, 1, "first-game", workers=workers)
    after = os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user and system, self and children
    return report, cpu


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    raise SystemExit(main())
