"""Why an option is not there: the answers a decision offers and those the rules close, with
the rule that closes each, as ``tavern why`` and ``tavern explore`` print them.

A decision's closed answers (:meth:`Decision.unavailable`) are read while it is pending, so
they are collected by replaying answers, one decision at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from dominion_tavern.checker.reading.script_messages import MAX_SHOWN, options_text
from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.decisions import Closed
from dominion_tavern.rulebook.engine.game import Game

WHY_NOT_OUTCOMES = 100  # outcomes whose path is replayed to list what was closed along it


@dataclass(frozen=True)
class Step:
    """One decision met on a line of answers: its number (1 = the first after the start), the
    answer given (None: the decision the line stops at) and what was closed there."""

    number: int
    answer: str | None
    closed: list[Closed]


def closed_dicts(closed: Sequence[Closed]) -> list[dict[str, str]]:
    return [{"label": c.label, "rule": c.rule, "why": c.why} for c in closed]


def pending_lines(g: Game, head: str = "", indent: str = "  ") -> list[str]:
    """The pending decision: who decides what (after ``head``), then, each line after
    ``indent``, its answers and what is not offered."""
    d = g.pending
    if d is None:
        return []
    if isinstance(d, ChanceStep):  # no one decides: each outcome with how likely it is
        shown = " | ".join(f"{label} ({p})" for label, p in islice(d.each_chance(), MAX_SHOWN))
        total = d.answer_count()
        return [f"{head}{d.prompt} [{d.rule}]", f"{indent}outcomes: {shown}"
                + (f" | ... ({total:,} in all)" if total > MAX_SHOWN else "")]
    return ([f"{head}{d.who()}: {d.prompt} [{d.rule}]",
             f"{indent}options: {options_text(d)}"]
            + [f"{indent}not offered: {c.text()}" for c in d.unavailable()])


#: The answers a JSON report lists of one decision (all of them up to this; a pick among 25
#: different cards has 2^25); ``options_count`` says how many there are.
OPTIONS_LISTED = 1000


def pending_dict(g: Game) -> dict[str, Any] | None:
    d = g.pending
    if d is None:
        return None
    out = {"player": d.player, "decider": d.decider, "prompt": d.prompt, "rule": d.rule,
           "card": d.card,
           "options": list(islice(d.each_answer(), OPTIONS_LISTED)),
           "options_count": d.answer_count(), "not_offered": closed_dicts(d.unavailable())}
    if isinstance(d, ChanceStep):
        out.update(kind="chance", probabilities={label: str(p) for label, p in
                                                 islice(d.each_chance(), OPTIONS_LISTED)})
    return out


def steps(factory: Callable[[], Any], answers: Sequence[str], skip: int = 0) -> list[Step]:
    """Replay ``answers`` from the start ``factory`` makes; for each decision after the first
    ``skip`` answers, the answer and what was closed there (the last step, with answer None,
    is the decision left pending, if any)."""
    g = Game(factory)
    out = []
    for i, a in enumerate(answers):
        if i >= skip and g.pending is not None:
            out.append(Step(i + 1 - skip, a, g.pending.unavailable()))
        g.answer(a)
    if g.pending is not None:
        out.append(Step(len(answers) + 1 - skip, None, g.pending.unavailable()))
    return out


def closed_on_paths(factory: Callable[[], Any], script: Sequence[str], outcomes: Sequence[Any],
                    first: int = WHY_NOT_OUTCOMES) -> dict[int, list[Step]]:
    """For the ``first`` of ``outcomes`` (explorer outcomes, in the order shown), keyed by
    ``id(outcome)``: the answers of its shortest path after ``script`` at which the rules
    closed something, with what they closed. The path's first decision is left out: it is
    the starting decision, shown once for all outcomes."""
    return {id(o): [s for s in steps(factory, [*script, *o.path], len(script))
                    if s.answer is not None and s.number > 1 and s.closed]
            for o in outcomes[:first]}
