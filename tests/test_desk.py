"""The judge's desk, driven through its widgets in Python: the position it shows is the one it
answers, checks and saves."""

from __future__ import annotations

import pytest
from dominion_tavern.checker.scenario import ScenarioError, load_scenario, load_scenario_text

PUZZLE_TEXT = """\
meta: {id: desk-text, question: "What may Ann exchange?"}
setup:
  kingdom: [Peasant]
  piles: {Soldier: 0}
  players:
    - {name: Ann, play: [Peasant, Soldier], deck: [5 Copper]}
    - {name: Bob}
  turn: {player: Ann, phase: cleanup}
"""


def test_a_scenario_loads_from_text_as_from_a_file(tmp_path):
    path = tmp_path / "desk.yaml"
    path.write_text(PUZZLE_TEXT)
    from_text = load_scenario_text(PUZZLE_TEXT, "the desk")
    assert from_text.setup == load_scenario(path).setup
    assert str(from_text.path) == "the desk"


def test_text_gets_the_file_checks_with_the_name_given():
    with pytest.raises(ScenarioError) as e:
        load_scenario_text(PUZZLE_TEXT.replace("Soldier: 0", "Soldier: 11"), "the desk")
    (p,) = e.value.problems  # the Traveller upgrades have piles of 5 (Adventures rulebook)
    assert str(p) == ("the desk:4:20: setup.piles.Soldier: 11 is more than the pile holds "
                      "(5 with 2 players)")
