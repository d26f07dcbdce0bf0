"""Cards no one knows becoming known: the engine's one place for chance (rule
``chance.unknown-order``).

A player's deck may hold, at its bottom, groups of cards in an order no one knows
(``Player.unknown``: a shuffled discard pile, or cards a position describes as unknown). When
some of them must become known (drawn, revealed, looked at), :meth:`Knowing.know_top` asks
which names come up: a pending :class:`~dominion_tavern.rulebook.engine.chance.ChanceStep`
when chance is asked (scripts, the explorer), or the cards the seeded shuffle put on top when
it is not (simulations, bots). Either way the cards that come up are recorded with the group
they came from, so the log can say how likely they were.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.engine.chance import ChanceStep, Record
from dominion_tavern.rulebook.engine.state import Card, Player

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game


#: What a player does with cards that come from their deck, by verb, as the log and the
#: chance steps say it.
VERB_WORDS = {"draw": "draws", "look": "looks at", "reveal": "reveals", "deal": "has in hand",
              "discard": "discards"}


class Known(list[Card]):
    """Cards just made known, with the chance records of how they came up (empty when they
    were known already)."""

    chance: tuple[Record, ...] = ()


def group_counts(cards: list[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.name] = counts.get(c.name, 0) + 1
    return counts


def unknown_cards(p: Player) -> int:
    """How many cards at the bottom of p's deck are in unknown order."""
    return sum(sum(g.values()) for g in p.unknown) - p.deal


class Knowing:
    def seen_top(self: Game, p: Player, k: int) -> list[Record]:
        """:meth:`know_top` when the seeded shuffle decides (nothing is asked) and no hand is
        unknown: the top ``k`` cards are those the shuffle put there. A plain function, as it
        runs for nearly every draw of every simulated game. The records are for the log only:
        a game without one gets none."""
        groups, deck = p.unknown, p.deck.cards
        logged = self.log is not None
        hidden = 0
        for g in groups:
            hidden += sum(g.values())
        need = k - (len(deck) - hidden)
        records: list[Record] = []
        while need > 0:
            group = groups[-1]
            size = sum(group.values())
            take = need if need < size else size
            top = deck[hidden - take:hidden]
            if take < size and len(group) > 1 and logged:
                records.append((dict(group), tuple(c.name for c in top)))
            _settle(groups, -1, top)
            hidden -= take
            need -= take
        return records

    def know_top(self: Game, p: Player, k: int, verb: str):
        """Make the top ``k`` cards of p's deck known (generator; ``k`` at most the deck's
        size). Returns the chance records of what came up."""
        if not self.state.ask_chance and not p.deal:
            return self.seen_top(p, k)
        groups = p.unknown
        records: list[Record] = []
        if not groups:
            return records
        deck = p.deck.cards
        hidden = unknown_cards(p)
        need = k - (len(deck) - hidden)
        while need > 0:
            if p.deal and len(groups) == 1:  # the pool the unknown hand came from: deal first
                yield from self.know_hand(p)
            group = groups[-1]
            size = sum(group.values())
            take = min(need, size)
            if take < size and len(group) > 1:
                names = yield from self._come_up(p, group, take, verb, deck, hidden - size,
                                                 hidden)
                records.append((dict(group), names))
            elif self.state.ask_chance:  # all of it, or one name: name order, not the shuffle's
                deck[hidden - size:hidden] = _in_name_order(deck[hidden - size:hidden])
            _settle(groups, -1, deck[hidden - take:hidden])
            hidden -= take
            need -= take
        return records

    def _come_up(self: Game, p: Player, group: dict[str, int], take: int, verb: str,
                 deck: list[Card], lo: int, hi: int):
        """Which ``take`` names come up from the group lying in ``deck[lo:hi]``; they are put on
        the group's top (the first named on top). Seeded: those the shuffle put there."""
        if not self.state.ask_chance:
            return tuple(sorted(c.name for c in deck[hi - take:hi]))
        names = yield from self._ask_chance(p, group, take, verb)
        region = deck[lo:hi]
        chosen = _pick(region, names)
        deck[lo:hi] = region + chosen[::-1]
        return names

    def _ask_chance(self: Game, p: Player, group: dict[str, int], take: int, verb: str):
        what = VERB_WORDS.get(verb, verb)
        which = "which card" if take == 1 else f"which {take}"
        step = ChanceStep.of(p.name, verb, group, take,
                             f"Chance: {which} of the {sum(group.values())} cards in unknown "
                             f"order ({_listing(group)}) {p.name} {what} ({self._moment()})")
        picked = yield from self.ask(step)
        return picked.value

    def _moment(self: Game) -> str:
        """When chance is met, for its prompt: the card being played (whoever's), else the
        point of the turn."""
        if self.plays_in_progress:
            inst = self.plays_in_progress[-1]
            return f"{inst.player.name}'s {inst.card.name}"
        t = self.state.turn
        return {"start": f"start of {t.player.name}'s turn", "action": "Action phase",
                "buy": "Buy phase", "night": "Night phase",
                "cleanup": "Clean-up"}.get(t.phase, t.phase)

    def know_hand(self: Game, p: Player):
        """An unknown hand becomes known (generator): its cards come from the pool it was
        drawn from, whose other cards are the bottom group of p's deck (rule
        ``chance.unknown-order``). Done before anything reads the hand: its owner's turn,
        an Attack on them, their deck reaching the pool's cards, the game's end."""
        n = p.deal
        if not n:
            return
        pool = p.unknown[0]
        hand = p.hand.cards[:n]
        records: list[Record] = []
        if len(pool) > 1 and n < sum(pool.values()):
            if self.state.ask_chance:
                names = yield from self._ask_chance(p, pool, n, "deal")
                self._swap_in(p, names)
                hand = p.hand.cards[:n]
            else:
                names = tuple(sorted(c.name for c in hand))
            records.append((dict(pool), names))
        elif self.state.ask_chance:  # the whole pool, or one name: no chance, no seeded order
            p.hand.cards[:n] = hand = _in_name_order(hand)[::-1]
        p.deal = 0
        _settle(p.unknown, 0, hand)
        self.note(p, "has in hand", tuple(sorted(c.name for c in hand)),
                  rule="chance.unknown-order", chance=tuple(records))

    def _swap_in(self: Game, p: Player, names: tuple[str, ...]) -> None:
        """Make the unknown hand's cards be ``names``, exchanging cards with the pool's part of
        the deck (cards no one knows are told apart only by name)."""
        n = p.deal
        region_size = sum(p.unknown[0].values()) - n
        deck = p.deck.cards
        cards = p.hand.cards[:n] + deck[:region_size]
        chosen = _pick(cards, names)
        p.hand.cards[:n] = chosen
        deck[:region_size] = cards
        for c in chosen:
            c.zone = p.hand
        for c in cards:
            c.zone = p.deck

    def lay_unknown(self: Game, p: Player) -> None:
        """Lay each group of p's deck in unknown order in name order, when chance is asked
        (its cards are about to leave the deck together, their order still unknown: the order
        the shuffle made is no one's knowledge, and must not show)."""
        if not self.state.ask_chance:
            return
        deck, lo = p.deck.cards, 0
        for group in p.unknown:
            hi = lo + sum(group.values()) - (p.deal if lo == 0 else 0)
            deck[lo:hi] = _in_name_order(deck[lo:hi])
            lo = hi

    def know_hands(self: Game):
        """Every unknown hand becomes known (the game's end: every card is scored)."""
        for p in self.state.players:
            yield from self.know_hand(p)


def _settle(groups: list[dict[str, int]], i: int, known: list[Card]) -> None:
    """``known`` cards of group ``groups[i]`` are known now: they leave its counts, and a
    group left empty is gone."""
    group = groups[i]
    for c in known:
        left = group[c.name] - 1
        if left:
            group[c.name] = left
        else:
            del group[c.name]
    if not group:
        del groups[i]


def _pick(cards: list[Card], names: tuple[str, ...]) -> list[Card]:
    """Take out of ``cards`` one card for each of ``names`` (the last of each name, so the
    choice is deterministic) and return them in that order."""
    chosen = []
    for name in names:
        i = max(j for j, c in enumerate(cards) if c.name == name)
        chosen.append(cards.pop(i))
    return chosen


def _in_name_order(cards: list[Card]) -> list[Card]:
    """Cards of a group that all become known at once, laid so that they come off the top
    (the end of the list) in name order: the same position however a setup listed them."""
    return sorted(cards, key=lambda c: c.name, reverse=True)


def _listing(group: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in sorted(group.items()))


@dataclass(frozen=True)
class Unknown:
    """Cards in a zone whose order (or, for a hand not yet known, names) no one knows: ``size``
    cards out of ``names``, sorted; when ``size`` is the number of names, they are exactly
    those cards in unknown order.

    >>> Unknown(3, ("Copper", "Copper", "Estate"))
    {unknown: [2 Copper, Estate]}
    >>> Unknown(2, ("Copper", "Copper", "Estate"))
    {unknown: 2 of [2 Copper, Estate]}
    """

    size: int
    names: tuple[str, ...]

    @property
    def exact(self) -> bool:
        return self.size == len(self.names)

    def __repr__(self) -> str:
        listed = "[" + _listing(dict(Counter(self.names))) + "]"
        return f"{{unknown: {listed if self.exact else f'{self.size} of {listed}'}}}"

    __str__ = __repr__

    def plain(self) -> dict:
        return {"unknown": list(self.names)} if self.exact else \
            {"unknown": self.size, "pool": list(self.names)}


def deck_view(p: Player) -> list[str | Unknown]:
    """p's deck as a judge sees it, top card first: the known cards by name, then each group in
    unknown order (the pool of an unknown hand: so many of its cards, not which)."""
    hidden = unknown_cards(p)
    out: list[str | Unknown] = [c.name for c in reversed(p.deck.cards[hidden:])]
    for i in range(len(p.unknown) - 1, -1, -1):
        names = tuple(n for n, k in sorted(p.unknown[i].items()) for _ in range(k))
        size = len(names) - (p.deal if i == 0 else 0)
        if size:
            out.append(Unknown(size, names))
    return out


def hand_view(p: Player) -> list[str | Unknown]:
    """p's hand as a judge sees it: the cards not yet known (an unknown hand) as one group."""
    if not p.deal:
        return [c.name for c in p.hand.cards]
    pool = tuple(n for n, k in sorted(p.unknown[0].items()) for _ in range(k))
    return [Unknown(p.deal, pool), *(c.name for c in p.hand.cards[p.deal:])]


def names_of(view: list[str | Unknown]) -> list[str | Unknown]:
    """A view as a multiset: groups whose cards are known by name count as those names."""
    out: list[str | Unknown] = []
    for item in view:
        if isinstance(item, Unknown) and item.exact:
            out += item.names
        else:
            out.append(item)
    return out
