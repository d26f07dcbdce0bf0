"""Adventures Events. Buying one is not buying a card: the engine pays, uses a Buy and closes
Treasures (rules ``event``, ``event.not-a-card``); these functions are the Events' effects."""

from __future__ import annotations

from dataclasses import replace

from dominion_tavern.rulebook.carddata import CARDS, inheritable
from dominion_tavern.rulebook.cards.adventures_reserve import move_token, put_token
from dominion_tavern.rulebook.engine.decisions import Option
from dominion_tavern.rulebook.engine.registry import lasting, on_play
from dominion_tavern.rulebook.engine.turn import previous_turn_theirs, with_text


@on_play("Alms")
def alms(g, p, _):
    if any(c.d.is_treasure for c in p.play.cards):  # in play, not on the Tavern mat
        g.note(p, "gains nothing from Alms", note="they have a Treasure in play", rule="event")
        return
    yield from g.choose_and_gain(p, "Alms: gain a card costing up to $4", up_to=4, card="Alms")


@on_play("Ball")
def ball(g, p, _):
    g.minus_coin_token(p)
    for _n in range(2):
        yield from g.choose_and_gain(p, "Ball: gain a card costing up to $4", up_to=4,
                                     card="Ball")


@on_play("Bonfire")
def bonfire(g, p, _):
    coppers_only = g.ruleset == "current"
    cards = [c for c in p.play.cards if c.name == "Copper" or not coppers_only]
    what = "Coppers" if coppers_only else "cards"
    chosen = yield from g.pick_cards(p, cards, "trash", f"Bonfire: trash up to 2 {what} you "
                                     "have in play", hi=2, card="Bonfire")
    g.trash(p, chosen)  # the $ they made this turn stays


@on_play("Borrow")
def borrow(g, p, _):
    g.plus_buys(p, 1)
    if not p.minus_card:
        g.minus_card_token(p)
        g.plus_coins(p, 1)


@on_play("Expedition")
def expedition(g, p, _):
    g.state.turn.draw_bonus += 2
    g.note(p, "will draw 2 extra cards for their next hand", rule="turn.cleanup.draw")


@on_play("Ferry")
def ferry(g, p, _):
    yield from move_token(g, p, "-$2 cost", "Ferry", rule="token.cost")


@on_play("Lost Arts")
def lost_arts(g, p, _):
    yield from move_token(g, p, "+1 Action", "Lost Arts", rule="token.pile-bonus")


@on_play("Pathfinding")
def pathfinding(g, p, _):
    yield from move_token(g, p, "+1 Card", "Pathfinding", rule="token.pile-bonus")


@on_play("Training")
def training(g, p, _):
    yield from move_token(g, p, "+$1", "Training", rule="token.pile-bonus")


@on_play("Plan")
def plan(g, p, _):
    yield from move_token(g, p, "Trashing", "Plan", rule="token.trashing")


@on_play("Mission")
def mission(g, p, _):
    """Mission's text in this game decides: 2015, nothing if the previous turn was the
    player's; 2023, no 3rd turn in a row (checked by the engine: rule ``turn.extra``)."""
    s = g.state
    if s.says("Mission", "previous-turn-not-yours") and previous_turn_theirs(s, p.index):
        g.note(p, "takes no extra turn", rule="turn.extra",
               note=with_text("the previous turn was theirs", s.text_named("Mission")))
        return
    g.set_up_extra_turn(p, "Mission", ", in which they can't buy cards")


@on_play("Pilgrimage")
def pilgrimage(g, p, _):
    if not g.turn_journey(p):
        return
    distinct = []
    for c in p.play.cards:  # in play only: not the Tavern mat (rule reserve.tavern-mat)
        if c.name not in [d.name for d in distinct]:
            distinct.append(c)
    chosen = yield from g.pick_cards(p, distinct, "gain a copy of", "Pilgrimage: choose up to "
                                     "3 differently named cards you have in play", hi=3,
                                     card="Pilgrimage")
    for c in chosen:
        yield from g.gain_copy(p, c.name)


@on_play("Quest")
def quest(g, p, _):
    choice = yield from g.choose(p, "Quest: you may discard an Attack, two Curses, or six cards",
                                 [Option("discard an Attack", "attack"),
                                  Option("discard two Curses", "curses"),
                                  Option("discard six cards", "six"),
                                  Option("discard nothing", None)], card="Quest",
                                 optional=True)
    hand = p.hand.cards
    if choice == "attack":
        card = yield from g.pick_card(p, [c for c in hand if c.d.is_attack], "discard",
                                      "Quest: discard an Attack", card="Quest")
        done, wanted, what = ([card] if card else []), 1, "an Attack"
    elif choice == "curses":
        done, wanted, what = [c for c in hand if c.name == "Curse"][:2], 2, "two Curses"
    elif choice == "six":
        n = min(6, len(hand))
        done = yield from g.pick_cards(p, hand, "discard", "Quest: discard six cards", lo=n,
                                       hi=n, card="Quest")
        wanted, what = 6, "six cards"
    else:
        return
    g.discard(p, done)
    if len(done) == wanted:
        yield from g.gain(p, "Gold")
    else:
        g.note(p, "gains no Gold", note=f"Quest wanted {what}; they discarded "
               f"{len(done) or 'nothing'}", rule="choice.do-what-you-can")


@on_play("Raid")
def raid(g, p, _):
    for _n in range(sum(1 for c in p.play.cards if c.name == "Silver")):
        yield from g.gain(p, "Silver")
    for q in g.others(p):  # not an Attack: no one may react (ruling raid.*)
        g.minus_card_token(q)


@on_play("Save")
def save(g, p, _):
    g.plus_buys(p, 1)
    card = yield from g.pick_card(p, p.hand.cards, "set aside", "Save: set aside a card from "
                                  "your hand", card="Save", private=True)
    if card:
        g.set_aside(p, [card], face_down=True)  # face down: Save FAQ (2015)
        g.add_lasting(p, "Save", "end-of-turn", "turn-end", card=card)


@lasting("Save", "end-of-turn")
def save_return(g, owner, effect, p, event):
    """Put it into your hand at end of turn (after drawing)."""
    card = effect.card
    if p is not owner or card.zone is not owner.aside:
        return None
    return g.trigger(owner, f"Save: put {card.name} into your hand",
                     lambda: g.to_hand(owner, [card], rule="turn.end", private=True),
                     key=effect)


@on_play("Scouting Party")
def scouting_party(g, p, _):
    g.plus_buys(p, 1)
    seen = yield from g.look(p, 5)  # looking, not drawing: the -1 Card token stays
    n = min(3, len(seen))
    discarded = yield from g.pick_cards(p, seen, "discard", "Scouting Party: discard 3 of them",
                                        lo=n, hi=n, card="Scouting Party")
    g.discard(p, discarded)
    rest = [c for c in seen if c not in discarded]
    if len(rest) > 1:
        rest = yield from g.pick_cards(p, rest, "put back", "Scouting Party: put the rest back "
                                       "onto your deck in any order (name the top card first)",
                                       lo=len(rest), ordered=True, card="Scouting Party")
        g.put_on_deck(p, rest)


@on_play("Seaway")
def seaway(g, p, _):
    name = yield from g.choose_and_gain(p, "Seaway: gain an Action card costing up to $4",
                                        up_to=4, where=g.action_now, card="Seaway")
    if name is None:
        return  # no card to gain: the token does not move (ruling seaway.*)
    put_token(g, p, "+1 Buy", name, rule="token.pile-bonus")


@on_play("Trade")
def trade(g, p, _):
    cards = yield from g.pick_cards(p, p.hand.cards, "trash", "Trade: trash up to 2 cards from "
                                    "your hand", hi=2, card="Trade")
    g.trash(p, cards)
    for _n in cards:
        yield from g.gain(p, "Silver")


@on_play("Travelling Fair")
def travelling_fair(g, p, _):
    g.plus_buys(p, 2)
    g.add_lasting(p, "Travelling Fair", "gain", "turn-end")


@lasting("Travelling Fair", "gain")
def travelling_fair_topdeck(g, owner, effect, p, event):
    """When you gain a card this turn, you may put it onto your deck (each gain: optional)."""
    card = event["card"]
    if p is not owner or (card.zone is not owner.discard and card.zone is not owner.hand):
        return None  # already on the deck, or moved since it was gained (rule card.identity)
    return g.trigger(owner, f"Travelling Fair: put {card.name} onto your deck",
                     lambda: g.put_on_deck(owner, [card], rule="gain"), optional=True,
                     key=(effect, card.uid))


# -- Inheritance and the Estate token ------------------------------------------------------------
def _inheritable(g):
    return lambda d: inheritable(d, g.ruleset)


def estate_token_problem(name: str, ruleset: str) -> str | None:
    """Why the Estate token cannot sit on ``name`` under ``ruleset`` (a position's
    ``estate_token``), or None: the current text sets aside only a "non-Command non-Duration
    Action card" (ruling ``inheritance.no-duration-current``)."""
    if ruleset == "current" and CARDS[name].is_duration:
        return (f"{name} is a Duration card: under the current rules Inheritance sets aside "
                "only a \"non-Command non-Duration Action card\" (its latest text; ruling "
                "inheritance.no-duration-current); put the token on a non-Duration Action card, "
                "or use ruleset 2015, whose text allowed Durations")
    return None


@on_play("Inheritance")
def inheritance(g, p, _):
    name = yield from g.choose_gain(p, "Inheritance: set aside an Action card from the Supply "
                                    "costing up to $4", up_to=4, where=_inheritable(g),
                                    card="Inheritance", rule="token.estate", verb="set aside")
    if name is None:
        return
    card = g.state.supply[name].cards[-1]
    g.set_aside(p, [card], rule="token.estate")  # set aside, not gained
    give_estate_token(g.state, p, card)
    g.note(p, "moves their Estate token onto the set-aside", (card.name,), rule="token.estate")


def give_estate_token(state, p, card) -> None:
    """From now on p's Estates are what rule ``token.estate`` says under the ruleset."""
    p.estate_token = card
    base = CARDS["Estate"]
    if state.ruleset == "2015":  # Estates gain the abilities and types of that card,
        types = (*(t for t in card.d.types if t != "Victory"), "Victory")
        abilities = card.name
        upgrade = card.d.upgrade  # a Traveller's exchange is one of them (Estate goes back)
    else:  # Estates are also Command Actions: "Play the card with your Estate token"
        types = ("Action", "Command", "Victory")
        abilities = INHERITED_ESTATE
        upgrade = None
    p.estate_def = replace(base, types=types, abilities=abilities, upgrade=upgrade)
    for c in p.owned():
        if c.name == "Estate":
            c.d = p.estate_def


INHERITED_ESTATE = "Estate with the Estate token"


@on_play(INHERITED_ESTATE)
def inherited_estate(g, p, me):
    """Current: play the card with your Estate token, leaving it there."""
    card = p.estate_token
    if card is not None:
        yield from g.play(p, card, by=me, again=True, rule="token.estate")
