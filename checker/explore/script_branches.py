"""Scripts that go on past a chance step without naming what comes up.

"Ann plays Laboratory, then, whatever she draws, plays Village": a script entry that meets a
chance step and does not name its outcome (it does not start with the step's verb, ``draw:``)
leaves the step open. The script then goes on in every branch, each outcome of the step weighed
by its probability, and its later entries answer the decisions of every branch where they are
legal. Where one is not, the entry's ``otherwise`` says what happens (``skip``: the entry is
left out there; ``explore``: the rest of the script is, and every answer from there is tried;
an answer: given instead); with none, the branch is reported, naming the chance outcomes that
lead to it.

Each branch is explored on its own (:func:`~checker.explore.tree_walk.explore`, the script being
the branch's line) and the explorations are added up as a chance step adds up its outcomes:
paths and counts add, probabilities and decision lines add weighed by the branch's probability.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dominion_tavern.checker.explore.outcomes import DEFAULT_MAX_NODES, Exploration, Outcome
from dominion_tavern.checker.explore.split import explore_split
from dominion_tavern.checker.explore.tree_walk import Factory, explore
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.script_messages import never_used, not_legal
from dominion_tavern.checker.reading.stop_points import ExploreError
from dominion_tavern.rulebook.engine.chance import LISTED
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game

SKIP, EXPLORE = "skip", "explore"   # an entry's ``otherwise`` besides an answer


@dataclass
class Branch:
    """One way through the script's open chance steps: the script as this branch plays it (the
    entries it gives, and the outcomes of the open steps in their places; the policies'
    answers are left to the policies), the next script entry, the outcomes that came up and
    the branch's probability."""

    line: list[str]
    next: int = 0
    weight: Fraction = Fraction(1)
    came_up: list[str] = field(default_factory=list)


def prefix(g: Game, script: Sequence[str], policies: Policies) -> tuple[list[str], int]:
    """Play ``script`` on ``g`` up to its first open chance step (the policies answering
    theirs); every answer given, and how many entries were played. An entry that does not fit
    raises :class:`ExploreError`, worded as every command words it."""
    given: list[str] = []
    for i, a in enumerate(script):
        given += policies.play(g)
        if g.pending is None:
            raise ExploreError(never_used(i + 1, a, g))
        if leaves_open(g, a):
            return given, i
        try:
            g.answer(a)
        except IllegalAnswer:
            raise ExploreError(not_legal(i + 1, a, g)) from None
        given.append(a)
    return given, len(script)


def branches(factory: Factory, script: Sequence[str], otherwise: dict[int, str],
             policies: Policies) -> list[Branch]:
    """Every branch of the script through its open chance steps, in the steps' order (one,
    the script itself, when it names every outcome). Raises :class:`ExploreError` for an entry
    that fits a branch neither as written nor by its ``otherwise``."""
    out: list[Branch] = []
    as_written: set[int] = set()  # entries legal as written in some branch
    todo = [Branch([])]
    while todo:
        b = todo.pop()
        g = Game(factory)
        policies.line(g, b.line)
        while b.next < len(script):
            policies.play(g)
            entry = script[b.next]
            if g.pending is None:
                raise ExploreError(never_used(b.next + 1, entry, g) + _in_branch(b))
            if leaves_open(g, entry):
                d = g.pending
                if d.answer_count() > LISTED:
                    raise ExploreError(
                        f"script entry {b.next + 1} {entry!r} leaves open a chance step with "
                        f"{d.answer_count():,} outcomes (\"{d.prompt}\"): at most {LISTED:,} "
                        f"can be followed one by one; name what comes up ('{d.verb}: A, B')"
                        + _in_branch(b))
                todo += [Branch([*b.line, label], b.next, b.weight * d.probability(label),
                                [*b.came_up, label]) for label in reversed(d.answers())]
                break
            answer = _fitting(g, entry, otherwise.get(b.next), b)
            if answer == EXPLORE:
                b.next = len(script)
            elif answer is not None:
                g.answer(answer)
                b.line.append(answer)
            if answer == entry:
                as_written.add(b.next)
            b.next += 1
        else:
            out.append(b)
    never = [k for k in sorted(otherwise) if k not in as_written]
    if never:  # like a script entry never used: the judge wrote something nothing tested
        k = never[0]
        raise ExploreError(f"script entry {k + 1} {script[k]!r} is legal in no branch: its "
                           f"otherwise ({otherwise[k]!r}) was taken in every one; drop the "
                           "entry, or write what comes up where it is legal")
    return out


def _fitting(g: Game, entry: str, otherwise: str | None, b: Branch) -> str | None:
    """The answer the entry gives here: itself when legal, else what ``otherwise`` says (None:
    skip it; :data:`EXPLORE`); :class:`ExploreError` naming the branch when nothing fits."""
    d = g.pending
    assert d is not None
    for answer in (entry, otherwise):
        if answer in (SKIP, EXPLORE):
            return None if answer == SKIP else EXPLORE
        if answer is not None:
            try:
                d.resolve(answer)
                return answer
            except IllegalAnswer:
                pass
    hint = "" if otherwise is not None else (
        "; say what happens there: {answer: ..., otherwise: skip | explore | ANSWER}")
    raise ExploreError(not_legal(b.next + 1, otherwise or entry, g) + _in_branch(b) + hint)


def _in_branch(b: Branch) -> str:
    if not b.came_up:
        return ""
    return f" (in the branch where {' / '.join(b.came_up)} came up, probability {b.weight})"


def explore_script(factory: Factory, script: Sequence[str], stop: dict[str, Any] | None,
                   fields: Sequence[str], max_nodes: int = DEFAULT_MAX_NODES,
                   max_depth: int | None = None, policies: Policies | None = None,
                   otherwise: dict[int, str] | None = None,
                   max_seconds: float | None = None, workers: int = 1) -> Exploration:
    """:func:`explore`, with a script that may leave chance steps open (see the module doc);
    ``max_seconds`` bounds the whole search, every branch's included. ``workers``: processes
    to split a one-line search across (:mod:`checker.explore.split`)."""
    policies = policies or Policies(None)
    given, played = prefix(Game(factory), script, policies)
    if played == len(script):  # every chance step named: one line
        return explore_split(factory, script, stop, fields, max_nodes, max_depth, policies,
                             workers, max_seconds)
    parts: list[tuple[Branch, list[str], Exploration]] = []
    budget = max_nodes
    t0 = time.perf_counter()
    for b in branches(factory, script, otherwise or {}, policies):
        left = None if max_seconds is None else max(max_seconds - (time.perf_counter() - t0),
                                                     0.001)
        ex = explore(factory, b.line, stop, fields, max(budget, 1), max_depth,
                     policies=policies, weigh=True, max_seconds=left)
        budget -= ex.explored
        shown = policies.line(Game(factory), b.line)[len(given):]
        parts.append((b, shown, ex))
        if ex.truncated:
            break
    return _added_up(parts, max_nodes)


def _added_up(parts: list[tuple[Branch, list[str], Exploration]], max_nodes: int
              ) -> Exploration:
    """The branches' explorations as one: a chance step's children added up."""
    first = parts[0][2]
    table: dict[tuple[Any, ...], Outcome] = {}
    lines: dict[tuple[Any, ...], dict[tuple[str, ...], Fraction]] = {}
    for b, shown, ex in parts:
        for o in ex.outcomes:
            key = tuple(o.values[f] for f in ex.fields)
            path = [*shown, *o.path]
            w = b.weight
            cur = table.get(key)
            if cur is None:
                cur = table[key] = Outcome(o.values, 0, path, list(o.rules), 0, o.over,
                                           Fraction(0), Fraction(0))
                lines[key] = {}
            elif len(path) < len(cur.path):
                cur.path, cur.over = path, o.over
            cur.paths += o.paths
            cur.cut += o.cut
            cur.rules = list(dict.fromkeys([*cur.rules, *o.rules]))
            cur.low += w * (o.low if o.low is not None else 0)
            cur.high += w * (o.high if o.high is not None else 0)
            for answers, p in o.lines:
                lines[key][tuple(answers)] = lines[key].get(tuple(answers), 0) + w * p
    for key, o in table.items():
        o.lines = sorted(((list(a), p) for a, p in lines[key].items()),
                         key=lambda lp: (-lp[1], len(lp[0])))
    exs = [ex for _, _, ex in parts]
    return Exploration(first.fields, first.stop, list(table.values()),
                       sum(e.decisions for e in exs), sum(e.answered for e in exs),
                       sum(e.leaves for e in exs), any(e.truncated for e in exs), max_nodes,
                       sum(e.seconds for e in exs), sum(e.explored for e in exs),
                       stopped=any(e.stopped for e in exs), merged=sum(e.merged for e in exs),
                       chance=not any(e.truncated for e in exs))
