"""Speed of this checkout against another commit, side by side (a script, not a timed test).

The other commit gets its own checkout (``git worktree``, under ``.bench/``) and venv, made once
and kept for later runs. Each round runs, for each checkout in turn, the games of ``make bench``
(Big Money mirrors on the First Game Kingdom, random bots on the Gentle Intro's ten cards, one
core) and the explorer on ``make bench-checker``'s position, so both see the same load on a
shared machine. It prints each figure with the ratio of this checkout's to the other's, then
the median ratios. Both explorers must build the same tree (the same number of decisions), or
their rates are not compared.

Run: ``make bench-compare REF=COMMIT`` (``.venv/bin/python -m
dominion_tavern.checker.bench.compare COMMIT``); ``--ref-python PATH`` measures the package
installed for that Python instead of checking the commit out. ``--suite chance`` (``make
bench-compare REF=COMMIT SUITE=chance``) asks both the exact-chance questions of ``make
bench-chance`` instead, one process per question and side, interleaved, and prints each
side's wall time with the speed-up (the other's time over this checkout's); ``--suite all``
does both.

Each side is measured through entry points that do not move when the code beneath does: the
``tavern simulate --json`` command, and :mod:`dominion_tavern.checker.bench.probe` (for a commit
older than the probe, the snippet :data:`LEGACY_EXPLORE`, written against the modules such a
commit has).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from dominion_tavern.checker.bench import chance, probe
from dominion_tavern.rulebook.setup import KINGDOMS

# The Gentle Intro by its cards: an older commit may not know the Kingdom's name.
GENTLE_INTRO = ",".join(KINGDOMS["gentle-intro"])
# The explorer's figures for a commit that has no probe (before the checker's rooms).
LEGACY_EXPLORE = """
import json, sys
from dominion_tavern.checker.explore import explore
from dominion_tavern.rulebook.position import build
spec, stop, fields = json.loads(sys.argv[1])
ex = explore(lambda: build(spec), [], stop, fields, max_nodes=200_000)
print(json.dumps({"decisions": ex.decisions, "rate": ex.decisions / ex.seconds}))
"""
HAS_PROBE = """
import importlib.util, sys
try:
    found = importlib.util.find_spec("dominion_tavern.checker.bench.probe") is not None
except ImportError:  # an older commit: dominion_tavern.checker.bench is a module there
    found = False
sys.exit(0 if found else 1)
"""


class BenchError(RuntimeError):
    """A commit that cannot be checked out or installed, or a benchmark that failed to run."""


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip() or proc.stdout.strip() or "no output").splitlines()[-1]
        raise BenchError(f"{what} failed (exit {proc.returncode}): {last}")
    return proc.stdout


def checkout(ref: str, repo: Path) -> Path:
    """The Python of a venv holding ``ref`` installed from its own checkout under ``.bench/``
    (made on first use)."""
    try:
        sha = _run(["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                   "git rev-parse", repo).strip()
    except BenchError:
        raise BenchError(f"{ref!r} is not a commit of the repository at {repo} "
                         "(give a commit id, a branch or a tag)") from None
    where = repo / ".bench" / sha[:12]
    python = where / ".venv" / "bin" / "python"
    if not python.exists():
        if not where.exists():
            _run(["git", "worktree", "add", "--detach", str(where), sha], "git worktree add",
                 repo)
        _run([sys.executable, "-m", "venv", str(where / ".venv")], "making its venv")
        print(f"installing {sha[:12]} into {where}/.venv ...", flush=True)
        _run([str(python), "-m", "pip", "install", "--quiet", "-e", str(where)],
             f"installing {sha[:12]}")
    return python


def measure(python: Path, games: int, random_games: int) -> dict[str, float]:
    """One round's figures for the package installed for ``python``."""
    tavern = [str(python), "-m", "dominion_tavern.checker.cli", "simulate", "--workers", "1",
              "--seed", "1", "--json"]
    out: dict[str, float] = {}
    for label, bots, n, kingdom in (("Big Money games/s", "big-money,big-money", games,
                                     "first-game"),
                                    ("random bots games/s", "random,random", random_games,
                                     GENTLE_INTRO)):
        report = json.loads(_run([*tavern, "--bots", bots, "--games", str(n), "--kingdom",
                                  kingdom], f"{label} with {python}"))
        out[label] = report["games_per_second"]
    question = json.dumps([probe.SPEC, probe.STOP, probe.FIELDS])
    has_probe = subprocess.run([str(python), "-c", HAS_PROBE], capture_output=True,
                               check=False).returncode == 0
    cmd = ["-m", probe.__name__, "explorer"] if has_probe else ["-c", LEGACY_EXPLORE]
    ex = json.loads(_run([str(python), *cmd, question], f"the explorer with {python}"))
    out["explorer decisions/s"] = ex["rate"]
    out["explorer decisions"] = ex["decisions"]
    return out


def ratios(rounds: list[tuple[dict[str, float], dict[str, float]]]) -> dict[str, list[float]]:
    """For each figure, this checkout's over the other's, round by round; the explorer's rate
    only where both built the same tree."""
    out: dict[str, list[float]] = {}
    for here, there in rounds:
        for key in here:
            if key == "explorer decisions":
                continue
            if key == "explorer decisions/s" and \
                    here["explorer decisions"] != there["explorer decisions"]:
                continue
            out.setdefault(key, []).append(here[key] / there[key])
    return out


def compare_chance(there_python: Path, rounds: int, ref: str) -> None:
    """The exact-chance questions on both sides, interleaved; speed-ups as the other's wall
    time over this checkout's."""
    here_python = Path(sys.executable)
    speedups: dict[str, list[float]] = {}
    for i in range(rounds):
        for label, files in chance.QUESTIONS:
            here = chance.measure(here_python, files)
            print(f"round {i + 1}:\n" if label == chance.QUESTIONS[0][0] else "", end="")
            print(chance.row(f"{label} (here)", here), flush=True)
            try:
                there = chance.measure(there_python, files)
            except RuntimeError as e:  # a question an older commit cannot ask (a new key)
                print(f"  {label} ({ref}): cannot be asked there: {e}", flush=True)
                continue
            speedups.setdefault(label, []).append(there["seconds"] / here["seconds"])
            print(chance.row(f"{label} ({ref})", there), flush=True)
    for label, values in speedups.items():
        print(f"{label}: {ref} time / this checkout's: median {statistics.median(values):.1f}x "
              f"(min {min(values):.1f}, max {max(values):.1f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ref", help="the commit to compare with (an id, a branch, a tag)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    ap.add_argument("--games", type=int, default=500, help="Big Money games a run (500)")
    ap.add_argument("--random-games", type=int, default=200, help="random-bot games a run (200)")
    ap.add_argument("--ref-python", type=Path, metavar="PATH",
                    help="measure the package installed for this Python as the other side")
    ap.add_argument("--suite", choices=("engine", "chance", "all"), default="engine",
                    help="engine: games and the explorer (default); chance: the questions of "
                    "make bench-chance; all: both")
    args = ap.parse_args(argv)
    try:
        repo = Path(_run(["git", "rev-parse", "--show-toplevel"],
                         "finding the git repository (run this inside it)").strip())
        there_python = args.ref_python or checkout(args.ref, repo)
        if args.suite != "engine":
            try:
                compare_chance(there_python, args.rounds, args.ref)
            except RuntimeError as e:
                raise BenchError(str(e)) from None
            if args.suite == "chance":
                return 0
        rounds = []
        for i in range(args.rounds):
            here = measure(Path(sys.executable), args.games, args.random_games)
            there = measure(there_python, args.games, args.random_games)
            rounds.append((here, there))
            print(f"round {i + 1}: " + "; ".join(
                f"{key} {here[key]:,.0f} against {there[key]:,.0f}" for key in here
                if key != "explorer decisions"), flush=True)
    except BenchError as e:
        print(f"bench-compare: {e}", file=sys.stderr)
        return 2
    for key, values in ratios(rounds).items():
        print(f"{key}: this checkout / {args.ref}: median {statistics.median(values):.2f} "
              f"(min {min(values):.2f}, max {max(values):.2f})")
    if any(h["explorer decisions"] != t["explorer decisions"] for h, t in rounds):
        print("explorer: the two build different trees (different decisions), so their rates "
              "are not compared")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
