"""Did you mean ...? The nearest names to a misspelt one, for every message that refuses a name
(a card, a rule id, a field, a player)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable, Sequence


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


#: A count written after a card's name (``Copper x4``, ``Copper 4``): no card name ends in one.
_COUNT_AFTER = re.compile(r"^\s*(.+?)\s*(\d+)\s*$")


def suggest_card(word: str, cards: Collection[str]) -> str:
    """:func:`suggest` for a card list entry, which also says where its count goes.

    >>> suggest_card("Copper x4", ["Copper", "Silver"])
    "; a count goes before the name: '4 Copper'"
    >>> suggest_card("Silvr", ["Copper", "Silver"])
    '; did you mean Silver?'
    """
    if m := _COUNT_AFTER.match(word):
        before = m.group(1)
        for name in (before, before[:-1].rstrip() if before[-1:] in "x×" else ""):
            if name in cards:
                return f"; a count goes before the name: '{m.group(2)} {name}'"
    return suggest(word, cards)


class UnknownName(ValueError):
    """Words that are no name of the kind asked for; ``str()`` says which, with did-you-mean."""


def names_in(words: Sequence[str], known: Iterable[str], what: str = "card") -> list[str]:
    """The names ``words`` give, as a command line passes them: each argument a name
    (``"Royal Carriage" "Throne Room"``), or names typed one after another without quotes
    (``Royal Carriage Throne Room``), in any case; the longest name first where one is the
    start of another. Raises :class:`UnknownName` for words that are no name.

    >>> cards = ["Royal Carriage", "Throne Room", "Treasure Trove", "Silver"]
    >>> names_in(["royal", "carriage", "throne", "room"], cards)
    ['Royal Carriage', 'Throne Room']
    >>> names_in(["Treasure Trove", "silver"], cards)
    ['Treasure Trove', 'Silver']
    >>> try:
    ...     names_in(["Royal", "Cariage", "Silver"], cards)
    ... except UnknownName as e:
    ...     print(e)
    unknown card 'Royal Cariage'; did you mean Royal Carriage?
    """
    table = {n.lower(): n for n in known}
    tokens = [t for w in words for t in w.replace(",", " ").split()]
    if not tokens:
        raise UnknownName(f"no {what} named")
    found = _split(tokens, table)
    if found is not None:
        return found
    i = 0
    while i < len(tokens):  # the first stretch of words that is no name, up to a fitting rest
        for j in range(len(tokens), i, -1):
            if " ".join(tokens[i:j]).lower() in table:
                i = j
                break
        else:
            end = next((k for k in range(i + 1, len(tokens))
                        if _split(tokens[k:], table) is not None), len(tokens))
            bad = " ".join(tokens[i:end])
            raise UnknownName(f"unknown {what} {bad!r}{suggest(bad, table.values())}")
    raise UnknownName(f"unknown {what} {' '.join(tokens)!r}")  # pragma: no cover - see above


def _split(tokens: list[str], table: dict[str, str]) -> list[str] | None:
    """``tokens`` as names, longest first; None if they do not split into names."""
    if not tokens:
        return []
    for j in range(len(tokens), 0, -1):
        name = table.get(" ".join(tokens[:j]).lower())
        if name is not None:
            rest = _split(tokens[j:], table)
            if rest is not None:
                return [name, *rest]
    return None
