"""The game state: cards with identity, the zones they live in, players, piles and the turn.

A card is in exactly one zone at any time; every move goes through :func:`move`, which keeps
each card's ``zone`` pointer true, so "that card" is always tracked by identity, never by name.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from dominion_tavern.rulebook.carddata import CARDS, EVENTS, CardDef, NamedText

_getrandbits = random.Random.getrandbits


class SeededRandom(random.Random):
    """The game's seeded generator, counting its 32-bit draws, so that a position can say how
    far it has gone (a setup's ``seed_draws``) and a game loaded from it shuffles on alike.
    The numbers are those of :class:`random.Random` with the same seed."""

    draws = 0

    def seed(self, a: object = None, version: int = 2) -> None:
        super().seed(a, version)
        self.draws = 0

    def getrandbits(self, k: int) -> int:
        self.draws += (k + 31) // 32
        return _getrandbits(self, k)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        """:meth:`random.Random.shuffle` with its ``_randbelow_with_getrandbits`` written in:
        the same order, and the draws counted as :meth:`getrandbits` counts them, without two
        calls a card (the shuffle is a simulated game's commonest use of the generator)."""
        draws = self.draws
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = _getrandbits(self, k)
            draws += (k + 31) // 32
            while j >= n:
                j = _getrandbits(self, k)
                draws += (k + 31) // 32
            x[i], x[j] = x[j], x[i]
        self.draws = draws

    def random(self) -> float:
        self.draws += 2
        return super().random()

    def advance(self, draws: int) -> None:
        """Go on to ``draws`` draws since the seed (from the seed, if it had gone further)."""
        if draws < self.draws:
            self.seed(self._seed)
        for _ in range(draws - self.draws):
            self.getrandbits(32)

    def __init__(self, seed: int = 0) -> None:
        self._seed = seed
        super().__init__(seed)

    def __reduce__(self) -> tuple:  # a copy (a saved game) keeps the count
        return self.__class__, (self._seed,), (self.getstate(), self.draws)

    def __setstate__(self, state: tuple) -> None:
        inner, self.draws = state
        self.setstate(inner)


# Zone kinds, with their names (the diagrams' words) ...
ZONE_WORDS = {
    "deck": "deck", "hand": "hand", "discard": "discard pile", "play": "play",
    "mat": "Tavern mat", "aside": "set-aside cards", "supply": "Supply", "nonsupply": "pile",
    "trash": "trash", "blackmarket": "Black Market deck",
}
# ... as the log says them after "from" ("plays Copper from hand", "from their Tavern mat").
ZONE_FROM = {**ZONE_WORDS, "discard": "their discard pile", "mat": "their Tavern mat",
             "aside": "their set-aside cards", "trash": "the trash",
             "blackmarket": "the Black Market deck"}

# ... and where a card is, said of its owner ("it is on their Tavern mat").
ZONE_AT = {
    "deck": "on their deck", "hand": "in their hand", "discard": "in their discard pile",
    "play": "in play", "mat": "on their Tavern mat", "aside": "set aside", "trash": "in the trash",
    "blackmarket": "in the Black Market deck",
}

PILE_TOKENS = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing")


class Card:
    """One physical card. ``uid`` is its identity for the whole game."""

    __slots__ = ("d", "name", "plays", "since", "tracks", "uid", "zone")

    def __init__(self, uid: int, d: CardDef) -> None:
        self.uid = uid
        self.d = d
        self.name = d.name
        self.zone: Zone | None = None
        self.since = 0          # turn number it entered play (for "from an earlier turn")
        self.plays = 0          # times played since it last entered play
        self.tracks: list[Card] | tuple[()] = ()  # Durations (and replayers) it played again

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"


class Zone:
    """An ordered place holding cards. For a deck, the top card is the *last* element.

    ``words`` is how the log names it after "from" ("their discard pile", "the Gold pile");
    ``at`` where a card in it is, said of its owner ("in the trash"). Both are fixed with the
    zone, so they are worked out once."""

    __slots__ = ("at", "cards", "kind", "name", "owner", "words")

    def __init__(self, kind: str, owner: Player | None = None, name: str = "") -> None:
        self.kind = kind
        self.owner = owner
        self.name = name or kind
        self.cards: list[Card] = []
        pile = kind in ("supply", "nonsupply")
        self.words = f"the {self.name} pile" if pile else ZONE_FROM[kind]
        self.at = f"in {self.words}" if pile else ZONE_AT[kind]

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:  # a zone is a place, present even when empty
        return True

    def __iter__(self):
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return any(c is card for c in self.cards)

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def __repr__(self) -> str:
        return f"<Zone {self.name} {self.names()}>"


def move(card: Card, to: Zone, *, top: bool = True) -> Zone:
    """Move ``card`` from wherever it is to ``to``; return the zone it left.

    ``top=False`` puts it at the bottom (index 0) of an ordered zone such as a deck.
    """
    src = card.zone
    if src is not None:
        try:
            src.cards.remove(card)  # by identity: a Card has no other equality
        except ValueError:  # pragma: no cover - a broken invariant, never a user error
            raise AssertionError(f"{card!r} is not in {src!r}") from None
    if top:
        to.cards.append(card)
    else:
        to.cards.insert(0, card)
    _arrive(card, to)
    return src


def move_zone(src: Zone, to: Zone, cards: list[Card]) -> None:
    """Move ``cards``, every card ``src`` holds, onto ``to`` in the order given: what
    :func:`move` would do card by card (a hand discarded, the play area cleared)."""
    src.cards.clear()
    to.cards += cards
    for card in cards:
        _arrive(card, to)


def _arrive(card: Card, to: Zone) -> None:
    """What a card's arrival in ``to`` changes besides its place: an Estate is what its new
    owner's Estates are (Inheritance changes only the owner's own, rule ``token.estate``), and
    a card leaving play loses its play marks."""
    card.zone = to
    if card.name == "Estate":
        owner = to.owner
        card.d = owner.estate_def if owner is not None and owner.estate_def else CARDS["Estate"]
    if to.kind != "play":
        card.plays = 0
        card.tracks = ()
        if card.d.name != card.name:  # a card that was another while in play (Band of
            card.d = CARDS[card.name]   # Misfits' first printing) is itself again


@dataclass
class Player:
    name: str
    index: int
    deck: Zone = field(init=False)
    hand: Zone = field(init=False)
    discard: Zone = field(init=False)
    play: Zone = field(init=False)
    mat: Zone = field(init=False)
    aside: Zone = field(init=False)
    vp_tokens: int = 0
    debt: int = 0              # Debt tokens: no buying while any are held (rule debt.no-buying)
    coffers: int = 0           # tokens on the Coffers mat, $1 each when spent (rule coffers.spend)
    journey_up: bool = True
    minus_card: bool = False   # -1 Card token is on the deck
    minus_coin: bool = False   # -$1 token has been taken
    tokens: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(PILE_TOKENS))
    estate_token: Card | None = None  # Inheritance: a card in ``aside`` (rule token.estate)
    estate_def: CardDef | None = None  # what this player's Estates are, with the token
    turns_taken: int = 0
    gained_last_turn: int = 0  # cards gained during this player's most recent turn
    # Cards at the bottom of the deck in an order no one knows (rule chance.unknown-order):
    # the names in each such group, bottom-most group first; known cards lie above them.
    unknown: list[dict[str, int]] = field(default_factory=list)
    deal: int = 0  # cards of the hand still to come from the bottom group (an unknown hand)

    def __post_init__(self) -> None:
        for kind in ("deck", "hand", "discard", "play", "mat", "aside"):
            setattr(self, kind, Zone(kind, self))

    def zones(self) -> tuple[Zone, ...]:
        return (self.deck, self.hand, self.discard, self.play, self.mat, self.aside)

    def owned(self) -> list[Card]:
        """Every card the player owns, wherever it is (rule ``game.scoring``)."""
        return [c for z in self.zones() for c in z.cards]

    def __repr__(self) -> str:
        return f"<Player {self.name}>"


@dataclass
class Turn:
    """The turn in progress: whose, which phase, and its counters."""

    player: Player
    number: int = 1
    phase: str = "start"
    actions: int = 1
    buys: int = 1
    coins: int = 0
    potions: int = 0                    # Potions to spend, made by Potion cards (cost.potion)
    extra: bool = False                 # an extra turn (Mission: no buying cards)
    given_by: str | None = None         # what gave the extra turn (Mission, Outpost), if known
    no_buying_cards: bool = False
    bought: list[str] = field(default_factory=list)   # cards and Events bought, in order
    played: list[str] = field(default_factory=list)   # names of cards played, in order
    treasures_closed: bool = False      # a card or Event was bought: no more Treasures
    paid_debt: int = 0                  # Debt paid off this turn (2015: no Treasures after)
    gained: int = 0                     # cards the turn's player gained this turn
    buy_phase_gains: int = 0            # ... of them in the Buy phase (Messenger)
    events_bought: dict[str, int] = field(default_factory=dict)
    draw_bonus: int = 0                 # extra cards for the Clean-up draw (Expedition)
    next_hand: int = 5                  # the Clean-up draw before bonuses (Outpost: 3)
    goto: str | None = None             # a phase to go back to (Villa: the Action phase)
    # A Possession turn (rule possession.turn): the player who makes the turn player's
    # decisions and gains what they would gain; None on every other turn.
    controller: Player | None = None
    # The player whose turn in the rotation this one follows: the next one not extra is the
    # player after them (None: the turn's player; a Possession turn follows the possessor's).
    rotation: Player | None = None
    # The turn player's cards trashed on a Possession turn: set aside, and put into their
    # discard pile when the turn ends (rule possession.trash).
    returning: list[Card] = field(default_factory=list)


@dataclass(eq=False)
class Pending:
    """A Duration card's effect waiting for the start of its owner's turn (rule ``duration``).

    ``forever``: every turn for the rest of the game (Hireling, Champion); ``data``: what the
    play set up for it (Gear's set-aside cards); ``keeps``: the card that played ``card``
    where it lies (Overlord, from the Supply) and stays in play for it instead (rule
    ``duration.command-tracking``)."""

    owner: int
    card: Card
    data: object = None
    forever: bool = False
    done_turn: int = 0
    keeps: Card | None = None


@dataclass(eq=False)
class Lasting:
    """An effect that outlasts the play that made it (Haunted Woods, Merchant, Travelling
    Fair...): ``source`` names the card or Event whose registered handler reacts in ``window``;
    it ends at ``until``: ``turn-end``, ``owner-turn-start``, ``owner-next-turn-end`` (the
    end of the owner's next turn after ``since``) or ``game``."""

    owner: int
    source: str
    window: str
    until: str
    card: Card | None = None
    data: object = None
    since: int = 0


@dataclass
class GameState:
    """Everything that defines a position. Built by :mod:`rulebook.setup` or a scenario."""

    players: list[Player]
    ruleset: str
    seed: int
    supply: dict[str, Zone]
    nonsupply: dict[str, Zone]
    trash: Zone
    events: list[str]
    turn: Turn
    kingdom: list[str]
    rng: random.Random = field(init=False)
    next_uid: int = 1
    turn_owners: list[int] = field(default_factory=list)  # player index of every turn so far
    events_bought_game: dict[tuple[int, str], int] = field(default_factory=dict)
    game_over: bool = False
    pending: list[Pending] = field(default_factory=list)
    lasting: list[Lasting] = field(default_factory=list)
    extra_turns: list[tuple[int, str]] = field(default_factory=list)  # (player, what gave it)
    # How chance is answered: by the seeded generator (the order a shuffle made is the truth),
    # or asked, as pending chance steps (scripts name outcomes; the explorer takes each).
    ask_chance: bool = False
    # The windows where a card of this game has an ability while in play, "cost" if one
    # changes costs there, "night" if one is a Night card: set by the engine when a game starts
    # (no card enters a game from outside it), so most windows are passed over without looking
    # at the play areas, and a Night phase with no Night card in the game is passed at once.
    abilities_in_game: frozenset[str] | None = None
    # Black Market's deck of Kingdom cards not in the Supply (the top card last), if it is used.
    black_market: Zone | None = None
    # Copies of the game's cards that a position places nowhere (``Copper: 0`` with no Coppers
    # anywhere): out of the game, by name (rule ``game.setup.out-of-game``); never changes.
    out_of_game: dict[str, int] = field(default_factory=dict)
    # The named texts the setup chose (``setup.texts``: card or Event -> text id); a card with
    # named texts not in it has the one its ruleset uses. Part of the setup: never changes.
    texts: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = SeededRandom(self.seed)

    def text_of(self, name: str) -> NamedText | None:
        """The named text card or Event ``name`` has in this game: the one the setup chose,
        else its ruleset's; None for one with a single text per ruleset.

        >>> from dominion_tavern.rulebook.position import build
        >>> s, _ = build({"kingdom": ["Outpost"], "texts": {"Outpost": "2022"}})
        >>> s.text_of("Outpost").id, s.text_of("Mission").id, s.text_of("Village")
        ('2022', '2023', None)
        """
        d = CARDS.get(name) or EVENTS.get(name)
        if d is None or not d.named:
            return None
        chosen = self.texts.get(name)
        return d.named_text(chosen) if chosen else d.default_text(self.ruleset)

    def texts_in_use(self) -> list[tuple[str, NamedText, bool]]:
        """The game's cards and Events with named texts: each name, the text it plays by, and
        whether the setup chose it (else its ruleset did)."""
        names = dict.fromkeys([*self.kingdom, *self.supply, *self.nonsupply, *self.events])
        return [(n, t, n in self.texts) for n in names if (t := self.text_of(n)) is not None]

    def says(self, name: str, what: str) -> bool:
        """Whether the text ``name`` has in this game says ``what`` (one of
        :data:`rulebook.carddata.TEXT_SAYS`): where the engine reads a named text's
        conditions (rule ``turn.extra``)."""
        text = self.text_of(name)
        return text is not None and what in text.says

    def text_named(self, name: str) -> str:
        """``"Outpost's 2022 text"`` where the setup chose ``name``'s text, for a log line the
        text decides; "" where the ruleset chose it."""
        return f"{name}'s {self.texts[name]} text" if name in self.texts else ""

    def new_cards(self, name: str, count: int = 1) -> list[Card]:
        """``count`` new cards named ``name``, each with the game's next identity."""
        d, uid = CARDS[name], self.next_uid
        self.next_uid = uid + count
        return [Card(i, d) for i in range(uid, uid + count)]

    def pile(self, name: str) -> Zone | None:
        """The Supply or non-Supply pile that cards named ``name`` return to."""
        return self.supply.get(name) or self.nonsupply.get(name)

    def all_zones(self) -> list[Zone]:
        zones = [z for p in self.players for z in p.zones()]
        zones += list(self.supply.values()) + list(self.nonsupply.values()) + [self.trash]
        if self.black_market is not None:
            zones.append(self.black_market)
        return zones

    def all_cards(self) -> list[Card]:
        return [c for z in self.all_zones() for c in z.cards]

    def copies(self) -> Counter[str]:
        """Every copy of the game's cards by name: those in its zones and those out of the
        game (rule ``game.setup.out-of-game``). No step of a game changes it."""
        out = Counter(c.name for c in self.all_cards())
        out.update(self.out_of_game)
        return out

    def empty_supply_piles(self) -> int:
        """Empty Supply piles; non-Supply piles never count (rule ``game.end.nonsupply``)."""
        empty = 0
        for z in self.supply.values():
            if not z.cards:
                empty += 1
        return empty
