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
from itertools import islice
from math import comb, lcm, prod
from random import Random
from typing import Any

from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer, Option

#: What came up from a group of cards in unknown order, as the log records it: the group's
#: names and counts just before (a copy, never changed after), and the names that came up.
Record = tuple[Mapping[str, int], tuple[str, ...]]
#: A chance step with at most this many outcomes lists them once (and shares the list with the
#: steps alike); a larger one makes them one at a time, when asked for.
LISTED = 10_000
DESCRIBED = 24  # outcomes an illegal answer's message lists (then how many in all)


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
    return tuple(_each_outcome(group, k))


def _each_outcome(group: tuple[tuple[str, int], ...], k: int
                  ) -> Iterator[tuple[tuple[str, ...], Fraction]]:
    """:func:`outcomes` of a group made one at a time, in the same order (a hand of 12 from 36
    kinds has hundreds of millions: none is made before it is asked for)."""
    names = [n for n, _ in group]
    counts = [c for _, c in group]
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"cannot take {k} cards from {total}")
    ways = comb(total, k)
    for picks in _splits(counts, k):
        multiset = tuple(n for n, m in zip(names, picks, strict=True) for _ in range(m))
        yield multiset, Fraction(prod(comb(c, m) for c, m in zip(counts, picks, strict=True)),
                                 ways)


@lru_cache(maxsize=4096)
def outcome_count(group: tuple[tuple[str, int], ...], k: int) -> int:
    """How many outcomes taking ``k`` cards from a group has, counted without making them."""
    ways = [1]  # ways[j]: the multisets of j names among the kinds counted so far
    for _, c in group:
        ways = [sum(ways[j - m] for m in range(min(c, j) + 1) if j - m < len(ways))
                for j in range(min(len(ways) + c, k + 1))]
    return ways[k] if k < len(ways) else 0


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
    options = tuple(Option(_label(verb, names), names) for names, _ in found)
    return (options, tuple(p for _, p in found),
            {o.label: p for o, (_, p) in zip(options, found, strict=True)})


def _label(verb: str, names: tuple[str, ...]) -> str:
    return f"{verb}: {', '.join(names)}"


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

    A step with at most :data:`LISTED` outcomes lists them once (shared by the steps alike);
    a larger one makes them one at a time (:meth:`each_answer`, :meth:`each_chance`), counts
    them without making them (:meth:`answer_count`) and resolves an answer by its names:
    reading ``options``, ``labels()`` or ``answers()`` of such a step lists every outcome.

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

    __slots__ = ("_probabilities", "chances", "group", "k")

    def __init__(self, player: str, prompt: str, verb: str, group: tuple[tuple[str, int], ...],
                 k: int, rule: str) -> None:
        self.group, self.k = group, k
        self.chances: dict[str, Fraction] | None = None  # label -> probability (listed steps)
        self._probabilities: list[Fraction] | None = None
        if outcome_count(group, k) <= LISTED:
            options, probabilities, self.chances = _labelled(verb, group, k)
            super().__init__(player, prompt, list(options), verb=verb, kind="chance", rule=rule)
            self._probabilities = list(probabilities)
            return
        super().__init__(player, prompt, verb=verb, kind="chance", rule=rule,
                         values=lambda: (names for names, _ in _each_outcome(group, k)),
                         label_of=lambda names: _label(verb, names), accepts=self._fits,
                         only=lambda: None)  # more than LISTED outcomes: never only one

    @classmethod
    def of(cls, player: str, verb: str, counts: Mapping[str, int], k: int, prompt: str,
           rule: str = "chance.unknown-order") -> ChanceStep:
        return cls(player, prompt, verb, _group(counts), k, rule)

    @property
    def probabilities(self) -> list[Fraction]:
        """Each outcome's probability, in the order of :meth:`answers` (lists them all)."""
        if self._probabilities is None:
            self._probabilities = [p for _, p in self.each_chance()]
        return self._probabilities

    def each_chance(self) -> Iterator[tuple[str, Fraction]]:
        """Each outcome's label with its probability, in order, made one at a time."""
        if self.chances is not None:
            return iter(self.chances.items())
        return ((_label(self.verb, names), p) for names, p in _each_outcome(self.group, self.k))

    def each_answer(self) -> Iterator[str]:
        return (label for label, _ in self.each_chance())

    def answer_count(self) -> int:
        return outcome_count(self.group, self.k)

    def is_answer(self, label: str) -> bool:
        try:
            return self.resolve(label).label == label
        except IllegalAnswer:
            return False

    def probability(self, label: str) -> Fraction:
        if self.chances is not None:
            return self.chances[label]
        names = tuple(label.removeprefix(f"{self.verb}: ").split(", "))
        if not label.startswith(f"{self.verb}: ") or not self._fits(names):
            raise KeyError(label)
        return probability(dict(self.group), names)

    def _fits(self, names: tuple[str, ...]) -> bool:
        """Whether ``names`` (sorted) is an outcome: ``k`` names the group holds."""
        counts = dict(self.group)
        return len(names) == self.k and all(counts.get(n, 0) >= m
                                            for n, m in Counter(names).items())

    def resolve(self, answer: object) -> Any:
        if self.chances is not None and answer in self.chances:  # a label as listed
            return Decision.resolve(self, answer)
        if isinstance(answer, str) and answer.startswith(f"{self.verb}:"):
            names = [part.strip() for part in answer[len(self.verb) + 1:].split(",")]
            expanded = []
            for name in names:
                count, _, rest = name.partition(" ")
                expanded += [rest.strip()] * int(count) if count.isdigit() and rest else [name]
            answer = _label(self.verb, tuple(sorted(expanded)))
            if self.lazy:  # told by its names, without listing the outcomes
                if self._fits(tuple(sorted(expanded))):
                    return Option(answer, tuple(sorted(expanded)))
                raise self._illegal(answer, "not one of the options")
        elif isinstance(answer, str) and self.lazy:
            raise self._illegal(answer, "not one of the options")
        return Decision.resolve(self, answer)

    def _describe(self) -> str:
        shown = list(islice(self.each_answer(), DESCRIBED))
        more = self.answer_count() > len(shown)
        return "Options: " + (", ".join(shown) or "(none)") + \
            (f", ... ({self.answer_count():,} in all)" if more else "")


def random_outcome(step: ChanceStep, rng: Random) -> str:
    """An outcome of ``step`` drawn with exactly its probabilities (one whole number drawn
    from ``rng`` over their common denominator; for a step too large to list, over the ways to
    take its cards, read kind by kind without making the outcomes)."""
    if step.lazy:
        return _label(step.verb, _drawn(step.group, step.k, rng))
    denominator = lcm(*(p.denominator for _, p in step.each_chance()))
    r = rng.randrange(denominator)
    for label, p in step.each_chance():
        r -= p.numerator * (denominator // p.denominator)
        if r < 0:
            return label
    raise AssertionError("a chance step's probabilities add up to 1")  # pragma: no cover


def _drawn(group: tuple[tuple[str, int], ...], k: int, rng: Random) -> tuple[str, ...]:
    """``k`` names taken from ``group`` at random: one of the ``comb(total, k)`` equally likely
    ways to take the cards, ``r``; the ways with ``m`` of the first kind are a block of
    ``comb(c, m) * comb(rest, k - m)`` of them, and ``r`` within the block is a way to take the
    others."""
    left = sum(c for _, c in group)
    r = rng.randrange(comb(left, k))
    out: list[str] = []
    for name, c in group:
        left -= c
        for m in range(min(c, k), -1, -1):
            others = comb(left, k - m)
            block = comb(c, m) * others
            if r < block:
                out += [name] * m
                k, r = k - m, r % others
                break
            r -= block
    return tuple(out)
