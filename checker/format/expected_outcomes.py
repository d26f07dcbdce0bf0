"""A scenario's ``outcomes.fields`` and ``outcomes.expect`` read against the game its setup
builds: every field names a part of that game (a player who exists, a pile in it), every
expected outcome gives each field a value of its form, no outcome is written twice, and every
probability is exact and between 0 and 1. The loader refuses a file with any of these wrong
(exit 2) before anything runs; the runner reads the same outcomes from here to compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dominion_tavern.checker.format.probabilities import PROBABILITY, parse_probability
from dominion_tavern.checker.format.schema_errors import where
from dominion_tavern.checker.reading.field_paths import FieldError, getter, normalise
from dominion_tavern.rulebook.engine.state import GameState

Where = tuple[str | int, ...]

NEVER = (Fraction(0), Fraction(0))
#: The probabilities an outcome can have when no chance step is met: the only outcome (1), one
#: the players' choices may avoid ("0 to 1"), or one never reached (0).
CERTAIN = ((Fraction(1), Fraction(1)), (Fraction(0), Fraction(1)), NEVER)
Found = tuple[Where, str, bool]  # as the schema's: (path, message, at the key)


class _Built:
    """The position a setup builds, as :func:`getter` reads it to check a field's players
    and piles; no game is started."""

    def __init__(self, state: GameState) -> None:
        self.state = state


@dataclass(frozen=True)
class Expected:
    """One expected outcome: its fields' values in the explorer's form, and its probability
    (low, high) if the file gives one."""

    values: dict[str, Any]
    bounds: tuple[Fraction, Fraction] | None

    @property
    def key(self) -> tuple[Any, ...]:
        return tuple(self.values.values())


def outcome_fields(spec: dict[str, Any]) -> list[str]:
    """``outcomes.fields``, or else the fields the expected outcomes name, in order."""
    fields = spec.get("fields")
    if fields is None:
        expect = spec.get("expect") or []
        fields = list(dict.fromkeys(k for e in expect if isinstance(e, dict) for k in e
                                    if k != PROBABILITY))
    return list(fields)


def read_expected(spec: dict[str, Any], state: GameState) -> tuple[list[Expected], list[Found]]:
    """The expected outcomes of ``spec`` (a file's ``outcomes``), and each problem found;
    ``state`` is the position the setup builds, whose players and piles the fields name."""
    fields = outcome_fields(spec)
    expect = spec.get("expect") or []
    problems: list[Found] = []
    if expect and not fields:  # every outcome would compare equal to every other
        at: Where = ("outcomes", "fields") if "fields" in spec else ("outcomes", "expect", 0)
        return [], [(at, f"{where(at)}: an expected outcome must name at least one field "
                     "(players.Ann.hand, piles.Curse, ...), or every outcome would match it",
                     False)]
    for i, name in enumerate(fields):
        try:
            getter(_Built(state), name)  # type: ignore[arg-type]
        except FieldError as e:
            if "fields" in spec:
                problems.append((("outcomes", "fields", i), f"outcomes.fields[{i}]: {e}", False))
            else:  # the field is named by an expected outcome: point at the first that does
                j = next(j for j, e in enumerate(expect) if name in e)
                problems.append((("outcomes", "expect", j, name), f"outcomes.expect[{j}]: {e}",
                                 True))
    if problems:
        return [], problems
    out: list[Expected] = []
    first: dict[tuple[Any, ...], int] = {}
    for i, entry in enumerate(expect):
        at: Where = ("outcomes", "expect", i)
        here = f"outcomes.expect[{i}]"
        bounds = None
        if PROBABILITY in entry:
            try:
                bounds = parse_probability(entry[PROBABILITY])
            except ValueError as e:
                problems.append(((*at, PROBABILITY), f"{here}.probability: {e}", False))
            # rule chance.unknown-order: a seeded shuffle decides; only 0 and 1 stay possible
            if not state.ask_chance and bounds is not None and bounds not in CERTAIN:
                problems.append(((*at, PROBABILITY), f"{here}.probability: the setup has a "
                                 "seed, so the seeded shuffle decides what comes up and nothing "
                                 "is left to chance; leave out the seed, or the probabilities "
                                 "other than 0 and 1", False))
        named = [k for k in entry if k != PROBABILITY]
        extra = [k for k in named if k not in fields]
        lack = [f for f in fields if f not in entry]
        if extra or lack:
            what = (f"names field(s) not in outcomes.fields: {', '.join(extra)}" if extra
                    else f"lacks field(s) {', '.join(lack)}")
            problems.append((at, f"{here} {what}; every expected outcome gives each of: "
                             f"{', '.join(fields)}", False))
            continue
        values: dict[str, Any] = {}
        for f in fields:
            try:
                values[f] = normalise(f, entry[f])
            except FieldError as e:
                problems.append(((*at, f), f"{here}: {e}", False))
        if len(values) < len(fields):
            continue
        expected = Expected(values, bounds)
        if expected.key in first:  # else the later one's probability would replace the first's
            problems.append((at, f"{here} is the same outcome as "
                             f"outcomes.expect[{first[expected.key]}]; the fields compare them "
                             "as one, so list it once", False))
            continue
        first[expected.key] = i
        out.append(expected)
    return out, problems
