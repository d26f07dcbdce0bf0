"""Empires: cards costing Debt (Engineer, City Quarter)."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play


@on_play("Engineer")
def engineer(g, p, me):
    yield from _gain_up_to_4(g, p)
    if me.zone is p.play and (yield from g.may(
            p, "Engineer: you may trash this; if you do, gain a card costing up to $4",
            "trash Engineer", "don't trash", card="Engineer")):
        g.trash(p, [me])
        yield from _gain_up_to_4(g, p)


def _gain_up_to_4(g, p):
    """Engineer's gain: not a card with Debt in its cost (rule ``cost.debt``)."""
    name = yield from g.choose_gain(p, "Engineer: gain a card costing up to $4", up_to=4,
                                    card="Engineer")
    if name:
        yield from g.gain(p, name)


@on_play("City Quarter")
def city_quarter(g, p, me):
    g.plus_actions(p, 2)
    actions = [c for c in p.hand.cards if c.d.is_action]
    g.reveal(p, list(p.hand.cards), "their hand")
    yield from g.draw(p, len(actions))
