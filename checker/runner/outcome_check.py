"""A scenario's ``outcomes`` section: the question it asks the explorer, and its expected
outcomes (and their probabilities) compared with what the explorer finds."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dominion_tavern.checker.explore import (
    DEFAULT_MAX_NODES,
    Exploration,
    ExploreError,
    Outcome,
    default_fields,
    explore,
)
from dominion_tavern.checker.format.probabilities import (
    PROBABILITY,
    bounds_text,
    parse_probability,
)
from dominion_tavern.checker.reading.field_paths import FieldError, normalise
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
            lines.append(f"exploration {self.exploration.limit_text()}")
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
    """A scenario's ``outcomes`` section as (stop, fields, expected outcomes or None)."""
    spec = scn.outcomes or {}
    if not isinstance(spec, dict):
        raise ExploreError(f"{scn.path}: outcomes: expected a mapping with stop, fields, expect")
    unknown = set(spec) - {"stop", "fields", "expect"}
    if unknown:
        raise ExploreError(f"{scn.path}: outcomes: unknown key(s) "
                           f"{', '.join(sorted(map(str, unknown)))}; use stop, fields, expect")
    expect = spec.get("expect")
    if expect is not None and (not isinstance(expect, list) or
                               not all(isinstance(e, dict) for e in expect)):
        raise ExploreError(f"{scn.path}: outcomes.expect: a list of mappings, field: value")
    fields = spec.get("fields")
    if fields is None and expect:
        fields = list(dict.fromkeys(k for e in expect for k in e if k != PROBABILITY))
    if fields is not None and (not isinstance(fields, list) or
                               not all(isinstance(f, str) for f in fields)):
        raise ExploreError(f"{scn.path}: outcomes.fields: a list of field paths")
    return spec.get("stop"), list(fields or []), expect


def explore_scenario(scn: Any, ruleset: str | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                     max_depth: int | None = None, max_seconds: float | None = None
                     ) -> Exploration:
    """The scenario's ``outcomes`` question explored; ``max_seconds`` only for the interactive
    tools (a verdict never rests on the machine's speed)."""
    stop, fields, _ = question(scn)
    factory = scn.factory(ruleset)
    if not fields:
        fields = default_fields(Game(factory))
    try:
        return explore(factory, scn.script, stop, fields, max_nodes, max_depth,
                       max_seconds=max_seconds)
    except ExploreError as e:
        raise ExploreError(f"{scn.path}: {e}") from None


def check_outcomes(scn: Any, ruleset: str | None = None,
                   max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float | None = None
                   ) -> OutcomeCheck:
    """Explore ``scn`` and compare the distinct outcomes with its ``outcomes.expect``; a
    search cut short (by any limit) never holds."""
    _, fields, expect = question(scn)
    if expect is None:
        raise ExploreError(f"{scn.path}: outcomes.expect: no expected outcomes to check")
    ex = explore_scenario(scn, ruleset, max_nodes, max_seconds=max_seconds)
    wanted: dict[tuple[Any, ...], dict[str, Any]] = {}
    chances: dict[tuple[Any, ...], tuple[Fraction, Fraction]] = {}
    place: dict[tuple[Any, ...], int] = {}
    for i, e in enumerate(expect):
        if PROBABILITY in e:
            try:
                bounds = parse_probability(e[PROBABILITY])
            except ValueError as err:
                raise ExploreError(f"{scn.path}: outcomes.expect[{i}].probability: {err}"
                                   ) from None
            e = {k: v for k, v in e.items() if k != PROBABILITY}
        else:
            bounds = None
        extra = set(e) - set(fields)
        lack = [f for f in fields if f not in e]
        if extra or lack:
            what = (f"names unknown field(s) {', '.join(sorted(extra))}" if extra
                    else f"lacks field(s) {', '.join(lack)}")
            raise ExploreError(f"{scn.path}: outcomes.expect[{i}] {what}; every expected "
                               f"outcome gives each of: {', '.join(fields)}")
        try:
            values = {f: normalise(f, e[f]) for f in fields}
        except FieldError as err:
            raise ExploreError(f"{scn.path}: outcomes.expect[{i}]: {err}") from None
        key = tuple(values[f] for f in fields)
        if key in place:  # else the later one's probability would silently replace the first's
            raise ExploreError(f"{scn.path}: outcomes.expect[{i}] is the same outcome as "
                               f"outcomes.expect[{place[key]}] ({_show(values)}); the fields "
                               "compare them as one, so list it once")
        place[key] = i
        wanted[key] = values
        if bounds is not None:
            chances[key] = bounds
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
             if k in found and _contradicts(found[k], b, ex.truncated)]
    return OutcomeCheck(ex, missing, unexpected, wrong)



def _contradicts(o: Outcome, claim: tuple[Fraction, Fraction], truncated: bool) -> bool:
    """Whether the outcome's probability found differs from the claim ``(low, high)``; for a
    search cut short, only where what was explored already rules the claim out (its least
    probability can only grow, its most stays within the unexplored mass); a search cut short
    at a player's decision rules nothing out."""
    if not truncated:
        return (o.low, o.high) != claim
    bounds = o.interval()
    if bounds is None:
        return False
    low, high = claim
    return low < bounds[0] or high > bounds[1] or high < o.high
