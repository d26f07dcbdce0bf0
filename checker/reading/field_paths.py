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

from dominion_tavern.rulebook.carddata import CARDS, Cost
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown, deck_view, hand_view, names_of
from dominion_tavern.rulebook.engine.state import GameState, Player
from dominion_tavern.rulebook.position import expand
from dominion_tavern.rulebook.setup import SetupError

ZONES = ("hand", "deck", "discard", "play", "mat", "aside")
PLAYER_VALUES = ("vp_tokens", "debt", "coffers", "journey", "minus_card", "minus_coin",
                 "tokens", "turns_taken")
TURN_VALUES = ("coins", "potions", "actions", "buys", "phase", "number", "player")
GAME_VALUES = ("trash", "over", "winners")
FORMS = ("ordered", "sorted")

Getter = Callable[[Game], Any]


class FieldError(ValueError):
    """A field path that does not name a part of this game's position."""


def plain_cost(c: Cost) -> int | str:
    """A cost as a scenario writes it: a number of $, or ``"$2P"``, ``"8D"``."""
    return c.coins if c.plain else str(c)


def _near(word: str, choices: list[str]) -> str:
    near = difflib.get_close_matches(word, choices, n=3, cutoff=0.5)
    return f"; did you mean {', '.join(near)}?" if near else f"; one of: {', '.join(choices)}"


def zone_view(p: Player, what: str) -> list[str | Unknown]:
    """A player's zone as a judge sees it: names, and groups of cards in unknown order (rule
    ``chance.unknown-order``); a deck top card first."""
    if what == "deck":
        return deck_view(p)
    if what == "hand":
        return hand_view(p)
    return [c.name for c in getattr(p, what).cards]


def _zone_value(view: list[str | Unknown], ordered: bool) -> tuple[Any, ...]:
    """In order, or as a multiset: names sorted, then what is not known by name."""
    if ordered:
        return tuple(view)
    flat = names_of(view)
    return tuple(sorted(n for n in flat if isinstance(n, str))) + \
        tuple(u for u in flat if isinstance(u, Unknown))


def _zone_getter(i: int, what: str, ordered: bool) -> Getter:
    """Read a zone of player ``i``: by names alone while every card in it is known (the
    explorer reads fields at every leaf), else through :func:`zone_view`."""
    def read(g: Game) -> tuple[Any, ...]:
        p = g.state.players[i]
        if (what == "deck" and p.unknown) or (what == "hand" and p.deal):
            return _zone_value(zone_view(p, what), ordered)
        cards = getattr(p, what).cards
        if ordered:
            return tuple([c.name for c in (reversed(cards) if what == "deck" else cards)])
        return tuple(sorted([c.name for c in cards]))
    return read


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
            return _zone_getter(i, what, ordered)
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
        return lambda g: plain_cost(g.cost(name))
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
        if head == "trash":  # every card in the trash is known by name
            if form == "ordered":
                return lambda g: tuple([c.name for c in g.state.trash.cards])
            return lambda g: tuple(sorted([c.name for c in g.state.trash.cards]))
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
        view: list[str | Unknown] = []
        try:
            for v in value:
                if isinstance(v, dict):
                    view.append(unknown_group(v, path))
                else:
                    view += expand([str(v)], path)
        except SetupError as e:
            raise FieldError(str(e)) from None
        return _zone_value(view, is_ordered(path))
    if isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


def unknown_group(value: dict[str, Any], path: str) -> Unknown:
    """``{unknown: [2 Copper, Estate]}`` (cards in unknown order) or ``{unknown: 2, pool:
    [...]}`` (so many cards, not known which) as the :class:`Unknown` a zone's value holds."""
    cards, pool = value.get("unknown"), value.get("pool")
    if isinstance(cards, list) and pool is None:
        names = tuple(sorted(expand([str(v) for v in cards], path)))
        return Unknown(len(names), names)
    if isinstance(cards, int) and isinstance(pool, list):
        return Unknown(cards, tuple(sorted(expand([str(v) for v in pool], path))))
    raise FieldError(f"{path}: {value!r} is neither {{unknown: [cards]}} nor "
                     "{unknown: N, pool: [cards]}")


def plain(value: Any) -> Any:
    """A field value as JSON-ready data (tuples become lists, unknown groups mappings)."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if isinstance(value, Unknown):
        return value.plain()
    return value


def previous_player(s: GameState) -> str | None:
    """Who took the turn before this one (None on the first turn)."""
    owners = s.turn_owners
    return s.players[owners[-2]].name if len(owners) > 1 else None
