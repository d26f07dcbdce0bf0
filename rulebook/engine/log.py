"""The game log: structured entries, each citing the rule id that made it happen.

>>> Entry(3, "Ann", "discards", ("Peasant",), "from play", "traveller.exchange").text()
'Ann discards Peasant from play [traveller.exchange]'

Cards that came up from cards in unknown order carry how likely that was (rule
``chance.unknown-order``); a card set aside face down shows to its owner only, when the log is
read from a player's seat:

>>> drawn = Entry(1, "Ann", "draws", ("Copper", "Estate"), "", "draw",
...               chance=(({"Copper": 3, "Estate": 2}, ("Copper", "Estate")),))
>>> drawn.text(), str(drawn.probability())
('Ann draws Copper, Estate (chance 3/5) [draw]', '3/5')
>>> saved = Entry(1, "Ann", "sets aside", ("Gold",), "face down", "event", private="Ann")
>>> saved.text(), saved.text(viewer="Bob")
('Ann sets aside Gold face down [event]', 'Ann sets aside a card face down [event]')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import prod
from typing import NamedTuple

from dominion_tavern.rulebook.engine.chance import Record, probability

CHANCE_RULE = "chance.unknown-order"


class Entry(NamedTuple):
    """One thing that happened: who, what, which cards, where from/to, and the rule behind it.
    (A named tuple: a game writes about ten a turn, and nothing changes one once written.)"""

    turn: int
    player: str | None
    verb: str
    cards: tuple[str, ...]
    where: str
    rule: str
    note: str = ""
    # Each group of unknown cards something came up from, and what came up (rule
    # chance.unknown-order).
    chance: tuple[Record, ...] = ()
    private: str | None = None  # a face-down card: its name shows only to this player

    def probability(self) -> Fraction | None:
        """How likely what came up from unknown cards was (None: nothing came up by chance)."""
        if not self.chance:
            return None
        return prod((probability(dict(counts), names) for counts, names in self.chance),
                    start=Fraction(1))

    def text(self, viewer: str | None = None) -> str:
        """The entry as a sentence; ``viewer`` reads it from a player's seat (None: the
        judge's, who sees everything)."""
        parts = [self.player] if self.player else []
        parts.append(self.verb)
        if self.cards:
            hidden = viewer is not None and self.private not in (None, viewer)
            parts.append(_a_card(len(self.cards)) if hidden else ", ".join(self.cards))
        if self.where:
            parts.append(self.where)
        line = " ".join(parts)
        notes = [self.note] if self.note else []
        if self.chance:
            notes.append(f"chance {self.probability()}")
        if notes:
            line += f" ({'; '.join(notes)})"
        return f"{line} [{self.rule}]"

    def as_dict(self) -> dict:
        p = self.probability()
        return {"turn": self.turn, "player": self.player, "verb": self.verb,
                "cards": list(self.cards), "where": self.where, "rule": self.rule,
                "note": self.note, "chance": None if p is None else str(p),
                "private": self.private, "text": self.text()}


def _a_card(n: int) -> str:
    return "a card" if n == 1 else counted(n, "card")


def counted(n: int, thing: str) -> str:
    """``counted(1, "Action")`` -> ``'1 Action'``, ``counted(2, "Action")`` -> ``'2 Actions'``."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


class UnknownRule(KeyError):
    """The engine cited a rule id that ``rules.toml`` does not define (a bug, not user input)."""


class Log(list[Entry]):
    """The list of entries of one game."""

    def text(self) -> str:
        return "\n".join(e.text() for e in self)

    def rules_cited(self) -> list[str]:
        return cited(self)


def cited(entries: Iterable[Entry]) -> list[str]:
    """Every rule id the entries cite, in order; an entry that says how likely what came up was
    rests on ``chance.unknown-order`` as well."""
    out: dict[str, None] = {}
    for e in entries:
        out[e.rule] = None
        if e.chance:
            out[CHANCE_RULE] = None
    return list(out)
