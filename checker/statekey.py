"""A hashable description of a game state at a top-level point, for the explorer's memo.

Two top-level points with the same key play out the same way: the same answers give the same
log and the same positions. The key holds every zone's card names in order (and the play marks
of cards outside the piles; a pile, which holds copies of one card, by its size), every other
field of the state, its players, turn and effects (cards they refer to are named by where they
are: zone number and place), and the random generator's state. Card identities (``uid``)
are left out: they never show in a log or an outcome.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from dominion_tavern.rulebook.carddata import CardDef
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import Card, Player, Zone

_PLAIN = frozenset({int, float, str, bool, type(None)})
_PILES = ("supply", "nonsupply")


class KeyMaker:
    """Makes keys of top-level points."""

    def key(self, g: Game, extra: object = None) -> tuple[Any, ...]:
        s = g.state
        zones = s.all_zones()
        znum = {id(z): i for i, z in enumerate(zones)}
        where: dict[int, tuple[int, int]] = {}
        contents: list[Any] = []
        for i, z in enumerate(zones):
            cards = z.cards
            if z.kind in _PILES:  # a pile holds copies of one card: its size says it all
                contents.append(len(cards))
                continue
            for j, c in enumerate(cards):
                where[id(c)] = (i, j)
            contents.append(tuple([(c.name, c.since, c.plays, tuple(
                where.get(id(t), t.name) for t in c.tracks)) for c in cards]))
        f = _Freezer(znum, where)
        fields = tuple(f.freeze(v) for k, v in vars(s).items()
                       if k not in ("players", "supply", "nonsupply", "trash"))
        players = tuple(tuple(f.freeze(v) for v in vars(p).values()) for p in s.players)
        return (tuple(contents), fields, players, tuple(g.legal()), extra)


class _Freezer:
    def __init__(self, znum: dict[int, int], where: dict[int, tuple[int, int]]) -> None:
        self.znum = znum
        self.where = where

    def freeze(self, v: Any) -> Any:
        t = type(v)
        if t in _PLAIN:
            return v
        if t is Card:
            return self.where.get(id(v), ("?", v.name))
        if t is CardDef:  # immutable; an inherited Estate's differs from the plain one
            return ("def", v.name, v.types, v.abilities)
        if t is Zone:
            return ("zone", self.znum.get(id(v), v.name))
        if t is Player:
            return ("player", v.index)
        if t is list or t is tuple:
            return tuple(self.freeze(x) for x in v)
        if t is dict:
            return tuple((self.freeze(k), self.freeze(x)) for k, x in v.items())
        if t is set or t is frozenset:
            return frozenset(self.freeze(x) for x in v)
        if isinstance(v, random.Random):
            return v.getstate()
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return (t.__name__, *(self.freeze(x) for x in vars(v).values()))
        if callable(v) or isinstance(v, type):
            return ("fn", getattr(v, "__qualname__", repr(v)))
        return ("obj", repr(v))
