"""Cards from other sets that the Adventures rulebook and FAQ use in examples."""

from __future__ import annotations

from dominion_tavern.rulebook.cards.base import discard_down_to
from dominion_tavern.rulebook.engine.decisions import Option
from dominion_tavern.rulebook.engine.registry import on_play, while_in_play


@on_play("Torturer")
def torturer(g, p, me):
    yield from g.draw(p, 3)
    for q in g.victims(p):
        curse = yield from g.choose(q, f"{p.name}'s Torturer: discard 2 cards, or gain a Curse "
                                    "to your hand?", [Option("gain a Curse", True),
                                                      Option("discard 2 cards", False)],
                                    card="Torturer")  # their choice, but one of the two
        if curse:
            yield from g.gain(q, "Curse", to="hand")
        else:
            cards = yield from g.pick_cards(q, q.hand.cards, "discard", f"{p.name}'s Torturer: "
                                            "discard 2 cards", lo=2, hi=2, card="Torturer")
            g.discard(q, cards)


@on_play("Goons")
def goons(g, p, me):
    g.plus_buys(p, 1)
    g.plus_coins(p, 2)
    for q in g.victims(p):
        yield from discard_down_to(g, p, q, 3, "Goons")


@while_in_play("Goons", "buy")
def goons_vp(g, owner, me, p, event):
    """While you have this in play, when you buy a card, +1 VP."""
    if p is not owner:
        return None

    def vp():
        owner.vp_tokens += 1
        g.note(owner, "takes 1 VP token", note="Goons", rule="buy")
    return g.trigger(owner, "Goons: +1 VP", vp, key=me.uid)


@on_play("City")
def city(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 2)
    empty = g.state.empty_supply_piles()
    if empty >= 1:
        yield from g.draw(p, 1)
    if empty >= 2:
        g.plus_coins(p, 1)
        g.plus_buys(p, 1)
