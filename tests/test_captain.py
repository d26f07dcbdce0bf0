"""Captain (Promo), a Duration Command card: it plays a Supply card leaving it there now and
at the start of the next turn, through the mechanism Band of Misfits and Overlord use (issue
24). Rulings and sources: rulebook/data/rulings.toml; scenarios in
checker/scenarios/outside/captain-next-turn.yaml and inheritance-captain.yaml."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.setup import Setup
from helpers import finish_turn, position, random_game_keeps_every_card


def test_now_and_at_the_start_of_the_next_turn() -> None:
    """Ruling captain.now-and-next-turn (Captain's current text)."""
    g = position(["Captain", "Village", "Smithy", "Amulet", "Band of Misfits"],
                 ann={"hand": ["Captain"], "deck": ["Copper"] * 12},
                 bob={"deck": ["Copper"] * 5})
    g.answer("play Captain")
    assert g.legal() == ["play Village", "play Smithy"]  # no Duration, no Command, up to $4
    g.answer("play Village")
    finish_turn(g)
    assert g.player("Ann").play.names() == ["Captain"]
    finish_turn(g)
    assert g.pending.player == "Ann" and g.pending.prompt.startswith("Captain")
    g.answer("play Smithy")
    assert len(g.player("Ann").hand) == 8 and len(g.state.supply["Smithy"]) == 10
    finish_turn(g)
    assert g.player("Ann").play.names() == []


def test_inheritance_refuses_it_at_four() -> None:
    """Ruling inheritance.captain (wiki 'Inheritance' page, Official FAQ 2022)."""
    g = position(["Captain", "Village", "Smithy"], phase="buy", events=["Inheritance", "Ferry"],
                 turn={"coins": 7}, ann={"tokens": {"-$2 cost": "Captain"}})
    assert g.cost("Captain") == 4
    g.answer("buy Inheritance")
    assert g.legal() == ["set aside Village", "set aside Smithy"]
    why = g.pending.closed_for("set aside Captain")
    assert why is not None and why.rule == "token.estate"


@pytest.mark.parametrize("k", range(4))
def test_random_games_with_captain(k: int) -> None:
    """Random bots: no card lost or created, the answers replay to the same log."""
    setup = Setup(kingdom=["Captain", "Overlord", "Band of Misfits", "Throne Room", "Village",
                           "Smithy", "Amulet", "Raze", "Port", "Ratcatcher"],
                  events=["Inheritance", "Ferry"], seed=k,
                  players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  ruleset=("2015", "current")[k % 2])
    random_game_keeps_every_card(setup, k)
