"""A scenario's ``outcomes`` section: the question it asks the explorer, and its expected
outcomes (and their probabilities) compared with what the explorer finds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dominion_tavern.checker.explore import (
    DEFAULT_MAX_NODES,
    Exploration,
    ExploreError,
    Outcome,
    default_fields,
    explore,
)
from dominion_tavern.checker.format.expected_outcomes import outcome_fields, read_expected
from dominion_tavern.checker.format.probabilities import bounds_text
from dominion_tavern.rulebook.engine.game import Game


@dataclass
class OutcomeCheck:
    """``expect`` (a set of outcomes) against the explored set: what is missing, what is not
    expected."""

    exploration: Exploration
    missing: list[dict[str, Any]]
    unexpected: list[Outcome]
    wrong_chance: list[tuple[Outcome, str]] = field(default_factory=list)  # (found, expected)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unexpected and not self.wrong_chance and \
            not self.exploration.truncated

    def describe(self) -> str:
        if self.ok:
            return f"{len(self.exploration.outcomes)} outcome(s) as expected"
        lines = []
        if self.exploration.truncated:
            lines.append(f"exploration stopped at {self.exploration.max_nodes} decisions")
        for m in self.missing:
            lines.append("missing outcome: " + _show(m))
        for o in self.unexpected:
            lines.append(f"unexpected outcome: {_show(o.values)} (path: "
                         f"{' / '.join(o.path) or 'no answers'})")
        for o, want in self.wrong_chance:
            lines.append(f"outcome {_show(o.values)}: probability expected {want}, got "
                         f"{o.chance_text()}")
        return "\n".join(lines)


def _show(values: dict[str, Any]) -> str:
    def one(v: Any) -> str:
        return "[" + ", ".join(map(str, v)) + "]" if isinstance(v, tuple) else repr(v)
    return ", ".join(f"{k}={one(v)}" for k, v in values.items())


def question(scn: Any) -> tuple[dict[str, Any] | None, list[str], list[dict[str, Any]] | None]:
    """A scenario's ``outcomes`` section as (stop, fields, expected outcomes or None); the
    loader has checked its shape."""
    spec = scn.outcomes or {}
    return spec.get("stop"), outcome_fields(spec), spec.get("expect")


def explore_scenario(scn: Any, ruleset: str | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                     max_depth: int | None = None) -> Exploration:
    stop, fields, _ = question(scn)
    factory = scn.factory(ruleset)
    if not fields:
        fields = default_fields(Game(factory))
    try:
        return explore(factory, scn.script, stop, fields, max_nodes, max_depth)
    except ExploreError as e:
        raise ExploreError(f"{scn.path}: {e}") from None


def check_outcomes(scn: Any, ruleset: str | None = None,
                   max_nodes: int = DEFAULT_MAX_NODES) -> OutcomeCheck:
    """Explore ``scn`` and compare the distinct outcomes with its ``outcomes.expect``."""
    _, fields, expect = question(scn)
    if expect is None:
        raise ExploreError(f"{scn.path}: outcomes.expect: no expected outcomes to check")
    expected, problems = read_expected(scn.outcomes, scn.factory(ruleset)()[0])
    if problems:  # the loader refuses these; a Scenario made otherwise is told the first
        raise ExploreError(f"{scn.path}: {problems[0][1]}")
    ex = explore_scenario(scn, ruleset, max_nodes)
    wanted = {e.key: e.values for e in expected}
    chances = {e.key: e.bounds for e in expected if e.bounds is not None}
    if chances and not ex.chance:
        if not ex.truncated:
            raise ExploreError(f"{scn.path}: outcomes.expect gives probabilities, but the search "
                               "met no chance step (the setup has a seed, or no card in unknown "
                               "order comes up); leave out the seed or the probabilities")
        chances = {}  # a search cut short weighs nothing, and fails as cut short
    found = {tuple(o.values[f] for f in fields): o for o in ex.outcomes}
    missing = [v for k, v in wanted.items() if k not in found]
    unexpected = [o for k, o in found.items() if k not in wanted]
    wrong = [(found[k], bounds_text(b)) for k, b in chances.items()
             if k in found and (found[k].low, found[k].high) != b]
    return OutcomeCheck(ex, missing, unexpected, wrong)

