"""A whole group of cards in unknown order becoming known at once (rule chance.unknown-order).

Taking every card of a group leaves nothing to chance, so no chance step is asked. Cards no one
knows are told apart only by name, so how a setup happens to list the group must not change
the game: the cards come up in name order, not in the order the seeded shuffle of the listing
left them. (``tavern dump`` writes a group in name order, so before, the corpus positions of
council-room-known-then-shuffle and messenger-keep-deck did not load back: test_cli_tools.)
"""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build


def smithy(group: list[str]) -> dict:
    return {"kingdom": ["Smithy"], "players": [
        {"name": "Ann", "hand": ["Smithy"], "deck": {"unknown": group}},
        {"name": "Bob"}], "turn": {"phase": "action"}}


def hand_of_pool(pool: list[str]) -> dict:
    return {"players": [{"name": "Ann", "hand": {"unknown": 3, "pool": pool}}, {"name": "Bob"}],
            "turn": {"phase": "start"}}


@pytest.mark.parametrize(("spec", "script"), [(smithy, ["play Smithy"]), (hand_of_pool, [])])
def test_the_listing_order_of_a_group_changes_nothing(spec, script):
    """Smithy draws all 3 cards of the deck; a hand is all 3 cards of its pool."""
    games = []
    for group in (["Silver", "Estate", "Copper"], ["Copper", "Silver", "Estate"],
                  ["Estate", "Copper", "Silver"]):
        g = Game(lambda group=group: build(spec(group)))
        for a in script:
            g.answer(a)
        games.append(g)
    assert {tuple(c.name for c in g.player("Ann").hand) for g in games} == {
        ("Copper", "Estate", "Silver")}
    assert len({g.log.text() for g in games}) == 1

