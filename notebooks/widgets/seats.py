"""What a seat at the table sees: the judge sees everything; a player does not see the names of
the cards another player set aside face down (Save, Gear: only their owner knows them).

The engine says which moves are face down in its log (an entry's ``private``: the one player
who sees its cards), so the cards lying face down now are read from the log: those set aside
face down, less those put back from the set-aside cards, by name (cards are told apart only by
name here). A position that starts with cards already set aside by a card in play (Gear's, in
a scenario) has no log of it: such cards are face down when that card's text says so.

>>> from dominion_tavern.notebooks.widgets.teach import position
>>> g = position({"events": ["Save"], "players": [{"name": "Ann", "hand": ["Gold", "Copper"]},
...     {"name": "Bob"}], "turn": {"phase": "buy", "coins": 1}})
>>> _ = g.answer("buy Save"), g.answer("set aside Gold")
>>> face_down(g)
{'Ann': Counter({'Gold': 1})}
"""

from __future__ import annotations

from collections import Counter

from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import ZONE_FROM, Card, GameState

SET_ASIDE = "sets aside"
FROM_ASIDE = f"from {ZONE_FROM['aside']}"   # how the log says a card leaves the set-aside cards


def face_down_at_start(state: GameState) -> dict[str, Counter[str]]:
    """The cards a position starts with set aside face down by a card in play (its pending
    next-turn effect holds them, and its text says face down), by owner."""
    out: dict[str, Counter[str]] = {}
    for e in state.pending:
        if not isinstance(e.data, list) or "face down" not in e.card.d.text(state.ruleset):
            continue
        owner = state.players[e.owner]
        names = [c.name for c in e.data if isinstance(c, Card) and c.zone is owner.aside]
        if names:
            out.setdefault(owner.name, Counter()).update(names)
    return out


def face_down(g: Game, start: dict[str, Counter[str]] | None = None) -> dict[str, Counter[str]]:
    """The names of the cards each player has set aside face down now (only players who have
    some), from ``start`` (:func:`face_down_at_start` of the game's first position) and the
    log."""
    held = {name: Counter(c) for name, c in (start or {}).items()}
    for e in g.log:
        if e.private is None or e.player is None:
            continue
        if e.verb == SET_ASIDE:
            held.setdefault(e.player, Counter()).update(e.cards)
        elif e.where.startswith(FROM_ASIDE) and e.player in held:
            held[e.player].subtract(e.cards)
    out = {}
    for p in g.state.players:
        aside = Counter(p.aside.names())
        now = Counter({n: min(k, aside[n]) for n, k in held.get(p.name, Counter()).items()
                       if k > 0 and aside[n]})
        if now:
            out[p.name] = now
    return out
