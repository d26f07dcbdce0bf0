"""A hashable description of a game state at a top-level point, for the explorer's memo.

Two top-level points with the same key play out the same way: the same answers give the same
log and the same positions. The key holds every zone's card names in order (and the play marks
of cards outside the piles; a pile, which holds copies of one card, by its size), every other
field of the state, its players, turn and effects (cards they refer to are named by where they
are: zone number and place), and the random generator's state (as a number, the same for the
same state). Card identities (``uid``) are left out: they never show in a log or an outcome.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from dominion_tavern.checker.reading.saved_states import StampedRandom
from dominion_tavern.rulebook.carddata import CardDef
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import Card, Player, Zone

_PLAIN = frozenset({int, float, str, bool, type(None)})
_PILES = ("supply", "nonsupply")


class KeyMaker:
    """Makes keys of top-level points. A generator's state (625 numbers) is named by a small
    number, the same for the same state; a :class:`StampedRandom` whose stamp was seen before
    is named without reading its state."""

    def __init__(self) -> None:
        self.states: dict[object, int] = {}  # a generator's state -> its number
        self.stamps: dict[int, int] = {}     # a stamped generator's stamp -> its state's number

    def key(self, g: Game, extra: object = None) -> tuple[Any, ...]:
        s = g.state
        zones = s.all_zones()
        znum = {id(z): i for i, z in enumerate(zones)}
        where: dict[int, tuple[int, int]] = {}
        for i, z in enumerate(zones):
            if z.kind not in _PILES:
                for j, c in enumerate(z.cards):
                    where[id(c)] = (i, j)
        contents: list[Any] = []
        for z in zones:
            cards = z.cards
            if z.kind in _PILES:  # a pile holds copies of one card: its size says it all
                contents.append(len(cards))
            else:
                contents.append(tuple([(c.name, c.since, c.plays, tuple(
                    [where.get(id(t), t.name) for t in c.tracks]) if c.tracks else ())
                    for c in cards]))
        f = _Freezer(znum, where, self.generator)
        fields = tuple([f.freeze(v) for k, v in vars(s).items()
                        if k not in ("players", "supply", "nonsupply", "trash")])
        players = tuple([tuple([f.freeze(v) for v in vars(p).values()]) for p in s.players])
        return (tuple(contents), fields, players, tuple(g.legal()), extra)

    def generator(self, gen: random.Random) -> tuple[str, int]:
        """``("rng", n)``: n numbers the generator's state among those met."""
        stamp = gen.stamp if isinstance(gen, StampedRandom) else None
        n = self.stamps.get(stamp) if stamp is not None else None
        if n is None:
            n = self.states.setdefault(gen.getstate(), len(self.states))
            if stamp is not None:
                self.stamps[stamp] = n
        return ("rng", n)


class _Freezer:
    def __init__(self, znum: dict[int, int], where: dict[int, tuple[int, int]],
                 generator: Callable[[random.Random], tuple[str, int]]) -> None:
        self.znum = znum
        self.where = where
        self.generator = generator

    def freeze(self, v: Any) -> Any:
        t = type(v)
        if t in _PLAIN:
            return v
        if t is Zone:
            return ("zone", self.znum.get(id(v), v.name))
        if t is Card:
            return self.where.get(id(v), ("?", v.name))
        if t is list or t is tuple:
            return tuple([self.freeze(x) for x in v])
        if t is dict:
            return tuple([(self.freeze(k), self.freeze(x)) for k, x in v.items()])
        if t is Player:
            return ("player", v.index)
        if t is CardDef:  # immutable; an inherited Estate's differs from the plain one
            return ("def", v.name, v.types, v.abilities)
        if t is set or t is frozenset:
            return frozenset([self.freeze(x) for x in v])
        if isinstance(v, random.Random):
            return self.generator(v)
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return (t.__name__, *[self.freeze(x) for x in vars(v).values()])
        if callable(v) or isinstance(v, type):
            return ("fn", getattr(v, "__qualname__", repr(v)))
        return ("obj", repr(v))
