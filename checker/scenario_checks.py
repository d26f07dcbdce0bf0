"""Checks the schema cannot make: card names, players, piles, rule ids, an impossible setup.

Every function is defensive about types (the schema reports those) and returns problems as
``(path, message, at_key)`` like :mod:`checker.scenario_schema`.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from dominion_tavern.checker.scenario_schema import Found, where
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.rules import RULES
from dominion_tavern.rulebook.setup import nonsupply_names, pile_size, supply_names

from dominion_tavern import rulebook

ZONES = ("hand", "deck", "discard", "play", "mat", "aside")
_COUNT = re.compile(r"^\s*(\d+)\s*[x×]?\s+(.+?)\s*$")
P = tuple[str | int, ...]


@cache
def ruling_ids() -> frozenset[str]:
    """The ids in ``rulebook/data/rulings.toml``."""
    raw = tomllib.loads((Path(rulebook.__file__).parent / "data" / "rulings.toml")
                        .read_text("utf-8"))
    return frozenset(r["id"] for r in raw.get("ruling", []))


def _near(name: str, names: list[str]) -> str:
    low = {n.lower(): n for n in names}
    near = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    if name.lower() in low and low[name.lower()] not in near:
        near.insert(0, low[name.lower()])
    return f"; did you mean {', '.join(near)}?" if near else ""


def card_problem(name: str, path: P, what: str = "card") -> Found | None:
    if name in CARDS:
        return None
    if name in EVENTS:
        return (path, f"{where(path)}: {name} is an Event, not a card; Events go in "
                "setup.events", False)
    return (path, f"{where(path)}: unknown {what} {name!r}{_near(name, list(CARDS))}", False)


def item_name(item: Any) -> tuple[str | None, int]:
    """A zone entry's card name and count (``"3 Copper"`` -> ``("Copper", 3)``)."""
    if isinstance(item, dict):
        item = item.get("card")
    if not isinstance(item, str):
        return None, 0
    m = _COUNT.match(item)
    return (m.group(2), int(m.group(1))) if m else (item.strip(), 1)


def _dict(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


class _Checker:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.out: list[Found] = []
        self.meta = _dict(data.get("meta"))
        self.setup = _dict(data.get("setup"))
        self.expect = _dict(data.get("expect"))
        self.players = [p for p in _list(self.setup.get("players")) if isinstance(p, dict)]
        names = [p.get("name") for p in self.players]
        self.names = list(dict.fromkeys(n for n in names if isinstance(n, str))) or ["Ann", "Bob"]
        names_given = [k for k in _list(self.setup.get("kingdom")) if isinstance(k, str)]
        self.kingdom = [k for k in names_given if k in CARDS]
        # with a misspelt Kingdom card, "not in this game" would only repeat that problem
        self.kingdom_known = len(self.kingdom) == len(names_given)
        self.piles = supply_names(self.kingdom) + nonsupply_names(self.kingdom)
        self.copies: Counter[str] = Counter()   # cards placed outside the piles
        self.first_place: dict[str, str] = {}

    def add(self, found: Found | None) -> None:
        if found is not None:
            self.out.append(found)

    def run(self) -> list[Found]:
        self.check_meta()
        self.check_setup()
        self.check_expect()
        return self.out

    # -- meta -------------------------------------------------------------------------------
    def check_meta(self) -> None:
        for i, rid in enumerate(_list(self.meta.get("rules"))):
            self.rule_id(rid, ("meta", "rules", i))
        rulings = ruling_ids()
        for i, rid in enumerate(_list(self.meta.get("rulings"))):
            if isinstance(rid, str) and rid not in rulings:
                self.add((("meta", "rulings", i), f"meta.rulings[{i}]: unknown ruling id "
                          f"{rid!r}{_near(rid, sorted(rulings))} (ids are in "
                          "rulebook/data/rulings.toml)", False))
        a, b = self.meta.get("ruleset"), self.setup.get("ruleset")
        if a is not None and b is not None and a != b:
            self.add((("setup", "ruleset"), f"setup.ruleset: {b!r} contradicts meta.ruleset "
                      f"{a!r}; give the ruleset once, in meta", False))

    def rule_id(self, rid: Any, path: P) -> None:
        if isinstance(rid, str) and rid not in RULES:
            self.add((path, f"{where(path)}: unknown rule id {rid!r}{_near(rid, list(RULES))}"
                      " (ids are in rulebook/data/rules.toml)", False))

    # -- setup ------------------------------------------------------------------------------
    def check_setup(self) -> None:
        for i, name in enumerate(_list(self.setup.get("kingdom"))):
            if isinstance(name, str):
                self.add(card_problem(name, ("setup", "kingdom", i)))
        for i, name in enumerate(_list(self.setup.get("events"))):
            if isinstance(name, str) and name not in EVENTS:
                self.add((("setup", "events", i), f"setup.events[{i}]: unknown Event "
                          f"{name!r}{_near(name, list(EVENTS))}", False))
        self.zone(("setup", "trash"), self.setup.get("trash"), "the trash")
        seen: dict[str, int] = {}
        for i, p in enumerate(_list(self.setup.get("players"))):
            if not isinstance(p, dict):
                continue
            name = p.get("name")
            if isinstance(name, str):
                if name in seen:
                    self.add((("setup", "players", i, "name"), f"setup.players[{i}].name: "
                              f"{name!r} is already the name of players[{seen[name]}]; "
                              "player names must differ", False))
                seen.setdefault(name, i)
            for z in ZONES:
                self.zone(("setup", "players", i, z), p.get(z), f"{name}'s {z}")
            for token, pile in _dict(p.get("tokens")).items():
                if isinstance(pile, str) and pile not in supply_names(self.kingdom):
                    self.add((("setup", "players", i, "tokens", token),
                              f"setup.players[{i}].tokens: the {token} token must sit on a "
                              f"Supply pile of this game, not {pile!r}{_near(pile, self.piles)}",
                              False))
        turn = _dict(self.setup.get("turn"))
        self.player_name(turn.get("player"), ("setup", "turn", "player"))
        self.check_piles()

    def player_name(self, name: Any, path: P, key: bool = False) -> None:
        if isinstance(name, str) and name not in self.names:
            self.add((path, f"{where(path)}: no player named {name!r}; players: "
                      + ", ".join(self.names), key))

    def zone(self, path: P, items: Any, place: str, count: bool = True) -> None:
        for i, item in enumerate(_list(items)):
            name, n = item_name(item)
            ipath = (*path, i)
            if name is None:
                continue
            if (bad := card_problem(name, ipath)) is not None:
                self.add(bad)
                continue
            if name not in self.piles and count and self.kingdom_known:
                self.add((ipath, f"{where(ipath)}: {name} is not in this game: put it in "
                          f"setup.kingdom (Kingdom: {', '.join(self.kingdom) or 'none'})",
                          False))
            if count:
                self.copies[name] += n
                self.first_place.setdefault(name, place)

    def check_piles(self) -> None:
        n = len(self.players) or 2
        for name, size in _dict(self.setup.get("piles")).items():
            path = ("setup", "piles", name)
            if (bad := card_problem(name, path, "pile")) is not None:
                self.add((path, bad[1], True))
                continue
            if name not in self.piles:
                self.add((path, f"setup.piles: {name} is not a pile in this game (piles: "
                          f"{', '.join(self.piles)})", True))
                continue
            if not isinstance(size, int) or isinstance(size, bool):
                continue
            full = pile_size(name, n)
            total = full + (7 * n if name == "Copper" else 3 * n if name == "Estate" else 0)
            others = self.copies.get(name, 0)
            if size > full:
                self.add((path, f"setup.piles.{name}: {size} is more than the pile holds "
                          f"({full} with {n} players)", False))
            elif size + others > total:
                self.add((path, f"setup.piles.{name}: {size} in the pile plus {others} "
                          f"placed elsewhere (first in {self.first_place[name]}) is more than "
                          f"the {total} copies a {n}-player game has", False))

    # -- expect -----------------------------------------------------------------------------
    def check_expect(self) -> None:
        ex = self.expect
        for pname, pex in _dict(ex.get("players")).items():
            self.player_name(pname, ("expect", "players", pname), key=True)
            for z in ZONES:
                self.zone_expect(("expect", "players", pname, z), _dict(pex).get(z))
        self.zone_expect(("expect", "trash"), ex.get("trash"))
        for name in _dict(ex.get("piles")):
            path = ("expect", "piles", name)
            if (bad := card_problem(name, path, "pile")) is not None:
                self.add((path, bad[1], True))
            elif name not in self.piles:
                self.add((path, f"expect.piles: {name} is not a pile in this game (piles: "
                          f"{', '.join(self.piles)})", True))
        self.player_name(_dict(ex.get("turn")).get("player"), ("expect", "turn", "player"))
        for pname in _dict(ex.get("vp")):
            self.player_name(pname, ("expect", "vp", pname), key=True)
        for i, pname in enumerate(_list(ex.get("winners"))):
            self.player_name(pname, ("expect", "winners", i))
        self.player_name(_dict(ex.get("pending")).get("player"), ("expect", "pending",
                                                                   "player"))
        for i, rid in enumerate(_list(ex.get("log_cites"))):
            self.rule_id(rid, ("expect", "log_cites", i))

    def zone_expect(self, path: P, spec: Any) -> None:
        if isinstance(spec, dict):
            for key in ("in_order", "includes"):
                self.zone((*path, key), spec.get(key), "", count=False)
        else:
            self.zone(path, spec, "", count=False)


def semantic_problems(data: dict[str, Any]) -> list[Found]:
    return _Checker(data).run()


__all__ = ["ZONES", "card_problem", "item_name", "ruling_ids", "semantic_problems"]
