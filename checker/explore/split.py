"""An exploration split across worker processes: the tree is cut at its first chance steps,
each outcome of them explored in a worker, and the parts added up as the chance step adds up
its outcomes, so the answer is the one worker's: the same outcomes, paths, shortest paths,
rules, probabilities and decision lines (the engine's work differs: a branch merged across two
workers is explored in both).

The tree is cut only where that is exact and simple: along the line from the script's end
that the players' policies answer alone, at chance steps (each outcome a part, weighed by its
probability), until there are parts enough for the workers; with a stop counted in decisions
or a depth limit, or a player's choice first, the search runs in this process. A worker that
ends (killed, out of memory) is said as such: :class:`WorkerLost` names the parts left
unexplored.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from typing import Any

from dominion_tavern.checker.explore.outcomes import DEFAULT_MAX_NODES, Exploration, Outcome
from dominion_tavern.checker.explore.tree_walk import Factory, explore
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.stop_points import Stop, Stopper
from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.log import cited

PARTS_PER_WORKER = 4  # parts enough that the last ones even out across the workers


class WorkerLost(RuntimeError):
    """A worker process ended before its part was explored."""


@dataclass
class Part:
    """One subtree: the answers leading to it from the script's end (the policies' and the
    chance outcomes), the chance outcomes alone (the script it is explored with adds them),
    its probability and the rules the answers' log cites, answer by answer."""

    path: list[str] = field(default_factory=list)
    entries: list[str] = field(default_factory=list)
    weight: Fraction = Fraction(1)
    rules: list[str] = field(default_factory=list)
    policy: list[str] = field(default_factory=list)  # the policies' answers on the path
    order: tuple[int, ...] = ()  # which outcome of each chance step: the tree's order


def parts(factory: Factory, script: Sequence[str], stop: Stop, policies: Policies,
          wanted: int) -> tuple[list[Part], int] | None:
    """The subtrees to explore apart (at least ``wanted`` if the chance steps have them) and
    the edges of the tree above them; None when the tree is not cut (see the module doc)."""
    todo, edges = [(_replay(factory, script, [], stop, policies), Part())], 0
    while len(todo) < wanted:
        g, part = todo.pop(0)
        while g.pending is not None and not isinstance(g.pending, ChanceStep):
            label = policies.answer(g)  # written in the log as the explorer writes it
            if label is None:
                return None
            n0 = len(g.log)
            g.answer(label)
            part.path.append(label)
            part.policy.append(label)
            part.rules += cited(islice(g.log, n0, None))
            edges += 1
        if g.paused is not None or g.pending is None:
            return None
        step = g.pending
        for i, label in enumerate(step.answers()):
            child = _replay(factory, script, part.entries, stop, policies)
            n0 = len(child.log)
            child.answer(label)
            todo.append((child, Part([*part.path, label], [*part.entries, label],
                                     part.weight * step.probability(label),
                                     [*part.rules, *cited(islice(child.log, n0, None))],
                                     list(part.policy), (*part.order, i))))
            edges += 1
    cut = sorted((p for _, p in todo), key=lambda p: p.order)
    return (cut, edges) if len(cut) > 1 else None


def _replay(factory: Factory, script: Sequence[str], entries: list[str], stop: Stop,
            policies: Policies) -> Game:
    """The game the script and then ``entries`` lead to, the policies answering before each,
    its stop point armed from the script's last answer on (as the explorer arms it)."""
    stopper = Stopper(stop, armed=not script)
    g = Game(factory, stopper)
    for i, a in enumerate(script):
        policies.play(g)
        if i == len(script) - 1:
            stopper.armed = True
        g.answer(a)
    policies.line(g, entries)
    return g


# The question a worker answers, set before the workers are forked (a factory is a closure,
# which cannot be sent to another process).
_JOB: dict[str, Any] = {}


def _explore_part(entries: list[str]) -> tuple[Exploration, set[str]]:
    job = _JOB
    policies = job["policies"]  # this process's copy: what it records is sent back
    ex = explore(job["factory"], [*job["script"], *entries], job["stop"], job["fields"],
                 job["max_nodes"], None, policies=policies, weigh=True,
                 max_seconds=job["max_seconds"])
    return ex, policies.used


def explore_split(factory: Factory, script: Sequence[str], stop: dict[str, Any] | None,
                  fields: Sequence[str], max_nodes: int = DEFAULT_MAX_NODES,
                  max_depth: int | None = None, policies: Policies | None = None,
                  workers: int = 1, max_seconds: float | None = None) -> Exploration:
    """:func:`explore` on ``workers`` processes (see the module doc; forked, where the system
    has no fork: in this process)."""
    policies = policies or Policies(None)
    parsed = Stop.parse(stop)
    if workers <= 1 or parsed.decisions is not None or max_depth is not None or \
            "fork" not in multiprocessing.get_all_start_methods():
        return explore(factory, script, stop, fields, max_nodes, max_depth,
                       policies=policies, max_seconds=max_seconds)
    t0 = time.perf_counter()
    found = parts(factory, script, parsed, policies, workers * PARTS_PER_WORKER)
    if found is None:
        return explore(factory, script, stop, fields, max_nodes, max_depth,
                       policies=policies, max_seconds=max_seconds)
    cut, edges = found
    _JOB.update(factory=factory, script=list(script), stop=stop, fields=list(fields),
                max_nodes=max_nodes, max_seconds=max_seconds, policies=policies)
    results: dict[int, Exploration] = {}
    context = multiprocessing.get_context("fork")
    try:
        with ProcessPoolExecutor(min(workers, len(cut)), mp_context=context,
                                 initializer=signal.signal,
                                 initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
            running: dict[Future, int] = {pool.submit(_explore_part, p.entries): i
                                          for i, p in enumerate(cut)}
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for f in done:
                    i = running.pop(f)
                    if isinstance(f.exception(), BrokenProcessPool):
                        left = sorted([i, *running.values()])
                        raise WorkerLost(
                            "a worker process ended (killed, or out of memory) before its "
                            f"part of the tree was explored: {len(left)} of {len(cut)} parts "
                            "left unexplored, reached by " + "; ".join(
                                " / ".join(cut[j].path) for j in left[:5])
                            + ("; ..." if len(left) > 5 else "")
                            + "; explore again with fewer --workers (or --workers 1)")
                    ex, used = f.result()
                    results[i] = ex
                    policies.used |= used
    finally:
        _JOB.clear()
    return _added_up(cut, [results[i] for i in range(len(cut))], edges, list(fields), parsed,
                     max_nodes, time.perf_counter() - t0, max_seconds)


def _added_up(cut: list[Part], exs: list[Exploration], edges: int, fields: list[str],
              stop: Stop, max_nodes: int, seconds: float, max_seconds: float | None
              ) -> Exploration:
    """The parts as the one tree: below a chance step outcomes add up weighed by its
    probabilities; the shortest path (the first found of the shortest) keeps its rules."""
    table: dict[tuple[Any, ...], Outcome] = {}
    lines: dict[tuple[Any, ...], dict[tuple[str, ...], Fraction]] = {}
    for part, ex in zip(cut, exs, strict=True):
        w = part.weight
        for o in ex.outcomes:
            key = tuple(o.values[f] for f in fields)
            path = [*part.path, *o.path]
            cur = table.get(key)
            if cur is None:
                cur = table[key] = Outcome(o.values, 0, path,
                                           list(dict.fromkeys([*part.rules, *o.rules])), 0,
                                           o.over, Fraction(0), Fraction(0))
                lines[key] = {}
            elif len(path) < len(cur.path):
                cur.path, cur.over = path, o.over
                cur.rules = list(dict.fromkeys([*part.rules, *o.rules]))
            cur.paths += o.paths
            cur.cut += o.cut
            cur.low += w * o.low
            cur.high += w * o.high
            for answers, p in o.lines:
                line = (*part.policy, *answers)
                lines[key][line] = lines[key].get(line, 0) + w * p
    left: Fraction | None = Fraction(0)
    for part, ex in zip(cut, exs, strict=True):
        left = None if left is None or ex.unexplored is None else left + part.weight * \
            ex.unexplored
    for key, o in table.items():
        o.left = left
        o.lines = sorted(((list(a), p) for a, p in lines[key].items()),
                         key=lambda lp: (-lp[1], len(lp[0])))
    limit = next((ex.limit for ex in exs if ex.limit is not None), None)
    return Exploration(fields, stop, list(table.values()),
                       edges + sum(e.decisions for e in exs), sum(e.answered for e in exs),
                       sum(e.leaves for e in exs), any(e.truncated for e in exs), max_nodes,
                       seconds, sum(e.explored for e in exs),
                       stopped=any(e.stopped for e in exs), merged=sum(e.merged for e in exs),
                       chance=True, unexplored=left, limit=limit,
                       cut=next((e.cut for e in exs if e.cut is not None), None),
                       max_seconds=max_seconds)
