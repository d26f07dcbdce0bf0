"""Coin of the Realm played outside the Buy phase by an Action card from another set's
rulings: Storyteller and Black Market (issue 24). The rulings and sources are in
rulebook/data/rulings.toml; scenarios in checker/scenarios/outside/."""

from __future__ import annotations

from helpers import BOTH, position


@BOTH
def test_called_right_after_storyteller_that_plays_it(ruleset) -> None:
    """Ruling coin-of-the-realm.storyteller (Dominion Strategy Wiki, 'Coin of the Realm' page,
    revision after oldid 57497, and its current Other rules clarifications)."""
    g = position(["Storyteller", "Coin of the Realm", "Smithy"], ruleset=ruleset,
                 ann={"hand": ["Storyteller", "Coin of the Realm", "Smithy"],
                      "deck": ["Village", "4 Copper"]})
    g.answer("play Storyteller")
    g.answer("play: Coin of the Realm")
    assert g.pending.rule == "reserve.after-action"
    assert "call Coin of the Realm" in g.legal()
    assert g.state.turn.actions == 1
    g.answer("call Coin of the Realm")
    assert g.state.turn.actions == 3 and g.state.turn.phase == "action"
    assert "play Village" in g.legal() and "play Smithy" in g.legal()


def test_not_called_after_storyteller_when_left_on_the_mat() -> None:
    """The call is optional (Coin of the Realm's text: "you may call this"); declined, the card
    stays on the Tavern mat (ruling coin-of-the-realm.stays-until-called)."""
    g = position(["Storyteller", "Coin of the Realm"],
                 ann={"hand": ["Storyteller", "Coin of the Realm"], "deck": ["4 Copper"]})
    g.answer("play Storyteller")
    g.answer("play: Coin of the Realm")
    g.answer("continue")
    assert [c.name for c in g.player("Ann").mat] == ["Coin of the Realm"]
