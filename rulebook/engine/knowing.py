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
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.state import Card, Player

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game

#: What came up, for the log: (names and counts of the group before, names that came up).
Record = tuple[tuple[tuple[str, int], ...], tuple[str, ...]]


class Known(list[Card]):
    """Cards just made known, with the chance records of how they came up (empty when they
    were known already)."""

    chance: tuple[Record, ...] = ()


def group_counts(cards: list[Card]) -> dict[str, int]:
    return dict(Counter(c.name for c in cards))


class Knowing:
    def unknown_cards(self: Game, p: Player) -> int:
        return sum(sum(g.values()) for g in p.unknown)

    def know_top(self: Game, p: Player, k: int, verb: str):
        """Make the top ``k`` cards of p's deck known (generator; ``k`` at most the deck's
        size). Returns the chance records of what came up."""
        groups = p.unknown
        records: list[Record] = []
        if not groups:
            return records
        deck = p.deck.cards
        hidden = self.unknown_cards(p)
        need = k - (len(deck) - hidden)
        while need > 0:
            group = groups[-1]
            size = sum(group.values())
            take = min(need, size)
            if take < size and len(group) > 1:
                names = yield from self._come_up(p, group, take, verb, deck, hidden - size,
                                                 hidden)
                records.append((tuple(sorted(group.items())), names))
            for c in deck[hidden - take:hidden]:
                group[c.name] -= 1
                if not group[c.name]:
                    del group[c.name]
            if take == size:
                groups.pop()
            hidden -= take
            need -= take
        return records

    def _come_up(self: Game, p: Player, group: dict[str, int], take: int, verb: str,
                 deck: list[Card], lo: int, hi: int):
        """Which ``take`` names come up from the group lying in ``deck[lo:hi]``; they are put on
        the group's top (the first named on top). Seeded: those the shuffle put there."""
        if not self.state.ask_chance:
            return tuple(sorted(c.name for c in deck[hi - take:hi]))
        what = {"draw": "draws", "look": "looks at", "reveal": "reveals",
                "deal": "has in hand", "discard": "discards"}.get(verb, verb)
        which = "which card" if take == 1 else f"which {take}"
        step = ChanceStep.of(p.name, verb, group, take,
                             f"Chance: {which} of the {sum(group.values())} cards in unknown "
                             f"order ({_listing(group)}) {p.name} {what}")
        picked = yield from self.ask(step)
        names: tuple[str, ...] = picked.value
        region = deck[lo:hi]
        chosen: list[Card] = []
        for name in names:  # the top-most card of each name, so the choice is deterministic
            i = max(j for j, c in enumerate(region) if c.name == name)
            chosen.append(region.pop(i))
        deck[lo:hi] = region + chosen[::-1]
        return names

    def deal_unknown_hands(self: Game):
        """Hands a position describes as unknown: each player's ``deal`` cards come from the
        bottom group of their deck, before anything else happens (rule
        ``chance.unknown-order``)."""
        for p in self.state.players:
            if not p.deal:
                continue
            n, p.deal = p.deal, 0
            group = p.unknown[0]
            size = sum(group.values())
            deck = p.deck.cards
            records: list[Record] = []
            if n < size and len(group) > 1:
                names = yield from self._come_up(p, group, n, "deal", deck, 0, size)
                records.append((tuple(sorted(group.items())), names))
            cards = deck[size - n:size]
            del deck[size - n:size]
            for c in cards:
                group[c.name] -= 1
                if not group[c.name]:
                    del group[c.name]
                c.zone = p.hand
            if n == size:
                p.unknown.pop(0)
            p.hand.cards.extend(cards)
            self.log.add(self.state.turn.number, p.name, "holds", tuple(c.name for c in cards),
                         "in their hand", "chance.unknown-order", "", tuple(records))


def _listing(group: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in sorted(group.items()))
