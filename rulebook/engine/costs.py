"""Costs: one function for every cost in the game, so cost changers live in one place.

A card's cost is its printed cost changed by everything in force now: abilities of cards in
the turn player's play area (Bridge Troll, 2015), lasting effects of the turn player's
(Bridge Troll, current), and the turn player's -$2 cost token (Ferry); never below $0
(rules ``card.cost``, ``card.cost.reduce``, ``token.cost``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebook.carddata import CARDS, CardDef
from rulebook.cards.registry import BEHAVIOURS, ability
from rulebook.engine.state import Card

if TYPE_CHECKING:
    from rulebook.engine.game import Game


class Costs:
    def cost(self: Game, card: Card | CardDef | str) -> int:
        d = CARDS[card] if isinstance(card, str) else card.d if isinstance(card, Card) else card
        cost = d.cost
        owner = self.state.turn.player
        for c in owner.play.cards:
            change = ability(c).cost_change
            if change is not None:
                cost += change(self, c, d)
        for e in self.state.lasting:
            if e.window == "cost" and e.owner == owner.index:
                cost += BEHAVIOURS[e.source].lasting["cost"](self, e, d)
        if owner.tokens["-$2 cost"] == d.name:
            cost -= 2
        return max(cost, 0)
