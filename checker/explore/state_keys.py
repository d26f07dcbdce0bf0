"""A hashable description of a game state where no card is being resolved (a top-level point
or a checkpoint of the turn), for the explorer's memo.

Two such points with the same key play out the same way: the same answers give the same
positions, outcomes and probabilities. The key holds every zone's card names in order (and the
play marks of cards in play; a pile, which holds copies of one card, by its size), every other
field of the state, its players, turn and effects (cards they refer to are named by where they
are: zone number and place), and the random generator's state (as a number, the same for the
same state). Card identities (``uid``) are left out: they never show in a log or an outcome;
so are the play marks of cards out of play (a card's turn of entering play is set anew each
time it enters, and read only there).

Where chance is asked (``ask_chance``: no seed), cards in unknown order are keyed by their
groups' names and counts alone (rule ``chance.unknown-order``): what comes up from a group is a
chance step over its names, so the order the cards happen to lie in, and the generator that
shuffled them, change nothing that can be seen. Two branches that reach the same cards in the
same places, the unknown ones the same groups, get the same key.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from dominion_tavern.checker.reading.saved_states import StampedRandom
from dominion_tavern.rulebook.carddata import CardDef
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import unknown_cards
from dominion_tavern.rulebook.engine.state import Card, GameState, Player, Zone

_PLAIN = frozenset({int, float, str, bool, type(None)})
_PILES = ("supply", "nonsupply")


_UNSEEN = ("rng", "unseen")  # a generator whose numbers only ever order unknown cards


class KeyMaker:
    """Makes keys of points where no card is being resolved. A generator's state (625
    numbers) is named by a small number, the same for the same state; a
    :class:`StampedRandom` whose stamp was seen before is named without reading its state."""

    def __init__(self) -> None:
        self.states: dict[object, int] = {}  # a generator's state -> its number
        self.stamps: dict[int, int] = {}     # a stamped generator's stamp -> its state's number

    def key(self, g: Game, extra: object = None) -> tuple[Any, ...]:
        """The key of ``g``'s state and pending decision (its answers), with ``extra``."""
        s = g.state
        zones = s.all_zones()
        hidden = _hidden(s) if s.ask_chance else {}
        znum = {id(z): i for i, z in enumerate(zones)}
        where: dict[int, tuple[Any, ...]] = {}
        for i, z in enumerate(zones):
            if z.kind not in _PILES:
                h = hidden.get(id(z), 0)
                for j, c in enumerate(z.cards):
                    where[id(c)] = (i, j - h) if j >= h else (i, "unknown", c.name)
        contents: list[Any] = []
        for z in zones:
            cards = z.cards
            if z.kind in _PILES:  # a pile holds copies of one card: its size says it all
                contents.append(len(cards))
            elif z.kind != "play":  # the groups in unknown order are the players' own field
                contents.append(tuple([c.name for c in cards[hidden.get(id(z), 0):]]))
            else:
                contents.append(tuple([(c.name, c.since, c.plays, tuple(
                    [where.get(id(t), t.name) for t in c.tracks]) if c.tracks else ())
                    for c in cards]))
        f = _Freezer(znum, where, self.unseen if s.ask_chance else self.generator)
        fields = tuple([f.freeze(v) for k, v in vars(s).items()
                        if k not in ("players", "supply", "nonsupply", "trash")])
        players = tuple([tuple([f.freeze(v) for k, v in vars(p).items() if k != "unknown"])
                         + tuple([tuple(sorted(group.items())) for group in p.unknown])
                         for p in s.players])
        return (tuple(contents), fields, players, tuple(g.legal()), extra)

    @staticmethod
    def unseen(gen: random.Random) -> tuple[str, str]:
        """Where chance is asked, the generator only orders the cards of a shuffle, which
        are in unknown order: its state is not part of the key."""
        return _UNSEEN

    def generator(self, gen: random.Random) -> tuple[str, int]:
        """``("rng", n)``: n numbers the generator's state among those met."""
        stamp = gen.stamp if isinstance(gen, StampedRandom) else None
        n = self.stamps.get(stamp) if stamp is not None else None
        if n is None:
            n = self.states.setdefault(gen.getstate(), len(self.states))
            if stamp is not None:
                self.stamps[stamp] = n
        return ("rng", n)


def _hidden(s: GameState) -> dict[int, int]:
    """Zone (by id) -> how many of its first cards are in unknown order: the bottom of a deck
    (its groups), the first cards of a hand not yet known (drawn from the bottom group)."""
    out = {}
    for p in s.players:
        if p.unknown:
            out[id(p.deck)] = unknown_cards(p)
            out[id(p.hand)] = p.deal
    return out


class _Freezer:
    def __init__(self, znum: dict[int, int], where: dict[int, tuple[Any, ...]],
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
