"""Costs: one function for every cost in the game, so cost changers live in one place.

A card's cost is its printed cost changed by everything in force now: abilities of cards in
the turn player's play area (Bridge Troll, 2015), lasting effects of the turn player's
(Bridge Troll, current), and the turn player's -$2 cost token (Ferry); never below $0
(rules ``card.cost``, ``card.cost.reduce``, ``token.cost``). A cost is a :class:`Cost`: these
changes move its $ only, never a Potion or Debt in it (rules ``cost.potion``, ``cost.debt``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.carddata import CARDS, CardDef, Cost
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS, ability
from dominion_tavern.rulebook.engine.state import Card

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game


class Costs:
    def cost(self: Game, card: Card | CardDef | str) -> Cost:
        d = CARDS[card] if isinstance(card, str) else card.d if isinstance(card, Card) else card
        now = self.costs_now()
        return d.cost if now is None else now(d)

    def costs_now(self: Game) -> Callable[[CardDef], Cost] | None:
        """The cost of a card as things stand now, as a function of its definition, or None
        when every card costs what it says: for pricing many cards at once (a Buy phase's
        list) with the changes worked out once."""
        changes = self.cost_changes()
        if changes is None:
            return None
        return lambda d: d.cost + changes(d)

    def cost_changes(self: Game):
        """The function giving the $ that what is in force now adds to a printed cost, or None when
        nothing changes costs (the common case, checked once per list of costs)."""
        owner = self.state.turn.player
        token = owner.tokens["-$2 cost"]
        if token is None and not self.state.lasting and \
                "cost" not in self.state.abilities_in_game:
            return None  # the common case: no card of this game changes costs
        changers = cost_changers()
        static = [(c, ability(c).cost_change) for c in owner.play.cards
                  if c.d.abilities in changers]
        lasting = [e for e in self.state.lasting
                   if e.window == "cost" and e.owner == owner.index]
        if not static and not lasting and token is None:
            return None

        def changes(d: CardDef) -> int:
            delta = sum(change(self, c, d) for c, change in static)
            delta += sum(BEHAVIOURS[e.source].lasting["cost"](self, e, d) for e in lasting)
            return delta - 2 if token == d.name else delta
        return changes


@cache
def cost_changers() -> frozenset[str]:
    """Names of the behaviours that change costs while in play."""
    return frozenset(name for name, b in BEHAVIOURS.items() if b.cost_change is not None)
