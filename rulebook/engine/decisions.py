"""Pending decisions: who decides, what kind, a prompt, and the legal options with stable labels.

A decision is answered by one of its labels (``"play Village"``), or, when it picks several
options, by ``"VERB: A, B"`` / ``"VERB: nothing"`` (``"trash: Estate, Copper"``).

>>> d = Decision("Ann", "Trash up to 2 cards", [Option("Estate"), Option("Copper"),
...              Option("Estate")], min=0, max=2, verb="trash", multi=True)
>>> d.answers()
['trash: nothing', 'trash: Estate', 'trash: Copper', 'trash: Estate, Estate', 'trash: Estate, Copper']
>>> [o.label for o in d.resolve("trash: Estate, Estate")]
['Estate', 'Estate']
>>> try:
...     d.resolve("trash: Gold")
... except IllegalAnswer as e:
...     print(e)
'trash: Gold' is not a legal answer to Ann's decision "Trash up to 2 cards": 'Gold' is not one of the options. Options: Estate, Copper, Estate (pick 0 to 2, answer as 'trash: A, B' or 'trash: nothing')

A decision may also carry the answers a player might expect that the rules close now, each
with the rule that closes it (:meth:`Decision.unavailable`, built only when read):

>>> d = Decision("Ann", "Clean-up: exchange Travellers?", [Option("continue")],
...              closed_by=lambda: [Closed("exchange Peasant for Soldier",
...                                        "traveller.exchange.needs-copy",
...                                        "the Soldier pile is empty")])
>>> [c.text() for c in d.unavailable()]
['exchange Peasant for Soldier — traveller.exchange.needs-copy (the Soldier pile is empty)']
>>> try:
...     d.resolve("exchange Peasant for Soldier")
... except IllegalAnswer as e:
...     print(e)
'exchange Peasant for Soldier' is not a legal answer to Ann's decision "Clean-up: exchange Travellers?": it is not offered now: traveller.exchange.needs-copy (the Soldier pile is empty). Options: continue
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb
from typing import Any

from more_itertools import distinct_permutations


class IllegalAnswer(ValueError):
    """An answer that is not one of the decision's legal options. Nothing changed."""


@dataclass(slots=True)
class Option:
    label: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Closed:
    """An answer the rules do not offer now: its label (as it would read if offered), the rule
    id that closes it and why, in a few words."""

    label: str
    rule: str
    why: str = ""

    def text(self) -> str:
        return f"{self.label} — {self.reason()}"

    def reason(self) -> str:
        return self.rule + (f" ({self.why})" if self.why else "")


class Decision:
    """A choice the engine waits for. It picks one option by its label, or, when ``multi``,
    between ``min`` and ``max`` options (``ordered``: their order matters).

    ``rule`` is the rule the decision cites; without one, ``choice.optional`` when the player
    may decline (``optional``: an answer doing nothing is offered; a multi-pick of at least
    none) and else ``choice.mandatory``.

    The options are a list, or, where building them costs (the Buy phase), ``values``: a
    function giving the option values in order, with ``label_of`` naming each, ``accepts``
    telling whether one value is among them and ``only`` giving the one value offered when
    there is no choice (else None); the list is then built only when someone reads it, and a
    bot can ask :meth:`offers` and answer with :meth:`option` without it (a typed answer,
    next to the label)."""

    __slots__ = ("_answers", "_closed", "_issued", "_options", "_values", "accepts", "card",
                 "closed_by", "control", "decider", "explained_by", "kind", "label_of", "max",
                 "min", "multi", "only", "ordered", "own", "player", "private", "prompt", "rule",
                 "values", "verb")

    def __init__(self, player: str, prompt: str, options: list[Option] | None = None,
                 min: int = 1, max: int = 1, verb: str = "", ordered: bool = False,
                 kind: str = "choose", card: str | None = None, rule: str | None = None,
                 multi: bool = False, closed_by: Callable[[], list[Closed]] | None = None, *,
                 values: Callable[[], Iterator[Any]] | None = None,
                 label_of: Callable[[Any], str] | None = None,
                 accepts: Callable[[Any], bool] | None = None,
                 only: Callable[[], Any] | None = None, private: bool = False,
                 optional: bool = False,
                 explained_by: Callable[[], list[Closed]] | None = None,
                 own: bool = False) -> None:
        if rule is None:  # a card's choice citing no rule of its own: may it be declined?
            rule = "choice.optional" if optional or (multi and min == 0) else "choice.mandatory"
        self.player, self.prompt, self._options = player, prompt, options
        self.min, self.max, self.verb, self.ordered = min, max, verb, ordered
        self.kind, self.card, self.rule, self.multi = kind, card, rule, multi
        self.closed_by, self.values, self.label_of = closed_by, values, label_of
        self.accepts, self.only = accepts, only
        self.private = private  # the cards picked go face down: others are not told which
        self.explained_by = explained_by  # closed too ordinarily to list (a card too dear)
        # Whose answer it is: ``player`` (whose decision it is) unless the turn is controlled
        # by another (a Possession turn: the game sets ``decider`` and ``control``); ``own``:
        # the player decides even then (a choice between turns, rule possession.decides).
        self.decider, self.control, self.own = player, "", own
        self._answers: list[str] | None = None
        self._closed: list[Closed] | None = None
        self._values: list[Any] | None = None
        self._issued: Option | None = None  # the last option() gave: an answer taken as is

    def __repr__(self) -> str:
        return f"<Decision {self.who()}: {self.prompt!r} ({self.kind})>"

    def who(self) -> str:
        """Who answers, as a heading says it: ``Ann``, or ``Ann decides for Bob (Possession
        turn)`` when another player makes this player's decisions."""
        if self.decider == self.player:
            return self.player
        return f"{self.decider} decides for {self.player} ({self.control})"

    @property
    def options(self) -> list[Option]:
        if self._options is None:
            label_of = self.label_of
            self._options = [Option(label_of(v), v) for v in self._lazy_values()]
        return self._options

    @property
    def lazy(self) -> bool:
        """Whether the options are still unbuilt (values are listed, labels made, on reading)."""
        return self._options is None

    def _lazy_values(self) -> list[Any]:
        if self._values is None:
            self._values = list(self.values())
        return self._values

    def each_value(self) -> Iterator[Any]:
        """The options' values in order (without building the options when they are lazy)."""
        if self._options is None:
            return iter(self._values) if self._values is not None else self.values()
        return (o.value for o in self._options)

    def offers(self, value: Any) -> bool:
        """Whether some option has ``value`` (without building the options when they are
        lazy)."""
        if self._options is None and self.accepts is not None:
            return self.accepts(value)
        return any(v == value for v in self.each_value())

    def option(self, value: Any) -> Option:
        """The option with ``value``, to answer with; :class:`IllegalAnswer` if none has it."""
        if self._options is None and self.offers(value):
            self._issued = Option(self.label_of(value), value)
            return self._issued
        for o in self.options:
            if o.value == value:
                return o
        raise self._illegal(value, "no option has this value")

    def forced(self) -> Any:
        """The only legal answer (a label, or for a multi-pick the labels picked), or None when
        there is a real choice."""
        if not self.multi:
            if self._options is None:
                value = self.only()
                return None if value is None else self.label_of(value)
            opts = self._options
            if not opts:
                return None
            first = opts[0].label
            for o in opts:
                if o.label != first:
                    return None
            return first
        opts = self.options
        n = len(opts)
        if self.max == 0 or n == 0:
            return []
        if self.min >= n and not self.ordered:
            return [o.label for o in opts]
        labels = {o.label for o in opts}
        if len(labels) == 1 and self.min == self.max:  # k identical cards out of identical
            return [opts[0].label] * self.min
        return None

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def unavailable(self) -> list[Closed]:
        """The answers a player might expect here that the rules close, each with its rule.
        Built from the position when first read: read it while the decision is pending."""
        if self._closed is None:
            self._closed = self.closed_by() if self.closed_by is not None else []
        return self._closed

    def closed_for(self, answer: str) -> Closed | None:
        """The closed answer (with its rule) that ``answer`` names, if the rules close it: one
        of :meth:`unavailable`, or one too ordinary to list there (``explained_by``: a card
        costing more than the $), made only when such an answer is given."""
        listed = next((c for c in self.unavailable() if c.label == answer), None)
        if listed is not None or self.explained_by is None:
            return listed
        return next((c for c in self.explained_by() if c.label == answer), None)

    def _describe(self) -> str:
        opts = ", ".join(self.labels()) or "(none)"
        if not self.multi:
            return f"Options: {opts}"
        how = "in order, " if self.ordered else ""
        return (f"Options: {opts} (pick {self.min} to {self.max}, {how}answer as "
                f"'{self.verb}: A, B' or '{self.verb}: nothing')")

    @property
    def whose(self) -> str:
        """What an illegal answer was given to, as messages say it: a player's decision, or
        a chance step, which no one decides."""
        if self.kind == "chance":
            return "the chance step"
        by = "" if self.decider == self.player else f", made by {self.decider} ({self.control})"
        return f"{self.player}'s decision{by}"

    def chosen_label(self, chosen: Any) -> str:
        """The label of what :meth:`resolve` returned (a multi-pick's: ``"VERB: A, B"``)."""
        return self.answer_label(chosen) if self.multi else chosen.label

    def _illegal(self, answer: object, why: str) -> IllegalAnswer:
        return IllegalAnswer(f"{answer!r} is not a legal answer to {self.whose} "
                             f"\"{self.prompt}\": {why}. {self._describe()}")

    def resolve(self, answer: object) -> Any:
        """The chosen option (or list of options, for a multi-pick), or :class:`IllegalAnswer`.
        ``answer`` is a label, or an :class:`Option` (by its value, when the options are lazy
        and not built)."""
        if isinstance(answer, Option):
            if answer is self._issued:
                return answer
            if not self.multi and self._options is None:
                return self.option(answer.value)
            answer = answer.label
        if not self.multi:
            if isinstance(answer, str):
                for o in self.options:
                    if o.label == answer:
                        return o
                closed = self.closed_for(answer)
                if closed is not None:
                    raise self._illegal(answer, f"it is not offered now: {closed.reason()}")
            raise self._illegal(answer, "not one of the options")
        names = self._split(answer)
        pool = list(self.options)
        picked: list[Option] = []
        for name in names:
            for i, o in enumerate(pool):
                if o.label == name:
                    picked.append(pool.pop(i))
                    break
            else:
                why = (f"{name!r} is not one of the options" if name not in self.labels()
                       else f"{name!r} is picked more times than it is offered")
                raise self._illegal(answer, why)
        if not self.min <= len(picked) <= self.max:
            raise self._illegal(answer, f"{len(picked)} picked")
        return picked

    def _split(self, answer: object) -> list[str]:
        if isinstance(answer, list | tuple):
            return [a.label if isinstance(a, Option) else str(a) for a in answer]
        if not isinstance(answer, str):
            raise self._illegal(answer, "an answer is a label")
        prefix = f"{self.verb}:"
        if not answer.startswith(prefix):
            raise self._illegal(answer, f"a multi-pick answer starts with '{prefix}'")
        rest = answer[len(prefix):].strip()
        if rest == "nothing":
            return []
        return [part.strip() for part in rest.split(",")]

    def answer_label(self, picked: list[Option]) -> str:
        if not picked:
            return f"{self.verb}: nothing"
        return f"{self.verb}: " + ", ".join(o.label for o in picked)

    def answers(self) -> list[str]:
        """Every distinct legal answer, as a label (multi-picks: each multiset, or sequence)."""
        if self._answers is None:
            self._answers = list(dict.fromkeys(self.labels()) if not self.multi
                                 else self.each_answer())
        return self._answers

    def each_answer(self) -> Iterator[str]:
        """The answers of :meth:`answers`, in its order, made one at a time: a surface showing
        the first few of a many-way pick (10 cards in any order: 3,628,800) lists no more."""
        if self._answers is not None or not self.multi:
            yield from self.answers()
            return
        counts = Counter(self.labels())
        names = list(counts)
        left = [counts[name] for name in names]
        for k in range(self.min, min(self.max, sum(left)) + 1):
            for picks in _multisets(left, k, 0):  # each multiset once, in rank order
                for v in distinct_permutations(picks) if self.ordered else (picks,):
                    yield f"{self.verb}: " + (", ".join(names[r] for r in v) or "nothing")

    def is_answer(self, label: str) -> bool:
        """Whether ``label`` is one of :meth:`answers`, told for a multi-pick by resolving it
        (without listing 2^25 picks): a legal pick written as :meth:`answers` writes it, its
        names in the options' order unless ``ordered``."""
        if not self.multi or self._answers is not None:
            return label in self.answers()
        try:
            picked = self.resolve(label)
        except IllegalAnswer:
            return False
        if self.ordered:
            return self.answer_label(picked) == label
        rank: dict[str, int] = {}
        for o in self.options:
            rank.setdefault(o.label, len(rank))
        ranks = [rank[o.label] for o in picked]
        return ranks == sorted(ranks) and self.answer_label(picked) == label

    def answer_count(self) -> int:
        """How many answers :meth:`answers` has, counted without making them."""
        if self._answers is not None or not self.multi:
            return len(self.answers())
        ways = [1]  # ways[k]: the distinct picks of k among the names counted so far
        for n in Counter(self.labels()).values():
            more = [0] * (len(ways) + n)
            for k, w in enumerate(ways):
                for j in range(n + 1):  # j copies of this name, among k + j places if ordered
                    more[k + j] += w * comb(k + j, j) if self.ordered else w
            ways = more
        return sum(ways[self.min:min(self.max, len(self.options)) + 1])


def _multisets(left: list[int], k: int, start: int) -> Iterator[tuple[int, ...]]:
    """Each multiset of ``k`` ranks from ``start`` on (rank ``r`` at most ``left[r]`` times) as
    a sorted tuple, in lexicographic order, made one at a time (a pick among 25 different
    cards has 2^25 answers: none is made before it is asked for)."""
    if k == 0:
        yield ()
        return
    for r in range(start, len(left)):
        if left[r]:
            left[r] -= 1
            for rest in _multisets(left, k - 1, r):
                yield (r, *rest)
            left[r] += 1
