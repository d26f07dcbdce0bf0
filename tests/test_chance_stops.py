"""Where the explorer's paths end when chance steps are on them (checker/explore.py).

A chance step finishes the answer before it (Laboratory's +2 Cards), so a ``{decisions: N}``
stop must not cut a path at one: the outcome would be a card played with its draw left
undone. Worked example: Laboratory drawing 2 of 3 Copper and 2 Estate ([Copper, Copper] 3/10,
[Copper, Estate] 3/5, [Estate, Estate] 1/10, rule chance.unknown-order).
"""

from __future__ import annotations

from fractions import Fraction

from dominion_tavern.checker.explore import explore
from dominion_tavern.rulebook.position import build

LAB = {"kingdom": ["Laboratory"], "players": [
    {"name": "Ann", "hand": ["Laboratory"], "deck": {"unknown": ["3 Copper", "2 Estate"]}},
    {"name": "Bob"}], "turn": {"phase": "action"}}
DRAWN = {("Copper", "Copper"): Fraction(3, 10), ("Copper", "Estate"): Fraction(3, 5),
         ("Estate", "Estate"): Fraction(1, 10)}


def hands(ex) -> dict:
    return {o.values["players.Ann.hand"]: (o.low, o.high) for o in ex.outcomes}


def test_zero_decisions_after_a_script_still_resolves_the_draw():
    ex = explore(lambda: build(LAB), ["play Laboratory"], {"decisions": 0},
                 ["players.Ann.hand"])
    assert hands(ex) == {hand: (p, p) for hand, p in DRAWN.items()}


def test_the_last_counted_decision_is_followed_by_its_chance():
    """One decision: play Laboratory (then its draw, by chance) or end the Action phase."""
    ex = explore(lambda: build(LAB), [], {"decisions": 1}, ["players.Ann.hand"])
    assert hands(ex) == {**{hand: (0, p) for hand, p in DRAWN.items()},
                         ("Laboratory",): (0, 1)}
