"""A script entry that leaves a chance step open: it meets the step without naming what comes
up, so the script goes on in every branch (:mod:`checker.explore.script_branches`)."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.game import Game


def leaves_open(g: Game, entry: str) -> bool:
    """Whether ``entry``, given while ``g`` waits at a chance step, leaves the step open (it
    names no outcome: it does not start with the step's verb and a colon)."""
    d = g.pending
    return isinstance(d, ChanceStep) and not entry.startswith(f"{d.verb}:")
