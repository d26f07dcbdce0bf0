"""Events over outcomes (checker/runner/events.py): the probability of a set of outcomes,
checked exactly, compared here with independent counts (math.comb and enumerations)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from dominion_tavern.checker.explore import ExploreError
from dominion_tavern.checker.format.load import ScenarioError, load_scenario, load_scenario_text
from dominion_tavern.checker.runner.events import events_of, probability_of
from dominion_tavern.checker.runner.outcome_check import check_outcomes, explore_scenario
from dominion_tavern.checker.runner.script_run import run_scenario

BOOK = Path(__file__).resolve().parents[1] / "checker" / "scenarios"
SPLIT = BOOK / "odds" / "opening-split-events.yaml"
SILVERS = BOOK / "odds" / "silver-silver-third-hand.yaml"
MOAT_FREE = BOOK / "chance" / "witch-moat-unknown-hand.yaml"


def test_opening_split_against_the_hypergeometric():
    five_two = Fraction(comb(7, 5) * comb(3, 0) + comb(7, 2) * comb(3, 3), comb(10, 5))
    assert five_two == Fraction(1, 6)
    scn = load_scenario(SPLIT)
    ex = explore_scenario(scn)
    got = [probability_of(e, ex) for e in events_of(scn.outcomes["events"])]
    assert got == [five_two, 1 - five_two]
    assert check_outcomes(scn).ok


def test_coin_events_against_an_enumeration_of_hands():
    values = [1] * 7 + [0] * 3 + [2] * 2  # 7 Copper, 3 Estate, 2 Silver, told apart
    hands = [sum(values[i] for i in h) for h in combinations(range(12), 5)]
    def share(test) -> Fraction:
        return Fraction(sum(1 for c in hands if test(c)), len(hands))
    scn = load_scenario(SILVERS)
    ex = explore_scenario(scn)
    events = events_of(scn.outcomes["events"])
    assert [probability_of(e, ex) for e in events] == [
        share(lambda c: c >= 6), share(lambda c: c <= 3), share(lambda c: c in (5, 6)),
        share(lambda c: 3 <= c <= 4)]
    assert run_scenario(scn).passed


def edited(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text
    return text.replace(old, new)


def test_a_wrong_event_probability_fails_with_both_values():
    text = edited(SILVERS, "turn.coins: {at_least: 6}, probability: 7/33",
                  "turn.coins: {at_least: 6}, probability: 1/5")
    res = run_scenario(load_scenario_text(text, "s.yaml"))
    assert not res.passed
    assert res.failure == "outcomes: event 'at least $6': probability expected 1/5, got 7/33 " \
                          "(21.2%)"


def test_an_event_over_choice_ranges_is_not_one_number():
    # Bob may or may not reveal Moat: no single probability for "Bob gains a Curse".
    text = MOAT_FREE.read_text().replace(
        "  expect:\n", "  events:\n    - {event: Bob gains a Curse, piles.Curse: 9, "
        "probability: 4/9}\n  expect:\n", 1)
    res = run_scenario(load_scenario_text(text, "m.yaml"))
    assert not res.passed
    assert "event 'Bob gains a Curse': the players' choices leave outcome probabilities as " \
           "ranges, so the event has no single probability" in res.failure


@pytest.mark.parametrize(("event", "message"), [
    ("{turn.coins: {at_least: 6}, probability: 0 to 1}", "an event's probability is one number"),
    ("{turn.coins: {more_than: 6}, probability: 1/2}", "s.yaml:34:21: unknown key 'more_than' "
     "in outcomes.events[0].turn.coins; valid keys: at_least, at_most, one_of"),
    ("{turn.coins: {one_of: 5}, probability: 1/2}",
     "outcomes.events[0].turn.coins.one_of: expected a list, not an integer (5)"),
    ("{turn.coins: {at_most: high}, probability: 1/2}",
     "outcomes.events[0].turn.coins.at_most: expected an integer, not a string ('high')"),
    ("{turn.buys: 1, probability: 1}", "outcomes.events name field(s) turn.buys that "
     "outcomes.fields does not list"),
    ("{event: no fields, probability: 1}", "name at least one field"),
])
def test_bad_events_are_explained(event, message):
    text = edited(SILVERS, "    - {event: \"at least $6\", turn.coins: {at_least: 6}, "
                  "probability: 7/33}        # 168/792", f"    - {event}")
    with pytest.raises((ExploreError, ScenarioError)) as e:  # the file's shape, or the run's
        check_outcomes(load_scenario_text(text, "s.yaml"))
    assert message in str(e.value)


def test_at_least_on_a_list_of_cards_is_refused():
    text = edited(SPLIT, "players.Ann.discard: {one_of: [[5 Copper], [2 Copper, 3 Estate]]}",
                  "players.Ann.discard: {at_least: 3}")
    res = run_scenario(load_scenario_text(text, "o.yaml"))
    assert not res.passed
    assert "at_least compares numbers, and players.Ann.discard is ['Copper'" in res.failure


def test_certain_outcome_events_without_chance():
    # No chance and no choice left: one outcome, probability 1; an event holds with 1 or 0.
    text = """\
meta: {id: certain, question: "Ann plays all Treasures"}
setup:
  players:
    - {name: Ann, hand: [3 Copper, Silver]}
    - {name: Bob}
  turn: {player: Ann, phase: buy}
policies: {Ann: [play all Treasures]}
outcomes:
  stop: {decisions: 1}
  fields: [turn.coins]
  events:
    - {event: "$5", turn.coins: 5, probability: 1}
    - {event: "at least $6", turn.coins: {at_least: 6}, probability: 0}
"""
    assert run_scenario(load_scenario_text(text, "c.yaml")).passed


def test_a_search_cut_short_reports_that_not_a_range():
    check = check_outcomes(load_scenario(SILVERS), max_nodes=5)
    assert not check.ok
    assert check.undecided  # a partial tree decides nothing (checker/README.md, What a PASS means)
    assert check.describe().startswith("undecided: the search was stopped by the node limit "
                                       "(5 answers tried)")
    assert "event" not in check.describe()  # no "no single probability" for a partial tree


def test_the_readme_explore_output_is_what_explore_prints(capsys):
    from dominion_tavern.checker.cli import main
    readme = (BOOK.parent / "README.md").read_text()
    command = "$ .venv/bin/tavern explore checker/scenarios/chance/laboratory-two-of-five.yaml\n"
    shown = readme[readme.index(command) + len(command):].split("```")[0]
    assert main(["explore", str(BOOK / "chance" / "laboratory-two-of-five.yaml")]) == 0
    assert capsys.readouterr().out.strip() == shown.strip()
