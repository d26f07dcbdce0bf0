"""Card and Event data: names, costs, types and printed texts, loaded from ``data/cards.toml``.

The data is game data (see the file's header for its sources). Behaviour lives in
``rulebook.cards``; this module only describes what is printed.

>>> str(CARDS["Village"].cost), CARDS["Village"].types
('$3', ('Action',))
>>> CARDS["Soldier"].supply
False
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

RULESETS = ("2015", "current")
DEFAULT_RULESET = "current"


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost: $ (coins), Potions and Debt, three amounts that never mix (rule ``card.cost``).

    Costs are compared part by part: one is at most another only if each of its parts is, so
    $3 and a Potion is not "up to $6", and 4 Debt is neither more nor less than $4 (rules
    ``cost.potion``, ``cost.debt``). An ``int`` stands for that many $ and nothing else, and a
cost of $ only equals its ``int``; costs have no ``<``, so no comparison can skip a part.

    >>> Cost(2, potion=1).at_most(5), Cost(3).at_most(Cost(5, potion=1)), str(Cost(debt=8))
    (False, True, '8D')
    >>> Cost(4, potion=1).between(3, 6), Cost(4).between(3, 6), str(Cost(2, potion=1) + 1)
    (False, True, '$3P')

    ``mark`` is the ``*`` or ``+`` printed beside some costs (Teacher $6*, Masterpiece $3+): a
    reminder shown with the cost that no comparison reads (rule ``card.cost``).

    >>> str(Cost(3, mark="+")), Cost(3, mark="+") == 3, Cost(3, mark="+").between(3, 6)
    ('$3+', True, True)
    """

    coins: int = 0
    potion: int = 0
    debt: int = 0
    mark: str = ""

    @staticmethod
    def of(x: Cost | int) -> Cost:
        return x if isinstance(x, Cost) else Cost(int(x))

    @staticmethod
    def parse(text: str | int) -> Cost:
        """``"$2P"``, ``"8D"``, ``"$4 3D"``, ``5`` as a cost; ValueError if it is none."""
        if isinstance(text, int) and not isinstance(text, bool):
            return Cost(text)
        m = _COST.match(str(text).strip()) if isinstance(text, str) else None
        if m is None or not any(m.groups()):
            raise ValueError(f"{text!r} is not a cost (write $3, $2P, 8D or $4 3D)")
        coins, potion, debt = m.groups()
        return Cost(int(coins or 0), 1 if potion else 0, int(debt or 0))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, bool):
            return False
        if isinstance(other, int):
            return self.plain and self.coins == other
        if isinstance(other, Cost):
            return (self.coins, self.potion, self.debt) == \
                (other.coins, other.potion, other.debt)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.coins) if self.plain else hash((self.coins, self.potion, self.debt))

    @property
    def plain(self) -> bool:
        """Only $: no Potion and no Debt in it."""
        return not self.potion and not self.debt

    def __str__(self) -> str:
        coins = f"${self.coins}" if self.coins or self.plain or self.potion else ""
        potion = "P" * self.potion
        debt = f"{self.debt}D" if self.debt else ""
        return " ".join(x for x in (coins + potion + self.mark, debt) if x)

    def __add__(self, coins: int) -> Cost:
        """This cost with ``coins`` more $ ("up to $2 more than it"); never below $0. The
        printed mark stays, a reminder of the card's kind."""
        return Cost(max(self.coins + coins, 0), self.potion, self.debt, self.mark)

    def at_most(self, other: Cost | int) -> bool:
        o = Cost.of(other)
        return self.coins <= o.coins and self.potion <= o.potion and self.debt <= o.debt

    def is_exactly(self, other: Cost | int) -> bool:
        return self == Cost.of(other)

    def between(self, lo: Cost | int, hi: Cost | int) -> bool:
        """"Costs from ``lo`` to ``hi``" (Giant): at least the one and at most the other."""
        return Cost.of(lo).at_most(self) and self.at_most(hi)

    def less_than(self, other: Cost | int) -> bool:
        """At most ``other`` and not the same (Band of Misfits' "costs less than this")."""
        return self.at_most(other) and self != Cost.of(other)


_COST = re.compile(r"^(?:\$(\d+))?(P)?\s*(?:(\d+)D)?$")


#: What a named text's words make the engine check, each read in one place (the extra turn's
#: conditions, rule ``turn.extra``): ``previous-turn-not-yours`` (nothing happens if the
#: previous turn was the player's: Mission 2015, Outpost 2022), ``first-this-turn`` (only the
#: first Outpost played this turn does anything: Outpost 2022), ``not-a-3rd-turn`` (the extra
#: turn fails when it would be a 3rd in a row: Mission and Outpost 2023), ``once-per-turn``
#: (Mission 2015), ``not-a-2nd-extra-turn`` (a Possession turn fails right after the possessed
#: player's own extra turn: Possession 2023) and ``takes-their-debt`` (the possessor takes the
#: Debt the possessed player would take: Possession 2023). (Outpost 2009's "never more than
#: two consecutive turns" needs no word: every Outpost text gives no turn when played on a
#: player's 2nd turn in a row.)
TEXT_SAYS = ("previous-turn-not-yours", "first-this-turn", "not-a-3rd-turn", "once-per-turn",
             "not-a-2nd-extra-turn", "takes-their-debt")


@dataclass(frozen=True, slots=True)
class NamedText:
    """One of a card's printed texts, named by its year: the exact words, where they come
    from, the rulesets that use it unless a scenario names another (``setup.texts``), and what
    of :data:`TEXT_SAYS` its words say.

    >>> [(t.id, t.rulesets) for t in CARDS["Outpost"].named]
    [('2009', ('2015',)), ('2022', ()), ('2023', ('current',))]
    """

    id: str
    text: str
    source: str
    rulesets: tuple[str, ...]
    says: frozenset[str]


class NamedTexts:
    """What a card or Event with named texts (``texts.ID`` in cards.toml) offers: its ids, a
    text by id, and the one a ruleset uses. Mixed into :class:`CardDef` and
    :class:`EventDef`, whose ``named`` is empty for a card with one text per ruleset."""

    __slots__ = ()
    named: tuple[NamedText, ...]

    def text_ids(self) -> list[str]:
        return [t.id for t in self.named]

    def named_text(self, text_id: str) -> NamedText:
        return next(t for t in self.named if t.id == text_id)

    def default_text(self, ruleset: str) -> NamedText:
        """The named text ``ruleset`` uses (the card must have named texts)."""
        return next(t for t in self.named if ruleset in t.rulesets)


@dataclass(frozen=True, slots=True)
class CardDef(NamedTexts):
    """What is printed on a card, plus the two flags of where it lives (Kingdom, Supply)."""

    name: str
    set: str
    cost: Cost
    types: tuple[str, ...]
    kingdom: bool
    supply: bool
    texts: dict[str, str]
    pile: int | None = None
    upgrade: str | None = None
    line: str | None = None
    errata: dict | None = None
    brings: tuple[str, ...] = ()  # non-Supply piles the card brings (Cavalry: Horse)
    gained_to: str = "discard"    # where a gain that would go to the discard pile goes
    abilities: str = ""  # whose behaviour the card has: its own name, except inherited Estates
    named: tuple[NamedText, ...] = ()  # its printed texts by year, where it has several
    is_action: bool = field(init=False)
    is_treasure: bool = field(init=False)
    is_victory: bool = field(init=False)
    is_attack: bool = field(init=False)
    is_duration: bool = field(init=False)
    is_reserve: bool = field(init=False)
    is_reaction: bool = field(init=False)
    is_traveller: bool = field(init=False)

    def __post_init__(self) -> None:
        if not self.abilities:
            object.__setattr__(self, "abilities", self.name)
        for flag in ("Action", "Treasure", "Victory", "Attack", "Duration", "Reserve",
                     "Reaction", "Traveller"):
            object.__setattr__(self, f"is_{flag.lower()}", flag in self.types)

    def text(self, ruleset: str = DEFAULT_RULESET) -> str:
        """The printed text under ``ruleset`` (first printing for ``2015``)."""
        return self.texts[ruleset]

    def has_type(self, name: str) -> bool:
        return name in self.types


def inheritable(d: CardDef, ruleset: str) -> bool:
    """Could Inheritance set ``d`` aside, as to its types (rule ``token.estate``)? 2015: a
    non-Victory Action card; current: a non-Command, non-Duration Action card."""
    if ruleset == "2015":
        return d.is_action and not d.is_victory
    return d.is_action and "Command" not in d.types and not d.is_duration


@dataclass(frozen=True, slots=True)
class EventDef(NamedTexts):
    """An Event: bought like a card, never gained or owned (rule ``event``)."""

    name: str
    cost: Cost
    texts: dict[str, str]
    limits: dict[str, str | None]  # ruleset -> "turn", "game" or None
    errata: dict | None = None
    set: str = "adventures"
    named: tuple[NamedText, ...] = ()

    def text(self, ruleset: str = DEFAULT_RULESET) -> str:
        return self.texts[ruleset]

    def once(self, ruleset: str = DEFAULT_RULESET, text: NamedText | None = None
             ) -> str | None:
        """"turn" (once per turn), "game" (once per game) or None: that of ``text`` for an
        Event with named texts (``once-per-turn``: Mission 2015), by default the one
        ``ruleset`` uses; else the limit ``ruleset`` gives it."""
        if self.named:
            said = text or self.default_text(ruleset)
            return "turn" if "once-per-turn" in said.says else None
        return self.limits[ruleset]


def _texts(entry: dict) -> dict[str, str]:
    if "text" in entry:
        return dict.fromkeys(RULESETS, entry["text"])
    if "texts" in entry:
        return {r: t.text for t in _named(entry) for r in t.rulesets}
    return {"2015": entry["text_2015"], "current": entry["text_current"]}


def _named(entry: dict) -> tuple[NamedText, ...]:
    """``texts.ID = { text, source, rulesets, says }``: each ruleset uses exactly one."""
    named = tuple(NamedText(i, t["text"], t["source"], tuple(t.get("rulesets", ())),
                            frozenset(t.get("says", ())))
                  for i, t in entry.get("texts", {}).items())
    for t in named:
        if not t.says <= set(TEXT_SAYS) or not set(t.rulesets) <= set(RULESETS):
            raise ValueError(f"cards.toml: text {t.id}: unknown says or rulesets")
    if named and sorted(r for t in named for r in t.rulesets) != sorted(RULESETS):
        raise ValueError("cards.toml: each ruleset uses exactly one named text")
    return named


def _cost(entry: dict) -> Cost:
    """``cost`` ($), with ``potion = 1`` or ``debt = N`` beside it where the card has them, and
    its printed mark: ``*`` on a card outside the Supply, ``+`` where ``overpay = true``."""
    mark = "+" if entry.get("overpay") else "*" if not entry.get("supply", True) else ""
    return Cost(int(entry["cost"]), int(entry.get("potion", 0)), int(entry.get("debt", 0)),
                mark)


@cache
def _load() -> tuple[dict[str, CardDef], dict[str, EventDef]]:
    raw = tomllib.loads((Path(__file__).parent / "data" / "cards.toml").read_text("utf-8"))
    cards = {
        name: CardDef(
            name=name, set=e["set"], cost=_cost(e), types=tuple(e["types"]),
            kingdom=e["kingdom"], supply=e["supply"], texts=_texts(e), pile=e.get("pile"),
            upgrade=e.get("upgrade"), line=e.get("line"), errata=e.get("errata"),
            brings=tuple(e.get("brings", ())), gained_to=e.get("gained_to", "discard"),
            named=_named(e),
        )
        for name, e in raw["cards"].items()
    }
    events = {
        name: EventDef(name=name, cost=_cost(e), texts=_texts(e), errata=e.get("errata"),
                       set=e.get("set", "adventures"), named=_named(e),
                       limits=dict.fromkeys(RULESETS, e.get("once")))
        for name, e in raw["events"].items()
    }
    return cards, events


CARDS, EVENTS = _load()
