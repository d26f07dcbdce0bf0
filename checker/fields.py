"""Outcome fields: the named parts of a position the explorer compares (``players.Ann.hand``).

A field is a dotted path; its value is plain data (ints, strings, tuples of card names) so that
outcomes can be hashed, compared and printed as JSON. Zones are multisets, given sorted, unless
the path ends with ``:ordered``; a deck is always listed top card first (``:sorted`` makes it a
multiset too). ``costs.NAME`` is what a card costs now, with every change in force.

>>> sorted(ZONES)
['aside', 'deck', 'discard', 'hand', 'mat', 'play']
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import expand
from dominion_tavern.rulebook.setup import SetupError

ZONES = ("hand", "deck", "discard", "play", "mat", "aside")
PLAYER_VALUES = ("vp_tokens", "journey", "minus_card", "minus_coin", "tokens", "turns_taken")
TURN_VALUES = ("coins", "actions", "buys", "phase", "number", "player")
GAME_VALUES = ("trash", "over", "winners")
FORMS = ("ordered", "sorted")

Getter = Callable[[Game], Any]


class FieldError(ValueError):
    """A field path that does not name a part of this game's position."""


def _near(word: str, choices: list[str]) -> str:
    near = difflib.get_close_matches(word, choices, n=3, cutoff=0.5)
    return f"; did you mean {', '.join(near)}?" if near else f"; one of: {', '.join(choices)}"


def _zone_value(names: list[str], ordered: bool) -> tuple[str, ...]:
    return tuple(names) if ordered else tuple(sorted(names))


def getter(g: Game, path: str) -> Getter:
    """A function reading ``path`` from a game like ``g`` (whose players and piles it checks)."""
    if not isinstance(path, str) or not path:
        raise FieldError(f"a field is a dotted path such as 'players.Ann.hand', not {path!r}")
    base, _, form = path.partition(":")
    if form and form not in FORMS:
        raise FieldError(f"field {path!r}: ':{form}' is not a form; use ':ordered' or ':sorted'")
    parts = base.split(".")
    head = parts[0]
    players = [p.name for p in g.state.players]
    if head == "players" and len(parts) == 3:
        name, what = parts[1], parts[2]
        if name not in players:
            raise FieldError(f"field {path!r}: no player {name!r}{_near(name, players)}")
        i = players.index(name)
        if what in ZONES:
            ordered = form == "ordered" or (what == "deck" and form != "sorted")
            if what == "deck":  # stored bottom first
                return lambda g: _zone_value([c.name for c in reversed(g.state.players[i].deck
                                                                       .cards)], ordered)
            return lambda g: _zone_value([c.name for c in getattr(g.state.players[i], what)
                                          .cards], ordered)
        if what == "journey":
            return lambda g: "up" if g.state.players[i].journey_up else "down"
        if what == "tokens":
            return lambda g: tuple(sorted((t, p) for t, p in g.state.players[i].tokens.items()
                                          if p is not None))
        if what in PLAYER_VALUES:
            return lambda g: getattr(g.state.players[i], what)
        raise FieldError(f"field {path!r}: a player has no {what!r}"
                         f"{_near(what, list(ZONES + PLAYER_VALUES))}")
    if head == "piles" and len(parts) == 2:
        name = parts[1]
        if g.state.pile(name) is None:
            piles = list(g.state.supply) + list(g.state.nonsupply)
            raise FieldError(f"field {path!r}: no pile {name!r} in this game{_near(name, piles)}")
        return lambda g: len(g.state.pile(name).cards)
    if head == "costs" and len(parts) == 2:
        name = parts[1]
        if name not in CARDS:
            raise FieldError(f"field {path!r}: no card {name!r}{_near(name, list(CARDS))}")
        return lambda g: g.cost(name)
    if head == "turn" and len(parts) == 2:
        what = parts[1]
        if what == "player":
            return lambda g: g.state.turn.player.name
        if what in TURN_VALUES:
            return lambda g: getattr(g.state.turn, what)
        raise FieldError(f"field {path!r}: the turn has no {what!r}"
                         f"{_near(what, list(TURN_VALUES))}")
    if head == "vp" and len(parts) == 2:
        name = parts[1]
        if name not in players:
            raise FieldError(f"field {path!r}: no player {name!r}{_near(name, players)}")
        i = players.index(name)
        return lambda g: g.vp(g.state.players[i])
    if len(parts) == 1 and head in GAME_VALUES:
        if head == "trash":
            return lambda g: _zone_value([c.name for c in g.state.trash.cards], form == "ordered")
        if head == "over":
            return lambda g: g.over
        return lambda g: tuple(g.winners)
    heads = ["players.NAME.ZONE", "piles.NAME", "costs.NAME", "turn.coins", "vp.NAME",
             *GAME_VALUES]
    raise FieldError(f"field {path!r} is not known; fields look like {', '.join(heads)}")


def is_zone(path: str) -> bool:
    base = path.partition(":")[0]
    parts = base.split(".")
    return base == "trash" or (len(parts) == 3 and parts[0] == "players" and parts[2] in ZONES)


def is_ordered(path: str) -> bool:
    base, _, form = path.partition(":")
    return form == "ordered" or (base.endswith(".deck") and form != "sorted")


def normalise(path: str, value: Any) -> Any:
    """An expected value written in a scenario, in the form :func:`getter` gives."""
    if is_zone(path):
        if value is None:
            value = []
        if not isinstance(value, list):
            raise FieldError(f"{path}: expected a list of cards, not {value!r}")
        try:
            names = expand([str(v) for v in value], path)
        except SetupError as e:
            raise FieldError(str(e)) from None
        return _zone_value(names, is_ordered(path))
    if isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


def plain(value: Any) -> Any:
    """A field value as JSON-ready data (tuples become lists)."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value
