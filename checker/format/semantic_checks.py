"""Checks the schema cannot make: card names, players, piles, rule ids, stop points, and a
position that cannot exist (more copies of a card than the game has, a Kingdom that names a
card that is not a Kingdom pile, or a pile twice).

Every function is defensive about types (the schema reports those) and returns problems as
``(path, message, at_key)`` like :mod:`checker.format.schema_errors`.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from dominion_tavern.checker.format.policies import POLICIES, policy_problems
from dominion_tavern.checker.format.schema_errors import Found, where
from dominion_tavern.checker.reading.stop_points import ExploreError, Stop
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.position import ZONES, item_name, placements
from dominion_tavern.rulebook.possible import impossible
from dominion_tavern.rulebook.rules import RULES, rulings
from dominion_tavern.rulebook.setup import (
    MAX_COUNT,
    kingdom_problems,
    nonsupply_names,
    not_in_game,
    supply_names,
    texts_problems,
    too_many,
)
from dominion_tavern.rulebook.spelling import suggest, suggest_card

P = tuple[str | int, ...]


@cache
def ruling_ids() -> frozenset[str]:
    """The ids in ``rulebook/data/rulings.toml``."""
    return frozenset(r["id"] for r in rulings())


def card_problem(name: str, path: P, what: str = "card") -> Found | None:
    if name in CARDS:
        return None
    if name in EVENTS:
        return (path, f"{where(path)}: {name} is an Event, not a card; Events go in "
                "setup.events", False)
    return (path, f"{where(path)}: unknown {what} {name!r}{suggest_card(name, CARDS)}", False)


def _dict(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def _place(path: P, names: list[str]) -> str:
    """``("setup", "players", 0, "hand", 2)`` -> ``Ann's hand``."""
    if path[1] == "trash":
        return "the trash"
    i = path[2]
    owner = names[i] if isinstance(i, int) and i < len(names) else f"players[{i}]"
    return f"{owner}'s {path[3]}"


class _Checker:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.out: list[Found] = []
        self.meta = _dict(data.get("meta"))
        self.setup = _dict(data.get("setup"))
        self.players = [p for p in _list(self.setup.get("players")) if isinstance(p, dict)]
        names = [p.get("name") for p in self.players]
        self.names = list(dict.fromkeys(n for n in names if isinstance(n, str))) or ["Ann", "Bob"]
        names_given = [k for k in _list(self.setup.get("kingdom")) if isinstance(k, str)]
        self.kingdom = [k for k in names_given if k in CARDS]
        # with a misspelt Kingdom card, "not in this game" would only repeat that problem
        self.kingdom_known = len(self.kingdom) == len(names_given)
        self.piles = supply_names(self.kingdom) + nonsupply_names(self.kingdom)

    def add(self, found: Found | None) -> None:
        if found is not None:
            self.out.append(found)

    def run(self) -> list[Found]:
        self.check_meta()
        self.check_setup()
        self.check_script()
        self.check_stop(self.data.get("stop"), ("stop",))
        self.check_expect(_dict(self.data.get("expect")), ("expect",))
        self.check_outcomes(_dict(self.data.get("outcomes")))
        self.out += policy_problems(self.data.get(POLICIES), self.names)
        self.check_recorded(self.data, (), "expect")
        self.check_recorded(_dict(self.data.get("outcomes")), ("outcomes",), "expect", "events")
        return self.out

    def check_recorded(self, holder: dict[str, Any], path: P, *claims: str) -> None:
        """``recorded`` marks the claims beside it: there must be some."""
        if "recorded" in holder and all(holder.get(c) is None for c in claims):
            at = where((*path, "recorded")) if path else "recorded"
            self.add(((*path, "recorded"), f"{at}: marks the claims beside it as recorded by "
                      f"{holder['recorded']!r}, but there is no {' or '.join(claims)} beside "
                      "it", True))

    # -- meta -------------------------------------------------------------------------------
    def check_meta(self) -> None:
        for i, rid in enumerate(_list(self.meta.get("rules"))):
            self.rule_id(rid, ("meta", "rules", i))
        rulings = ruling_ids()
        for i, rid in enumerate(_list(self.meta.get("rulings"))):
            if isinstance(rid, str) and rid not in rulings:
                self.add((("meta", "rulings", i), f"meta.rulings[{i}]: unknown ruling id "
                          f"{rid!r}{suggest(rid, sorted(rulings))} (ids are in "
                          "rulebook/data/rulings.toml)", False))
        a, b = self.meta.get("ruleset"), self.setup.get("ruleset")
        if a is not None and b is not None and a != b:
            self.add((("setup", "ruleset"), f"setup.ruleset: {b!r} contradicts meta.ruleset "
                      f"{a!r}; give the ruleset once, in meta", False))

    def rule_id(self, rid: Any, path: P) -> None:
        if isinstance(rid, str) and rid not in RULES:
            self.add((path, f"{where(path)}: unknown rule id {rid!r}{suggest(rid, list(RULES))}"
                      " (ids are in rulebook/data/rules.toml)", False))

    # -- setup ------------------------------------------------------------------------------
    def check_setup(self) -> None:
        kingdom = _list(self.setup.get("kingdom"))
        for i, name in enumerate(kingdom):
            if isinstance(name, str):
                self.add(card_problem(name, ("setup", "kingdom", i)))
        names = [k if isinstance(k, str) else "" for k in kingdom]
        for i, problem in kingdom_problems(names):
            self.add((("setup", "kingdom", i), f"setup.kingdom[{i}]: {problem}", False))
        for i, name in enumerate(_list(self.setup.get("events"))):
            if isinstance(name, str) and name not in EVENTS:
                self.add((("setup", "events", i), f"setup.events[{i}]: unknown Event "
                          f"{name!r}{suggest(name, list(EVENTS))}", False))
        seen: dict[str, int] = {}
        for i, p in enumerate(self.players):
            name = p.get("name")
            if isinstance(name, str):
                if name in seen:
                    self.add((("setup", "players", i, "name"), f"setup.players[{i}].name: "
                              f"{name!r} is already the name of players[{seen[name]}]; "
                              "player names must differ", False))
                seen.setdefault(name, i)
            for token, pile in _dict(p.get("tokens")).items():
                if isinstance(pile, str) and pile not in supply_names(self.kingdom):
                    self.add((("setup", "players", i, "tokens", token),
                              f"setup.players[{i}].tokens: the {token} token must sit on a "
                              f"Supply pile of this game, not {pile!r}{suggest(pile, self.piles)}",
                              False))
            for j, entry in enumerate(_list(p.get("play"))):
                self.play_entry(_dict(entry), ("setup", "players", i, "play", j))
        self.check_turn(_dict(self.setup.get("turn")))
        self.check_texts()
        unseeded = "seed" not in self.setup
        for path in [("setup", "seed_draws")] * ("seed_draws" in self.setup) + \
                [("setup", "players", i, "actual") for i, p in enumerate(self.players)
                 if "actual" in p]:
            if unseeded:
                self.add((path, f"{where(path)}: only a seeded game (setup.seed) has an actual "
                          "order; without a seed, chance steps decide it", True))
        ruleset = self.meta.get("ruleset") or self.setup.get("ruleset") or "current"
        for path, why in impossible({**self.setup, "ruleset": str(ruleset)}):
            self.add((("setup", *path), f"{where(('setup', *path))}: {why}", False))
        self.check_cards()
        self.check_piles()

    def check_texts(self) -> None:
        """``setup.texts``: each name a card of this game or an Event with named texts, each
        text one of its ids (:func:`rulebook.setup.texts_problems`, as a position checks)."""
        texts = self.setup.get("texts")
        if not isinstance(texts, dict) or not self.kingdom_known:
            return
        events = [e for e in _list(self.setup.get("events")) if isinstance(e, str)]
        for name, problem, on_key in texts_problems(texts, self.kingdom, events):
            path: P = ("setup", "texts", str(name))
            self.add((path, f"{where(path)}: {problem}", on_key))

    def play_entry(self, entry: dict[str, Any], path: P) -> None:
        if entry.get("called"):
            mixed = [k for k in ("earlier", "times", "played_by", "aside") if entry.get(k)]
            if mixed:
                self.add(((*path, "called"), f"{where(path)}: a card called from the Tavern "
                          f"mat this turn was not played, so it has no {', '.join(mixed)}",
                          False))
            name, _ = item_name(entry)
            if name in CARDS and not CARDS[name].is_reserve:
                self.add(((*path, "called"), f"{where(path)}: {name} is not a Reserve card; "
                          "only Reserve cards are called", False))
        for k, pname in enumerate(_list(entry.get("unaffected"))):
            self.player_name(pname, (*path, "unaffected", k))

    def check_turn(self, turn: dict[str, Any]) -> None:
        self.player_name(turn.get("player"), ("setup", "turn", "player"))
        self.player_name(turn.get("previous"), ("setup", "turn", "previous"))
        first = turn.get("number", 1) == 1
        if first and turn.get("extra") not in (None, False):
            self.add((("setup", "turn", "extra"), "setup.turn.extra: an extra turn comes after "
                      "another turn; give setup.turn.number (2 or more)", False))
        if first and turn.get("previous") is not None:
            self.add((("setup", "turn", "previous"), "setup.turn.previous: turn 1 has no "
                      "previous turn; give setup.turn.number (2 or more)", False))

    def player_name(self, name: Any, path: P, key: bool = False) -> None:
        if isinstance(name, str) and name not in self.names:
            self.add((path, f"{where(path)}: no player named {name!r}; players: "
                      + ", ".join(self.names), key))

    def check_cards(self) -> None:
        """Every placed card is known and part of the game, and no card has more copies in
        the zones than the game has (with the pile's own count, if given)."""
        n = len(self.players) or 2
        piles = _dict(self.setup.get("piles"))
        running: Counter[str] = Counter()
        reported: set[str] = set()
        self.first_place: dict[str, str] = {}
        for name, count, rel in placements(self.setup):
            path = ("setup", *rel)
            if (bad := card_problem(name, path)) is not None:
                self.add(bad)
                continue
            if name not in self.piles:
                market = self.black_market_copies(name)
                if market is None and self.kingdom_known:
                    self.add((path, f"{where(path)}: {not_in_game(name, self.kingdom)}", False))
                elif market is not None and market + count > 1 and name not in reported:
                    reported.add(name)
                    self.add((path, f"{where(path)}: {name} came from the Black Market deck, "
                              "which has one copy of it (rule buy.black-market)", False))
                running[name] += count
                continue
            running[name] += count
            self.first_place.setdefault(name, _place(path, self.names))
            explicit = piles.get(name)
            if name not in reported and not isinstance(explicit, int) and \
                    (problem := too_many(name, n, running[name])) is not None:
                reported.add(name)
                self.add((path, f"{where(path)}: {problem}", False))
        self.placed = running

    def black_market_copies(self, name: str) -> int | None:
        """With Black Market in the Kingdom, a Kingdom card outside the Supply may be placed
        (it was bought from the Black Market deck): how many copies the setup's deck still
        holds (0 or 1); None for a card that cannot be in this game."""
        d = CARDS.get(name)
        if "Black Market" not in self.kingdom or d is None or not (d.kingdom and d.supply) \
                or name in self.kingdom:
            return None
        deck = self.setup.get("black_market")
        return sum(1 for x in _list(deck) if item_name(x)[0] == name)

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
            problem = too_many(name, n, self.placed[name], size)
            if problem is not None:
                first = self.first_place.get(name)
                self.add((path, f"setup.piles.{name}: {problem}"
                          + (f" (first placed in {first})" if first else ""), False))

    # -- script and stop points -------------------------------------------------------------
    def check_script(self) -> None:
        for i, entry in enumerate(_list(self.data.get("script"))):
            if isinstance(entry, dict):
                self.check_stop(entry.get("stop"), ("script", i, "stop"))
                self.check_expect(_dict(entry.get("expect")), ("script", i, "expect"))

    def check_stop(self, stop: Any, path: P) -> None:
        stop = _dict(stop)
        if "phase" in stop and stop.get("at") in ("next-decision", "end-of-turn"):
            self.add(((*path, "phase"), f"{where(path)}.phase: only 'at: end-of-phase' takes a "
                      f"phase, not 'at: {stop['at']}'", True))
        if "or_game_end" in stop and stop.get("at") == "next-decision":
            self.add(((*path, "or_game_end"), f"{where(path)}.or_game_end: 'at: next-decision' "
                      "already stops at the game's end; or_game_end goes with 'end-of-phase' "
                      "or 'end-of-turn'", True))

    def check_outcomes(self, outcomes: dict[str, Any]) -> None:
        stop = outcomes.get("stop")
        if isinstance(stop, dict):
            try:
                Stop.parse(stop)
            except ExploreError as e:
                self.add((("outcomes", "stop"), f"outcomes.{e}", False))

    # -- expect -----------------------------------------------------------------------------
    def check_expect(self, ex: dict[str, Any], at: P) -> None:
        for pname, pex in _dict(ex.get("players")).items():
            self.player_name(pname, (*at, "players", pname), key=True)
            for z in ZONES:
                self.zone_expect((*at, "players", pname, z), _dict(pex).get(z))
        self.zone_expect((*at, "trash"), ex.get("trash"))
        self.zone_expect((*at, "black_market"), ex.get("black_market"))
        for name in _dict(ex.get("piles")):
            path = (*at, "piles", name)
            if (bad := card_problem(name, path, "pile")) is not None:
                self.add((path, bad[1], True))
            elif name not in self.piles:
                self.add((path, f"{where(path[:-1])}: {name} is not a pile in this game (piles: "
                          f"{', '.join(self.piles)})", True))
        for name in _dict(ex.get("costs")):
            path = (*at, "costs", name)
            if (bad := card_problem(name, path)) is not None:
                self.add((path, bad[1], True))
        turn = _dict(ex.get("turn"))
        self.player_name(turn.get("player"), (*at, "turn", "player"))
        self.player_name(turn.get("previous"), (*at, "turn", "previous"))
        self.player_name(turn.get("controller"), (*at, "turn", "controller"))
        for pname in _dict(ex.get("vp")):
            self.player_name(pname, (*at, "vp", pname), key=True)
        for i, pname in enumerate(_list(ex.get("winners"))):
            self.player_name(pname, (*at, "winners", i))
        for key in ("player", "decider"):
            self.player_name(_dict(ex.get("pending")).get(key), (*at, "pending", key))
        for i, rid in enumerate(_list(ex.get("log_cites"))):
            self.rule_id(rid, (*at, "log_cites", i))

    def zone_expect(self, path: P, spec: Any) -> None:
        if isinstance(spec, dict):
            for key in ("in_order", "includes", "excludes"):
                self.zone_names((*path, key), spec.get(key))
        else:
            self.zone_names(path, spec)

    def zone_names(self, path: P, items: Any) -> None:
        for i, item in enumerate(_list(items)):
            if isinstance(item, dict) and "unknown" in item:  # a group: its cards or its pool
                inner = "pool" if "pool" in item else "unknown"
                self.zone_names((*path, i, inner), item.get(inner))
                continue
            name, count = item_name(item)
            if name is not None:
                self.add(card_problem(name, (*path, i)))
            if count > MAX_COUNT:
                self.add(((*path, i), f"{where((*path, i))}: {count:,} copies in one entry are "
                          f"more than a game has (at most {MAX_COUNT:,})", False))


def semantic_problems(data: dict[str, Any]) -> list[Found]:
    return _Checker(data).run()


__all__ = ["ZONES", "card_problem", "item_name", "ruling_ids", "semantic_problems"]
