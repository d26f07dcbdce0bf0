"""Memo keys: a generator's state is named by a number, the same for the same state whatever
its stamp, so positions reached by different orders still merge."""

from __future__ import annotations

import random

from dominion_tavern.checker.explore.state_keys import KeyMaker
from dominion_tavern.checker.reading.saved_states import StampedRandom


def test_generators_in_the_same_state_get_the_same_number():
    keys = KeyMaker()
    stamped, plain = StampedRandom(5), random.Random(5)
    assert keys.generator(stamped) == keys.generator(plain)
    stamped.random()
    assert keys.generator(stamped) != keys.generator(plain)
    plain.random()
    assert keys.generator(stamped) == keys.generator(plain)


def test_a_stamp_seen_before_is_named_without_reading_the_state():
    keys = KeyMaker()
    gen = StampedRandom(2)
    first = keys.generator(gen)
    reads = []
    gen.getstate = lambda: reads.append(1)  # type: ignore[method-assign]
    assert keys.generator(gen) == first and not reads
