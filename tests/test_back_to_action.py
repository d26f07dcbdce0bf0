"""Villa (Empires), Cavalry and Horse (Menagerie): going back from the Buy phase to the Action
phase (rule turn.phase.return), a new Buy phase from its beginning, and the Adventures
rulings that meet them (Wine Merchant, Messenger, Haunted Woods)."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from helpers import BOTH, names, position


def whose(g):
    return g.state.turn.player.name


@BOTH
def test_villa_bought_returns_to_action_phase(ruleset):
    """Ruling villa.buy-phase-return (Empires rulebook 2016, card FAQ: Villa): Villa goes to
    the hand with +1 Action; back in the Action phase it can be played; the next Buy phase
    starts from its beginning, so the Treasures left may be played."""
    g = position(["Villa"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["4 Copper", "Silver"], "deck": ["10 Gold"]})
    for a in ("play Copper", "play Copper", "play Copper", "play Copper", "buy Villa"):
        g.answer(a)
    t = g.state.turn
    assert t.phase == "action" and t.actions == 2 and t.buys == 0  # its unused Action kept
    assert "Villa" in names(g.player("Ann").hand)
    g.answer("play Villa")
    assert t.actions == 3 and t.buys == 1 and t.coins == 1  # no Action card left: phase ends
    assert t.phase == "buy" and "play Silver" in g.legal()
    g.answer("play Silver")
    assert t.coins == 3


@BOTH
def test_villa_gained_in_action_phase_stays_there(ruleset):
    """Ruling villa.gained-other-times (Villa FAQ): gained in the Action phase (Workshop), it
    goes to hand with +1 Action and the phase goes on."""
    g = position(["Villa", "Workshop"], ruleset=ruleset, ann={"hand": ["Workshop"]})
    g.answer("play Workshop")
    g.answer("gain Villa")
    assert g.state.turn.phase == "action" and g.state.turn.actions == 1
    assert names(g.player("Ann").hand) == ["Villa"]


@BOTH
def test_cavalry_bought_draws_and_returns(ruleset):
    """Ruling cavalry.buy-phase-return (Menagerie rulebook 2020, card FAQ: Cavalry): +2 Cards,
    +1 Buy, back to the Action phase, with no +Action."""
    g = position(["Cavalry"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["4 Copper"], "deck": ["Smithy", "Gold", "5 Copper"]})
    g.answer("play all Treasures")
    g.answer("buy Cavalry")
    t = g.state.turn
    assert t.phase == "action" and t.buys == 1 and t.actions == 1  # the unused one, no more
    assert sorted(names(g.player("Ann").hand)) == ["Gold", "Smithy"]


@BOTH
def test_cavalry_gains_horses_which_return(ruleset):
    """Rulings cavalry.horses and horse.returns (Menagerie FAQ): two Horses from the non-Supply
    pile; a Horse played draws 2, +1 Action and goes back to its pile; not buyable."""
    g = position(["Cavalry"], ruleset=ruleset, turn={"actions": 2},
                 ann={"hand": ["Cavalry", "Horse"], "deck": ["5 Copper"]})
    assert "Horse" not in g.state.supply and "Horse" in g.state.nonsupply
    before = len(g.state.nonsupply["Horse"].cards)
    g.answer("play Cavalry")
    assert names(g.player("Ann").discard) == ["Horse", "Horse"]
    g.answer("play Horse")
    assert len(g.state.nonsupply["Horse"].cards) == before - 1
    assert "Horse" not in names(g.player("Ann").play)


@BOTH
def test_wine_merchant_not_discarded_on_the_return(ruleset):
    """Ruling wine-merchant.villa-cavalry (wiki, Wine Merchant, Other rules clarifications):
    the Buy phase left for the Action phase does not end, so Wine Merchant waits for the Buy
    phase that does."""
    g = position(["Villa"], ruleset=ruleset, phase="buy", turn={"coins": 6},
                 ann={"hand": ["Estate"], "mat": ["Wine Merchant"], "deck": ["5 Copper"]})
    g.answer("buy Villa")
    assert g.state.turn.phase == "action" and g.pending.rule == "turn.action"
    assert "Wine Merchant" in names(g.player("Ann").mat)
    g.answer("end Action phase")  # $2 left, no Buy: the Buy phase ends by itself, normally
    assert "discard Wine Merchant from the Tavern mat" in g.legal()


@pytest.mark.parametrize("ruleset,gift", [("current", True), ("2015", False)])
def test_messenger_in_a_second_buy_phase(ruleset, gift):
    """Ruling messenger.villa-cavalry-current (wiki, Messenger, Other rules clarifications):
    under the current text ("the first card you gain in your Buy phase") Messenger bought in the Buy
    phase after a Villa gives its gift; under the 2015 text (first buy of the turn) not."""
    g = position(["Villa", "Messenger"], ruleset=ruleset, phase="buy",
                 turn={"coins": 8, "buys": 2}, ann={"hand": ["Estate"], "deck": ["5 Copper"]})
    g.answer("buy Villa")
    assert g.state.turn.phase == "action"  # Villa's gain took Ann back (rule turn.phase.return)
    g.answer("end Action phase")
    g.answer("buy Messenger")
    assert (g.pending is not None and "Messenger" in g.pending.prompt) == gift


def test_villa_not_buyable_back_in_action_phase():
    """Rule turn.phase.return: back in the Action phase, buying waits for the Buy phase."""
    g = position(["Villa"], phase="buy", turn={"coins": 8, "buys": 2},
                 ann={"hand": ["Estate"], "deck": ["5 Copper"]})
    g.answer("buy Villa")
    with pytest.raises(IllegalAnswer):
        g.answer("buy Villa")
    assert whose(g) == "Ann"
