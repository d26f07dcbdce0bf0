"""Adventures: the Kingdom cards that are neither Duration, Reserve nor Traveller."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.decisions import Option
from dominion_tavern.rulebook.engine.registry import on_play, treasure, when_bought, when_gained


@on_play("Artificer")
def artificer(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.plus_coins(p, 1)
    cards = yield from g.pick_cards(p, p.hand.cards, "discard", "Artificer: discard any number "
                                    "of cards", card="Artificer")
    g.discard(p, cards)
    yield from g.choose_and_gain(p, f"Artificer: you may gain a card onto your deck costing "
                                 f"exactly ${len(cards)}", exactly=len(cards), optional=True,
                                 card="Artificer", to="deck")


@on_play("Giant")
def giant(g, p, me):
    if not g.turn_journey(p):
        g.plus_coins(p, 1)
        return
    g.plus_coins(p, 5)
    for q in g.victims(p):
        top = yield from g.peek(q, 1, "reveal")
        if top:
            g.reveal(q, top, "from the top of their deck")
            if g.cost(top[0]).between(3, 6):  # not with a Potion or Debt in it (card.cost)
                g.trash(q, top)
                continue
            g.discard(q, top)
        yield from g.gain(q, "Curse")  # also with no card to reveal (ruling giant.no-card-curse)


@on_play("Lost City")
def lost_city(g, p, me):
    yield from g.draw(p, 2)
    g.plus_actions(p, 2)


@when_gained("Lost City", "each other player draws a card")
def lost_city_gained(g, p, me, event):
    for q in g.others(p):
        yield from g.draw(q, 1)


@on_play("Magpie")
def magpie(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    top = yield from g.peek(p, 1, "reveal")
    if not top:
        return
    card = top[0]
    g.reveal(p, top, "from the top of their deck")
    if card.d.is_treasure:
        g.to_hand(p, top, rule="reveal")
    if card.d.is_action or card.d.is_victory:
        yield from g.gain(p, "Magpie")


@on_play("Messenger")
def messenger(g, p, me):
    g.plus_buys(p, 1)
    g.plus_coins(p, 2)
    if p.deck.cards and (yield from g.may(p, "Messenger: put your deck into your discard pile?",
                                          "put deck into discard pile", "keep deck",
                                          card="Messenger")):
        yield from g.deck_to_discard(p)


MESSENGER_GIFT = "gain a card costing up to $4; each other player gains a copy"


def _messenger_gift(g, p):
    """Gain a card costing up to $4, and each other player gains a copy of it."""
    name = yield from g.choose_and_gain(p, "Messenger: gain a card costing up to $4; each "
                                        "other player gains a copy", up_to=4, card="Messenger")
    if name is None:
        return
    for q in g.others(p):
        yield from g.gain(q, name)


def _first_buy_2015(g, p, me, event) -> bool:
    """2015: when this is your first buy in a turn (cards and Events both count)."""
    return g.ruleset == "2015" and len(g.state.turn.bought) == 1


def _first_gain_in_buy_phase(g, p, me, event) -> bool:
    """Current: when this is the first card you gain in your Buy phase."""
    return g.ruleset == "current" and event["nth_in_buy_phase"] == 1


@when_bought("Messenger", MESSENGER_GIFT, _first_buy_2015)
def messenger_bought(g, p, me, event):
    yield from _messenger_gift(g, p)


@when_gained("Messenger", MESSENGER_GIFT, _first_gain_in_buy_phase)
def messenger_gained(g, p, me, event):
    yield from _messenger_gift(g, p)


@on_play("Port")
def port(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 2)


@when_bought("Port", "gain another Port", lambda g, p, me, event: g.ruleset == "2015")
def port_bought(g, p, me, event):
    """2015: when you buy this, gain another Port."""
    yield from g.gain(p, "Port")


def _not_gained_by_port(g, p, me, event) -> bool:
    """Current: the other Port gained doesn't come with another."""
    return g.ruleset == "current" and event["by"] != "Port"


@when_gained("Port", "gain another Port", _not_gained_by_port)
def port_gained(g, p, me, event):
    """Current: when you gain this, gain another Port."""
    yield from g.gain(p, "Port", by="Port")


@on_play("Ranger")
def ranger(g, p, me):
    g.plus_buys(p, 1)
    if g.turn_journey(p):
        yield from g.draw(p, 5)


@on_play("Raze")
def raze(g, p, me):
    """Either choice may be made even when it trashes nothing: "this" after a first play
    trashed Raze (Throne Room, Disciple), "a card from your hand" with an empty hand; then no
    card is looked at (wiki: Raze, other rules clarifications)."""
    g.plus_actions(p, 1)
    options = [Option("trash Raze (this)", me)]
    seen = set()
    for c in p.hand.cards:
        if c.name not in seen:
            seen.add(c.name)
            options.append(Option(f"trash {c.name}", c))
    if not p.hand.cards:
        options.append(Option("trash a card from your hand", None))
    card = yield from g.choose(p, "Raze: trash this or a card from your hand", options,
                               card="Raze")
    if card is None:
        g.note(p, "trashes nothing", note="no card in hand: Raze looks at no cards",
               rule="choice.do-what-you-can")
        return
    if card is me and me.zone is not p.play:
        g.note(p, "cannot trash", (me.name,), note=f"it is no longer in play but {me.zone.at}: "
               "Raze looks at no cards", rule="card.identity")
        return
    cost = g.cost(card).coins  # one card per $1: a Potion or Debt in the cost counts for none
    g.trash(p, [card])
    seen_cards = (yield from g.look(p, cost)) if cost else []
    if not seen_cards:
        return
    keep = yield from g.pick_card(p, seen_cards, "put into hand", "Raze: put one into your hand "
                                  "and discard the rest", card="Raze")
    g.to_hand(p, [keep], rule="look")
    g.discard(p, [c for c in seen_cards if c is not keep])


treasure("Relic", 2)


@on_play("Relic")
def relic(g, p, me):
    for q in g.victims(p):
        g.minus_card_token(q)


@on_play("Storyteller")
def storyteller(g, p, me):
    g.plus_actions(p, 1)
    if g.ruleset == "2015":
        g.plus_coins(p, 1)
    treasures = [c for c in p.hand.cards if c.d.is_treasure]
    chosen = yield from g.pick_cards(p, treasures, "play", "Storyteller: play up to 3 Treasures "
                                     "from your hand", hi=3, card="Storyteller")
    for c in chosen:
        if c.zone is p.hand:
            yield from g.play(p, c, rule="play.treasure")
    if g.ruleset == "current":
        yield from g.draw(p, 1)
    paid = g.state.turn.coins
    g.state.turn.coins = 0
    g.note(p, f"pays ${paid}", note="Storyteller", rule="coins")
    yield from g.draw(p, paid)


treasure("Treasure Trove", 2)


@on_play("Treasure Trove")
def treasure_trove(g, p, me):
    yield from g.gain(p, "Gold")
    yield from g.gain(p, "Copper")
