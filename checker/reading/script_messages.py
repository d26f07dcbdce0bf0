"""One wording for a script entry that cannot be used, whichever command meets it (``tavern
check``, ``explore``, ``why``, ``dump``, ``diagram tree``): the entry's number and text, whose
decision it was meant for, and the legal answers."""

from __future__ import annotations

from itertools import islice

from dominion_tavern.rulebook.engine.decisions import Decision
from dominion_tavern.rulebook.engine.game import Game

MAX_SHOWN = 24  # answers listed for one decision (a many-way pick has far more)


def options_text(d: Decision | None, limit: int = MAX_SHOWN) -> str:
    """A decision's legal answers as ``a | b | c`` (the first ``limit``, then how many in
    all), made no further than shown."""
    if d is None:
        return "(none)"
    shown = " | ".join(islice(d.each_answer(), limit)) or "(none)"
    total = d.answer_count()
    return shown + (f" | ... ({total} in all)" if total > limit else "")


def not_legal(i: int, answer: str, g: Game) -> str:
    """Script entry ``i`` (1-based) is not one of the pending decision's legal answers."""
    d = g.pending
    assert d is not None
    closed = d.closed_for(answer)
    why = f"; it is not offered now: {closed.reason()}" if closed is not None else ""
    return (f"script entry {i} {answer!r} is not a legal answer to {d.whose} "
            f"\"{d.prompt}\"{why}; legal: {options_text(d)}" + _made_for(g, answer))


def _made_for(g: Game, answer: str) -> str:
    """The choices made for a player since the last answer (each had one legal answer): a
    script entry written for one of them met the next decision instead (and if that choice's
    rules refuse the entry, why)."""
    out = ""
    for f, picked in g.forced:
        closed = f.closed_for(answer)
        refused = f"; there {answer!r} is not offered: {closed.reason()}" if closed else ""
        out += (f" (before it, {f.player}'s \"{f.prompt}\" had only one legal answer, "
                f"{f.chosen_label(picked)!r}, taken without asking: no script entry answers "
                f"it{refused})")
    return out



def never_used(i: int, answer: str, g: Game) -> str:
    """Script entry ``i`` comes when no decision is pending."""
    why = "the game is over" if g.over else "no decision is pending"
    return f"script entry {i} {answer!r} is never used: {why}"
