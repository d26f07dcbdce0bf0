"""Bots: players that answer pending decisions, as scripts and people do.

A bot sees only the game and the decision; it answers with one of the decision's labels, or
with an option it asked the decision for (a typed answer: no labels built).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dominion_tavern.rulebook.engine.decisions import Decision, Option
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.turn import END_BUY, PLAY_ALL

#: A random bot lists a multi-pick's answers up to this many options and this many answers.
OPTIONS_LISTED, ANSWERS_LISTED = 10, 5040


class RandomBot:
    """Picks uniformly among every legal answer (its own seeded generator); from a pick with
    more than it lists, a random number of random options, in random order."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game, d: Decision) -> str | Option:
        if d.multi and (len(d.options) > OPTIONS_LISTED or d.answer_count() > ANSWERS_LISTED):
            k = self.rng.randint(d.min, min(d.max, len(d.options)))
            picks = self.rng.sample(d.options, k)
            return d.answer_label(picks)
        if not d.multi and d.lazy:  # one value picked, its option built alone
            return d.option(self.rng.choice(list(d.each_value())))
        return self.rng.choice(d.answers())


class BigMoney:
    """Plays all Treasures, spends Coffers only to reach $8 or $6, buys Province at $8, Gold at
    $6, Silver at $3 (Duchy late); for any other decision, the first legal answer that does
    not hurt it (see ``_other``)."""

    name = "big-money"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game, d: Decision) -> str | Option:
        if d.kind == "buy":
            return self._buy(g, d)
        if d.kind == "action":
            return "end Action phase"
        return self._other(d)

    def _buy(self, g: Game, d: Decision) -> Option:
        """Typed answers: asks the decision what it offers, without building its options."""
        if d.offers(PLAY_ALL):
            return d.option(PLAY_ALL)
        for c in g.state.turn.player.hand.cards:  # a single Treasure
            if c.d.is_treasure and d.offers(("play", c.name)):
                return d.option(("play", c.name))
        coins = g.state.turn.coins
        for target in (8, 6):  # Coffers, only as many as reach a Province or a Gold
            if coins < target <= coins + g.state.turn.player.coffers and \
                    d.offers(("coffers", target - coins)):
                return d.option(("coffers", target - coins))
        provinces = len(g.state.supply["Province"].cards)
        wants = ["Province"] if coins >= 8 else []
        if provinces <= 4:
            wants.append("Duchy")
        wants += ["Gold"] if coins >= 6 else []
        if provinces <= 2:
            wants.append("Estate")
        wants.append("Silver")
        for name in wants:
            if d.offers(("buy", name)):
                return d.option(("buy", name))
        return d.option(END_BUY)

    def _other(self, d: Decision) -> str:
        if d.multi:  # discard/trash as few as allowed, Victory cards and Curses first
            ranked = sorted(d.options, key=lambda o: getattr(o.value, "d", None) is None
                            or not (o.value.d.is_victory or o.value.name == "Curse"))
            if d.ordered:  # onto a deck, named top card first: Victory cards and Curses last
                return d.answer_label(ranked[::-1])
            return d.answer_label(ranked[:d.min])
        return d.answers()[0]


class SmithyBigMoney(BigMoney):
    """Big Money with Smithy: plays a Smithy whenever it can (its one Action), and otherwise
    plays and buys as :class:`BigMoney` (it buys no more Smithies: an opening's is its only
    one). The strategy a Silver/Smithy opening is taught with."""

    name = "smithy-big-money"

    def choose(self, g: Game, d: Decision) -> str | Option:
        if d.kind == "action" and "play Smithy" in d.labels():
            return "play Smithy"
        return super().choose(g, d)


BOTS: dict[str, Callable[[int], RandomBot | BigMoney]] = {
    "random": RandomBot,
    "big-money": BigMoney,
    "smithy-big-money": SmithyBigMoney,
}
