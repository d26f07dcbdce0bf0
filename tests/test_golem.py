"""Golem (Alchemy, $4P): it reveals until two non-Golem Action cards and plays them, from
outside the hand (issue 24, optional part). Rulings and sources: rulebook/data/rulings.toml;
scenarios in checker/scenarios/outside/golem-*.yaml."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.setup import Setup
from helpers import position, random_game_keeps_every_card


def test_the_revealed_cards_are_not_shuffled_back() -> None:
    """Ruling golem.shuffle-not-revealed (Alchemy rulebook, Golem FAQ): the shuffle takes the
    discard pile only; what was revealed waits apart, then is discarded or played."""
    g = position(["Golem", "Village"], ann={"hand": ["Golem"], "deck": ["Copper"],
                                            "discard": ["Village"]})
    g.answer("play Golem")
    ann = g.player("Ann")
    assert ann.play.names() == ["Golem", "Village"] and ann.aside.names() == []
    assert "shuffles (1 card)" in g.log.text()


def test_no_action_found_plays_nothing() -> None:
    """Ruling golem.shuffle-not-revealed: with none found, Golem is done."""
    g = position(["Golem"], ann={"hand": ["Golem"], "deck": ["Copper", "Golem", "Estate"]})
    g.answer("play Golem")
    ann = g.player("Ann")
    assert sorted(ann.discard.names()) == ["Copper", "Estate", "Golem"]
    assert ann.play.names() == ["Golem"]


def test_golem_costs_a_potion() -> None:
    """Rule cost.potion: $4 and a Potion (Golem's printed cost)."""
    g = position(["Golem"], phase="buy", turn={"coins": 6},
                 ann={"hand": ["Copper"]})
    assert "buy Golem" not in g.legal()
    why = g.pending.closed_for("buy Golem")
    assert why is not None and why.rule == "cost.potion"


@pytest.mark.parametrize("k", range(4))
def test_random_games_with_golem(k: int) -> None:
    """Random bots: no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Golem", "Village", "Smithy", "Throne Room", "Amulet", "Port",
                           "Caravan Guard", "Coin of the Realm", "Overlord", "University"],
                  seed=k, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    random_game_keeps_every_card(setup, k)
