"""Alchemy: Potion, the second currency, and University, a Kingdom card costing a Potion."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play


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
