"""Setting up a game: Supply piles by player count, starting decks, the first hands.

>>> g = new_game(Setup(kingdom="first-game", seed=1))
>>> g.pending.player, g.state.turn.phase
('Ann', 'buy')
>>> len(g.state.supply["Province"]), len(g.state.supply["Copper"])
(8, 46)
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

import dominion_tavern.rulebook.cards  # noqa: F401  (registers card behaviour)
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import GameState, Player, Turn, Zone

KINGDOMS = {
    # Dominion (2nd edition) rulebook, "First Game".
    "first-game": ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                   "Smithy", "Village", "Workshop"],
}
BASICS = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
DEFAULT_PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


class SetupError(ValueError):
    """A setup that the rules do not allow, with what would be valid."""


def check_card_name(name: str, where: str = "") -> str:
    if name in CARDS:
        return name
    near = difflib.get_close_matches(name, list(CARDS) + list(EVENTS), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    raise SetupError(f"{where}unknown card {name!r}{hint}")


def pile_size(name: str, players: int) -> int:
    """Rule ``game.setup.piles``."""
    d = CARDS[name]
    two = players <= 2
    if name == "Copper":
        return 60 - 7 * players
    if name == "Curse":
        return 10 * max(players - 1, 1)
    if name == "Province":
        return {5: 15, 6: 18}.get(players, 8 if two else 12)
    if d.pile is not None:
        return d.pile
    if d.is_victory and (d.kingdom or name in BASICS):
        return 8 if two else 12
    return {"Silver": 40, "Gold": 30}.get(name, 10)


@dataclass
class Setup:
    """What a new game is made from."""

    kingdom: list[str] | str
    players: list[str] = field(default_factory=lambda: list(DEFAULT_PLAYERS[:2]))
    events: list[str] = field(default_factory=list)
    ruleset: str = "current"
    seed: int = 0
    any_kingdom: bool = False   # allow a Kingdom that is not 10 distinct Kingdom cards

    def __post_init__(self) -> None:
        if isinstance(self.kingdom, str):
            if self.kingdom not in KINGDOMS:
                raise SetupError(f"unknown kingdom {self.kingdom!r}; named kingdoms: "
                                 + ", ".join(KINGDOMS))
            self.kingdom = list(KINGDOMS[self.kingdom])
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SetupError(f"the seed must be an integer, not {self.seed!r}")
        if self.ruleset not in RULESETS:
            raise SetupError(f"unknown ruleset {self.ruleset!r}; valid: {', '.join(RULESETS)}")
        if not 1 <= len(self.players) <= 6 or len(set(self.players)) != len(self.players):
            raise SetupError(f"players must be 1 to 6 distinct names, not {self.players!r}")
        for name in self.kingdom:
            check_card_name(name, "kingdom: ")
        for name in self.events:
            if name not in EVENTS:
                near = difflib.get_close_matches(name, list(EVENTS), n=3)
                raise SetupError(f"events: unknown Event {name!r}"
                                 + (f"; did you mean {', '.join(near)}?" if near else ""))
        if not self.any_kingdom:
            not_kingdom = [n for n in self.kingdom if not CARDS[n].kingdom]
            if not_kingdom or len(set(self.kingdom)) != 10 or len(self.kingdom) != 10:
                raise SetupError(
                    "a Kingdom is 10 distinct Kingdom cards (rule game.setup.kingdom); got "
                    f"{len(self.kingdom)} ({', '.join(self.kingdom)})"
                    + (f"; not Kingdom cards: {', '.join(not_kingdom)}" if not_kingdom else "")
                    + ". Pass any_kingdom=True (--any-kingdom) for another selection.")

    def build(self) -> tuple[GameState, str]:
        """A fresh start position (rule ``game.setup``): a new state every call."""
        n = len(self.players)
        players = [Player(name, i) for i, name in enumerate(self.players)]
        state = GameState(players=players, ruleset=self.ruleset, seed=self.seed, supply={},
                          nonsupply={}, trash=Zone("trash"), events=list(self.events),
                          turn=Turn(players[0]), kingdom=list(self.kingdom))
        for name in supply_names(self.kingdom):
            state.supply[name] = fill(state, Zone("supply", name=name), name, pile_size(name, n))
        for name in nonsupply_names(self.kingdom):
            state.nonsupply[name] = fill(state, Zone("nonsupply", name=name), name,
                                         pile_size(name, n))
        for p in players:  # rule game.setup.decks
            for name in ["Copper"] * 7 + ["Estate"] * 3:
                card = state.new_card(name)
                card.zone = p.deck
                p.deck.cards.append(card)
            state.rng.shuffle(p.deck.cards)
            for _ in range(5):
                card = p.deck.cards.pop()
                card.zone = p.hand
                p.hand.cards.append(card)
        players[0].turns_taken = 1
        state.turn_owners.append(0)
        return state, "start"


def supply_names(kingdom: list[str]) -> list[str]:
    return list(BASICS) + [n for n in kingdom if n not in BASICS and CARDS[n].supply]


def nonsupply_names(kingdom: list[str]) -> list[str]:
    """Traveller upgrade piles for each line whose first card is in the Kingdom."""
    out: list[str] = []
    for name in kingdom:
        d = CARDS[name]
        while d.upgrade:
            d = CARDS[d.upgrade]
            if d.name not in out:
                out.append(d.name)
    return out


def fill(state: GameState, zone: Zone, name: str, count: int) -> Zone:
    for _ in range(count):
        card = state.new_card(name)
        card.zone = zone
        zone.cards.append(card)
    return zone


def new_game(setup: Setup, **kw) -> Game:
    return Game(setup.build, **kw)
