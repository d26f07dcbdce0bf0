"""One wording for a script entry that cannot be used, whichever command meets it (``tavern
check``, ``explore``, ``why``, ``dump``, ``diagram tree``): the entry's number and text, whose
decision it was meant for, and the legal answers."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.game import Game

MAX_OPTIONS_SHOWN = 24


def legal_options(g: Game) -> str:
    """The pending decision's legal answers, ``a | b | c`` (the first 24, then a count)."""
    legal = g.legal()
    shown = " | ".join(legal[:MAX_OPTIONS_SHOWN])
    return shown + (f" | ... ({len(legal)} in all)" if len(legal) > MAX_OPTIONS_SHOWN else "")


def not_legal(i: int, answer: str, g: Game) -> str:
    """Script entry ``i`` (1-based) is not one of the pending decision's legal answers."""
    d = g.pending
    assert d is not None
    return (f"script entry {i} {answer!r} is not a legal answer to {d.player}'s decision "
            f"\"{d.prompt}\"; legal: {legal_options(g)}")


def never_used(i: int, answer: str, g: Game) -> str:
    """Script entry ``i`` comes when no decision is pending."""
    why = "the game is over" if g.over else "no decision is pending"
    return f"script entry {i} {answer!r} is never used: {why}"
