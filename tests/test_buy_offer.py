"""The Buy phase's lazy decision answers every question the way its full option list would.

The Buy phase builds its options only when someone reads them (issue 14); bots ask it whether a
value is offered, whether there is a choice at all, and answer with one option built alone.
These are three more ways to ask the same rules (``turn.buy.treasures``, ``turn.buy.purchase``,
``event``), so each is checked against the list itself at every Buy-phase decision of seeded
games over every card in scope and every Event.
"""

from __future__ import annotations

import random

import pytest
from dominion_tavern.rulebook.carddata import EVENTS
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer
from dominion_tavern.rulebook.engine.turn import END_BUY, PLAY_ALL, BuyOffer
from dominion_tavern.rulebook.setup import Setup, new_game
from dominion_tavern.rulebook.simulate.bots import RandomBot
from helpers import kingdoms, position


def checked(d: Decision, g) -> int:
    """Check one lazy Buy decision against its full list; returns the values it offered."""
    listed = list(d.each_value())
    labels = [d.label_of(v) for v in listed]
    forced = d.forced()  # asked before the list is built, as the engine asks it
    assert forced == (labels[0] if len(labels) == 1 else None)
    for v in listed:
        assert d.offers(v)
    s = g.state
    others = [("buy", n) for n in s.supply] + [("event", n) for n in EVENTS] + \
        [("play", c.name) for c in s.turn.player.hand.cards] + [PLAY_ALL, END_BUY]
    for v in others:
        assert d.offers(v) == (v in listed), v
        if v not in listed:
            with pytest.raises(IllegalAnswer):
                d.option(v)
    assert [o.label for o in d.options] == labels  # the list, built last
    return len(listed)


@pytest.mark.parametrize("k", range(6))
def test_lazy_buy_decisions_agree_with_their_option_list(k: int) -> None:
    cards, events = kingdoms(6, seed=1414)[k]
    g = new_game(Setup(kingdom=cards, events=events, ruleset=("2015", "current")[k % 2],
                       seed=k))
    bots = [RandomBot(k * 10 + i) for i in range(2)]
    rng = random.Random(k)
    buy_decisions = sizes = 0
    while g.pending is not None and g.state.turn.number <= 60:
        d = g.pending
        if d.kind == "buy" and d.lazy:
            buy_decisions += 1
            sizes += checked(d, g)
            g.answer(rng.choice(d.answers()))
        else:
            g.answer(bots[0 if d.player == "Ann" else 1].choose(g, d))
    assert buy_decisions > 50 and sizes > buy_decisions  # real choices were checked


def test_a_buy_phase_with_nothing_to_do_but_end_is_not_asked() -> None:
    """In the extra turn Mission gives, no card may be bought (Mission's text: "...you can't
    buy cards during it"); with no Treasure in hand and no Event affordable, ending the Buy
    phase is the only legal answer, so it is taken without asking (rule
    ``choice.only-option``) and the turn goes on to Clean-up."""
    g = position(["Village"], phase="buy", events=["Bonfire"], turn={"extra": "Mission"},
                 ann={"hand": ["Estate", "Village"], "deck": ["Copper"] * 5})
    assert g.state.turn.number == 2  # Ann's extra turn ended; Bob's turn asks next
    assert g.pending is not None and g.pending.player == "Bob"
    assert g.answers == [] and "Ann draws" in g.log.text()  # nothing was asked of Ann


@pytest.mark.parametrize("hand", [["Estate"], ["Copper", "Estate"], ["Silver", "Gold"]])
@pytest.mark.parametrize("events", [[], ["Bonfire"], ["Alms", "Travelling Fair"]])
def test_only_names_the_end_exactly_when_nothing_else_is_offered(hand, events) -> None:
    """``only()`` (asked instead of listing) against the list, over the $, the Buys, a
    purchase made, Mission's turn, empty piles: it is ``END_BUY`` just when the list holds
    nothing else (rules ``turn.buy.treasures``, ``turn.buy.purchase``, ``turn.extra``)."""
    g = position(["Village"], phase="buy", events=events, ann={"hand": hand})
    t, s = g.state.turn, g.state
    ends = 0
    for coins in (0, 2, 3, 5):
        for buys in (0, 1):
            for closed in (False, True):
                for mission in (False, True):
                    for empty in ((), ("Copper", "Curse")):
                        t.coins, t.buys, t.treasures_closed = coins, buys, closed
                        t.no_buying_cards = mission
                        kept = {n: list(s.supply[n].cards) for n in empty}
                        for n in empty:
                            s.supply[n].cards.clear()
                        offer = BuyOffer(g)
                        listed = list(offer.values())
                        assert offer.only() == (END_BUY if listed == [END_BUY] else None)
                        ends += listed == [END_BUY]
                        for n, cards in kept.items():
                            s.supply[n].cards[:] = cards
    assert ends > 0  # the case the engine does not ask was met
