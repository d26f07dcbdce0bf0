"""Dominion (2nd edition): the 26 Kingdom cards. Each function reads like its card."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import lasting, on_play, reacts_to_attack, worth


@on_play("Artisan")
def artisan(g, p, me):
    yield from g.choose_and_gain(p, "Artisan: gain a card to your hand costing up to $5",
                                 up_to=5, card="Artisan", to="hand")
    card = yield from g.pick_card(p, p.hand.cards, "topdeck",
                                  "Artisan: put a card from your hand onto your deck",
                                  card="Artisan")
    if card:
        g.put_on_deck(p, [card])


@on_play("Bandit")
def bandit(g, p, me):
    yield from g.gain(p, "Gold")
    for q in g.victims(p):
        revealed = yield from g.peek(q, 2, "reveal")
        g.reveal(q, revealed, "from the top of their deck")
        good = [c for c in revealed if c.d.is_treasure and c.name != "Copper"]
        victim = yield from g.pick_card(q, good, "trash", f"{p.name}'s Bandit: trash a revealed "
                                        "Treasure other than Copper", card="Bandit")
        if victim:
            g.trash(q, [victim])
        g.discard(q, [c for c in revealed if c is not victim])


@on_play("Bureaucrat")
def bureaucrat(g, p, me):
    yield from g.gain(p, "Silver", to="deck")
    for q in g.victims(p):
        victory = [c for c in q.hand.cards if c.d.is_victory]
        if not victory:
            if q.hand.cards:
                g.note(q, "reveals their hand:", tuple(q.hand.names()), note="no Victory cards",
                       rule="reveal")
            else:
                g.note(q, "reveals an empty hand", note="no Victory cards", rule="reveal")
            continue
        card = yield from g.pick_card(q, victory, "topdeck", f"{p.name}'s Bureaucrat: reveal a "
                                      "Victory card from your hand and put it onto your deck",
                                      card="Bureaucrat")
        g.reveal(q, [card], "from hand")
        g.put_on_deck(q, [card])


@on_play("Cellar")
def cellar(g, p, me):
    g.plus_actions(p, 1)
    cards = yield from g.pick_cards(p, p.hand.cards, "discard", "Cellar: discard any number of "
                                    "cards", card="Cellar")
    g.discard(p, cards)
    yield from g.draw(p, len(cards))


@on_play("Chapel")
def chapel(g, p, me):
    cards = yield from g.pick_cards(p, p.hand.cards, "trash", "Chapel: trash up to 4 cards "
                                    "from your hand", hi=4, card="Chapel")
    g.trash(p, cards)


@on_play("Council Room")
def council_room(g, p, me):
    yield from g.draw(p, 4)
    g.plus_buys(p, 1)
    for q in g.others(p):
        yield from g.draw(q, 1)


@on_play("Festival")
def festival(g, p, me):
    g.plus_actions(p, 2)
    g.plus_buys(p, 1)
    g.plus_coins(p, 2)


@worth("Gardens")
def gardens(g, p, me) -> int:
    return len(p.owned()) // 10


@on_play("Harbinger")
def harbinger(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    card = yield from g.pick_card(p, p.discard.cards, "topdeck", "Harbinger: you may put a card "
                                  "from your discard pile onto your deck", optional=True,
                                  card="Harbinger")
    if card:
        g.put_on_deck(p, [card])


@on_play("Laboratory")
def laboratory(g, p, me):
    yield from g.draw(p, 2)
    g.plus_actions(p, 1)


@on_play("Library")
def library(g, p, me):
    skipped = []
    while len(p.hand.cards) < 7 and (p.deck.cards or p.discard.cards or p.minus_card):
        drawn = yield from g.draw(p, 1)
        if drawn and drawn[0].d.is_action:
            name = drawn[0].name
            keep = yield from g.may(p, f"Library: you drew {name}; keep it or set it aside?",
                                    f"keep {name}", f"set aside {name}", card="Library")
            if not keep:
                skipped += g.set_aside(p, drawn)
    g.discard(p, skipped)


@on_play("Market")
def market(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.plus_buys(p, 1)
    g.plus_coins(p, 1)


@on_play("Merchant")
def merchant(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    if "Silver" not in g.state.turn.played:
        g.add_lasting(p, "Merchant", "play", "turn-end", card=me)


@lasting("Merchant", "play")
def merchant_first_silver(g, owner, effect, p, event):
    """The first time you play a Silver this turn, +$1."""
    if p is not owner or event["card"].name != "Silver":
        return None

    def bonus():
        g.state.lasting.remove(effect)
        g.plus_coins(owner, 1)
    return g.trigger(owner, "Merchant: +$1", bonus, key=effect)


@on_play("Militia")
def militia(g, p, me):
    g.plus_coins(p, 2)
    for q in g.victims(p):
        yield from discard_down_to(g, p, q, 3, "Militia")


def discard_down_to(g, p, q, n: int, card: str):
    """``p``'s ``card`` makes ``q`` discard down to ``n`` cards in hand."""
    excess = len(q.hand.cards) - n
    if excess > 0:
        cards = yield from g.pick_cards(q, q.hand.cards, "discard", f"{p.name}'s {card}: discard "
                                        f"down to {n} cards", lo=excess, hi=excess, card=card)
        g.discard(q, cards)


@on_play("Mine")
def mine(g, p, me):
    card = yield from g.pick_card(p, [c for c in p.hand.cards if c.d.is_treasure], "trash",
                                  "Mine: you may trash a Treasure from your hand", optional=True,
                                  card="Mine")
    if card:
        g.trash(p, [card])
        up_to = g.cost(card) + 3
        yield from g.choose_and_gain(p, f"Mine: gain a Treasure to your hand costing up to $3 "
                                     f"more than {card.name} ({up_to})", up_to=up_to,
                                     where=lambda d: d.is_treasure, card="Mine", to="hand")


@on_play("Moat")
def moat(g, p, me):
    yield from g.draw(p, 2)


@reacts_to_attack("Moat")
def moat_reveal(g, p, me, attack):
    g.reveal(p, [me], "from hand", rule="attack.reaction")
    attack.unaffected.add(p.index)
    g.note(p, "is unaffected by", (attack.card.name,), note="they revealed Moat",
           rule="attack.unaffected")


@on_play("Moneylender")
def moneylender(g, p, me):
    copper = next((c for c in p.hand.cards if c.name == "Copper"), None)
    if copper and (yield from g.may(p, "Moneylender: you may trash a Copper from your hand for "
                                    "+$3",
                                    "trash Copper", "don't trash", card="Moneylender")):
        g.trash(p, [copper])
        g.plus_coins(p, 3)


@on_play("Poacher")
def poacher(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.plus_coins(p, 1)
    empty = g.state.empty_supply_piles()
    n = min(empty, len(p.hand.cards))
    if n:
        cards = yield from g.pick_cards(p, p.hand.cards, "discard", f"Poacher: discard {empty} "
                                        "card(s), one per empty Supply pile", lo=n, hi=n,
                                        card="Poacher")
        g.discard(p, cards)


@on_play("Remodel")
def remodel(g, p, me):
    card = yield from g.pick_card(p, p.hand.cards, "trash", "Remodel: trash a card from your "
                                  "hand", card="Remodel")
    if card:
        g.trash(p, [card])
        up_to = g.cost(card) + 2
        yield from g.choose_and_gain(p, f"Remodel: gain a card costing up to $2 more than "
                                     f"{card.name} ({up_to})", up_to=up_to, card="Remodel")


@on_play("Sentry")
def sentry(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    seen = yield from g.look(p, 2)
    trashed = yield from g.pick_cards(p, seen, "trash", "Sentry: trash any number of the cards "
                                      "you looked at", card="Sentry")
    g.trash(p, trashed)
    rest = [c for c in seen if c not in trashed]
    discarded = yield from g.pick_cards(p, rest, "discard", "Sentry: discard any number of "
                                        "them", card="Sentry")
    g.discard(p, discarded)
    rest = [c for c in rest if c not in discarded]
    if len(rest) > 1:
        order = yield from g.pick_cards(p, rest, "put back", "Sentry: put the rest back onto "
                                        "your deck in any order (name the top card first)",
                                        lo=len(rest), ordered=True, card="Sentry")
        g.put_on_deck(p, order)


@on_play("Smithy")
def smithy(g, p, me):
    yield from g.draw(p, 3)


@on_play("Throne Room")
def throne_room(g, p, me):
    card = yield from g.pick_card(p, [c for c in p.hand.cards if c.d.is_action], "play",
                                  "Throne Room: you may play an Action card from your hand "
                                  "twice",
                                  optional=True, none_label="play nothing", card="Throne Room")
    if card:
        yield from g.play(p, card, by=me, rule="play.replay")
        yield from g.play(p, card, by=me, again=True, rule="play.replay")


@on_play("Vassal")
def vassal(g, p, me):
    g.plus_coins(p, 2)
    top = yield from g.peek(p, 1, "discard")
    if not top:
        return
    g.discard(p, top)
    card = top[0]
    if card.d.is_action and (yield from g.may(p, f"Vassal: play the discarded {card.name}?",
                                              f"play {card.name}", "don't play", card="Vassal")):
        yield from g.play(p, card, by=me, rule="play.action-use")  # played once, no Action


@on_play("Village")
def village(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 2)


@on_play("Witch")
def witch(g, p, me):
    yield from g.draw(p, 2)
    for q in g.victims(p):
        yield from g.gain(q, "Curse")


@on_play("Workshop")
def workshop(g, p, me):
    yield from g.choose_and_gain(p, "Workshop: gain a card costing up to $4", up_to=4,
                                 card="Workshop")

