"""The explorer's limits hold everywhere (issue 23): ``max_nodes`` bounds a single decision with
millions of answers (Cellar with 25 different cards: 2^25 ways to discard), whose answers are
made one at a time and counted without being listed; a time limit for the interactive tools;
a search cut short says which limit, where, and what it had explored. The same for a chance
step with billions of outcomes, made one at a time as well."""

from __future__ import annotations

import io
import json
import tracemalloc
from fractions import Fraction
from itertools import permutations

import pytest
import yaml
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.explore import ExploreError, explore
from dominion_tavern.checker.explore.script_branches import explore_script
from dominion_tavern.checker.format.dump import dump, loads_back
from dominion_tavern.checker.reading.why_not import OPTIONS_LISTED, pending_dict
from dominion_tavern.rulebook.engine.chance import ChanceStep, probability
from dominion_tavern.rulebook.engine.decisions import Decision, Option
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build

KINGDOM = ["Cellar", "Village", "Smithy", "Market", "Festival", "Laboratory", "Militia", "Moat",
           "Chapel", "Witch", "Mine", "Remodel", "Moneylender", "Workshop", "Bureaucrat",
           "Gardens", "Throne Room", "Library"]
# Cellar and 25 different cards: 7 of the basic cards and the 18 Kingdom cards
HAND = ["Cellar", "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", *KINGDOM]
CELLAR_25 = {"kingdom": KINGDOM, "players": [
    {"name": "Ann", "hand": HAND, "deck": ["10 Copper"]}, {"name": "Bob"}],
    "turn": {"phase": "action"}}


def test_a_decision_with_millions_of_answers_stops_at_the_node_limit():
    ex = explore(lambda: build(CELLAR_25), ["play Cellar"], {"decisions": 1},
                 ["players.Ann.hand"], max_nodes=300)
    assert ex.truncated and ex.limit == "max-nodes" and ex.explored == 300
    answers, prompt, tried, of = ex.cut
    assert answers == [] and "Cellar" in prompt and tried == 300 and of == 2 ** 25
    assert ex.leaves == 300 and len(ex.outcomes) > 100
    text = ex.limit_text()
    assert "node limit (300 answers tried)" in text and "300 of its 33,554,432 answers" in text


def test_a_search_past_its_time_says_so():
    """``max_seconds`` (the interactive tools' limit) ends the search, and says it was time."""
    ex = explore(lambda: build(CELLAR_25), ["play Cellar"], {"decisions": 1},
                 ["players.Ann.hand"], max_seconds=1e-9)
    assert ex.truncated and ex.limit == "max-seconds" and ex.cut is not None
    assert "time limit" in ex.limit_text()


def test_a_finished_search_names_no_limit():
    ex = explore(lambda: build(CELLAR_25), [], {"decisions": 1}, ["players.Ann.hand"])
    assert not ex.truncated and ex.limit is None and ex.cut is None and ex.limit_text() == ""


def test_a_report_of_a_decision_lists_a_bounded_number_of_answers_and_counts_them_all():
    g = Game(lambda: build(CELLAR_25))
    g.answer("play Cellar")
    d = pending_dict(g)
    assert len(d["options"]) == OPTIONS_LISTED and d["options_count"] == 2 ** 25
    assert d["options"][:2] == ["discard: nothing", "discard: Copper"]


# Bob's hand: 12 cards drawn from a pool of 36 kinds, 2 of each, not yet known. Ann's Militia
# makes it known (rule chance.unknown-order): 29,502,452,868 ways to come up, each multiset of
# 12 names with its multivariate hypergeometric probability.
POOL_KINDS = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", *KINGDOM,
              "Council Room", "Harbinger", "Merchant", "Vassal", "Poacher", "Sentry", "Bandit",
              "Artisan", "Magpie", "Ratcatcher", "Page"]
BIG_HAND = {"kingdom": POOL_KINDS[7:], "players": [
    {"name": "Ann", "hand": ["Militia"]},
    {"name": "Bob", "hand": {"unknown": 12, "pool": [f"2 {n}" for n in POOL_KINDS]}}],
    "turn": {"phase": "action"}}
BIG_HAND_OUTCOMES = 29_502_452_868  # the x^12 coefficient of (1 + x + x^2)^36


def test_the_outcome_count_of_a_huge_chance_step_is_the_multiset_count():
    counts = {n: 2 for n in POOL_KINDS}
    assert len(POOL_KINDS) == 36
    coefficients = [1]
    for _ in POOL_KINDS:  # multiply by (1 + x + x^2): at most 2 of each kind
        coefficients = [sum(coefficients[j - m] for m in range(3) if 0 <= j - m <
                            len(coefficients)) for j in range(len(coefficients) + 2)]
    assert coefficients[12] == BIG_HAND_OUTCOMES
    step = ChanceStep.of("Bob", "deal", counts, 12, "test")
    assert step.answer_count() == BIG_HAND_OUTCOMES and step.lazy


def test_a_chance_step_with_billions_of_outcomes_stops_at_the_node_limit():
    """The outcomes are made one at a time, so the node limit holds at the chance step itself
    with little memory; each outcome found keeps its exact probability, and the mass left
    unexplored is exactly what the outcomes tried leave."""
    tracemalloc.start()
    try:
        ex = explore(lambda: build(BIG_HAND), ["play Militia"], {"decisions": 0},
                     ["players.Bob.hand"], max_nodes=300)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2 ** 20  # listing the outcomes first took gigabytes
    assert ex.truncated and ex.limit == "max-nodes" and ex.explored == 300
    answers, prompt, tried, of = ex.cut
    assert answers == [] and prompt.startswith("Chance: which 12 of the 72 cards")
    assert tried == 300 and of == BIG_HAND_OUTCOMES
    assert "300 of its 29,502,452,868 answers tried" in ex.limit_text()
    pool = {n: 2 for n in POOL_KINDS}
    found = Fraction(0)
    for o in ex.outcomes:
        hand = o.values["players.Bob.hand"]
        assert o.low == o.high == probability(pool, hand)  # exactly one way to each hand
        found += o.low
    assert len(ex.outcomes) == 300 and ex.unexplored == 1 - found
    first = min(ex.outcomes, key=lambda o: o.path)  # the first in the steps' order
    assert first.path == ["deal: " + ", ".join(sorted(POOL_KINDS)[i // 2] for i in range(12))]


def test_explore_on_a_huge_chance_step_says_which_limit_and_exits_1(tmp_path, capsys):
    """``tavern explore`` (exit 1 for a search cut short, as its help says) on the same
    position: it names the limit, the chance step and how many of its outcomes it tried."""
    f = tmp_path / "huge-chance.yaml"
    f.write_text(yaml.safe_dump({
        "meta": {"id": "huge-chance", "title": "A hand of 12 from 36 kinds",
                 "question": "What can Bob's hand be?", "sources": ["test"],
                 "rules": ["chance.unknown-order"]},
        "setup": BIG_HAND, "script": ["play Militia"],
        "outcomes": {"stop": {"decisions": 0}, "fields": ["players.Bob.hand"]}}))
    assert main(["explore", "--max-nodes", "300", str(f)]) == 1
    out = capsys.readouterr().out
    assert "TRUNCATED: stopped by the node limit (300 answers tried)" in out
    assert "(300 of its 29,502,452,868 answers tried)" in out
    assert "| ... (29,502,452,868 in all)" in out  # the step shown, its outcomes not all listed
    assert len(out) < 300 * 1000


def test_check_reports_a_huge_chance_step_left_pending_without_listing_it(tmp_path, capsys):
    """``tavern check --json`` gives the pending step's first answers and how many there are
    (it listed all 29.5 billion before saying anything)."""
    f = tmp_path / "huge-pending.yaml"
    f.write_text(yaml.safe_dump({
        "meta": {"id": "huge-pending", "question": "Where does the Militia stop?"},
        "setup": BIG_HAND, "script": ["play Militia"]}))
    assert main(["check", "--json", str(f)]) == 4  # no claim
    pending = json.loads(capsys.readouterr().out)["pending"]
    assert pending["prompt"].startswith("Chance: which 12 of the 72 cards")
    assert len(pending["options"]) == OPTIONS_LISTED
    assert pending["options_count"] == BIG_HAND_OUTCOMES


def test_play_shows_a_few_outcomes_of_a_huge_chance_step_and_draws_one(tmp_path, monkeypatch,
                                                                       capsys):
    """``tavern play`` lists 20 of the step's outcomes, says how many there are and how to
    name one; a number does not pick among billions; 'random' draws one without listing."""
    f = tmp_path / "huge-play.yaml"
    f.write_text(yaml.safe_dump({
        "meta": {"id": "huge-play", "question": "What does Bob keep?"},
        "setup": BIG_HAND, "script": ["play Militia"]}))
    monkeypatch.setattr("sys.stdin", io.StringIO("3\nrandom\nquit\n"))
    main(["play", str(f), "--seed", "2"])
    out = capsys.readouterr().out
    assert "... (29,502,452,868 in all: answer 'deal: A, B' naming the cards that come up)" in out
    assert "'3' is not a legal answer to the chance step" in out
    assert "Bob has in hand" in out and len(out) < 20_000  # drawn, then the next decision


def test_a_script_cannot_leave_a_huge_chance_step_open():
    """A script entry that leaves a step open follows each outcome as a branch: past 10,000
    outcomes it is refused at once, saying how to name the outcome (it listed them all)."""
    with pytest.raises(ExploreError) as e:
        explore_script(lambda: build(BIG_HAND), ["play Militia", "reveal Moat"],
                       {"decisions": 0}, ["players.Bob.hand"])
    assert str(e.value).startswith("script entry 2 'reveal Moat' leaves open a chance step "
                                   "with 29,502,452,868 outcomes")
    assert str(e.value).endswith("at most 10,000 can be followed one by one; name what comes "
                                 "up ('deal: A, B')")


def test_is_answer_agrees_with_the_listed_answers():
    """``Decision.is_answer`` tells an answer without listing them: on small picks (repeated
    names, ordered or not) it holds exactly for the labels ``answers()`` lists."""
    names = ["Estate", "Copper", "Estate", "Gold"]
    for ordered in (False, True):
        for lo, hi in ((0, 2), (1, 3), (0, 4)):
            d = Decision("Ann", "pick", [Option(n) for n in names], min=lo, max=hi,
                         verb="trash", multi=True, ordered=ordered)
            fresh = Decision("Ann", "pick", [Option(n) for n in names], min=lo, max=hi,
                             verb="trash", multi=True, ordered=ordered)
            listed = set(fresh.answers())
            tried = {f"trash: {', '.join(p)}" for k in range(5)
                     for p in permutations([*names, "Silver"], k)} | {"trash: nothing"}
            assert {a for a in tried if d.is_answer(a)} == listed


def test_pending_expectations_at_a_decision_with_millions_of_answers(tmp_path, capsys):
    """``expect.pending`` at Cellar with 25 different cards (2^25 answers) is checked without
    listing them: an answer offered, one written out of order (not an answer), a wrong count."""
    f = tmp_path / "cellar-pending.yaml"
    pending = {"player": "Ann", "options_include": ["discard: Copper, Gold"],
               "options_exclude": ["discard: Gold, Copper", "discard: Platinum"]}
    f.write_text(yaml.safe_dump({"meta": {"id": "cellar-pending", "question": "q"},
                                 "setup": CELLAR_25, "script": ["play Cellar"],
                                 "expect": {"pending": pending}}))
    assert main(["check", str(f)]) == 0
    pending["options"] = ["discard: nothing"]
    f.write_text(yaml.safe_dump({"meta": {"id": "cellar-pending", "question": "q"},
                                 "setup": CELLAR_25, "script": ["play Cellar"],
                                 "expect": {"pending": pending}}))
    assert main(["check", str(f)]) == 1
    out = capsys.readouterr().out
    assert "pending.options: expected discard: nothing, got discard: nothing | " in out
    assert "| ... (33554432 in all)" in out and len(out) < 5_000


def test_a_dump_at_a_decision_with_millions_of_answers_compares_them_without_listing():
    """``tavern dump`` checks that what it writes loads back to the same position, the pending
    decision's answers included: past 1,000 of them, by their count and the first 1,000."""
    g = Game(lambda: build(CELLAR_25))
    g.answer("play Cellar")
    d = dump(g)
    assert d.script == ["play Cellar"]
    assert loads_back(d.setup, g, d.script)
