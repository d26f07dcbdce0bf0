"""Did you mean ...? The nearest names to a misspelt one, for every message that refuses a name
(a card, a rule id, a field, a player)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def nearest(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The closest of ``choices`` to ``word`` (case-insensitive), best first; only the one
    that differs in case alone, if there is one.

    >>> nearest("royal cariage", ["Royal Carriage", "Raze", "Ranger"])
    ['Royal Carriage']
    >>> nearest("silver", ["Soldier", "Silver", "Storyteller"])
    ['Silver']
    """
    choices = list(choices)
    lower = {c.lower(): c for c in choices}
    if word.lower() in lower:
        return [lower[word.lower()]]
    found = difflib.get_close_matches(word.lower(), list(lower), n=n, cutoff=0.6)
    if not found:
        found = [k for k in lower if word.lower() in k][:n]
    return [lower[f] for f in found]


def suggest(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean A, B?"`` for the nearest choices, or nothing."""
    near = nearest(word, choices)
    return f"; did you mean {', '.join(near)}?" if near else ""
