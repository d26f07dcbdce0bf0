"""Crown (Empires), an Action–Treasure whose effect depends on the phase, and Toil
(Menagerie), an Event that plays an Action card in the Buy phase (issue 24). Rulings and their
sources are in rulebook/data/rulings.toml; scenarios in checker/scenarios/outside/."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import replay
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import BOTH, position


def test_crown_is_offered_in_both_phases() -> None:
    """An Action–Treasure is played as an Action in the Action phase and as a Treasure in the
    Buy phase (ruling crown.phase-decides)."""
    g = position(["Crown"], ann={"hand": ["Crown", "Copper"]})
    assert g.legal() == ["play Crown", "end Action phase"]
    g.answer("end Action phase")
    assert "play Crown" in g.legal() and "play all Treasures" in g.legal()


@BOTH
def test_play_all_treasures_asks_what_crown_plays_twice(ruleset) -> None:
    """Crown's printed text (Empires): "If it's your Buy phase, you may play a Treasure from
    your hand twice" (ruling crown.phase-decides); played among all Treasures it still asks
    which, and a Silver played twice makes $4."""
    g = position(["Crown"], ruleset=ruleset, phase="buy",
                 ann={"hand": ["Crown", "Silver", "Copper"]})
    g.answer("play all Treasures")
    assert g.pending.card == "Crown"
    assert g.legal() == ["play Silver", "play Copper", "play nothing"]
    g.answer("play Silver")
    assert g.state.turn.coins == 5  # Silver twice, then the Copper


def test_crown_with_nothing_to_play_twice() -> None:
    """Crown's printed text: "you may play" a Treasure twice, so with none in hand it does
    nothing (ruling crown.phase-decides)."""
    g = position(["Crown"], phase="buy", ann={"hand": ["Crown", "Estate"]})
    g.answer("play Crown")
    assert "has no card to play" in g.log.text() and g.state.turn.coins == 0


def test_toil_uses_no_action_and_gives_a_buy() -> None:
    """Ruling toil.no-action-used (Menagerie rulebook, Toil FAQ)."""
    g = position(["Village"], phase="buy", events=["Toil"], turn={"coins": 2, "actions": 0},
                 ann={"hand": ["Village"], "deck": ["Copper"]})
    g.answer("buy Toil")
    g.answer("play Village")
    t = g.state.turn
    assert (t.buys, t.actions, t.coins) == (1, 2, 0)
    assert [c.name for c in g.player("Ann").hand] == ["Copper"]


@pytest.mark.parametrize("k", range(6))
def test_random_games_with_crown_and_toil(k: int) -> None:
    """Random bots: no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Crown", "Storyteller", "Royal Carriage", "Coin of the Realm",
                           "Village", "Smithy", "Black Market", "Engineer", "University",
                           "Duplicate"],
                  events=["Toil"] + (["Pilgrimage"] if k % 2 else []), seed=k,
                  players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    total = len(setup.build()[0].all_cards())
    g, result = play_game(setup, ["random"] * len(setup.players), k)
    assert result.finished and len(g.state.all_cards()) == total
    assert replay(setup.build, g.answers).log.text() == g.log.text()
