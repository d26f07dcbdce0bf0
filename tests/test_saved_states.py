"""Checkpoints: the stamped generator (a restore skips the generator when nothing was drawn),
and the explorer's trees with checkpoints against plain replay where shuffles happen."""

from __future__ import annotations

import random

from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.reading.saved_states import SavedState, StampedRandom
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build


def test_a_stamped_generator_gives_the_same_numbers_and_a_new_stamp_at_each_draw():
    plain, stamped = random.Random(7), StampedRandom(7)
    cards_a, cards_b = list(range(20)), list(range(20))
    plain.shuffle(cards_a)
    s0 = stamped.stamp
    stamped.shuffle(cards_b)
    assert cards_a == cards_b and stamped.stamp != s0
    s1 = stamped.stamp
    assert plain.random() == stamped.random() and stamped.stamp != s1
    assert plain.choice("abcdef") == stamped.choice("abcdef")


def test_put_back_restores_only_after_a_draw():
    gen = StampedRandom(1)
    stamp, state = gen.stamped_state()
    gen.put_back(stamp, state)
    assert gen.stamp == stamp  # nothing drawn: nothing to put back
    first = gen.random()
    gen.put_back(stamp, state)
    assert gen.stamp == stamp and gen.random() == first
    assert gen.stamped_state()[1] != state


def _shuffling_position():
    # Ann's deck holds 2 cards: Smithy, Cellar's draws and Throne Room shuffle her discard pile
    # (5 cards) in most branches, each time from a different discard pile.
    spec = {"kingdom": ["Cellar", "Village", "Throne Room", "Smithy"],
            "players": [{"name": "Ann", "hand": ["Throne Room", "Cellar", "Smithy", "Estate"],
                         "deck": ["Copper", "Estate"],
                         "discard": ["Gold", "Silver", "Copper", "Estate", "Duchy"]},
                        {"name": "Bob"}],
            "turn": {"phase": "action"}, "seed": 3}
    return lambda: build(spec)


def test_a_checkpoint_stamps_the_states_generator_and_restores_it_after_a_shuffle():
    g = Game(_shuffling_position())
    cp = SavedState(g.state)
    rng = g.state.rng
    assert isinstance(rng, StampedRandom)
    before = rng.getstate()
    g.answer("play Smithy")  # draws 3 from a deck of 2: a shuffle
    assert any(e.rule == "draw.shuffle" for e in g.log)
    assert rng.getstate() != before
    cp.restore()
    assert g.state.rng is rng and rng.getstate() == before


def test_the_tree_with_checkpoints_is_the_tree_of_plain_replay_where_branches_shuffle():
    fields = ["players.Ann.hand", "players.Ann.deck:ordered", "players.Ann.discard"]
    stop = {"at": "end-of-phase", "phase": "action"}
    slow = explore(_shuffling_position(), [], stop, fields, fast=False)
    fast = explore(_shuffling_position(), [], stop, fields, memo=False)
    memo = explore(_shuffling_position(), [], stop, fields)
    shuffled = [o for o in slow.outcomes if "draw.shuffle" in o.rules]
    assert len(shuffled) > 10 and not slow.truncated
    want = {tuple(o.values.values()): (o.paths, o.path, o.rules) for o in slow.outcomes}
    for ex in (fast, memo):
        assert {tuple(o.values.values()): (o.paths, o.path, o.rules)
                for o in ex.outcomes} == want
        assert (ex.decisions, ex.leaves) == (slow.decisions, slow.leaves)
    assert fast.answered < slow.answered
