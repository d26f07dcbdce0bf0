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
)
from dominion_tavern.checker.explore.script_branches import explore_script
from dominion_tavern.checker.format.expected_outcomes import (
    CERTAIN,
    NEVER,
    outcome_fields,
    read_expected,
)
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.format.probabilities import bounds_text
from dominion_tavern.checker.runner.events import Event, event_failures, event_fields, events_of
from dominion_tavern.rulebook.engine.game import Game


@dataclass
class OutcomeCheck:
    """``expect`` (a set of outcomes) against the explored set: what is missing, what is not
    expected."""

    exploration: Exploration
    missing: list[dict[str, Any]]
    unexpected: list[Outcome]
    wrong_chance: list[tuple[Outcome, str]] = field(default_factory=list)  # (found, expected)
    wrong_events: list[str] = field(default_factory=list)  # events: each difference, worded

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unexpected and not self.wrong_chance and \
            not self.wrong_events and not self.exploration.truncated

    @property
    def undecided(self) -> bool:
        """The search was cut short and found nothing its claims rule out so far: what it has
        not reached could still hold or not (an unexpected outcome, or a probability what was
        explored rules out, fails at once)."""
        return self.exploration.truncated and not self.unexpected and not self.wrong_chance

    def describe(self) -> str:
        ex = self.exploration
        if self.ok:
            return f"{len(ex.outcomes)} outcome(s) as expected"
        if self.undecided:
            return (f"undecided: the search was {ex.limit_text()}, all of them expected, "
                    "before every path reached the stop: the rest is not tested")
        lines = list(self.wrong_events)
        if ex.truncated:
            lines.append(f"exploration {ex.limit_text()}")
        for m in self.missing:
            lines.append("missing outcome: " + _show(m))
        for o in self.unexpected:
            lines.append(f"unexpected outcome: {_show(o.values)}{' (game over)' if o.over else ''}"
                         f" (path: {' / '.join(o.path) or 'no answers'})")
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
    fields = outcome_fields(spec)
    if not fields and spec.get("events"):
        fields = event_fields(_events(scn))
    return spec.get("stop"), fields, spec.get("expect")


def _events(scn: Any) -> list[Event]:
    try:
        return events_of((scn.outcomes or {}).get("events"))
    except ExploreError as e:
        raise ExploreError(f"{scn.path}: {e}") from None


def asks_outcomes(scn: Any) -> bool:
    """Whether the scenario claims something of its outcomes (``expect`` or ``events``)."""
    spec = scn.outcomes if isinstance(scn.outcomes, dict) else {}
    return spec.get("expect") is not None or bool(spec.get("events"))


def explore_scenario(scn: Any, ruleset: str | None = None, max_nodes: int = DEFAULT_MAX_NODES,
                     max_depth: int | None = None, policies: Policies | None = None,
                     max_seconds: float | None = None, workers: int = 1) -> Exploration:
    """Explore ``scn``'s ``outcomes`` question, its players' policies answering for them;
    ``max_seconds`` only for the interactive tools (a verdict never rests on the machine's
    speed); ``workers``: processes to split the tree across (the same answer)."""
    stop, fields, _ = question(scn)
    factory = scn.factory(ruleset)
    if not fields:
        fields = default_fields(Game(factory))
    if policies is None:
        policies = Policies(scn.policies)
    # entries for choices the game makes by itself are read, not given (reading.script_fit);
    # they come before any open chance step, so the ``otherwise`` of later entries shifts
    answers = scn.answers(ruleset)
    shift = len(scn.script) - len(answers)
    otherwise = {k - shift: v for k, v in scn.otherwise.items() if k >= shift}
    try:
        return explore_script(factory, answers, stop, fields, max_nodes, max_depth,
                              policies, otherwise, max_seconds, workers)
    except ExploreError as e:
        raise ExploreError(f"{scn.path}: {e}") from None


def check_outcomes(scn: Any, ruleset: str | None = None,
                   max_nodes: int = DEFAULT_MAX_NODES,
                   policies: Policies | None = None, ex: Exploration | None = None,
                   max_seconds: float | None = None, workers: int = 1) -> OutcomeCheck:
    """Explore ``scn`` (unless ``ex`` is its exploration) and compare the distinct outcomes
    with its ``outcomes.expect``, and the probabilities of its ``outcomes.events``; a search
    cut short fails only a claim what it explored rules out, and passes none."""
    _, fields, expect = question(scn)
    events = _events(scn)
    if expect is None and not events:
        raise ExploreError(f"{scn.path}: outcomes.expect: no expected outcomes to check")
    missing_fields = [f for f in event_fields(events) if f not in fields]
    if missing_fields:
        raise ExploreError(f"{scn.path}: outcomes.events name field(s) "
                           f"{', '.join(missing_fields)} that outcomes.fields does not list; "
                           f"fields: {', '.join(fields)}")
    ex = ex if ex is not None else explore_scenario(scn, ruleset, max_nodes, policies=policies,
                                                    max_seconds=max_seconds, workers=workers)
    if expect is None:  # events only: the outcomes themselves are not claimed
        return OutcomeCheck(ex, [], [], [], event_failures(events, ex))
    expected, problems = read_expected(scn.outcomes, scn.factory(ruleset)()[0])
    if problems:  # the loader refuses these; a Scenario made otherwise is told the first
        raise ExploreError(f"{scn.path}: {problems[0][1]}")
    wanted = {e.key: e.values for e in expected}
    chances = {e.key: e.bounds for e in expected if e.bounds is not None}
    if not ex.chance and ex.truncated:
        chances = {}  # cut short before any chance step: nothing weighed
    elif not ex.chance:
        if any(b not in CERTAIN for b in chances.values()):
            raise ExploreError(f"{scn.path}: outcomes.expect gives probabilities other than 0 "
                               "and 1, but the search met no chance step (the setup has a seed, "
                               "or no card in unknown order comes up); leave out the seed or the "
                               "probabilities")
        only = len(ex.outcomes) == 1  # without chance the players' choices decide everything
        for o in ex.outcomes:
            o.low, o.high = Fraction(only), Fraction(1)
    found = {tuple(o.values[f] for f in fields): o for o in ex.outcomes}
    # an outcome expected with probability 0 is a claim that it is not reached
    missing = [v for k, v in wanted.items() if k not in found and chances.get(k) != NEVER]
    unexpected = [o for k, o in found.items() if k not in wanted]
    wrong = [(found[k], bounds_text(b)) for k, b in chances.items()
             if k in found and _contradicts(found[k], b, ex.truncated)]
    return OutcomeCheck(ex, missing, unexpected, wrong, event_failures(events, ex))



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
