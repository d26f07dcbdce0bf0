"""Promotional cards: Black Market, whose buys happen outside the Buy phase, and Captain, a
Duration Command card."""

from __future__ import annotations

from dominion_tavern.rulebook.cards.dark_ages import play_from_supply
from dominion_tavern.rulebook.engine.registry import at_next_turn, on_play
from dominion_tavern.rulebook.engine.state import move


@on_play("Black Market")
def black_market(g, p, me):
    g.plus_coins(p, 2)
    deck = g.state.black_market
    revealed = deck.cards[-3:][::-1] if deck is not None else []  # top card first
    if not revealed:
        g.note(p, "reveals nothing", note="the Black Market deck is empty",
               rule="buy.black-market")
        return
    g.reveal(p, revealed, "from the Black Market deck", rule="buy.black-market")
    bought = yield from g.buy_one_of(p, revealed, "Black Market")
    rest = [c for c in revealed if c is not bought]
    if len(rest) > 1:
        rest = yield from g.pick_cards(p, rest, "put on the bottom", "Black Market: put the "
                                       "unbought cards on the bottom of the Black Market deck "
                                       "in any order (name the top card first)",
                                       lo=len(rest), ordered=True, card="Black Market")
    for c in rest:  # each under the ones before it
        move(c, deck, top=False)
    if rest:
        g.note(p, "puts", tuple(c.name for c in rest), "on the bottom of the Black Market "
               "deck", note="top card first", rule="buy.black-market")


@on_play("Captain")
def captain(g, p, me):
    """Now and at the start of your next turn: play a non-Duration non-Command Action card
    from the Supply costing up to $4, leaving it there."""
    yield from _captain_play(g, p, me)
    g.schedule(p, me)


@at_next_turn("Captain")
def captain_next(g, p, me, data):
    yield from _captain_play(g, p, me)


def _captain_play(g, p, me):
    yield from play_from_supply(
        g, p, me, "a non-Duration non-Command Action card from the Supply costing up to $4",
        lambda d, cost: cost.at_most(4) and not d.is_duration and "Command" not in d.types,
        as_that_card=False)
