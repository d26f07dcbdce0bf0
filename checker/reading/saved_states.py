"""Saved states of a game, restored in place, so the explorer can branch without rebuilding.

A running game cannot be copied (its rules run in generators), but at a *top-level point* (the
Action or Buy phase asking what to do next, with no card being resolved), and at the other
points of the turn the engine reports to a ``checkpoint`` hook (the start of a turn, of
Clean-up, and of its draw: :data:`~rulebook.engine.turn.CHECKPOINTS`), everything that decides
the future is in the :class:`~rulebook.engine.state.GameState`. A :class:`SavedState` records
that state generically: every dataclass field of the state, its players, turn, Duration and
lasting effects (containers copied one level, cards kept by identity), the order of every zone
and the play marks and definition (an inherited Estate's) of each card, and the random
generator. :meth:`SavedState.restore` puts all
of it back into the same objects; :func:`restart` then starts a fresh driver at that point.

The generator's state is big (625 numbers) and seldom used (a shuffle), so a saved state gives
the state's generator a *stamp* (:class:`StampedRandom`: the same numbers, and a new stamp at
every use); a restore puts the generator back only when its stamp changed, and a saved state
reuses the state recorded under the same stamp.

The records are generic over the dataclasses' fields, so state added by new cards is covered;
the explorer's tests compare its results with plain replay to keep this honest.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from typing import Any

from dominion_tavern.rulebook.carddata import CARDS, CardDef
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import Card, GameState, SeededRandom, Zone
from dominion_tavern.rulebook.engine.turn import Mark

#: The attributes a Game has when it holds nothing beyond its state (checked before trusting a
#: restart; an engine that grows new per-game attributes makes the explorer replay instead).
KNOWN_GAME_ATTRS = frozenset({"factory", "state", "log", "answers", "plays_in_progress",
                              "winners", "pending", "paused", "stop", "_gen",
                              "forced",   # choices made since the last answer: for messages
                              "checkpoint"})  # the hook told of points to restart from
TOP_LEVEL_KINDS = ("action", "buy")

# A card in a pile has no play marks (``move`` clears them); the turn it last entered play
# (``since``) is not put back for pile cards: it is read only for cards in play, which set it
# on entering.
_PILES = ("supply", "nonsupply")
_SKIP = frozenset({int, float, str, bool, type(None), tuple, frozenset, Card, CardDef})


_STAMPS = itertools.count(1)


class StampedRandom(SeededRandom):
    """The game's generator (the same numbers, its draws counted), whose ``stamp`` changes
    whenever its state does: every draw goes through :meth:`random`, :meth:`getrandbits` or
    :meth:`shuffle` (the base class's other methods are built on them), and :meth:`seed` and
    :meth:`setstate` set it anew."""

    stamp = 0
    recorded: tuple[int, object] = (-1, None)  # (stamp, state) last read by getstate

    def random(self) -> float:
        self.stamp = next(_STAMPS)
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.stamp = next(_STAMPS)
        return super().getrandbits(k)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        self.stamp = next(_STAMPS)  # SeededRandom's shuffle draws without getrandbits
        super().shuffle(x)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self.stamp = next(_STAMPS)
        super().seed(*args, **kwargs)

    def setstate(self, state: Any) -> None:
        self.stamp = next(_STAMPS)
        super().setstate(state)

    def stamped_state(self) -> tuple[int, object]:
        """(stamp, (state, draws)), read only if the stamp changed since it was last read."""
        if self.recorded[0] != self.stamp:
            self.recorded = (self.stamp, (self.getstate(), self.draws))
        return self.recorded

    def put_back(self, stamp: int, state: Any) -> None:
        """Return to ``state``, recorded under ``stamp``, unless nothing was drawn since."""
        if self.stamp != stamp:
            inner, self.draws = state
            super().setstate(inner)
            self.stamp = stamp


def stamped(gen: random.Random) -> StampedRandom:
    """``gen`` as a :class:`StampedRandom` in the same state (``gen`` itself if it is one)."""
    if isinstance(gen, StampedRandom):
        return gen
    new = StampedRandom()
    new.setstate(gen.getstate())
    new.draws = getattr(gen, "draws", 0)
    return new


def is_top_level(g: Game) -> bool:
    """Whether ``g`` waits at an Action- or Buy-phase decision with no card being resolved."""
    d = g.pending
    return (d is not None and d.kind in TOP_LEVEL_KINDS and not g.plays_in_progress
            and g.paused is None)


def restartable(g: Game) -> bool:
    return set(vars(g)) <= KNOWN_GAME_ATTRS


class SavedState:
    """Everything in ``state`` that can change, recorded so it can be put back in place."""

    __slots__ = ("dicts", "lists", "maps", "marks", "phase", "piles", "rng", "state")

    def __init__(self, state: GameState, point: str | None = None) -> None:
        self.state = state
        self.phase = point or state.turn.phase  # where a restart starts (TurnLoop.take_turn)
        self.dicts: list[tuple[dict[str, Any], dict[str, Any]]] = []
        self.lists: list[tuple[list[Any], list[Any]]] = []  # zones' cards among them
        self.maps: list[tuple[Any, Any]] = []  # dicts and sets
        # every card outside the piles: (card, zone, since, plays, tracks, definition)
        self.marks: list[tuple[Card, Zone, int, int, tuple[Card, ...], CardDef]] = []
        self.piles: list[tuple[Zone, list[Card]]] = []
        self.rng: list[tuple[Any, int | None, object]] = []
        self._object(state, {id(state)})

    # -- taking ----------------------------------------------------------------------------
    def _object(self, obj: Any, seen: set[int]) -> None:
        d = getattr(obj, "__dict__", None)
        if d is None:  # a dataclass with slots
            raise TypeError(f"cannot checkpoint {type(obj).__name__} (no __dict__)")
        for k, v in d.items():
            if type(v) in (random.Random, SeededRandom):  # values may change while it is read
                d[k] = stamped(v)
        self._walk(d.values(), seen)
        self.dicts.append((d, d.copy()))

    def _walk(self, values: Any, seen: set[int]) -> None:
        for v in values:
            t = type(v)
            if t in _SKIP or id(v) in seen:
                continue
            seen.add(id(v))
            if t is Zone:
                cards = v.cards
                if v.kind in _PILES:
                    self.piles.append((v, list(cards)))
                else:
                    self.lists.append((cards, list(cards)))
                    self.marks += [(c, v, c.since, c.plays, tuple(c.tracks), c.d)
                                   for c in cards]
            elif t is list:
                self.lists.append((v, list(v)))
                self._walk(v, seen)
            elif t is dict:
                self.maps.append((v, v.copy()))
                self._walk(v.values(), seen)
            elif t is set:
                self.maps.append((v, set(v)))
            elif isinstance(v, StampedRandom):
                self.rng.append((v, *v.stamped_state()))
            elif isinstance(v, random.Random):  # not in a dataclass's field: not stamped
                self.rng.append((v, None, v.getstate()))
            elif dataclasses.is_dataclass(v) and not isinstance(v, type):
                self._object(v, seen)

    # -- restoring -------------------------------------------------------------------------
    def restore(self) -> None:
        for d, saved in self.dicts:
            d.update(saved)
        for box, saved in self.lists:
            box[:] = saved
        for box, saved in self.maps:
            box.clear()
            box.update(saved)
        for gen, stamp, st in self.rng:
            if stamp is None:
                gen.setstate(st)
            elif gen.stamp != stamp:  # drawn from since
                gen.put_back(stamp, st)
        for c, zone, since, plays, tracks, d in self.marks:
            c.zone = zone
            c.since = since
            c.plays = plays
            c.tracks = list(tracks) if tracks else ()
            c.d = d  # an Estate's definition depends on its owner (Inheritance)
        for zone, cards in self.piles:
            if zone.cards != cards:
                zone.cards[:] = cards
                for c in cards:
                    c.zone = zone
                    c.plays = 0
                    c.tracks = ()
                    c.d = CARDS[c.name]


def restart(cp: SavedState, stop: Callable[[Mark], bool] | None, *, log: bool = True,
            checkpoint: Callable[[Game, str], None] | None = None) -> Game:
    """Put the state back to ``cp`` and start a new driver there (an empty log, or none with
    ``log=False``, and no answers; ``checkpoint`` as :class:`Game` takes it)."""
    cp.restore()
    state, phase = cp.state, cp.phase
    return Game(lambda: (state, phase), stop, log=log, checkpoint=checkpoint)
