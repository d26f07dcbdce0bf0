"""Overlord (Empires), a Command card costing 8 Debt: it plays a card from the Supply leaving
it there (current text), or becomes it until it leaves play (first printing, the 2015
ruleset), by the same mechanism as Band of Misfits (issue 24). Rulings and sources:
rulebook/data/rulings.toml; scenarios in checker/scenarios/outside/overlord-*.yaml and
inheritance-overlord*.yaml."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.possible import impossible
from dominion_tavern.rulebook.setup import Setup
from helpers import BOTH, finish_turn, position, random_game_keeps_every_card


def test_it_plays_a_supply_card_leaving_it_there() -> None:
    """Ruling overlord.leaves-it-there (wiki 'Overlord' page, Unofficial FAQ 2020): the
    played card stays in its pile; Duration cards are allowed, Command cards are not."""
    g = position(["Overlord", "Band of Misfits", "Amulet", "Village", "Smithy"],
                 ann={"hand": ["Overlord"], "deck": ["Gold", "Copper"]})
    g.answer("play Overlord")
    assert g.legal() == ["play Amulet", "play Village", "play Smithy"]  # no Band of Misfits
    g.answer("play Village")
    assert len(g.state.supply["Village"]) == 10 and g.state.turn.actions == 2
    assert g.player("Ann").play.names() == ["Overlord"]


def test_it_stays_in_play_as_long_as_the_duration_it_played() -> None:
    """Ruling overlord.duration (wiki 'Overlord' page, Unofficial FAQ 2020: leave it in play
    until the Clean-up of the turn the card it played would have left play)."""
    g = position(["Overlord", "Amulet", "Village"],
                 ann={"hand": ["Overlord"], "deck": ["Copper"] * 12},
                 bob={"deck": ["Copper"] * 5})
    g.answer("play Overlord")
    g.answer("play Amulet")
    g.answer("+$1")
    finish_turn(g)
    assert g.player("Ann").play.names() == ["Overlord"]
    assert "keeps Overlord in play" in g.log.text()
    finish_turn(g)  # Bob's turn
    assert g.pending.prompt.startswith("Amulet")  # its effect, with Overlord still out
    g.answer("gain a Silver")
    finish_turn(g)
    assert g.player("Ann").play.names() == [] and g.state.pending == []


def test_first_printing_overlord_is_the_card_until_it_leaves_play() -> None:
    """Ruling overlord.first-printing (first-printing text: "This is that card until it
    leaves play")."""
    g = position(["Overlord", "Village"], ruleset="2015",
                 ann={"hand": ["Overlord"], "deck": ["Copper"] * 6})
    g.answer("play Overlord")
    me = g.player("Ann").play.cards[0]
    assert me.d.name == "Village" and g.cost(me) == 3
    finish_turn(g)
    assert me.zone.kind != "play" and me.d.name == "Overlord" and g.cost(me).debt == 8


def test_it_cannot_be_played_in_the_buy_phase() -> None:
    """Ruling overlord.crown (Empires rulebook, Overlord FAQ): not a Treasure, so not in the
    Buy phase."""
    g = position(["Overlord", "Crown"], phase="buy", ann={"hand": ["Overlord", "Copper"]})
    assert "play Overlord" not in g.legal()
    why = g.pending.closed_for("play Overlord")
    assert why is not None and why.rule == "turn.action"


@BOTH
def test_inheritance_never_sets_it_aside(ruleset) -> None:
    """Ruling inheritance.overlord (wiki 'Inheritance' page, Official FAQ 2022; 'Debt' page):
    8 Debt is not up to $4, whatever lowers $."""
    g = position(["Overlord", "Bridge Troll", "Village", "Smithy"], ruleset=ruleset, phase="buy",
                 events=["Inheritance"], turn={"coins": 7},
                 ann={"play": ["Bridge Troll"]})
    g.answer("buy Inheritance")
    assert "set aside Overlord" not in g.legal()
    why = g.pending.closed_for("set aside Overlord")
    assert why is not None and why.rule == "cost.debt" and "Debt is not $" in why.reason()


@BOTH
def test_a_position_with_the_estate_token_on_it_is_refused(ruleset) -> None:
    """The same ruling, for a position written by hand (rule token.estate)."""
    spec = {"ruleset": ruleset, "kingdom": ["Overlord"], "events": ["Inheritance"],
            "players": [{"name": "Ann", "estate_token": "Overlord"}, {"name": "Bob"}]}
    problems = [why for _, why in impossible(spec)]
    assert any("Overlord" in why and "token.estate" in why for why in problems), problems


@pytest.mark.parametrize("k", range(6))
def test_random_games_with_overlord(k: int) -> None:
    """Random bots: no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Overlord", "Band of Misfits", "Amulet", "Throne Room", "Crown",
                           "Village", "Haunted Woods", "Raze", "Page", "Masterpiece"],
                  events=["Inheritance"], seed=k, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    random_game_keeps_every_card(setup, k)
