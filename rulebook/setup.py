"""Setting up a game: Supply piles by player count, starting decks, the first hands.

>>> g = new_game(Setup(kingdom="first-game", seed=1))
>>> g.pending.player, g.state.turn.phase
('Ann', 'buy')
>>> len(g.state.supply["Province"]), len(g.state.supply["Copper"])
(8, 46)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import dominion_tavern.rulebook.cards  # noqa: F401  (registers card behaviour)
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import group_counts
from dominion_tavern.rulebook.engine.state import GameState, Player, Turn, Zone
from dominion_tavern.rulebook.spelling import suggest, suggest_card

KINGDOMS = {
    # Dominion (2nd edition) rulebook, "First Game".
    "first-game": ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                   "Smithy", "Village", "Workshop"],
    # Adventures rulebook, recommended sets: "Gentle Intro".
    "gentle-intro": ["Amulet", "Distant Lands", "Duplicate", "Giant", "Hireling", "Port",
                     "Ranger", "Ratcatcher", "Treasure Trove", "Village"],
}
BASICS = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
#: Basic piles only some games have, and what brings each in (rule ``cost.potion``).
SOMETIMES = {"Potion": "a Kingdom card with a Potion in its cost (University)"}
#: Each player's starting cards (rule ``game.setup.decks``); they come out of these piles.
STARTING = {"Copper": 7, "Estate": 3}
DEFAULT_PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
#: The largest count a position or an expectation may give (copies in one entry, a token
#: count, a turn number): no game comes near it. The scenario schema's ``maximum`` is the same.
MAX_COUNT = 10_000


class SetupError(ValueError):
    """A setup that the rules do not allow, with what would be valid."""


def check_card_name(name: str, where: str = "") -> str:
    if name in CARDS:
        return name
    if name in EVENTS:
        raise SetupError(f"{where}{name} is an Event, not a card; Events go in setup.events")
    raise SetupError(f"{where}unknown card {name!r}{suggest_card(name, {**CARDS, **EVENTS})}")


def pile_size(name: str, players: int) -> int:
    """Rule ``game.setup.piles``."""
    d = CARDS[name]
    two = players <= 2
    sets = 2 if players >= 5 else 1  # 5-6 players add a second set's Treasures
    if name == "Copper":
        return 60 * sets - 7 * players
    if name == "Curse":
        return 10 * max(players - 1, 1)
    if name == "Province":
        return {5: 15, 6: 18}.get(players, 8 if two else 12)
    if d.pile is not None:
        return d.pile
    if d.is_victory and (d.kingdom or name in BASICS):
        return 8 if two else 12
    return {"Silver": 40 * sets, "Gold": 30 * sets}.get(name, 10)


def copies_in_game(name: str, players: int) -> int:
    """How many copies of ``name`` a game has: its pile plus the starting decks' copies."""
    return pile_size(name, players) + STARTING.get(name, 0) * players


def default_pile(name: str, players: int, placed: int) -> int:
    """What a pile holds when a position places ``placed`` copies elsewhere and says nothing
    of the pile: placed copies come out of it, the starting Coppers and Estates first out of
    the starting decks (so 3 Estates in a hand leave the Estate pile full)."""
    return max(pile_size(name, players) - max(placed - STARTING.get(name, 0) * players, 0), 0)


def too_many(name: str, players: int, placed: int, pile: int | None = None) -> str | None:
    """Why ``placed`` copies of ``name`` outside its pile (and ``pile`` in it, if given) cannot
    be, or None. A pile never holds more than it starts with (rule ``game.setup.piles``)."""
    full, total = pile_size(name, players), copies_in_game(name, players)
    if pile is not None and pile > full:
        return f"{pile} is more than the {name} pile holds ({full} with {players} players)"
    if pile is not None and pile + placed > total:
        return (f"{pile} in the {name} pile plus {placed} placed elsewhere is more than the "
                f"{total} copies a {players}-player game has")
    if placed > total:
        return (f"{placed} copies of {name} placed outside its pile are more than the {total} "
                f"a {players}-player game has")
    return None


def kingdom_problems(kingdom: list[str]) -> list[tuple[int, str]]:
    """(index, message) for each Kingdom entry that is not a Kingdom pile or names a pile
    again (rule ``game.setup.kingdom``); unknown names are left to :func:`check_card_name`."""
    out: list[tuple[int, str]] = []
    first: dict[str, int] = {}
    for i, name in enumerate(kingdom):
        d = CARDS.get(name)
        if d is None:
            continue
        if name in first:
            out.append((i, f"{name} is named twice (also at [{first[name]}]); a Kingdom names "
                           "each pile once"))
            continue
        first[name] = i
        if name in BASICS:
            out.append((i, f"{name} is a basic card, not a Kingdom card: its pile is in every "
                           "game; leave it out of the Kingdom"))
        elif not d.kingdom:
            out.append((i, f"{name} is not a Kingdom card: {comes_with(name)}"))
    return out


def comes_with(name: str) -> str:
    """How a card that is not a Kingdom pile gets into a game (a Traveller upgrade's line)."""
    d = CARDS[name]
    if d.line and not d.kingdom:
        return f"its pile comes with {d.line}; put {d.line} in the Kingdom"
    if name in SOMETIMES:
        return f"its pile comes with {SOMETIMES[name]}; put one in the Kingdom"
    return "put it in the Kingdom"


def not_in_game(name: str, kingdom: list[str]) -> str:
    """Why a card is not part of a game with ``kingdom``, and what would bring it in."""
    return (f"{name} is not in this game: {comes_with(name)} (Kingdom: "
            f"{', '.join(kingdom) or 'none'})")


def texts_problems(texts: object, kingdom: list[str], events: list[str]
                   ) -> list[tuple[str | None, str, bool]]:
    """What is wrong with ``setup.texts`` (card or Event name -> text id) for a game with
    ``kingdom`` and ``events``: ``(name, problem, about_the_name)`` each, the name None for a
    value that is no mapping. One check for every surface (the scenario loader, positions, the
    desk), so each says the same.

    >>> texts_problems({"Outpots": "2022", "Outpost": "2021", "Village": "2015"},
    ...                ["Outpost", "Village"], [])[:2]  # doctest: +NORMALIZE_WHITESPACE
    [('Outpots', "unknown card or Event 'Outpots'; did you mean Outpost?", True),
     ('Outpost', "Outpost has no text '2021'; its texts: 2009, 2022, 2023", False)]
    >>> print(texts_problems({"Village": "2015"}, ["Village"], [])[0][1])
    ... # doctest: +NORMALIZE_WHITESPACE
    Village has one text per ruleset, and the ruleset chooses it; setup.texts names a text
    only for a card with several (Mission, Outpost, Possession)
    """
    if not isinstance(texts, dict):
        return [(None, "a mapping of card or Event name to text id (Outpost: '2022')", False)]
    in_game = {*kingdom, *supply_names(kingdom), *nonsupply_names(kingdom),
               *black_market_cards(kingdom)}
    several = ", ".join(sorted(n for n, d in {**CARDS, **EVENTS}.items() if d.named))
    out: list[tuple[str | None, str, bool]] = []
    for name, text_id in texts.items():
        d = CARDS.get(name) or EVENTS.get(name)
        if d is None:
            out.append((name, f"unknown card or Event {name!r}"
                        f"{suggest_card(str(name), [*CARDS, *EVENTS])}", True))
        elif not d.named:
            out.append((name, f"{name} has one text per ruleset, and the ruleset chooses it; "
                        f"setup.texts names a text only for a card with several ({several})",
                        True))
        elif name in EVENTS and name not in events:
            out.append((name, f"{name} is not in this game: put it in setup.events "
                        f"(Events: {', '.join(events) or 'none'})", True))
        elif name in CARDS and name not in in_game:
            out.append((name, not_in_game(name, kingdom), True))
        elif str(text_id) not in d.text_ids():
            out.append((name, f"{name} has no text {str(text_id)!r}; its texts: "
                        f"{', '.join(d.text_ids())}", False))
    return out


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
                raise SetupError(f"events: unknown Event {name!r}{suggest(name, EVENTS)}")
        if not self.any_kingdom:
            not_kingdom = [n for n in self.kingdom if not CARDS[n].kingdom]
            if not_kingdom or len(set(self.kingdom)) != 10 or len(self.kingdom) != 10:
                raise SetupError(
                    "a Kingdom is 10 distinct Kingdom cards (rule game.setup.kingdom); got "
                    f"{len(self.kingdom)} ({', '.join(self.kingdom)})"
                    + (f"; not Kingdom cards: {', '.join(not_kingdom)}" if not_kingdom else "")
                    + ". Pass any_kingdom=True (--any-kingdom) for another selection.")
        for i, problem in kingdom_problems(self.kingdom):
            raise SetupError(f"kingdom[{i}]: {problem}")

    def build(self) -> tuple[GameState, str]:
        """A fresh start position (rule ``game.setup``): a new state every call."""
        n = len(self.players)
        players = [Player(name, i) for i, name in enumerate(self.players)]
        state = GameState(players=players, ruleset=self.ruleset, seed=self.seed, supply={},
                          nonsupply={}, trash=Zone("trash"), events=list(self.events),
                          turn=Turn(players[0]), kingdom=list(self.kingdom))
        market = black_market_cards(self.kingdom)
        for name in supply_names(self.kingdom, market):
            state.supply[name] = fill(state, Zone("supply", name=name), name, pile_size(name, n))
        for name in nonsupply_names(self.kingdom):
            state.nonsupply[name] = fill(state, Zone("nonsupply", name=name), name,
                                         pile_size(name, n))
        for p in players:  # rule game.setup.decks
            for name, k in STARTING.items():
                fill(state, p.deck, name, k)
            state.rng.shuffle(p.deck.cards)
            for _ in range(5):
                card = p.deck.cards.pop()
                card.zone = p.hand
                p.hand.cards.append(card)
            p.unknown.append(group_counts(p.deck.cards))  # rule chance.unknown-order
        if market:
            state.rng.shuffle(market)
            state.black_market = Zone("blackmarket")
            for name in market:
                fill(state, state.black_market, name, 1)
        if "Baker" in self.kingdom or "Baker" in market:  # Baker's setup (rule coffers)
            for p in players:
                p.coffers = 1
        players[0].turns_taken = 1
        state.turn_owners.append(0)
        return state, "start"


def supply_names(kingdom: list[str], black_market: list[str] = ()) -> list[str]:
    """The basic piles, Potion if a Kingdom card or a card of the Black Market deck costs a
    Potion (rule ``cost.potion``), then the Kingdom's."""
    potion = ["Potion"] if any(CARDS[n].cost.potion for n in [*kingdom, *black_market]) else []
    return [*BASICS, *potion, *[n for n in kingdom if n not in BASICS and CARDS[n].supply]]


def black_market_cards(kingdom: list[str]) -> list[str]:
    """With Black Market in the Kingdom, one of each other Kingdom card in scope, in name order
    (the game shuffles them; rule ``buy.black-market``); else none."""
    if "Black Market" not in kingdom:
        return []
    return [n for n, d in CARDS.items() if d.kingdom and d.supply and n not in kingdom]


def nonsupply_names(kingdom: list[str]) -> list[str]:
    """Traveller upgrade piles for each line whose first card is in the Kingdom, and the piles
    a Kingdom card brings (Cavalry: Horse)."""
    out: list[str] = []
    for name in kingdom:
        d = CARDS[name]
        out += [n for n in d.brings if n not in out]
        while d.upgrade:
            d = CARDS[d.upgrade]
            if d.name not in out:
                out.append(d.name)
    return out


def fill(state: GameState, zone: Zone, name: str, count: int) -> Zone:
    """Put ``count`` new cards named ``name`` into ``zone`` (a pile's worth: one loop, as it
    runs for every card of every new game)."""
    cards = state.new_cards(name, count)
    for c in cards:
        c.zone = zone
    zone.cards += cards
    return zone


def new_game(setup: Setup, **kw) -> Game:
    return Game(setup.build, **kw)
