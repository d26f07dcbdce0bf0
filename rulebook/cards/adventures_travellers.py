"""Adventures: the two Traveller lines. The exchange itself ("when you discard this from
play") is an engine rule (``traveller.exchange``); these are the cards' played texts."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play


@on_play("Page")
def page(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)


@on_play("Treasure Hunter")
def treasure_hunter(g, p, me):
    g.plus_actions(p, 1)
    g.plus_coins(p, 1)
    right = g.state.players[(p.index - 1) % len(g.state.players)]
    for _ in range(right.gained_last_turn if right is not p else 0):
        yield from g.gain(p, "Silver")


@on_play("Warrior")
def warrior(g, p, me):
    yield from g.draw(p, 2)
    travellers = sum(1 for c in p.play.cards if c.d.is_traveller)  # including this
    for q in g.victims(p):
        for _ in range(travellers):
            top = yield from g.peek(q, 1, "discard")
            if not top:
                break
            g.discard(q, top)
            cost = g.cost(top[0])
            if (cost.is_exactly(3) or cost.is_exactly(4)) and top[0].zone is q.discard:
                g.trash(q, top)


@on_play("Hero")
def hero(g, p, me):
    g.plus_coins(p, 2)
    yield from g.choose_and_gain(p, "Hero: gain a Treasure", where=lambda d: d.is_treasure,
                                 card="Hero")


@on_play("Peasant")
def peasant(g, p, me):
    g.plus_buys(p, 1)
    g.plus_coins(p, 1)


@on_play("Soldier")
def soldier(g, p, me):
    g.plus_coins(p, 2)
    g.plus_coins(p, sum(1 for c in p.play.cards if c.d.is_attack and c is not me))
    for q in g.victims(p):
        if len(q.hand.cards) >= 4:
            card = yield from g.pick_card(q, q.hand.cards, "discard", f"{p.name}'s Soldier: "
                                          "discard a card", card="Soldier")
            g.discard(q, [card])


@on_play("Fugitive")
def fugitive(g, p, me):
    yield from g.draw(p, 2)
    g.plus_actions(p, 1)
    card = yield from g.pick_card(p, p.hand.cards, "discard", "Fugitive: discard a card",
                                  card="Fugitive")
    if card:
        g.discard(p, [card])


@on_play("Disciple")
def disciple(g, p, me):
    card = yield from g.pick_card(p, [c for c in p.hand.cards if c.d.is_action], "play",
                                  "Disciple: you may play an Action card from your hand twice",
                                  optional=True, none_label="play nothing", card="Disciple")
    if card is None:
        return
    yield from g.play(p, card, by=me, rule="play.replay")
    yield from g.play(p, card, by=me, again=True, rule="play.replay")
    yield from g.gain_copy(p, card.name)
