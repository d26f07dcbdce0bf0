"""Scripts that go on past a chance step without naming what comes up
(checker/explore/script_branches.py): later entries answer every branch where they are legal,
``otherwise`` says what happens where not, and a branch nothing fits is reported."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb
from pathlib import Path

import pytest
from dominion_tavern.checker.explore import ExploreError
from dominion_tavern.checker.format.load import ScenarioError, load_scenario, load_scenario_text
from dominion_tavern.checker.runner.outcome_check import explore_scenario
from dominion_tavern.checker.runner.script_run import run_scenario

ODDS = Path(__file__).resolve().parents[1] / "checker" / "scenarios" / "odds"
WITCH = ODDS / "witch-then-village-every-branch.yaml"
LAB = ODDS / "laboratory-then-village-if-drawn.yaml"


def test_every_branch_weighed_against_independent_counts():
    moat = Fraction(comb(8, 4), comb(9, 5))  # the Moat among Bob's 5 cards of 9: revealed
    left: dict[str, Fraction] = {}  # the card left in Ann's deck after she draws 3 of 4
    orders = list(permutations(["Copper#1", "Copper#2", "Estate", "Gold"]))
    for order in orders:
        name = order[-1].split("#")[0]
        left[name] = left.get(name, 0) + Fraction(1, len(orders))
    ex = explore_scenario(load_scenario(WITCH))
    got = {(o.values["piles.Curse"], o.values["players.Ann.deck:sorted"]): (o.low, o.high)
           for o in ex.outcomes}
    want = {(curses, (name,)): ((p * q,) * 2)
            for curses, q in ((10, moat), (9, 1 - moat)) for name, p in left.items()}
    assert got == want
    assert sum(o.low for o in ex.outcomes) == 1
    assert run_scenario(load_scenario(WITCH)).passed


def test_paths_start_at_the_open_step_and_name_what_came_up():
    ex = explore_scenario(load_scenario(LAB))
    paths = sorted(o.path for o in ex.outcomes)
    assert paths == [["draw: Copper, Copper"], ["draw: Copper, Village", "play Village"]]
    # Laboratory draws the Village with C(3,1)/C(4,2) = 1/2
    assert {o.low for o in ex.outcomes} == {Fraction(comb(3, 1), comb(4, 2))}


def lab_with(entry: str) -> str:
    text = LAB.read_text()
    old = "  - {answer: play Village, otherwise: skip}"
    assert old in text
    return text.replace(old, entry)


def test_a_branch_where_the_entry_does_not_fit_is_reported():
    res = run_scenario(load_scenario_text(lab_with("  - play Village"), "l.yaml"))
    assert not res.passed
    assert res.failure == (
        "outcomes: l.yaml: script entry 2 'play Village' is not a legal answer to Ann's "
        "decision \"Buy phase: play Treasures, buy, or end\"; legal: play Copper | play all "
        "Treasures | buy Copper | buy Curse | end Buy phase (in the branch where draw: Copper, "
        "Copper came up, probability 1/2); say what happens there: {answer: ..., otherwise: "
        "skip | explore | ANSWER}")


def test_an_otherwise_answer_that_does_not_fit_is_reported_too():
    res = run_scenario(load_scenario_text(
        lab_with("  - {answer: play Village, otherwise: end Action phase}"), "l.yaml"))
    assert not res.passed
    assert "script entry 2 'end Action phase' is not a legal answer to Ann's decision " \
           "\"Buy phase: play Treasures, buy, or end\"" in res.failure
    assert "(in the branch where draw: Copper, Copper came up, probability 1/2)" in res.failure


def test_otherwise_explore_tries_every_answer_in_that_branch():
    text = lab_with("  - {answer: play Village, otherwise: explore}\n  - play Copper")
    text = text.replace("stop: {decisions: 0}", "stop: {decisions: 1}")
    ex = explore_scenario(load_scenario_text(text, "l.yaml"))
    # Where the Village came, the script goes on (play Village, play Copper); where it did
    # not, every answer to the Buy phase is tried, so Ann's choices are open again there.
    firsts = {o.path[1] for o in ex.outcomes if o.path[0] == "draw: Copper, Copper"}
    assert {"play Copper", "play all Treasures", "end Buy phase", "buy Curse"} <= firsts
    assert all(o.low == 0 for o in ex.outcomes)
    village = [o.path[1:3] for o in ex.outcomes if o.path[0] == "draw: Copper, Village"]
    assert village and all(p == ["play Village", "play Copper"] for p in village)


def test_expect_after_an_open_step_is_refused_with_what_to_do():
    text = LAB.read_text() + "expect:\n  turn: {phase: buy}\n"
    res = run_scenario(load_scenario_text(text, "l.yaml"))
    assert not res.passed
    assert res.failure.startswith(
        "script entry 2 'play Village' names no outcome of the chance step \"Chance: which 2 "
        "of the 4 cards in unknown order (3 Copper, Village) Ann draws (Ann's Laboratory)\", so "
        "the script goes on in every branch; expect after it is checked on one line: name "
        "what comes up (legal: draw: Copper, Copper | draw: Copper, Village)")


def test_a_named_outcome_still_follows_one_line():
    text = lab_with("  - \"draw: Copper, Village\"\n  - play Village")
    ex = explore_scenario(load_scenario_text(text.replace(
        "    - {players.Ann.play: [Laboratory], players.Ann.hand: [2 Copper], "
        "probability: 1/2}\n", ""), "l.yaml"))
    # given the draw named, one line and no chance left: one outcome, as before
    assert not ex.chance and len(ex.outcomes) == 1
    assert ex.outcomes[0].path == []


def test_otherwise_needs_an_answer():
    with pytest.raises(ScenarioError) as e:
        load_scenario_text(lab_with("  - {answer: play Village}"), "l.yaml")
    assert "l.yaml:" in str(e.value)
    with pytest.raises((ScenarioError, ExploreError)):
        load_scenario_text(lab_with("  - {answer: play Village, otherwise: 3}"), "l.yaml")


README = Path(__file__).resolve().parents[1] / "checker" / "README.md"
BOOK = ODDS.parent


@pytest.mark.parametrize("name", ["policies/royal-carriage-on-giant.yaml",
                                  "policies/big-money-first-buy.yaml",
                                  "odds/silver-silver-third-hand.yaml",
                                  "odds/opening-split-events.yaml",
                                  "odds/laboratory-then-village-if-drawn.yaml"])
def test_the_readme_examples_are_excerpts_of_book_files_that_pass(name):
    """Each YAML example in checker/README.md's policy, event and open-step sections is cut
    from the book file it names (which passes), so the README shows what is tested."""
    text = README.read_text()
    at = text.index(f"`checker/scenarios/{name}`")
    block = text[text.index("```yaml\n", at) + 8:text.index("```", text.index("```yaml\n", at)
                                                           + 8)]
    assert block in (BOOK / name).read_text()
    assert run_scenario(load_scenario(BOOK / name)).passed


def test_the_readme_outputs_are_what_the_commands_print(capsys):
    from dominion_tavern.checker.cli import main
    text = README.read_text()
    main(["explore", str(WITCH)])
    out = capsys.readouterr().out
    for line in ("no player's choice is left open: the 6 outcome(s)' probabilities sum to 1",
                 "event Bob gains a Curse: 4/9 (44.4%), as expected"):
        assert line in out and line in text
    res = run_scenario(load_scenario_text(lab_with("  - play Village"), "l.yaml"))
    assert res.failure.removeprefix("outcomes: l.yaml: ") in text


def test_why_shows_the_line_up_to_the_open_step(capsys):
    from dominion_tavern.checker.cli import main
    assert main(["why", str(LAB)]) == 0
    out = capsys.readouterr().out
    assert "the script goes on from here in every branch ('play Village' names no outcome): " \
           "tavern explore shows them" in out
    assert "now waiting: Chance: which 2 of the 4 cards in unknown order" in out
