"""One wording for a script entry that cannot be used, whichever command meets it (``tavern
check``, ``explore``, ``why``, ``dump``, ``diagram tree``): the entry's number and text, whose
decision it was meant for, and the legal answers."""

from __future__ import annotations

from itertools import islice
from typing import Any

from dominion_tavern.checker.reading.stop_points import mark_text
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


def standing(g: Game) -> str:
    """Where a run stands, for a stop point it did not reach: paused at a mark, the game over,
    or the pending decision with its legal answers."""
    t = g.state.turn
    if g.paused is not None:
        return f"it stood at {mark_text(g.paused)} ({t.player.name}'s)"
    if g.pending is None:
        return f"it stood at the game's end (after turn {t.number}, {t.player.name}'s)"
    d = g.pending
    return (f"it stood in turn {t.number} ({t.player.name}'s), {t.phase} phase, at {d.whose} "
            f"\"{d.prompt}\" (legal: {options_text(d)})")


def stop_text(spec: dict[str, Any]) -> str:
    """A ``stop`` as written: ``{at: end-of-phase, phase: buy}``."""
    return "{" + ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}"
                           for k, v in spec.items()) + "}"
