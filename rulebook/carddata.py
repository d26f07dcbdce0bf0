"""Card and Event data: names, costs, types and printed texts, loaded from ``data/cards.toml``.

The data is game data (see the file's header for its sources). Behaviour lives in
``rulebook.cards``; this module only describes what is printed.

>>> CARDS["Village"].cost, CARDS["Village"].types
(3, ('Action',))
>>> CARDS["Soldier"].supply
False
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

RULESETS = ("2015", "current")
DEFAULT_RULESET = "current"


@dataclass(frozen=True, slots=True)
class CardDef:
    """What is printed on a card, plus the two flags of where it lives (Kingdom, Supply)."""

    name: str
    set: str
    cost: int
    types: tuple[str, ...]
    kingdom: bool
    supply: bool
    texts: dict[str, str]
    pile: int | None = None
    upgrade: str | None = None
    line: str | None = None
    errata: dict | None = None
    abilities: str = ""  # whose behaviour the card has: its own name, except inherited Estates
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
class EventDef:
    """An Event: bought like a card, never gained or owned (rule ``event``)."""

    name: str
    cost: int
    texts: dict[str, str]
    limits: dict[str, str | None]  # ruleset -> "turn", "game" or None
    errata: dict | None = None

    def text(self, ruleset: str = DEFAULT_RULESET) -> str:
        return self.texts[ruleset]

    def once(self, ruleset: str = DEFAULT_RULESET) -> str | None:
        """"turn" (once per turn), "game" (once per game) or None, under ``ruleset``."""
        return self.limits[ruleset]


def _texts(entry: dict) -> dict[str, str]:
    if "text" in entry:
        return dict.fromkeys(RULESETS, entry["text"])
    return {"2015": entry["text_2015"], "current": entry["text_current"]}


@cache
def _load() -> tuple[dict[str, CardDef], dict[str, EventDef]]:
    raw = tomllib.loads((Path(__file__).parent / "data" / "cards.toml").read_text("utf-8"))
    cards = {
        name: CardDef(
            name=name, set=e["set"], cost=int(e["cost"]), types=tuple(e["types"]),
            kingdom=e["kingdom"], supply=e["supply"], texts=_texts(e), pile=e.get("pile"),
            upgrade=e.get("upgrade"), line=e.get("line"), errata=e.get("errata"),
        )
        for name, e in raw["cards"].items()
    }
    events = {
        name: EventDef(name=name, cost=int(e["cost"]), texts=_texts(e), errata=e.get("errata"),
                       limits={r: e.get(f"once_{r}", e.get("once")) for r in RULESETS})
        for name, e in raw["events"].items()
    }
    return cards, events


CARDS, EVENTS = _load()
