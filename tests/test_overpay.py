"""Masterpiece (Guilds) and overpaying, one act of buying (rule ``buy.overpay``), and the
printed marks beside costs, `*` and `+`, which no comparison reads (rule ``card.cost``; issue
24). Rulings and their sources are in rulebook/data/rulings.toml; scenarios in
checker/scenarios/outside/ (masterpiece-*, giant-masterpiece, warrior-masterpiece)."""

from __future__ import annotations

import pytest
from dominion_tavern.checker.reference.entries import card_data, card_text, find_card
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.setup import Setup
from helpers import BOTH, position, random_game_keeps_every_card


def test_the_marks_are_shown_and_read_by_no_comparison() -> None:
    """Dominion Strategy Wiki, 'Cost' page: an asterisk or plus is only a reminder; Giant's and
    Warrior's FAQ (2015): Teacher ($6*) and Masterpiece ($3+) count by their number."""
    mp, teacher = CARDS["Masterpiece"].cost, CARDS["Teacher"].cost
    assert (str(mp), str(teacher), str(CARDS["Horse"].cost)) == ("$3+", "$6*", "$3*")
    assert str(CARDS["Village"].cost) == "$3" and str(CARDS["University"].cost) == "$2P"
    assert mp == 3 and mp.is_exactly(3) and mp.between(3, 6) and mp.at_most(3)
    assert teacher.between(3, 6) and not teacher.at_most(5)
    assert "costs $3+" in card_text(card_data(*find_card("Masterpiece")))


def buy_masterpiece(ruleset: str, hand: list[str]):
    """A second Buy keeps the Buy phase open to look at it."""
    g = position(["Masterpiece"], ruleset=ruleset, phase="buy", ann={"hand": hand},
                 turn={"buys": 2})
    g.answer("play all Treasures")
    g.answer("buy Masterpiece")
    return g


@BOTH
def test_overpaying_is_offered_up_to_the_coins_left(ruleset) -> None:
    """Ruling masterpiece.overpay (Overpay page: any additional amount, never $0 as an
    overpay; declining is allowed)."""
    g = buy_masterpiece(ruleset, ["Gold", "Gold", "Copper"])
    assert g.pending.kind == "overpay" and g.pending.rule == "choice.optional"
    assert g.legal() == ["overpay $1", "overpay $2", "overpay $3", "overpay $4",
                         "don't overpay"]
    g.answer("don't overpay")
    ann = g.player("Ann")
    assert [c.name for c in ann.discard] == ["Masterpiece"] and g.state.turn.coins == 4


@pytest.mark.parametrize("ruleset, order", [
    ("2015", ["Silver", "Silver", "Masterpiece"]),   # when you buy this: before the gain
    ("current", ["Masterpiece", "Silver", "Silver"]),  # Overpay: when you gain it
])
def test_the_silvers_come_when_the_text_says(ruleset, order) -> None:
    """Ruling masterpiece.overpay: first printing, a when-buy ability; current text (2022
    errata, wiki 'Masterpiece' page), a when-gain one."""
    g = buy_masterpiece(ruleset, ["Gold", "Silver"])
    g.answer("overpay $2")
    assert [c.name for c in g.player("Ann").discard] == order
    assert g.state.turn.coins == 0


def test_no_coins_left_no_decision_and_potions_are_kept() -> None:
    """The rule buy.overpay counts $ only here: with $3 and a Potion, buying Masterpiece asks
    nothing and the Potion stays to spend (Overpay page: a Potion overpaid does nothing for
    Masterpiece)."""
    g = position(["Masterpiece", "University"], phase="buy", turn={"buys": 2},
                 ann={"hand": ["Silver", "Copper", "Potion"]})
    g.answer("play all Treasures")
    g.answer("buy Masterpiece")
    assert g.state.turn.potions == 1 and g.state.turn.coins == 0
    assert [c.name for c in g.player("Ann").discard] == ["Masterpiece"]
    assert "overpays" not in g.log.text()


def test_a_gain_that_is_not_a_buy_is_never_overpaid() -> None:
    """Ruling masterpiece.only-when-bought (Overpay page, Official Rules)."""
    g = position(["Artificer", "Masterpiece"], ann={"hand": ["Artificer", "3 Estate"],
                                                    "deck": ["Gold", "Silver"]})
    g.answer("play Artificer")
    g.answer("discard: Estate, Estate, Estate")
    g.answer("gain Masterpiece")
    assert g.pending is None or g.pending.kind != "overpay"
    assert "Silver" not in [c.name for c in g.player("Ann").discard]


@pytest.mark.parametrize("k", range(4))
def test_random_games_with_masterpiece(k: int) -> None:
    """Random bots overpay at random: no card lost or created, the answers replay to the same
    log."""
    setup = Setup(kingdom=["Masterpiece", "Black Market", "Duplicate", "Giant", "Artificer",
                           "Village", "Smithy", "Market", "Page",
                           "Haunted Woods"],
                  seed=k, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    random_game_keeps_every_card(setup, k)
