"""Shared test helpers: build a position, answer decisions, read zones by name."""

from __future__ import annotations

from rulebook.engine.game import Game
from rulebook.position import build


def position(kingdom=(), *, ruleset="current", phase="action", piles=None, trash=(),
             events=(), turn=None, **players) -> Game:
    """A game at ``phase`` of Ann's turn. Keyword ``ann={...}``/``bob={...}`` describe the
    players' zones (hand, deck top first, discard, play, mat, ...)."""
    pspecs = [dict(players.get(n.lower(), {}), name=n) for n in ("Ann", "Bob", "Cid")
              if n == "Ann" or n == "Bob" or n.lower() in players]
    spec = {"ruleset": ruleset, "kingdom": list(kingdom), "players": pspecs,
            "piles": piles or {}, "trash": list(trash), "events": list(events),
            "turn": {"phase": phase, **(turn or {})}}
    return Game(lambda: build(spec))


def names(zone) -> list[str]:
    return [c.name for c in zone.cards]


def play_all(g: Game, *answers: str) -> Game:
    for a in answers:
        g.answer(a)
    return g


__all__ = ["names", "play_all", "position"]
