"""Many seeded random-bot games over every implemented card: no card is created or lost, no
exception, every game ends, and the answers replay to the same log (issue: engine core)."""

from __future__ import annotations

import pytest
from dominion_tavern.rulebook.engine.game import replay
from dominion_tavern.rulebook.setup import Setup
from dominion_tavern.rulebook.simulate.games import play_game
from helpers import kingdoms


def check_invariants(g, total: int) -> None:
    cards = g.state.all_cards()
    assert len(cards) == total, "a card was created or lost"
    assert len({c.uid for c in cards}) == total, "a card is in two places"
    for zone in g.state.all_zones():
        for c in zone.cards:
            assert c.zone is zone


@pytest.mark.parametrize("k", range(60))
def test_random_games_keep_every_card(k):
    kingdom, events = kingdoms(60, 2026)[k]
    setup = Setup(kingdom=kingdom, events=events, players=["Ann", "Bob", "Cid"][: 2 + k % 2],
                  seed=k, ruleset=("2015", "current")[k % 2])
    total = len(setup.build()[0].all_cards())
    g, result = play_game(setup, ["random"] * len(setup.players), k)
    assert result.finished, f"game on {kingdom} did not end"
    check_invariants(g, total)
    again = replay(setup.build, g.answers)
    assert again.log.text() == g.log.text()
