"""Costs with a Potion or Debt (Alchemy, Empires) in every cost comparison, and the Debt token
rules (issue 24). Rulings name their sources; the scenarios in checker/scenarios/outside/ state
the same rulings as a judge would ask them."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.carddata import CARDS, Cost
from dominion_tavern.rulebook.engine.game import replay
from dominion_tavern.rulebook.engine.turn import BuyOffer
from dominion_tavern.rulebook.setup import Setup, SetupError, supply_names
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import BOTH, buy_labels, pile, position


def test_costs_compare_part_by_part() -> None:
    """Rules cost.potion, cost.debt (wiki 'Potion' and 'Debt' pages): $4 and $3P are
    incomparable, a Debt cost is neither more nor less than a $ cost."""
    university, engineer = CARDS["University"].cost, CARDS["Engineer"].cost
    assert (university.coins, university.potion, university.debt) == (2, 1, 0)
    assert (engineer.coins, engineer.potion, engineer.debt) == (0, 0, 4)
    assert not university.at_most(5) and not Cost(5).at_most(university)
    assert not engineer.at_most(4) and not Cost(4).at_most(engineer)
    assert university.at_most(university + 2) and Cost(4).at_most(university + 2)
    assert not Cost(5).at_most(university + 2)
    assert not Cost(3, potion=1).between(3, 6) and Cost(3).between(3, 6)
    assert not engineer.between(3, 6) and not Cost(7).between(3, 6)
    assert not university.is_exactly(2) and Cost(2).is_exactly(2)
    assert Cost(1, potion=1) + -3 == Cost(0, potion=1)  # a reduction floors only the $
    assert Cost(3) == 3 and university != 2 and engineer != 0 and Cost(0) != False  # noqa: E712


@pytest.mark.parametrize("text, cost", [("$2P", Cost(2, 1)), ("8D", Cost(debt=8)),
                                        ("$4 3D", Cost(4, debt=3)), (5, Cost(5)),
                                        ("$0", Cost(0))])
def test_costs_are_written_and_read_the_same_way(text, cost) -> None:
    assert Cost.parse(text) == cost and Cost.parse(str(cost)) == cost


@pytest.mark.parametrize("bad", ["", "2P$", "P3", "$-1", "eight"])
def test_a_cost_that_is_not_one_is_refused(bad) -> None:
    with pytest.raises(ValueError, match="not a cost"):
        Cost.parse(bad)


def test_potion_pile_only_with_a_potion_cost_in_the_kingdom() -> None:
    """Potion FAQ (Alchemy rulebook): 16 Potions, whatever the players, only when a Kingdom
    card costs a Potion."""
    assert "Potion" in supply_names(["University", "Village"])
    assert "Potion" not in supply_names(["Engineer", "Village"])
    g = position(["University"], cid={})
    assert pile(g, "Potion") == 16
    with pytest.raises(SetupError, match="comes with a Kingdom card with a Potion"):
        Setup(kingdom=["Potion"], any_kingdom=True)


def test_buying_a_potion_cost_needs_a_potion_and_spends_it() -> None:
    """Rule cost.potion: a University ($2P) needs $2 and a Potion; both are spent."""
    g = position(["University"], phase="buy", turn={"coins": 5, "buys": 2},
                 ann={"hand": ["Potion"]})
    assert "buy University" not in g.legal()
    why = g.pending.closed_for("buy University")
    assert why is not None and why.rule == "cost.potion" and "no Potion" in why.reason()
    g.answer("play Potion")
    assert g.state.turn.potions == 1 and "buy University" in g.legal()
    g.answer("buy University")
    assert (g.state.turn.coins, g.state.turn.potions) == (3, 0)
    assert "buy University" not in buy_labels(g) and "buy Silver" in buy_labels(g)


def test_a_potion_played_on_another_turn_gives_nothing() -> None:
    """A Potion made outside its owner's turn is spent by no one (rule cost.potion)."""
    g = position(["University"], phase="buy", ann={"hand": ["Potion"]})
    bob = g.player("Bob")
    g.plus_potions(bob, 1)
    assert g.state.turn.potions == 0
    assert "no effect: not their turn" in g.log.text()


@BOTH
def test_debt_is_taken_on_buying_and_stops_buying(ruleset) -> None:
    """Rules debt.take, debt.no-buying (Empires rulebook; wiki 'Debt'): buying an Engineer
    takes 4 Debt; until it is paid off nothing, not even an Event, may be bought."""
    g = position(["Engineer"], ruleset=ruleset, events=["Alms"], phase="buy",
                 turn={"coins": 3, "buys": 3})
    g.answer("buy Engineer")
    assert g.player("Ann").debt == 4 and g.state.turn.coins == 3
    assert g.legal() == ["pay off 1 Debt", "pay off 2 Debt", "pay off 3 Debt", "end Buy phase"]
    for answer in ("buy Copper", "buy Alms"):
        why = g.pending.closed_for(answer)
        assert why is not None and why.rule == "debt.no-buying"
    g.answer("pay off 3 Debt")
    assert g.player("Ann").debt == 1  # $0 left, 1 Debt: nothing to buy or pay, not asked
    assert g.pending.player == "Bob" and "Ann pays off 3 Debt ($3; 1 left)" in g.log.text()


def test_debt_stays_from_turn_to_turn() -> None:
    """Rules debt.take and debt.pay (Empires rulebook, Debt): Debt tokens stay until paid off,
    from one turn to the next."""
    g = position(["Engineer"], phase="buy", ann={"debt": 2})
    g.answer("end Buy phase")
    assert g.player("Ann").debt == 2


@BOTH
def test_paying_off_debt_and_treasures(ruleset) -> None:
    """Rule debt.pay: under the Empires rulebook (2015 ruleset) no Treasure is played once
    Debt has been paid off; under the current rule Debt is paid off at any time."""
    g = position(["Engineer"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Copper", "Silver"], "debt": 1})
    g.answer("play Copper")
    g.answer("pay off 1 Debt")
    if ruleset == "2015":
        why = g.pending.closed_for("play Silver")
        assert why is not None and why.rule == "debt.pay"
    else:
        assert "play Silver" in g.legal()


@BOTH
def test_paying_off_debt_in_the_action_phase(ruleset) -> None:
    """Rule debt.pay: under the current rules Debt may be paid off at any time in the turn,
    the Action phase too; under the first printing only in the Buy phase."""
    g = position(["Engineer", "Village"], ruleset=ruleset, turn={"coins": 1},
                 ann={"hand": ["Village"], "debt": 2})
    offered = "pay off 1 Debt" in g.legal()
    assert offered == (ruleset == "current")
    if offered:
        g.answer("pay off 1 Debt")
        assert g.player("Ann").debt == 1 and g.state.turn.coins == 0
        assert g.legal() == ["play Village", "end Action phase"]


def test_engineer_trashed_elsewhere_gives_no_second_gain() -> None:
    """Engineer: 'You may trash this. If you do...' (card.identity): played twice by Throne
    Room, the second play finds it already trashed and gains once."""
    g = position(["Engineer", "Throne Room"], ann={"hand": ["Throne Room", "Engineer"]})
    g.answer("play Throne Room")
    g.answer("play Engineer")
    g.answer("gain Silver")
    g.answer("trash Engineer")
    g.answer("gain Silver")
    g.answer("gain Silver")  # the second play: its first gain
    assert g.pending is None or "trash Engineer" not in g.legal()
    assert pile(g, "Silver") == 37


def test_city_quarter_draws_per_action_revealed() -> None:
    g = position(["City Quarter", "Village"],
                 ann={"hand": ["City Quarter", "Village", "Copper", "Village"],
                      "deck": ["Gold", "Silver", "Estate"]})
    g.answer("play City Quarter")
    assert sorted(c.name for c in g.player("Ann").hand) == \
        ["Copper", "Gold", "Silver", "Village", "Village"]
    assert g.state.turn.actions == 2


@pytest.mark.parametrize("k", range(8))
def test_random_games_with_potion_and_debt_costs(k: int) -> None:
    """Random bots play Potion, University, Engineer and City Quarter among other cards: no
    card is created or lost, every game ends, the answers replay to the same log."""
    kingdom = ["University", "Engineer", "City Quarter", "Giant", "Page",
               "Duplicate", "Raze", "Transmogrify", "Bridge Troll", "Storyteller"]
    setup = Setup(kingdom=kingdom, events=["Pilgrimage", "Ferry"][: k % 3],
                  players=["Ann", "Bob", "Cid"][: 2 + k % 2], seed=k,
                  ruleset=("2015", "current")[k % 2])
    total = len(setup.build()[0].all_cards())
    g, result = play_game(setup, ["random"] * len(setup.players), k)
    assert result.finished
    assert len(g.state.all_cards()) == total
    assert replay(setup.build, g.answers).log.text() == g.log.text()
    text = g.log.text()
    assert "[debt.take]" in text or "[cost.potion]" in text


def test_buy_offer_lists_what_it_allows_with_debt() -> None:
    g = position(["Engineer"], phase="buy", turn={"coins": 2}, ann={"debt": 5})
    offer = BuyOffer(g)
    values = list(offer.values())
    assert values == [("debt", 1), ("debt", 2), ("end", None)]
    assert all(offer.allows(v) for v in values) and not offer.allows(("debt", 3))
    assert not offer.allows(("buy", "Copper")) and offer.only() is None
