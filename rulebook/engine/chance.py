"""Chance: what can come up when cards nobody knows become known, and how likely it is.

Cards whose order is unknown are told apart only by name, so taking ``k`` cards from such a
group can only show which *names* came up, as a multiset. Its probability is multivariate
hypergeometric: the ways to pick that many of each name over the ways to pick any ``k`` cards.

>>> for names, p in outcomes({"Copper": 3, "Estate": 2}, 2):
...     print(names, p)
('Copper', 'Copper') 3/10
('Copper', 'Estate') 3/5
('Estate', 'Estate') 1/10
>>> sum(p for _, p in outcomes({"Copper": 7, "Estate": 3}, 5))
Fraction(1, 1)
>>> probability({"Copper": 7, "Estate": 3}, ("Copper",) * 5)
Fraction(1, 12)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm, prod
from random import Random
from typing import Any

from dominion_tavern.rulebook.engine.decisions import Decision, Option

#: What came up from a group of cards in unknown order, as the log records it: the group's
#: names and counts just before (a copy, never changed after), and the names that came up.
Record = tuple[Mapping[str, int], tuple[str, ...]]


def outcomes(counts: Mapping[str, int], k: int) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every multiset of ``k`` names that taking ``k`` cards from ``counts`` can show, names
    sorted, with its exact probability; listed in the order of their sorted names."""
    return list(_distribution(_group(counts), k))


def _group(counts: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """A group of cards as a key: its names sorted, with their counts (none of 0)."""
    return tuple(sorted((n, c) for n, c in counts.items() if c > 0))


@lru_cache(maxsize=4096)
def _distribution(group: tuple[tuple[str, int], ...], k: int
                  ) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """:func:`outcomes` of a group, worked out once per distinct (group, k): the explorer meets
    the same chance step on many branches."""
    names = [n for n, _ in group]
    counts = [c for _, c in group]
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"cannot take {k} cards from {total}")
    ways = comb(total, k)
    out = []
    for picks in _splits(counts, k):
        multiset = tuple(n for n, m in zip(names, picks, strict=True) for _ in range(m))
        out.append((multiset, Fraction(prod(comb(c, m) for c, m in zip(counts, picks,
                                                                         strict=True)), ways)))
    return tuple(out)


def probability(counts: Mapping[str, int], names: tuple[str, ...] | list[str]) -> Fraction:
    """The chance that taking ``len(names)`` cards from ``counts`` shows exactly ``names``."""
    want = Counter(names)
    total = sum(counts.values())
    if any(counts.get(n, 0) < m for n, m in want.items()):
        return Fraction(0)
    return Fraction(prod(comb(counts[n], m) for n, m in want.items()),
                    comb(total, len(names)))


def _splits(limits: list[int], k: int) -> Iterator[list[int]]:
    """Every way to take ``k`` in all with at most ``limits[i]`` of kind ``i``: the first
    kind's count descending, so that the names' sorted order is the listing order."""
    if not limits:
        if k == 0:
            yield []
        return
    rest = sum(limits[1:])
    for m in range(min(limits[0], k), max(0, k - rest) - 1, -1):
        for tail in _splits(limits[1:], k - m):
            yield [m, *tail]


@lru_cache(maxsize=4096)
def _labelled(verb: str, group: tuple[tuple[str, int], ...], k: int
              ) -> tuple[tuple[Option, ...], tuple[Fraction, ...], dict[str, Fraction]]:
    """A chance step's options (label, and the names as value), their probabilities, and the
    probability of each label; made once and shared by the steps alike (an option is never
    changed)."""
    found = _distribution(group, k)
    options = tuple(Option(f"{verb}: {', '.join(names)}", names) for names, _ in found)
    return (options, tuple(p for _, p in found),
            {o.label: p for o, (_, p) in zip(options, found, strict=True)})


def percent(p: Fraction) -> str:
    """``Fraction(1, 6)`` -> ``'16.7%'`` (one decimal; exact 0 and 100 shown as such)."""
    if p == 0 or p == 1:
        return f"{int(p) * 100}%"
    return f"{float(p) * 100:.1f}%"


class ChanceStep(Decision):
    """A pending chance step: no one decides it; what comes up is one of its outcomes, each
    with its exact probability. It is answered like a decision, by a label naming the cards
    that come up (``"draw: Copper, Estate"``, in any order, short forms allowed), so scripts
    can name the outcome they want and the explorer can take each one in turn.

    >>> step = ChanceStep.of("Ann", "draw", {"Copper": 3, "Estate": 2}, 2, "Ann draws 2 cards")
    >>> for label in step.answers():
    ...     print(label, step.probability(label))
    draw: Copper, Copper 3/10
    draw: Copper, Estate 3/5
    draw: Estate, Estate 1/10
    >>> step.resolve("draw: Estate, Copper").value
    ('Copper', 'Estate')
    >>> step.resolve("draw: 2 Copper").label
    'draw: Copper, Copper'
    """

    __slots__ = ("chances", "probabilities")

    def __init__(self, player: str, prompt: str, options: list[Option], verb: str, rule: str,
                 probabilities: list[Fraction]) -> None:
        super().__init__(player, prompt, options, verb=verb, kind="chance", rule=rule)
        self.probabilities = probabilities
        self.chances: dict[str, Fraction] | None = None  # label -> probability, made on use

    @classmethod
    def of(cls, player: str, verb: str, counts: Mapping[str, int], k: int, prompt: str,
           rule: str = "chance.unknown-order") -> ChanceStep:
        options, probabilities, chances = _labelled(verb, _group(counts), k)
        step = cls(player, prompt, list(options), verb, rule, list(probabilities))
        step.chances = chances
        return step

    def probability(self, label: str) -> Fraction:
        if self.chances is None:
            self.chances = dict(zip(self.labels(), self.probabilities, strict=True))
        return self.chances[label]

    def resolve(self, answer: object) -> Any:
        if self.chances is not None and answer in self.chances:  # a label as listed
            return Decision.resolve(self, answer)
        if isinstance(answer, str) and answer.startswith(f"{self.verb}:"):
            names = [part.strip() for part in answer[len(self.verb) + 1:].split(",")]
            expanded = []
            for name in names:
                count, _, rest = name.partition(" ")
                expanded += [rest.strip()] * int(count) if count.isdigit() and rest else [name]
            answer = f"{self.verb}: {', '.join(sorted(expanded))}"
        return Decision.resolve(self, answer)


def random_outcome(step: ChanceStep, rng: Random) -> str:
    """An outcome of ``step`` drawn with exactly its probabilities (one whole number drawn
    from ``rng`` over their common denominator)."""
    denominator = lcm(*(p.denominator for p in step.probabilities))
    r = rng.randrange(denominator)
    for label, p in zip(step.labels(), step.probabilities, strict=True):
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return label
    raise AssertionError("a chance step's probabilities add up to 1")  # pragma: no cover
