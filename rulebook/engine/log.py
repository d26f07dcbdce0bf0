"""The game log: structured entries, each citing the rule id that made it happen.

>>> Entry(3, "Ann", "discards", ("Peasant",), "from play", "traveller.exchange").text()
'Ann discards Peasant from play [traveller.exchange]'
"""

from __future__ import annotations

from dataclasses import dataclass

from dominion_tavern.rulebook.rules import RULES


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing that happened: who, what, which cards, where from/to, and the rule behind it."""

    turn: int
    player: str | None
    verb: str
    cards: tuple[str, ...]
    where: str
    rule: str
    note: str = ""

    def text(self) -> str:
        parts = [self.player] if self.player else []
        parts.append(self.verb)
        if self.cards:
            parts.append(", ".join(self.cards))
        if self.where:
            parts.append(self.where)
        line = " ".join(parts)
        if self.note:
            line += f" ({self.note})"
        return f"{line} [{self.rule}]"

    def as_dict(self) -> dict:
        return {"turn": self.turn, "player": self.player, "verb": self.verb,
                "cards": list(self.cards), "where": self.where, "rule": self.rule,
                "note": self.note, "text": self.text()}


class UnknownRule(KeyError):
    """The engine cited a rule id that ``rules.toml`` does not define (a bug, not user input)."""


class Log(list[Entry]):
    """The list of entries of one game."""

    def add(self, turn: int, player: str | None, verb: str, cards: tuple[str, ...] = (),
            where: str = "", rule: str = "", note: str = "") -> Entry:
        if rule not in RULES:
            raise UnknownRule(rule)
        entry = Entry(turn, player, verb, cards, where, rule, note)
        self.append(entry)
        return entry

    def text(self) -> str:
        return "\n".join(e.text() for e in self)

    def rules_cited(self) -> list[str]:
        return list(dict.fromkeys(e.rule for e in self))
