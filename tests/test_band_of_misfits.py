"""Band of Misfits (Dark Ages), a Command card: it plays a card from the Supply, leaving it
there (current text), or becomes it until it leaves play (first printing, the 2015 ruleset)
(issue 24). Rulings and sources: rulebook/data/rulings.toml; scenarios in
checker/scenarios/outside/band-of-misfits-*.yaml."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import replay
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import finish_turn, position


def test_the_command_card_stays_for_the_duration_its_card_played_twice() -> None:
    """Rule play.leaving-it-there: Band of Misfits plays Throne Room from the Supply, which
    plays Amulet twice; the Throne Room cannot stay in play (it is in the Supply), so Band
    of Misfits stays instead, with the Amulet, until Amulet is done."""
    g = position(["Band of Misfits", "Throne Room", "Amulet", "Village"],
                 ann={"hand": ["Band of Misfits", "Amulet"], "deck": ["Copper"] * 10})
    g.answer("play Band of Misfits")
    g.answer("play Throne Room")  # or the Village: a choice, not taken without asking
    g.answer("play Amulet")
    g.answer("+$1")
    g.answer("+$1")
    finish_turn(g)
    assert g.player("Ann").play.names() == ["Band of Misfits", "Amulet"]
    assert len(g.state.supply["Throne Room"]) == 10
    assert "Ann keeps Band of Misfits in play" in g.log.text()


def test_first_printing_band_of_misfits_is_itself_again_out_of_play() -> None:
    """Ruling band-of-misfits.first-printing (Dark Ages rulebook, card FAQ: Band of Misfits):
    it is the chosen card, cost included, only until it leaves play."""
    g = position(["Band of Misfits", "Village"], ruleset="2015",
                 ann={"hand": ["Band of Misfits"], "deck": ["Copper"] * 6})
    g.answer("play Band of Misfits")
    me = g.player("Ann").play.cards[0]
    assert me.name == "Band of Misfits" and me.d.name == "Village" and g.cost(me) == 3
    finish_turn(g)
    assert me.zone.kind != "play" and me.d.name == "Band of Misfits" and g.cost(me) == 5


@pytest.mark.parametrize("k", range(6))
def test_random_games_with_band_of_misfits(k: int) -> None:
    """Random bots: no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Band of Misfits", "Throne Room", "Amulet", "Raze", "Page",
                           "Village", "Engineer", "University", "Crown", "Bridge Troll"],
                  events=["Inheritance", "Toil"], seed=k, ruleset=("2015", "current")[k % 2])
    total = len(setup.build()[0].all_cards())
    g, result = play_game(setup, ["random", "random"], k)
    assert result.finished and len(g.state.all_cards()) == total
    assert replay(setup.build, g.answers).log.text() == g.log.text()
