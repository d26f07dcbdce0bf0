"""Expected outcomes with probabilities (``outcomes.expect``): each outcome is listed once.

Fields may compare two written outcomes as one (a deck ``:sorted`` counts a group in unknown
order by its names); the checker then says so, rather than comparing the found probability
with whichever of the two came last.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from dominion_tavern.checker.format.load import ScenarioError, load_scenario
from dominion_tavern.checker.runner.outcome_check import check_outcomes
from dominion_tavern.checker.runner.script_run import run_scenario

LAB = textwrap.dedent("""\
    meta: {{id: lab, question: "Laboratory draws 2 of 3 Copper and 2 Estate"}}
    setup:
      kingdom: [Laboratory]
      players:
        - {{name: Ann, hand: [Laboratory], deck: {{unknown: [3 Copper, 2 Estate]}}}}
        - {{name: Bob}}
      turn: {{player: Ann, phase: action}}
    script: [play Laboratory]
    outcomes:
      stop: {{at: end-of-phase, phase: action}}
      fields: ["players.Ann.deck:sorted"]
      expect:
    {expect}
    """)


def scenario(tmp_path: Path, *outcomes: str):
    path = tmp_path / "lab.yaml"
    path.write_text(LAB.format(expect="\n".join(f"    - {o}" for o in outcomes)))
    return load_scenario(path)


def test_an_outcome_written_twice_is_refused_naming_both(tmp_path):
    with pytest.raises(ScenarioError, match=r"lab.yaml:14:7: outcomes.expect\[1\] is the same "
                                            r"outcome as outcomes.expect\[0\]"):
        scenario(tmp_path,
                 '{"players.Ann.deck:sorted": [Copper, 2 Estate], probability: 3/10}',
                 '{"players.Ann.deck:sorted": [{unknown: [Copper, 2 Estate]}], '
                 'probability: 3/5}')


@pytest.mark.parametrize("written, why", [
    ("0.5", "is not a probability; write a fraction"),
    ('"1/2"', None), ("1", None), ("0", None), ('"0 to 1/3"', None),
    ('"1/0"', "is not a fraction"),
    ("-1", "probabilities lie from 0 to 1"),
    ('"3/2"', "probabilities lie from 0 to 1"),
    ('"1 to 1/2"', "the lower one first"),
    ('"1/2 to"', "is not a fraction"),
    ('" to 1/2"', "is not a fraction"),
    ('"1/2 to 1 to 1"', "write one fraction"),
    ('"0.3"', "write the probability exactly"),
    ("true", "is not a probability"),
])
def test_every_probability_mistake_is_a_file_error(tmp_path, written, why):
    """Found by the loader (exit 2) before anything runs, at the probability's place."""
    outcomes = ['{"players.Ann.deck:sorted": [Copper, 2 Estate], probability: 3/10}',
                '{"players.Ann.deck:sorted": [2 Copper, Estate], probability: 3/5}',
                f'{{"players.Ann.deck:sorted": [3 Copper], probability: {written}}}']
    if why is None:
        scenario(tmp_path, *outcomes)
        return
    with pytest.raises(ScenarioError) as info:
        scenario(tmp_path, *outcomes)
    [problem] = info.value.problems
    assert (problem.line, problem.column) == (15, 60), problem
    assert problem.message.startswith("outcomes.expect[2].probability: ") and why in \
        problem.message


def test_a_field_naming_no_player_is_refused_by_the_loader(tmp_path):
    path = tmp_path / "lab.yaml"
    path.write_text(LAB.format(expect="    - {players.Ann.deck:sorted: [3 Copper]}")
                    .replace('fields: ["players.Ann.deck:sorted"]', 'fields: [players.Zed.hand]'))
    with pytest.raises(ScenarioError, match=r"lab.yaml:11:12: outcomes.fields\[0\]: field "
                                            r"'players.Zed.hand': no player 'Zed'"):
        load_scenario(path)


def test_each_outcome_once_passes(tmp_path):
    """The Laboratory worked example (3/10, 3/5, 1/10), on the cards left in the deck."""
    scn = scenario(tmp_path,
                   '{"players.Ann.deck:sorted": [Copper, 2 Estate], probability: 3/10}',
                   '{"players.Ann.deck:sorted": [2 Copper, Estate], probability: 3/5}',
                   '{"players.Ann.deck:sorted": [3 Copper], probability: 1/10}')
    assert check_outcomes(scn).ok


WORKED = ('{"players.Ann.deck:sorted": [Copper, 2 Estate], probability: 3/10}',
          '{"players.Ann.deck:sorted": [2 Copper, Estate], probability: 3/5}',
          '{"players.Ann.deck:sorted": [3 Copper], probability: 1/10}')


def test_probabilities_where_a_seed_decides_are_refused_saying_why(tmp_path):
    """With a seed the shuffle decides (rule chance.unknown-order): nothing is left to chance,
    so expected probabilities cannot be checked; the file is told so, not a traceback."""
    path = tmp_path / "lab.yaml"
    path.write_text(LAB.format(expect="\n".join(f"    - {o}" for o in WORKED))
                    .replace("setup:\n", "setup:\n  seed: 3\n"))
    with pytest.raises(ScenarioError, match=r"probability: the setup has a seed, so the seeded "
                                            "shuffle decides"):
        load_scenario(path)


def test_a_search_cut_short_fails_as_cut_not_on_probabilities(tmp_path):
    check = check_outcomes(scenario(tmp_path, *WORKED), max_nodes=1)
    assert check.exploration.truncated and not check.ok
    assert check.wrong_chance == []  # nothing weighed, nothing compared


UNKNOWN_ZONES = textwrap.dedent("""\
    meta: {{id: zones, question: "Zones as a judge sees them, before anything is known"}}
    setup:
      players:
        - {{name: Ann, hand: [Copper], deck: [Gold, {{unknown: [3 Copper, 2 Estate]}}]}}
        - {{name: Bob, hand: {{unknown: 5, pool: [7 Copper, 3 Estate]}}}}
      turn: {{player: Ann, phase: action}}
    expect:
      players:
        Ann: {{deck: {{in_order: [Gold, {{unknown: [{group}]}}]}}}}
        Bob:
          hand: [{{unknown: 5, pool: [7 Copper, 3 Estate]}}]
          deck: [{{unknown: 5, pool: [7 Copper, 3 Estate]}}]
    """)


@pytest.mark.parametrize(("group", "passed"), [("3 Copper, 2 Estate", True),
                                               ("2 Copper, 3 Estate", False)])
def test_expectations_may_name_cards_no_one_knows(tmp_path, group, passed):
    """The {unknown: ...} forms of checker/README.md are valid in expect (the schema lets them
    through) and compared: a group of other cards fails."""
    path = tmp_path / "zones.yaml"
    path.write_text(UNKNOWN_ZONES.format(group=group))
    assert run_scenario(load_scenario(path)).passed is passed
