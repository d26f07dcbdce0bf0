"""The explorer's memo over chance branches (issue 26): states are keyed where no card is being
resolved, the cards in unknown order by their groups alone (rule ``chance.unknown-order``: no
one knows their order, so it cannot matter), and two branches reaching the same state are
explored once, their probabilities added. The memo is on by default; without it the same tree
is searched in full, so every outcome, count and probability must be the same either way."""

from __future__ import annotations

import random

from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.explore.state_keys import KeyMaker
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build

# Ann's turn 3 after a Silver/Smithy opening, played by the smithy-big-money bot alone.
OPENED = {"kingdom": ["Smithy"],
          "players": [{"name": "Ann", "turns_taken": 2,
                       "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate", "Silver",
                                                       "Smithy"]}}],
          "turn": {"player": "Ann", "number": 3, "phase": "start"}}


def _deck_position(seed: int | None = None):
    spec = {"players": [{"name": "Ann", "hand": ["Copper"],
                         "deck": {"unknown": ["3 Copper", "2 Estate", "Silver"]}},
                        {"name": "Bob"}],
            "turn": {"phase": "action"}}
    if seed is not None:
        spec["seed"] = seed
    return Game(lambda: build(spec))


def test_the_order_cards_in_unknown_order_lie_in_is_not_part_of_the_key():
    keys = KeyMaker()
    a, b = _deck_position(), _deck_position()
    deck = b.state.players[0].deck.cards
    random.Random(5).shuffle(deck)  # the same group, the cards lying otherwise
    group = b.state.players[0].unknown[0]
    b.state.players[0].unknown[0] = dict(reversed(group.items()))  # counted in another order
    assert [c.name for c in deck] != [c.name for c in a.state.players[0].deck.cards]
    assert keys.key(a) == keys.key(b)
    b.state.players[0].unknown[0]["Copper"] -= 1  # another group: another key
    assert keys.key(a) != keys.key(b)


def test_with_a_seed_the_order_is_the_truth_and_part_of_the_key():
    keys = KeyMaker()
    a, b = _deck_position(seed=1), _deck_position(seed=1)
    assert keys.key(a) == keys.key(b)
    b.state.players[0].deck.cards.reverse()
    assert keys.key(a) != keys.key(b)


def _policy_question(turn: int, memo: bool):
    return explore(lambda: build(OPENED), [], {"at": "end-of-turn", "turn": turn},
                   ["piles.Gold", "players.Ann.discard"], memo=memo,
                   policies=Policies({"Ann": "smithy-big-money"}))


def test_branches_reaching_the_same_state_are_merged_and_their_probabilities_added():
    """Two turns of a bot's play: shuffles and draws reach the same Clean-up and turn starts
    by many orders of chance; merged, the answers are those of the whole tree."""
    whole, merged = _policy_question(4, memo=False), _policy_question(4, memo=True)
    assert whole.merged == 0 and merged.merged > 0
    assert merged.answered < whole.answered
    assert (merged.decisions, merged.leaves) == (whole.decisions, whole.leaves)

    def table(ex):
        return {tuple(o.values.values()): (o.paths, o.probability, o.low, o.high,
                                           sorted(map(str, o.lines)))
                for o in ex.outcomes}
    assert table(merged) == table(whole)
    assert sum(o.probability for o in merged.outcomes) == 1


def test_an_unknown_deck_put_into_the_discard_pile_shows_no_shuffled_order():
    """Messenger moves the deck whole (Adventures rulebook, Messenger): cards in unknown order
    stay unknown, so where chance is asked they are laid in name order, not in the order a
    shuffle happened to leave them (which would make the memo's keys inexact)."""
    spec = {"kingdom": ["Messenger"],
            "players": [{"name": "Ann", "hand": ["Messenger"],
                         "deck": {"unknown": ["Estate", "Copper", "Silver", "Estate"]}},
                        {"name": "Bob"}],
            "turn": {"phase": "action"}}
    orders = set()
    for seed in range(6):  # the deck's cards lying in six other orders
        g = Game(lambda: build(spec))
        random.Random(seed).shuffle(g.state.players[0].deck.cards)
        g.answer("play Messenger")
        g.answer("put deck into discard pile")
        orders.add(tuple(g.state.players[0].discard.names()))
    assert len(orders) == 1
    assert sorted(orders.pop()) == ["Copper", "Estate", "Estate", "Silver"]
