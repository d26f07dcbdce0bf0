"""Villa (Empires), Cavalry and Horse (Menagerie): gains that send the turn back from the Buy
phase to the Action phase (rule ``turn.phase.return``), and a pile outside the Supply that a
Kingdom card brings (Horse, rule ``game.setup.brought-piles``)."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, when_gained


@on_play("Villa")
def villa(g, p, me):
    g.plus_actions(p, 2)
    g.plus_buys(p, 1)
    g.plus_coins(p, 1)


@when_gained("Villa", "put it into your hand, +1 Action, back to the Action phase")
def villa_gained(g, p, me, event):
    if me.zone in (p.discard, p.deck):  # still where it was gained: it can be moved
        g.to_hand(p, [me], rule="gain")
    g.plus_actions(p, 1)
    g.return_to_action_phase(p)


@on_play("Cavalry")
def cavalry(g, p, me):
    for _ in range(2):
        yield from g.gain(p, "Horse")


@when_gained("Cavalry", "+2 Cards, +1 Buy, back to the Action phase")
def cavalry_gained(g, p, me, event):
    yield from g.draw(p, 2)
    g.plus_buys(p, 1)
    g.return_to_action_phase(p)


@on_play("Horse")
def horse(g, p, me):
    yield from g.draw(p, 2)
    g.plus_actions(p, 1)
    if me.zone is p.play:
        g.return_to_pile(p, me)
