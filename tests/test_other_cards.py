"""Torturer (Intrigue), Goons and City (Prosperity): one test per ruling in
``rulebook/data/rulings.toml``; each names its ruling (``Ruling <card>.<point>``) and source."""

from __future__ import annotations

import pytest
from helpers import entries, names, position, to_buy

# -- Torturer ------------------------------------------------------------------------------

TORTURE = ["gain a Curse", "discard 2 cards"]


def torturer(**players):
    g = position(kingdom=["Torturer"], ann={"hand": ["Torturer"], "deck": ["3 Copper"]},
                 **players)
    g.answer("play Torturer")
    return g


def test_torturer_choice_in_turn_order():
    """Ruling torturer.choice-in-turn-order (Intrigue rulebook, card FAQ: Torturer): Bob
    chooses and does his option before Cid is asked."""
    g = torturer(bob={"hand": ["Estate", "Estate", "Gold"]}, cid={"hand": ["Silver"]})
    assert names(g.player("Ann").hand) == ["Copper"] * 3
    asked = [(g.pending.player, g.pending.card, g.legal())]
    g.answer("discard 2 cards")
    asked.append((g.pending.player, g.pending.card, g.legal()))
    g.answer("discard: Estate, Estate")
    asked.append((g.pending.player, g.pending.card, g.legal()))
    assert asked == [
        ("Bob", "Torturer", TORTURE),
        ("Bob", "Torturer", ["discard: Estate, Estate", "discard: Estate, Gold"]),
        ("Cid", "Torturer", TORTURE),
    ]
    assert names(g.player("Bob").discard) == ["Estate", "Estate"]
    g.answer("gain a Curse")
    assert names(g.player("Cid").hand) == ["Silver", "Curse"]
    assert g.pending.player == "Ann"


def test_torturer_choice_in_turn_order_from_the_left():
    """Ruling torturer.choice-in-turn-order (Intrigue rulebook, card FAQ: Torturer): with Bob
    playing it, Cid (on his left) decides first, then Ann."""
    g = position(kingdom=["Torturer"], turn={"player": "Bob"}, bob={"hand": ["Torturer"]},
                 ann={"hand": ["Copper"]}, cid={"hand": ["Copper"]})
    g.answer("play Torturer")
    assert g.pending.player == "Cid"
    g.answer("gain a Curse")
    assert g.pending.player == "Ann"


def test_torturer_curse_none_left():
    """Ruling torturer.curse-none-left (Intrigue rulebook, card FAQ: Torturer)."""
    g = torturer(piles={"Curse": 0}, bob={"hand": ["Estate", "Estate", "Gold"]})
    assert g.legal() == TORTURE
    g.answer("gain a Curse")
    assert names(g.player("Bob").hand) == ["Estate", "Estate", "Gold"]
    assert names(g.player("Bob").discard) == []
    assert [e.rule for e in entries(g, "gains nothing", "Bob")] == ["gain.empty"]


@pytest.mark.parametrize(("hand", "discarded"), [(["Gold"], ["Gold"]), ([], [])])
def test_torturer_discard_short(hand, discarded):
    """Ruling torturer.discard-short (Intrigue rulebook, card FAQ: Torturer): with 1 card
    the player discards it, with 0 nothing; the option may still be chosen."""
    g = torturer(bob={"hand": hand})
    assert g.pending.player == "Bob"
    assert g.legal() == TORTURE
    g.answer("discard 2 cards")
    assert names(g.player("Bob").hand) == []
    assert names(g.player("Bob").discard) == discarded
    assert g.pending.player == "Ann"
    assert len(g.state.supply["Curse"]) == 10


def test_torturer_curse_to_hand():
    """Ruling torturer.curse-to-hand (Intrigue rulebook, card FAQ: Torturer)."""
    g = torturer(bob={"hand": ["Copper"], "discard": ["Estate"]})
    g.answer("gain a Curse")
    bob = g.player("Bob")
    assert names(bob.hand) == ["Copper", "Curse"]
    assert names(bob.discard) == ["Estate"]
    assert len(g.state.supply["Curse"]) == 9


def test_torturer_curses_short():
    """Ruling torturer.curses-short (Intrigue rulebook, card FAQ: Torturer): 1 Curse left:
    the player on the left takes it; the next to choose the Curse gets nothing."""
    g = torturer(piles={"Curse": 1}, bob={"hand": ["Copper"]}, cid={"hand": ["Copper"]})
    g.answer("gain a Curse")
    g.answer("gain a Curse")
    assert names(g.player("Bob").hand) == ["Copper", "Curse"]
    assert names(g.player("Cid").hand) == ["Copper"]
    assert [e.player for e in entries(g, "gains nothing")] == ["Cid"]


# -- Goons ---------------------------------------------------------------------------------

def test_goons_vp_per_buy():
    """Ruling goons.vp-per-buy (Prosperity rulebook, card FAQ: Goons): two buys, 2 VP."""
    g = position(kingdom=["Goons"], ann={"hand": ["Goons", "Copper"]})
    g.answer("play Goons")
    to_buy(g)
    assert (g.state.turn.coins, g.state.turn.buys) == (2, 2)
    ann = g.player("Ann")
    g.answer("buy Copper")
    assert ann.vp_tokens == 1
    g.answer("buy Curse")
    assert ann.vp_tokens == 2
    assert [e.cards for e in entries(g, "gains", "Ann")] == [("Copper",), ("Curse",)]


def test_goons_not_other_gains():
    """Ruling goons.not-other-gains (Prosperity rulebook, card FAQ: Goons): with Goons in play,
    a card gained with Workshop gives no VP; a card bought afterwards does."""
    g = position(kingdom=["Goons", "Village", "Workshop"],
                 ann={"hand": ["Village", "Goons", "Workshop"], "deck": ["Estate"]})
    g.answer("play Village")
    g.answer("play Goons")
    g.answer("play Workshop")
    g.answer("gain Silver")
    ann = g.player("Ann")
    assert names(ann.discard) == ["Silver"]
    assert ann.vp_tokens == 0
    to_buy(g)
    g.answer("buy Copper")
    assert ann.vp_tokens == 1


def test_goons_cumulative():
    """Ruling goons.cumulative (Prosperity rulebook, card FAQ: Goons): two Goons in play,
    2 VP per card bought."""
    g = position(kingdom=["Goons", "Village"],
                 ann={"hand": ["Village", "Goons", "Goons"], "deck": ["Estate"]})
    g.answer("play Village")
    g.answer("play Goons")
    g.answer("play Goons")
    to_buy(g)
    g.answer("buy Silver")
    assert g.player("Ann").vp_tokens == 2
    g.answer("buy Copper")
    assert g.player("Ann").vp_tokens == 4


def test_goons_one_copy_replayed():
    """Ruling goons.one-copy-replayed (Prosperity rulebook, card FAQ: Goons): Throne Room on
    Goons, buy Silver: +1 VP token (though +$4 and +2 Buys)."""
    g = position(kingdom=["Goons", "Throne Room"], ann={"hand": ["Throne Room", "Goons"]})
    g.answer("play Throne Room")
    g.answer("play Goons")
    to_buy(g)
    assert (g.state.turn.coins, g.state.turn.buys) == (4, 3)
    g.answer("buy Silver")
    assert g.player("Ann").vp_tokens == 1


def test_goons_vp_tokens():
    """Ruling goons.vp-tokens (Prosperity rulebook, card FAQ: Goons): the token taken when
    buying the last Province counts in the final score: 6 + 1 VP."""
    g = position(kingdom=["Goons"], piles={"Province": 1}, turn={"coins": 6},
                 ann={"hand": ["Goons"]}, bob={"vp_tokens": 2})
    g.answer("play Goons")
    to_buy(g)
    g.answer("buy Province")
    assert g.player("Ann").vp_tokens == 1
    g.answer("end Buy phase")
    assert g.over
    scores = {e.player: e.verb for e in entries(g) if e.rule == "game.scoring"}
    assert scores == {"Ann": "scores 7 VP", "Bob": "scores 2 VP"}
    assert g.winners == ["Ann"]


# -- City ----------------------------------------------------------------------------------

CITY_DECK = ["Gold", "Silver", "Copper", "Estate"]


def city(piles=None, hand=("City",), **kw):
    g = position(kingdom=["City", "Workshop", "Village"], piles=piles,
                 ann={"hand": list(hand), "deck": CITY_DECK}, **kw)
    g.answer("play City")
    return g


def outcome(g):
    t = g.state.turn
    return names(g.player("Ann").hand), t.actions, t.coins, t.buys


def test_city_base():
    """Ruling city.base (Prosperity rulebook, card FAQ: City): no empty Supply pile."""
    assert outcome(city()) == (["Gold"], 2, 0, 1)


def test_city_one_empty():
    """Ruling city.one-empty (Prosperity rulebook, card FAQ: City)."""
    assert outcome(city({"Curse": 0})) == (["Gold", "Silver"], 2, 0, 1)


def test_city_two_empty():
    """Ruling city.two-empty (Prosperity rulebook, card FAQ: City): two empty piles: +2 Cards,
    +2 Actions, +$1, +1 Buy."""
    assert outcome(city({"Curse": 0, "Village": 0})) == (["Gold", "Silver"], 2, 1, 2)


def test_city_no_third_bonus():
    """Ruling city.no-third-bonus (Prosperity rulebook, card FAQ: City)."""
    piles = {"Curse": 0, "Village": 0, "Estate": 0}
    assert outcome(city(piles)) == (["Gold", "Silver"], 2, 1, 2)
    piles["Duchy"] = 0
    assert outcome(city(piles)) == (["Gold", "Silver"], 2, 1, 2)


def test_city_checked_on_play():
    """Ruling city.checked-on-play (Prosperity rulebook, card FAQ: City): a second pile empties
    after City resolved: that City gives nothing more; the next City sees 2 empty piles."""
    g = city({"Curse": 0, "Estate": 1}, hand=["City", "Workshop", "City"])
    assert outcome(g) == (["Workshop", "City", "Gold", "Silver"], 2, 0, 1)
    g.answer("play Workshop")
    g.answer("gain Estate")
    assert g.state.empty_supply_piles() == 2
    assert (g.state.turn.coins, g.state.turn.buys) == (0, 1)
    g.answer("play City")
    assert (g.state.turn.actions, g.state.turn.coins, g.state.turn.buys) == (2, 1, 2)


@pytest.mark.parametrize(("exchange", "bob_gets"), [
    (True, (["Gold", "Silver"], 2, 0, 1)),
    (False, (["Gold", "Silver"], 2, 1, 2)),
])
def test_city_refilled_pile(exchange, bob_gets):
    """Ruling city.refilled-pile (Prosperity rulebook, card FAQ: City): the Page pile is
    empty; Ann exchanges a Page from play, returning it to its pile; Bob's City then counts
    one empty pile (Curse), not two."""
    g = position(kingdom=["City", "Page"], phase="buy", piles={"Page": 0, "Curse": 0},
                 ann={"play": ["Page"]},
                 bob={"hand": ["City"], "deck": CITY_DECK})
    g.answer("end Buy phase")
    assert g.legal() == ["exchange Page for Treasure Hunter", "continue"]
    g.answer("exchange Page for Treasure Hunter" if exchange else "continue")
    assert len(g.state.supply["Page"]) == (1 if exchange else 0)
    assert g.state.turn.player.name == "Bob"
    g.answer("play City")
    t = g.state.turn
    assert (names(g.player("Bob").hand), t.actions, t.coins, t.buys) == bob_gets


def test_city_trash_not_pile():
    """Ruling city.trash-not-pile (Prosperity rulebook, card FAQ: City): an empty trash (and
    a trash with cards) makes no difference."""
    assert outcome(city()) == (["Gold"], 2, 0, 1)
    g = city(trash=["Curse"])
    assert outcome(g) == (["Gold"], 2, 0, 1)
    assert g.state.empty_supply_piles() == 0
