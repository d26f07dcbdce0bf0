"""Hostile variants of the scenario book's files, as Hypothesis strategies, each run through
``tavern check`` in this process, with the figures the contract is held to: exit status 0, 1,
2 or 4 only (never 3, never a traceback), and the output and CPU time each file takes.

    python -m dominion_tavern.checker.bench.fuzz [--files N] [--seed S]   (make bench-fuzz)

A variant is a book file with one to three mutations (a value made hostile: YAML tags, dates,
huge numbers, text, nesting; an odd key; lines deleted, repeated, swapped, cut or indented;
stray characters; a position no game can reach), the file cut short, or bytes.
``tests/test_hostile_input.py`` runs a derandomized sample of the same strategy in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.main import main as tavern
from dominion_tavern.rulebook.carddata import CARDS
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

#: Values a mutation puts in place of a scalar: each a class the loader must refuse or take.
HOSTILE = ["2024-01-01", "!!timestamp 2024-01-01", "!!binary aGVsbG8=", "!!set {a, b}",
           "!!str 10", "!!python/object:os.system x", "!custom x", "99999999999999999999999",
           "9" * 60, "-1", "1e400", ".nan", "0.5", "1/0", "\"3/2\"", "\"1 to 0\"", "~", "[]",
           "{}", "\"\"", "true", "\"\\x1b[2J\\x07\"", "\"" + "long " * 600 + "\"", "12345 Copper",
           "&a [*a]", "*nowhere", "\"Zed\"", "\"players.Zed.hand\"", "{unknown: 99999}"]
KEYS = ["1", "true", "~", "2024-01-01", "[x]", "kingdon", "players"]
JUNK = ["\x00", "\t", "[", "{", "}", "\"", "'", "&", "*", "!", "%", "@", "`", "\x1b", "\u202e",
        "\ufeff", "#"]
#: A player's position keys naming cards, for positions that may be impossible (an Estate
#: token on a Gold, a Village in play from an earlier turn, ``played_by`` a Copper...).
POSITION = ["estate_token: {0}", "tokens: {{\"+1 Card\": {0}}}", "play: [{{card: {0}, "
            "earlier: true}}]", "play: [{{card: {0}, played_by: {1}}}, {1}]",
            "play: [{{card: {0}, unaffected: [Bob]}}]", "play: [{{card: {0}, times: {2}}}]"]

Draw = Callable[[st.SearchStrategy], object]
Lines = list[str]

values = st.one_of(
    st.sampled_from(HOSTILE),
    st.integers(0, 12).map(str),  # plausible values: the file may run, and the run must hold
    st.sampled_from(sorted(CARDS)),
    st.dates().map(str),
    st.integers(-2 ** 70, 2 ** 70).map(str),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=30).map(json.dumps),
)


def _at(draw: Draw, lines: Lines, pattern: str) -> int | None:
    places = [i for i, line in enumerate(lines) if re.search(pattern, line)]
    return draw(st.sampled_from(places)) if places else None


def _scalar(draw: Draw, lines: Lines) -> Lines:
    """A value after a colon or a dash replaced by a hostile one."""
    i = _at(draw, lines, r"(:|- )\s*\S")
    if i is None:
        return lines
    m = list(re.finditer(r"(?::|- )\s*", lines[i]))[-1]
    return [*lines[:i], lines[i][:m.end()] + draw(values), *lines[i + 1:]]


def _key(draw: Draw, lines: Lines) -> Lines:
    """A key replaced by a number, a boolean, null, a date, a list or a misspelling."""
    i = _at(draw, lines, r"^\s*[a-z_]+:")
    if i is None:
        return lines
    return [*lines[:i], re.sub(r"[a-z_]+(?=:)", draw(st.sampled_from(KEYS)), lines[i], count=1),
            *lines[i + 1:]]


def _lines(draw: Draw, lines: Lines) -> Lines:
    """A line deleted, repeated, moved or cut short."""
    i, j = (draw(st.integers(0, len(lines) - 1)) for _ in range(2))
    out = list(lines)
    how = draw(st.sampled_from(["delete", "repeat", "swap", "cut"]))
    if how == "delete":
        del out[i]
    elif how == "repeat":
        out.insert(j, lines[i])
    elif how == "swap":
        out[i], out[j] = out[j], out[i]
    else:
        out[i] = lines[i][:draw(st.integers(0, len(lines[i])))]
    return out or [""]


def _indent(draw: Draw, lines: Lines) -> Lines:
    i = draw(st.integers(0, len(lines) - 1))
    return [*lines[:i], " " * draw(st.sampled_from([1, 3, 8])) + lines[i], *lines[i + 1:]]


def _junk(draw: Draw, lines: Lines) -> Lines:
    """Stray characters: control characters, brackets, quotes, a tab, a NUL."""
    i = draw(st.integers(0, len(lines) - 1))
    at = draw(st.integers(0, len(lines[i])))
    return [*lines[:i], lines[i][:at] + draw(st.sampled_from(JUNK)) + lines[i][at:],
            *lines[i + 1:]]


def _nest(draw: Draw, lines: Lines) -> Lines:
    """A value wrapped in many flow lists: nesting beyond the limit, or just under it."""
    i = _at(draw, lines, r":\s*\S")
    if i is None:
        return lines
    depth = draw(st.sampled_from([50, 99, 150, 3000]))
    return [*lines[:i], lines[i][:lines[i].index(":") + 1] + " " + "[" * depth + "1"
            + "]" * depth, *lines[i + 1:]]


def _position(draw: Draw, lines: Lines) -> Lines:
    """A player given a position key naming cards at random: many are positions no game can
    reach, which the loader must refuse with the rule."""
    i = _at(draw, lines, r"^\s*- name: ")
    if i is None:
        return lines
    cards = st.sampled_from(sorted(CARDS))
    line = draw(st.sampled_from(POSITION)).format(draw(cards), draw(cards),
                                                  draw(st.integers(-1, 2 ** 40)))
    indent = " " * (lines[i].index("-") + 2)
    return [*lines[:i + 1], indent + line, *lines[i + 1:]]


MUTATIONS = [_scalar, _key, _lines, _indent, _junk, _nest, _position]


@cache
def _book() -> dict[str, str]:
    return {str(p.relative_to(CORPUS)): p.read_text("utf-8")
            for p in sorted(CORPUS.rglob("*.yaml"))}


@st.composite
def hostile_files(draw: Draw) -> tuple[str, str | bytes]:
    """A hostile file: what it was made from and how, and its content."""
    name = draw(st.sampled_from(sorted(_book())))
    text = _book()[name]
    how = draw(st.sampled_from(["mutated"] * 6 + ["cut", "bytes"]))
    if how == "cut":
        return f"{name} cut", text[:draw(st.integers(0, len(text)))]
    if how == "bytes":
        return "bytes", draw(st.binary(max_size=4000))
    lines = text.splitlines() or [""]
    done = []
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(st.sampled_from(MUTATIONS))
        lines = mutation(draw, lines)
        done.append(mutation.__name__.lstrip("_"))
    return f"{name} {'+'.join(done)}", "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Run:
    """One file checked: its exit status, CPU seconds, and what it printed."""

    name: str
    status: int
    seconds: float
    output: str


def check_file(path: Path, name: str = "") -> Run:
    """``tavern check PATH`` in this process, its output captured."""
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = tavern(["check", str(path)])
    return Run(name or path.name, status, time.process_time() - start,
               out.getvalue() + err.getvalue())


def check_content(name: str, content: str | bytes) -> Run:
    """:func:`check_file` of ``content`` written to a file of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hostile.yaml"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, "utf-8", errors="surrogatepass")
        return check_file(path, name)


#: ``tavern check``'s exit statuses for a file it could read or refuse: pass, fail, refused,
#: no claim or undecided (3, a fault in Tavern, is never one).
EXITS = (0, 1, 2, 4)


def broken(run: Run) -> bool:
    """Whether the run broke the contract: an exit status not in :data:`EXITS`, a traceback or
    an internal error."""
    return run.status not in EXITS or "Traceback" in run.output or \
        "internal error" in run.output


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=500, help="hostile files (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="Hypothesis's seed (default 1)")
    args = ap.parse_args(argv)
    check_file(CORPUS / sorted(_book())[0])  # imports and caches: not any file's time
    runs: list[Run] = []

    @seed(args.seed)
    @settings(max_examples=args.files, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(hostile_files())
    def one(hostile: tuple[str, str | bytes]) -> None:
        runs.append(check_content(*hostile))

    one()
    codes = Counter(r.status for r in runs)
    refusals = [r for r in runs if r.status == 2]
    slowest = max(refusals, key=lambda r: r.seconds, default=None)
    slowest_any = max(runs, key=lambda r: r.seconds)
    largest = max(runs, key=lambda r: len(r.output))
    print(f"{len(runs)} hostile files (Hypothesis seed {args.seed}); exits: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
    if slowest:
        print(f"slowest refusal: {slowest.seconds:.3f} s CPU ({slowest.name})")
    print(f"slowest file: {slowest_any.seconds:.3f} s CPU ({slowest_any.name}, "
          f"exit {slowest_any.status})")
    print(f"largest output: {len(largest.output):,} characters ({largest.name}, "
          f"exit {largest.status})")
    bad = [r for r in runs if broken(r)]
    for r in bad:
        print(f"CONTRACT BROKEN: {r.name}: exit {r.status}: {r.output[:300]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
