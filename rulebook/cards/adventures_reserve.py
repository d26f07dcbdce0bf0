"""Adventures: the Reserve cards (and Miser, which also uses the Tavern mat).

Playing one does its text above the line, which puts it on the Tavern mat; calling it moves
it into play and does only its text below the line (rules ``reserve``, ``reserve.call``).
"""

from __future__ import annotations

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.decisions import Closed, Option
from dominion_tavern.rulebook.engine.registry import on_play, treasure, when_called, worth
from dominion_tavern.rulebook.engine.state import PILE_TOKENS

# -- Coin of the Realm ------------------------------------------------------------------------
treasure("Coin of the Realm", 1)


@on_play("Coin of the Realm")
def coin_of_the_realm(g, p, me):
    g.to_mat(p, me)  # its $1 is its Treasure value, given as it is played


@when_called("Coin of the Realm", "after-action")
def coin_of_the_realm_call(g, p, me, action):
    g.plus_actions(p, 2, rule="reserve.after-action")


# -- Distant Lands -----------------------------------------------------------------------------
@on_play("Distant Lands")
def distant_lands(g, p, me):
    g.to_mat(p, me)


@worth("Distant Lands")
def distant_lands_vp(g, p, me) -> int:
    """Worth 4 VP if on your Tavern mat at the end of the game (otherwise 0)."""
    return 4 if me.zone is p.mat else 0


# -- Duplicate ---------------------------------------------------------------------------------
@on_play("Duplicate")
def duplicate(g, p, me):
    g.to_mat(p, me)


def _costs_over_six(g, p, me, gained) -> str | None:
    """When you gain a card costing up to $6 (its cost now, rule ``card.cost``)."""
    cost = g.cost(gained)
    if cost.at_most(6):
        return None
    return f"{gained.name} costs {cost}, " + ("more than $6" if cost.coins > 6 or cost.plain
                                              else "not up to $6: only $ counts")


@when_called("Duplicate", "on-gain", _costs_over_six)
def duplicate_call(g, p, me, gained):
    """Gain a copy of that card: from the Supply only (rule ``gain.supply-only``)."""
    yield from g.gain_copy(p, gained.name, rule="reserve.on-gain")


# -- Guide -------------------------------------------------------------------------------------
@on_play("Guide")
def guide(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.to_mat(p, me)


@when_called("Guide", "start-of-turn")
def guide_call(g, p, me, event):
    g.discard(p, list(p.hand.cards))
    yield from g.draw(p, 5)


# -- Miser -------------------------------------------------------------------------------------
@on_play("Miser")
def miser(g, p, me):
    mat = sum(c.name == "Copper" for c in p.mat.cards)
    choice = yield from g.choose(p, f"Miser: choose one ({mat} Copper on your Tavern mat: "
                                 f"+${mat})", [
        Option("put a Copper from your hand onto your Tavern mat", "copper"),
        Option("+$1 per Copper on your Tavern mat", "coins")], card="Miser")
    if choice == "coins":
        g.plus_coins(p, mat)
        return
    copper = next((c for c in p.hand.cards if c.name == "Copper"), None)
    if copper is None:
        g.note(p, "puts no Copper on their Tavern mat", note="no Copper in hand",
               rule="choice.do-what-you-can")
    else:
        g.to_mat(p, copper, expect=p.hand)


# -- Ratcatcher --------------------------------------------------------------------------------
@on_play("Ratcatcher")
def ratcatcher(g, p, me):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)
    g.to_mat(p, me)


@when_called("Ratcatcher", "start-of-turn")
def ratcatcher_call(g, p, me, event):
    card = yield from g.pick_card(p, p.hand.cards, "trash", "Ratcatcher: trash a card from "
                                  "your hand", card="Ratcatcher")
    if card:
        g.trash(p, [card])


# -- Royal Carriage ----------------------------------------------------------------------------
@on_play("Royal Carriage")
def royal_carriage(g, p, me):
    g.plus_actions(p, 1)
    g.to_mat(p, me)


def _left_play(g, p, me, action) -> str | None:
    """Only if that Action card is still in play (not trashed, not on the Tavern mat); a card
    played where it lies set aside (Inheritance's, current rules) was never in play."""
    if action.zone is p.play:
        return None
    if action.zone.kind == "aside":
        return (f"the {action.name} just played is set aside, never in play; a called Royal "
                "Carriage replays only a card still in play")
    return (f"the {action.name} just played is no longer in play but {action.zone.at}; a "
            "called Royal Carriage replays only a card still in play")


@when_called("Royal Carriage", "after-action", _left_play)
def royal_carriage_call(g, p, me, action):
    """Replay that very card (rule ``play.replay``)."""
    yield from g.play(p, action, by=me, again=True, rule="play.replay")


# -- Transmogrify ------------------------------------------------------------------------------
@on_play("Transmogrify")
def transmogrify(g, p, me):
    g.plus_actions(p, 1)
    g.to_mat(p, me)


@when_called("Transmogrify", "start-of-turn")
def transmogrify_call(g, p, me, event):
    card = yield from g.pick_card(p, p.hand.cards, "trash", "Transmogrify: trash a card from "
                                  "your hand", card="Transmogrify")
    if card is None:
        return
    g.trash(p, [card])
    up_to = g.cost(card) + 1
    name = yield from g.choose_gain(p, f"Transmogrify: gain a card costing up to $1 more than "
                                    f"{card.name} ({up_to})", up_to=up_to, card="Transmogrify")
    if name is None:
        return
    if g.ruleset == "2015":  # gain it, then put it into your hand
        gained = yield from g.gain(p, name)
        if gained is not None and gained.zone is p.discard:
            g.to_hand(p, [gained], rule="reserve.call")
    else:  # current: gain it to your hand
        yield from g.gain(p, name, to="hand")


# -- Wine Merchant -----------------------------------------------------------------------------
@on_play("Wine Merchant")
def wine_merchant(g, p, me):
    g.plus_buys(p, 1)
    g.plus_coins(p, 4)
    g.to_mat(p, me)


def _under_two_unspent(g, p, me, event) -> str | None:
    """At least $2 unspent: one threshold for all of them (ruling wine-merchant.*)."""
    coins = g.state.turn.coins
    return None if coins >= 2 else f"${coins} unspent, less than $2"


@when_called("Wine Merchant", "end-of-buy", _under_two_unspent)
def wine_merchant_discard(g, p, me, event):
    """You may discard this from your Tavern mat (it is not called into play)."""
    g.discard(p, [me], rule="reserve.end-of-buy")


# -- Teacher -----------------------------------------------------------------------------------
@on_play("Teacher")
def teacher(g, p, me):
    g.to_mat(p, me)


TEACHER_TOKENS = PILE_TOKENS[:4]  # +1 Card, +1 Action, +1 Buy, +$1


@when_called("Teacher", "start-of-turn")
def teacher_call(g, p, me, event):
    """Move a bonus token to an Action Supply pile you have no tokens on."""
    token = yield from g.choose(p, "Teacher: which of your tokens to move?",
                                [Option(f"move {t} token", t) for t in TEACHER_TOKENS],
                                card="Teacher")
    yield from move_token(g, p, token, "Teacher", rule="token.pile-bonus",
                          refuse=lambda name: f"{name} holds one of {p.name}'s tokens already"
                          if name in p.tokens.values() else None)


def move_token(g, p, token: str, source: str, rule: str, refuse=lambda name: None):
    """Move p's ``token`` to an Action Supply pile that ``refuse`` does not turn away (it
    says why, or None) (rule ``token.one-each``: it leaves its old pile). Shared by Teacher
    and the token Events; a refused pile's reason is said if that pile is answered."""
    why = {name: f"{name} is not an Action Supply pile" if not _action_pile(name)
           else refuse(name) for name in g.state.supply}
    piles = [name for name in g.state.supply if why[name] is None]
    verb = f"put {token} token on"

    def explained():
        return [Closed(f"{verb} {name}", rule, reason) for name, reason in why.items() if reason]
    name = yield from g.pick_pile(p, piles, verb, f"{source}: move your {token} token to an "
                                  "Action Supply pile", card=source, explained=explained)
    if name is None:
        g.note(p, f"cannot move their {token} token", note="no pile qualifies", rule=rule)
        return
    put_token(g, p, token, name, rule)


def put_token(g, p, token: str, name: str, rule: str) -> None:
    """p's ``token`` goes onto the pile ``name``, leaving wherever it was (``token.one-each``)."""
    p.tokens[token] = name
    g.note(p, f"moves their {token} token to the", (name,), "pile", rule=rule)


def _action_pile(name: str) -> bool:
    return CARDS[name].is_action
