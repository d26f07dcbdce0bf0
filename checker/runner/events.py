"""Events over outcomes: the probability of a set of outcomes, in one line of a scenario.

An event (an entry of ``outcomes.events``) names fields and what each must be: a value (equal
to it, written as ``outcomes.expect`` writes values), ``{at_least: N}``, ``{at_most: N}`` (a
number field), or ``{one_of: [...]}`` (any of the values). An outcome is in the event when every
condition holds; the event's probability is the sum of its outcomes' probabilities, compared
exactly with the one written. That sum is one number only when no player's choice is left open
(every outcome's probability exact, as policies make it): a tree with ranges left gives no
single number for a set of its outcomes, and the check says so rather than guess.

>>> e = Event.parse({"event": "at least $8", "turn.coins": {"at_least": 8},
...                  "probability": "11/36"}, 0)
>>> e.holds({"turn.coins": 9}), e.holds({"turn.coins": 7}), e.describe()
(True, False, 'at least $8')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dominion_tavern.checker.explore import Exploration, ExploreError
from dominion_tavern.checker.format.probabilities import PROBABILITY, parse_probability
from dominion_tavern.checker.reading.field_paths import FieldError, normalise, plain
from dominion_tavern.rulebook.engine.chance import percent

EVENT = "event"
COMPARISONS = ("at_least", "at_most", "one_of")


@dataclass
class Event:
    """One event: its conditions (field -> (comparison, value)), its words and the
    probability expected."""

    index: int
    conditions: dict[str, list[tuple[str, Any]]]
    expected: Fraction
    words: str = ""

    @classmethod
    def parse(cls, spec: dict[str, Any], i: int) -> Event:
        where = f"outcomes.events[{i}]"
        try:
            low, high = parse_probability(spec.get(PROBABILITY))
        except ValueError as e:
            raise ExploreError(f"{where}.probability: {e}") from None
        if low != high:
            raise ExploreError(f"{where}.probability: an event's probability is one number; "
                               f"fix the players' choices with policies to get one, not "
                               f"{spec.get(PROBABILITY)!r}")
        conditions: dict[str, list[tuple[str, Any]]] = {}
        for field, cond in spec.items():
            if field in (PROBABILITY, EVENT):
                continue
            try:
                conditions[field] = _condition(field, cond)
            except FieldError as e:
                raise ExploreError(f"{where}.{field}: {e}") from None
        if not conditions:
            raise ExploreError(f"{where}: name at least one field and what it must be")
        return cls(i, conditions, low, str(spec.get(EVENT) or ""))

    def holds(self, values: dict[str, Any]) -> bool:
        for field, how, want in self._each():
            v = values[field]
            if (how == "is" and v != want) or (how == "one_of" and v not in want):
                return False
            if how in ("at_least", "at_most"):
                if isinstance(v, bool) or not isinstance(v, int):
                    raise ExploreError(f"outcomes.events[{self.index}].{field}: {how} compares "
                                       f"numbers, and {field} is {plain(v)!r}; use a value or "
                                       "one_of")
                if v < want if how == "at_least" else v > want:
                    return False
        return True

    def _each(self) -> list[tuple[str, str, Any]]:
        return [(f, how, want) for f, conds in self.conditions.items() for how, want in conds]

    def describe(self) -> str:
        if self.words:
            return self.words
        def one(field: str, how: str, want: Any) -> str:
            shown = [plain(w) for w in want] if how == "one_of" else plain(want)
            return f"{field} {how.replace('_', ' ')} {shown}"
        return " and ".join(one(*c) for c in self._each())


def _condition(field: str, cond: Any) -> list[tuple[str, Any]]:
    """A field's condition as (comparison, value) pairs, all of which must hold."""
    if not isinstance(cond, dict):
        return [("is", normalise(field, cond))]
    if not cond or set(cond) - set(COMPARISONS):
        raise FieldError(f"write {{at_least: N}}, {{at_most: N}} (or both), {{one_of: [...]}} "
                         f"or a value, not {cond!r}")
    out = []
    for how, want in cond.items():
        if how == "one_of":
            if not isinstance(want, list) or not want:
                raise FieldError(f"one_of takes a list of values, not {want!r}")
            out.append((how, [normalise(field, w) for w in want]))
        elif isinstance(want, bool) or not isinstance(want, int):
            raise FieldError(f"{how} takes a whole number, not {want!r}")
        else:
            out.append((how, want))
    return out


def events_of(spec: Any) -> list[Event]:
    """A scenario's ``outcomes.events`` as events (a mistake raises :class:`ExploreError`)."""
    if spec is None:
        return []
    if not isinstance(spec, list) or not all(isinstance(e, dict) for e in spec):
        raise ExploreError("outcomes.events: a list of mappings, field: condition, and "
                           "probability")
    return [Event.parse(e, i) for i, e in enumerate(spec)]


def event_fields(events: list[Event]) -> list[str]:
    return list(dict.fromkeys(f for e in events for f in e.conditions))


def exact_total(ex: Exploration) -> Fraction | None:
    """The sum of the outcomes' probabilities when no player's choice is left open (every
    outcome exact, or a single outcome without chance: certain), else None."""
    if ex.truncated:
        return None
    if not ex.chance:
        return Fraction(1) if len(ex.outcomes) == 1 else None
    if any(o.probability is None for o in ex.outcomes):
        return None
    return sum((o.probability for o in ex.outcomes), Fraction(0))


def probability_of(event: Event, ex: Exploration) -> Fraction | None:
    """The event's probability in ``ex`` (None when the players' choices leave it open)."""
    if exact_total(ex) is None:
        return None
    inside = [o for o in ex.outcomes if event.holds(o.values)]
    if not ex.chance:
        return Fraction(len(inside))
    return sum((o.probability for o in inside), Fraction(0))


def event_failures(events: list[Event], ex: Exploration) -> list[str]:
    """A line for each event whose probability differs from the expected one (or is not one
    number), and one if the outcomes' exact probabilities do not sum to 1."""
    if ex.truncated:  # reported as cut short: no probability of a partial tree is read
        return []
    out = []
    total = exact_total(ex)
    if total is not None and total != 1:  # pragma: no cover - the explorer weighs to 1
        out.append(f"the outcomes' probabilities sum to {total}, not 1")
    for e in events:
        p = probability_of(e, ex)
        if p is None:
            out.append(f"event {e.describe()!r}: the players' choices leave outcome "
                       "probabilities as ranges, so the event has no single probability; fix "
                       "the choices with policies (or ask about each outcome)")
        elif p != e.expected:
            out.append(f"event {e.describe()!r}: probability expected {e.expected}, got {p} "
                       f"({percent(p)})")
    return out


def events_text(events: list[Event], ex: Exploration) -> list[str]:
    """Each event with its probability, for reports, and whether the outcomes sum to 1."""
    total = exact_total(ex)
    lines = []
    if total is not None:
        lines.append(f"no player's choice is left open: the {len(ex.outcomes)} outcome(s)' "
                     f"probabilities sum to {total}")
    for e in events:
        p = probability_of(e, ex)
        got = f"{p} ({percent(p)})" if p is not None else \
            "not one number (the search was cut short)" if ex.truncated else \
            "not one number (the players' choices leave ranges)"
        mark = "as expected" if p == e.expected else f"expected {e.expected}"
        lines.append(f"event {e.describe()}: {got}, {mark}")
    return lines
