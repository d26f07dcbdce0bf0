"""The explorer's progress hook (a stop button's way in) and the one numbering of outcomes
that ``tavern explore``, its ``--json`` and the judge's desk share."""

from __future__ import annotations

from dominion_tavern.checker.explore import PROGRESS_EVERY, explore
from dominion_tavern.rulebook.position import build
from helpers import ACTION_END

# Throne Room, Village and Smithy with eight Coppers: 13 paths to the end of the Action phase
# (worked out by hand in tests/test_explore.py).
SPEC = {"kingdom": ["Throne Room", "Village", "Smithy"],
        "players": [{"name": "Ann", "hand": ["Throne Room", "Village", "Smithy"],
                     "deck": ["8 Copper"]}, {"name": "Bob"}],
        "turn": {"phase": "action"}}
# The bench position (checker/bench.py) without its Throne Room: some 700 answers, so the hook
# is called a few times.
BIG = {"kingdom": ["Cellar", "Chapel", "Village"],
       "players": [{"name": "Ann", "hand": ["Village", "Cellar", "Chapel",
                                            "Estate", "Copper", "Silver"],
                    "deck": ["Copper", "Estate", "Silver", "Copper", "Gold", "Copper"]},
                   {"name": "Bob"}],
       "turn": {"phase": "action"}}
FIELDS = ["turn.actions", "players.Ann.hand"]


def test_progress_is_called_with_answers_tried_and_changes_nothing():
    seen: list[int] = []
    plain = explore(lambda: build(BIG), [], ACTION_END, FIELDS)
    hooked = explore(lambda: build(BIG), [], ACTION_END, FIELDS, progress=seen.append)
    assert plain.explored > 3 * PROGRESS_EVERY
    assert seen == list(range(0, plain.explored, PROGRESS_EVERY))
    assert hooked.keys() == plain.keys() and not hooked.stopped and not hooked.truncated


def test_progress_returning_false_stops_and_keeps_what_was_found():
    full = explore(lambda: build(BIG), [], ACTION_END, FIELDS)
    ex = explore(lambda: build(BIG), [], ACTION_END, FIELDS,
                 progress=lambda n: n < 2 * PROGRESS_EVERY)
    assert ex.stopped and ex.truncated
    assert ex.explored == 2 * PROGRESS_EVERY
    assert 0 < len(ex.outcomes) < len(full.outcomes)
    assert ex.keys() <= full.keys()
    assert ex.as_dict()["stopped"] is True


def test_stopping_at_once_finds_nothing():
    ex = explore(lambda: build(SPEC), [], ACTION_END, FIELDS, progress=lambda n: False)
    assert ex.stopped and ex.explored == 0 and ex.outcomes == []


def test_numbered_puts_most_paths_then_shortest_first():
    ex = explore(lambda: build(SPEC), [], ACTION_END, FIELDS)
    order = ex.numbered()
    assert sorted(map(id, order)) == sorted(map(id, ex.outcomes))
    keys = [(-o.paths, len(o.path)) for o in order]
    assert keys == sorted(keys)
    # Only one outcome is reached by two paths (four Coppers in hand, no Action left): first.
    assert order[0].paths == 2 and order[0].values["players.Ann.hand"] == ("Copper",) * 4
    # Then one-answer paths (play Smithy; end the phase), in the order the search found them.
    assert [len(o.path) for o in order[1:3]] == [1, 1]
    assert [o.path for o in order[1:3]] == [o.path for o in ex.outcomes if len(o.path) == 1]
