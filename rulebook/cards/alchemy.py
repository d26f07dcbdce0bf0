"""Alchemy: Potion, the second currency; University, a Kingdom card costing a Potion; and
Possession, another player's turn under your control."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, resumes
from dominion_tavern.rulebook.engine.turn import POSSESSION


@on_play("Potion")
def potion(g, p, me):
    g.plus_potions(p, 1)


@on_play("University")
def university(g, p, me):
    g.plus_actions(p, 2)
    name = yield from g.choose_gain(p, "University: you may gain an Action card costing up to "
                                    "$5", up_to=5, where=lambda d: d.is_action, optional=True,
                                    card="University")
    if name:
        yield from g.gain(p, name)


@on_play("Possession")
def possession(g, p, me):
    g.possess(p)


@resumes("Possession")
def possession_resume(state, p, card, entry) -> None:
    """A position with Possession played this turn: the Possession turns it gave are still to
    come (as :meth:`TurnLoop.possess`, once per play)."""
    if card.since == state.turn.number and p is state.turn.player:
        left = state.players[(p.index + 1) % len(state.players)]
        state.extra_turns += [(left.index, POSSESSION)] * entry["times"]
