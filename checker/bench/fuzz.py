"""A seeded mutator over the scenario book: hostile variants of real files, each run through
``tavern check`` in this process, with the figures the contract is held to: exit status 0, 1
or 2 only (never 3, never a traceback), and the output and CPU time each file takes.

    python -m dominion_tavern.checker.bench.fuzz [--files N] [--seed S]   (make bench-fuzz)

``tests/test_fuzz.py`` runs a small sample of the same mutations in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.main import main as tavern

#: Values a mutation puts in place of a scalar: each a class the loader must refuse or take.
HOSTILE = ["2024-01-01", "!!timestamp 2024-01-01", "!!binary aGVsbG8=", "!!set {a, b}",
           "!!str 10", "!!python/object:os.system x", "!custom x", "99999999999999999999999",
           "9" * 60, "-1", "1e400", ".nan", "0.5", "1/0", "\"3/2\"", "\"1 to 0\"", "~", "[]",
           "{}", "\"\"", "true", "\"\\x1b[2J\\x07\"", "\"" + "long " * 600 + "\"", "12345 Copper",
           "&a [*a]", "*nowhere", "\"Zed\"", "\"players.Zed.hand\"", "{unknown: 99999}"]

Mutation = Callable[[random.Random, list[str]], list[str]]


def _scalar(rng: random.Random, lines: list[str]) -> list[str]:
    """A value after a colon or a dash replaced by a hostile one."""
    places = [i for i, line in enumerate(lines) if re.search(r"(:|- )\s*\S", line)]
    if not places:
        return lines
    i = rng.choice(places)
    m = list(re.finditer(r"(?::|- )\s*", lines[i]))[-1]
    return [*lines[:i], lines[i][:m.end()] + rng.choice(HOSTILE), *lines[i + 1:]]


def _key(rng: random.Random, lines: list[str]) -> list[str]:
    """A key replaced by a number, a boolean, null or a misspelling."""
    places = [i for i, line in enumerate(lines) if re.match(r"\s*[a-z_]+:", line)]
    if not places:
        return lines
    i = rng.choice(places)
    new = rng.choice(["1", "true", "~", "2024-01-01", "[x]", "kingdon", "players"])
    return [*lines[:i], re.sub(r"[a-z_]+(?=:)", new, lines[i], count=1), *lines[i + 1:]]


def _lines(rng: random.Random, lines: list[str]) -> list[str]:
    """A line deleted, repeated, moved or cut short."""
    if len(lines) < 2:
        return lines
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    out = list(lines)
    how = rng.randrange(4)
    if how == 0:
        del out[i]
    elif how == 1:
        out.insert(j, lines[i])
    elif how == 2:
        out[i], out[j] = out[j], out[i]
    else:
        out[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    return out


def _indent(rng: random.Random, lines: list[str]) -> list[str]:
    i = rng.randrange(len(lines))
    return [*lines[:i], " " * rng.choice([1, 3, 8]) + lines[i], *lines[i + 1:]]


def _bytes(rng: random.Random, lines: list[str]) -> list[str]:
    """Stray characters: control characters, brackets, quotes, a tab, a NUL."""
    i = rng.randrange(len(lines))
    at = rng.randrange(len(lines[i]) + 1)
    junk = rng.choice(["\x00", "\t", "[", "{", "}", "\"", "'", "&", "*", "!", "%", "@", "`",
                       "\x1b", "\u202e", "\ufeff", "#"])
    return [*lines[:i], lines[i][:at] + junk + lines[i][at:], *lines[i + 1:]]


def _nest(rng: random.Random, lines: list[str]) -> list[str]:
    """A value wrapped in many flow lists: nesting beyond the limit, or just under it."""
    depth = rng.choice([50, 99, 150, 3000])
    return _replace_value(rng, lines, "[" * depth + "1" + "]" * depth)


def _replace_value(rng: random.Random, lines: list[str], value: str) -> list[str]:
    places = [i for i, line in enumerate(lines) if re.search(r":\s*\S", line)]
    if not places:
        return lines
    i = rng.choice(places)
    return [*lines[:i], lines[i][:lines[i].index(":") + 1] + " " + value, *lines[i + 1:]]


MUTATIONS: list[Mutation] = [_scalar, _scalar, _scalar, _key, _lines, _lines, _indent, _bytes,
                             _nest]


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three mutations."""
    lines = text.splitlines() or [""]
    for _ in range(rng.randint(1, 3)):
        lines = rng.choice(MUTATIONS)(rng, lines)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Run:
    """One file checked: its exit status, CPU seconds, and what it printed."""

    path: Path
    status: int
    seconds: float
    output: str


def check_file(path: Path) -> Run:
    """``tavern check PATH`` in this process, its output captured."""
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = tavern(["check", str(path)])
    return Run(path, status, time.process_time() - start, out.getvalue() + err.getvalue())


def mutants(folder: Path, count: int, seed: int) -> list[Path]:
    """``count`` mutated copies of the book's files, written to ``folder``."""
    rng = random.Random(seed)
    book = sorted(CORPUS.rglob("*.yaml"))
    paths = []
    for n in range(count):
        source = rng.choice(book)
        path = folder / f"m{n:04d}-{source.stem}.yaml"
        path.write_text(mutate(source.read_text("utf-8"), rng), "utf-8", errors="replace")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=500, help="mutated files (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="the mutator's seed (default 1)")
    args = ap.parse_args(argv)
    import tempfile
    check_file(sorted(CORPUS.rglob("*.yaml"))[0])  # imports and caches: not any file's time
    with tempfile.TemporaryDirectory() as tmp:
        runs = [check_file(p) for p in mutants(Path(tmp), args.files, args.seed)]
        codes = Counter(r.status for r in runs)
        refusals = [r for r in runs if r.status == 2]
        slowest = max(refusals, key=lambda r: r.seconds, default=None)
        slowest_any = max(runs, key=lambda r: r.seconds)
        largest = max(runs, key=lambda r: len(r.output))
        print(f"{len(runs)} mutated files (seed {args.seed}); exits: "
              + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
        if slowest:
            print(f"slowest refusal: {slowest.seconds:.3f} s CPU ({slowest.path.name})")
        print(f"slowest file: {slowest_any.seconds:.3f} s CPU ({slowest_any.path.name}, "
              f"exit {slowest_any.status})")
        print(f"largest output: {len(largest.output):,} characters ({largest.path.name}, "
              f"exit {largest.status})")
        bad = [r for r in runs if r.status not in (0, 1, 2) or "Traceback" in r.output]
        for r in bad:
            print(f"CONTRACT BROKEN: {r.path.name}: exit {r.status}: {r.output[:300]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
