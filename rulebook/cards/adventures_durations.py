"""Adventures: the Duration cards. Each play sets up its next-turn part with ``g.schedule``;
the engine keeps the card (and whatever played it more than once) in play while it has
something left to do (rules ``duration.stays-in-play``, ``duration.multi-play``)."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.decisions import Option
from dominion_tavern.rulebook.engine.registry import (
    at_next_turn,
    changes_cost,
    lasting,
    on_play,
    reacts_to_attack,
    resume_lasting,
    resume_pending,
    resumes,
)


# -- Amulet ------------------------------------------------------------------------------------
@on_play("Amulet")
def amulet(g, p, me):
    yield from amulet_choice(g, p)
    g.schedule(p, me)


@at_next_turn("Amulet")
def amulet_next(g, p, me, data):
    yield from amulet_choice(g, p)


def amulet_choice(g, p):
    """Choose one: +$1; or trash a card from your hand; or gain a Silver."""
    choice = yield from g.choose(p, "Amulet: choose one", [
        Option("+$1", "coin"), Option("trash a card from your hand", "trash"),
        Option("gain a Silver", "silver")], card="Amulet")
    if choice == "coin":
        g.plus_coins(p, 1)
    elif choice == "trash":
        card = yield from g.pick_card(p, p.hand.cards, "trash", "Amulet: trash a card from your "
                                      "hand", card="Amulet")
        if card:
            g.trash(p, [card])
    else:
        yield from g.gain(p, "Silver")


# -- Bridge Troll ------------------------------------------------------------------------------
@on_play("Bridge Troll")
def bridge_troll(g, p, me):
    for q in g.victims(p):
        g.minus_coin_token(q)
    if g.ruleset == "current":  # "On this turn and your next turn, cards cost $1 less."
        g.add_lasting(p, "Bridge Troll", "cost", "owner-next-turn-end", card=me)
    g.plus_buys(p, 1)
    g.schedule(p, me)


@at_next_turn("Bridge Troll")
def bridge_troll_next(g, p, me, data):
    g.plus_buys(p, 1)


@lasting("Bridge Troll", "cost")
def bridge_troll_cost(g, effect, d) -> int:
    """Current text: the reduction lasts this turn and the next, wherever the card is."""
    return -1


@changes_cost("Bridge Troll")
def bridge_troll_in_play(g, me, d) -> int:
    """2015 text: "While this is in play, cards cost $1 less on your turn"."""
    return -1 if g.ruleset == "2015" else 0


# -- Caravan Guard -----------------------------------------------------------------------------
@on_play("Caravan Guard")
def caravan_guard(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.schedule(p, me)


@at_next_turn("Caravan Guard")
def caravan_guard_next(g, p, me, data):
    g.plus_coins(p, 1)


@reacts_to_attack("Caravan Guard", verb="play")
def caravan_guard_reaction(g, p, me, attack):
    """When another player plays an Attack card, you may play this from your hand."""
    yield from g.play(p, me, rule="attack.reaction")


# -- Dungeon -----------------------------------------------------------------------------------
@on_play("Dungeon")
def dungeon(g, p, me):
    g.plus_actions(p, 1)
    yield from dungeon_sift(g, p)
    g.schedule(p, me)


@at_next_turn("Dungeon")
def dungeon_next(g, p, me, data):
    yield from dungeon_sift(g, p)


def dungeon_sift(g, p):
    """+2 Cards, then discard 2 cards."""
    yield from g.draw(p, 2)
    n = min(2, len(p.hand.cards))
    cards = yield from g.pick_cards(p, p.hand.cards, "discard", "Dungeon: discard 2 cards",
                                    lo=n, hi=n, card="Dungeon")
    g.discard(p, cards)


# -- Gear --------------------------------------------------------------------------------------
@on_play("Gear")
def gear(g, p, me):
    yield from g.draw(p, 2)
    cards = yield from g.pick_cards(p, p.hand.cards, "set aside", "Gear: set aside up to 2 "
                                    "cards from your hand face down", hi=2, card="Gear",
                                    private=True)
    if cards:  # with nothing set aside, Gear has nothing left to do (ruling gear.*)
        g.set_aside(p, cards, face_down=True)
        g.schedule(p, me, data=cards)


@at_next_turn("Gear")
def gear_next(g, p, me, cards):
    g.to_hand(p, [c for c in cards if c.zone is p.aside], rule="duration.start-of-turn",
              private=True)


# -- Haunted Woods and Swamp Hag: effects until the owner's next turn ---------------------------
def _until_next_turn_attack(g, p, me, name: str) -> None:
    victims = [q.index for q in g.victims(p)]
    window = "buy" if g.ruleset == "2015" else "gain"
    g.add_lasting(p, name, window, "owner-turn-start", card=me, data=victims)
    g.schedule(p, me)


def _bought_by_victim(g, effect, p, event, window: str) -> bool:
    """2015: "when any other player buys a card"; current: "gains a card they bought".
    An effect reacts only in the window its ruleset's text names (a 2015 effect listens to
    buying, not to the gain that follows)."""
    if effect.window != window or p.index not in effect.data:
        return False
    return window == "buy" or event.get("bought", False)


@on_play("Haunted Woods")
def haunted_woods(g, p, me):
    _until_next_turn_attack(g, p, me, "Haunted Woods")


@at_next_turn("Haunted Woods")
def haunted_woods_next(g, p, me, data):
    yield from g.draw(p, 3)


def haunted_woods_attack(g, owner, p):
    """He puts his hand onto his deck in any order (while buying: the card is the last one
    he bought, which the prompt names as the moment)."""
    cards = list(p.hand.cards)
    if len(cards) > 1:
        cards = yield from g.pick_cards(
            p, cards, "put onto deck", f"{owner.name}'s Haunted Woods (you bought "
            f"{g.state.turn.bought[-1]}): put your hand onto your deck in any order (name the "
            "top card first)", lo=len(cards), ordered=True, card="Haunted Woods")
    g.put_on_deck(p, cards, rule="attack")


@on_play("Swamp Hag")
def swamp_hag(g, p, me):
    _until_next_turn_attack(g, p, me, "Swamp Hag")


@at_next_turn("Swamp Hag")
def swamp_hag_next(g, p, me, data):
    g.plus_coins(p, 3)


def swamp_hag_attack(g, owner, p):
    """He gains a Curse."""
    yield from g.gain(p, "Curse", rule="attack")


def _attacks_buyers(name: str, what: str, attack) -> None:
    """Register ``name``'s "until your next turn" attack on the players it affects, in the
    window of each ruleset: buying a card (2015) or gaining a card bought (current)."""
    def maker_for(window: str):
        def maker(g, owner, effect, p, event):
            if not _bought_by_victim(g, effect, p, event, window):
                return None
            return g.trigger(p, f"{name}: {what}", attack, g, owner, p, key=effect)
        return maker
    for window in ("buy", "gain"):
        lasting(name, window)(maker_for(window))


_attacks_buyers("Haunted Woods", "put your hand onto your deck", haunted_woods_attack)
_attacks_buyers("Swamp Hag", "gain a Curse", swamp_hag_attack)


# -- Hireling and Champion: for the rest of the game --------------------------------------------
@on_play("Hireling")
def hireling(g, p, me):
    g.schedule(p, me, forever=True)


@at_next_turn("Hireling")
def hireling_each_turn(g, p, me, data):
    yield from g.draw(p, 1)


@on_play("Champion")
def champion(g, p, me):
    g.plus_actions(p, 1)
    g.add_lasting(p, "Champion", "shield", "game", card=me)
    g.add_lasting(p, "Champion", "play", "game", card=me)
    g.schedule(p, me, forever=True)  # nothing to do at turn start: it just stays in play


@lasting("Champion", "play")
def champion_action(g, owner, effect, p, event):
    """When you play an Action (card), +1 Action (current: you first get it)."""
    if p is not owner or not event["card"].d.is_action or g.state.turn.player is not owner:
        return None
    def bonus():
        played = event["card"].name
        g.note(owner, "gets +1 Action", note=f"Champion: they played an Action, {played}",
               rule="duration.rest-of-game")
        g.plus_actions(owner, 1, rule="duration.rest-of-game")
    return g.trigger(owner, "Champion: +1 Action", bonus, key=effect)


# -- rebuilding these cards' effects in a described position (a scenario) -----------------------
@resumes("Gear")
def gear_resume(state, p, card, entry) -> None:
    aside = entry.get("aside_cards", [])
    if aside:
        resume_pending(state, p, card, entry, data=aside)


@resumes("Hireling")
def hireling_resume(state, p, card, entry) -> None:
    resume_pending(state, p, card, entry, forever=True)


@resumes("Champion")
def champion_resume(state, p, card, entry) -> None:
    resume_pending(state, p, card, entry, forever=True)
    resume_lasting(state, p, card, entry, "Champion", "shield", "game")
    resume_lasting(state, p, card, entry, "Champion", "play", "game")


@resumes("Bridge Troll")
def bridge_troll_resume(state, p, card, entry) -> None:
    resume_pending(state, p, card, entry)
    if state.ruleset == "current":
        resume_lasting(state, p, card, entry, "Bridge Troll", "cost", "owner-next-turn-end")


def _attack_resume(name: str):
    def resume(state, p, card, entry) -> None:
        resume_pending(state, p, card, entry)
        spared = set(entry.get("unaffected", []))
        victims = [q.index for q in state.players if q is not p and q.name not in spared]
        window = "buy" if state.ruleset == "2015" else "gain"
        resume_lasting(state, p, card, entry, name, window, "owner-turn-start", victims)
    return resume


resumes("Haunted Woods")(_attack_resume("Haunted Woods"))
resumes("Swamp Hag")(_attack_resume("Swamp Hag"))
