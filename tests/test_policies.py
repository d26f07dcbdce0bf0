"""Player policies (checker/format/policies.py): a list of rules or a bot answers a player's
decisions in check, explore and why alike; the explorer branches only on what is left.

Probabilities are compared with independent counts (math.comb, or enumerating the cards as
distinct objects), never with the explorer's own figures."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format import policies
from dominion_tavern.checker.format.load import ScenarioError, load_scenario, load_scenario_text
from dominion_tavern.checker.runner.outcome_check import explore_scenario
from dominion_tavern.checker.runner.script_run import run_scenario

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "checker" / "scenarios"
MOAT = BOOK / "policies" / "bob-reveals-moat.yaml"
SENTRY = BOOK / "policies" / "sentry-trashes-estates-first.yaml"
BIG_MONEY = BOOK / "policies" / "big-money-first-buy.yaml"
CARRIAGE = BOOK / "policies" / "royal-carriage-on-giant.yaml"


def with_policies(path: Path, policies: str) -> str:
    """A book file's text with its ``policies`` section replaced."""
    text = path.read_text()
    head, _, rest = text.partition("policies:\n")
    body = rest.split("\nscript:", 1)[1]
    return head + policies + "\nscript:" + body


def by_values(ex, field: str) -> dict:
    return {o.values[field]: (o.low, o.high) for o in ex.outcomes}


def test_moat_policy_makes_the_range_one_number():
    # Without the policy Bob may decline: 0 to 5/9 (chance/witch-moat-unknown-hand.yaml).
    moat_in_hand = Fraction(comb(8, 4), comb(9, 5))  # the Moat among his 5 cards of 9
    ex = explore_scenario(load_scenario(MOAT))
    assert by_values(ex, "piles.Curse") == {10: (moat_in_hand, moat_in_hand),
                                            9: (1 - moat_in_hand, 1 - moat_in_hand)}
    free = explore_scenario(load_scenario(BOOK / "chance" / "witch-moat-unknown-hand.yaml"))
    assert by_values(free, "piles.Curse")[10] == (0, moat_in_hand)


def test_the_log_says_the_answer_came_from_the_policy():
    res = run_scenario(load_scenario(CARRIAGE))
    assert res.passed, res.failure
    assert "Ann answers 'call Royal Carriage' (by policy: Ann's rule 1) " \
           "[reserve.after-action]" in res.log
    assert "Ann answers 'continue' (by policy: Ann's rule 2) [reserve.after-action]" in res.log


def test_a_card_filter_keeps_the_rule_to_its_card():
    # Without the second rule the call after Village is left to the script, whose next entry
    # ('play Giant') does not answer it: the run says so.
    scn = load_scenario_text(with_policies(
        CARRIAGE, "policies:\n  Ann: [{answer: call Royal Carriage, card: Giant}]\n"), "c.yaml")
    res = run_scenario(scn)
    assert not res.passed
    assert "script entry 2 'play Giant' is not a legal answer" in res.failure
    assert "call a Reserve card after playing Village?" in res.failure


def test_a_rule_that_never_applies_fails_the_check():
    text = with_policies(CARRIAGE, "policies:\n  Ann:\n"
                         "    - {answer: call Royal Carriage, card: Giant}\n"
                         "    - {answer: continue, prompt: call a Reserve card}\n"
                         "  Bob: [reveal Moat]\n")
    text = text.replace("kingdom: [Village, Giant, Royal Carriage]",
                        "kingdom: [Village, Giant, Royal Carriage, Moat]")
    res = run_scenario(load_scenario_text(text, "c.yaml"))
    assert not res.passed
    assert res.failure == ("policy Bob's rule 1 (reveal Moat) never applied: no decision of "
                           "Bob's matched it with a legal answer")


def test_a_rule_used_only_in_the_explorer_counts_as_used():
    # Bob's reveal comes after the script (in the explored tree): used there, so it passes.
    assert run_scenario(load_scenario(MOAT)).passed


def test_pick_trashes_named_cards_first_against_a_count_of_orderings():
    # Independent count: every order of the 4 distinct cards; Sentry draws the first, looks
    # at the next 2, and the policy trashes the Curse and the Estate among them.
    deck = ["Copper#1", "Copper#2", "Estate", "Curse"]
    counts: Counter = Counter()
    for order in permutations(deck):
        looked = order[1:3]
        counts[tuple(sorted(c for c in looked if c in ("Estate", "Curse")))] += 1
    total = sum(counts.values())
    expected = {k: Fraction(n, total) for k, n in counts.items()}
    ex = explore_scenario(load_scenario(SENTRY))
    assert {k: lo for k, (lo, hi) in by_values(ex, "trash").items() if lo == hi} == expected


def test_big_money_bot_against_an_enumeration_of_hands():
    cards = [("Copper", 1)] * 7 + [("Estate", 0)] * 3 + [("Silver", 2), ("Gold", 3)]
    counts: Counter = Counter()
    for hand in combinations(range(len(cards)), 5):
        coins = sum(cards[i][1] for i in hand)
        buy = ("Province",) if coins >= 8 else ("Gold",) if coins >= 6 else \
            ("Silver",) if coins >= 3 else ()
        counts[buy] += 1
    total = comb(12, 5)
    ex = explore_scenario(load_scenario(BIG_MONEY))
    got = by_values(ex, "players.Ann.discard")
    assert got == {k: (Fraction(n, total),) * 2 for k, n in counts.items()}


@pytest.mark.parametrize(("policies", "message"), [
    ("policies:\n  Cid: [reveal Moat]\n", "policies.Cid: no player named 'Cid'; players: Ann, Bob"),
    ("policies:\n  Ann: random\n", "policies.Ann: 'random' is not a bot that can be a policy; "
     "bots: big-money, smithy-big-money (or a list of rules) (the random bot's answers depend "
     "on its seed"),
    ("policies:\n  Ann: big-mony\n", "'big-mony' is not a bot that can be a policy"),
    ("policies:\n  Ann: [{answer: continue, pick: [Estate]}]\n",
     "policies.Ann[0]: a rule gives either 'answer' (a label such as 'reveal Moat') or 'pick' "
     "(card names, the first preferred), not both"),
    ("policies:\n  Ann: [{card: Giant}]\n", "not neither"),
    ("policies:\n  Ann: [{pick: [Estat]}]\n", "policies.Ann[0].pick[0]: unknown card 'Estat'"),
    ("policies:\n  Ann: [{answer: continue, when: Giant}]\n", "when"),
])
def test_bad_policies_are_refused_with_the_place(policies, message):
    with pytest.raises(ScenarioError) as e:
        load_scenario_text(with_policies(CARRIAGE, policies), "p.yaml")
    assert message in str(e.value)
    assert str(e.value).startswith("p.yaml:")


def test_explore_and_why_show_the_policy(capsys):
    assert main(["explore", str(BIG_MONEY)]) == 0
    out = capsys.readouterr().out
    assert "policy: Ann plays as the big-money bot (its answers are not branched on)" in out
    assert "no player's choice is left open: the 4 outcome(s)' probabilities sum to 1" in out
    assert main(["why", str(CARRIAGE)]) == 0
    out = capsys.readouterr().out
    assert "Ann answers 'call Royal Carriage' (by policy: Ann's rule 1)" in out


def test_policies_answering_without_end_fail_instead_of_hanging(monkeypatch):
    # Two players without a card, both bots: they pass turn after turn and the game never
    # ends; the run stops after MAX_IN_A_ROW answers in a row and says why.
    text = """\
meta: {id: bots, question: "two bots without cards"}
setup:
  players: [{name: Ann}, {name: Bob}]
policies: {Ann: big-money, Bob: big-money}
expect: {game_over: true}
"""
    monkeypatch.setattr(policies, "MAX_IN_A_ROW", 20)
    res = run_scenario(load_scenario_text(text, "e.yaml"))
    assert not res.passed
    assert res.failure.startswith("the policies answered 20 decisions in a row without "
                                  "reaching a script entry or a stop point")
    assert "Bob answers 'end Buy phase' (by policy: Bob's policy, the big-money bot) " \
           "[turn.buy]" in res.log


LABS = """\
meta: {id: lab-policy, question: "two Laboratories and a Village, played by policy"}
setup:
  kingdom: [Laboratory, Village]
  players:
    - name: Ann
      hand: [Laboratory, Laboratory]
      deck: {unknown: [Village, 3 Copper, 2 Estate]}
    - name: Bob
  turn: {player: Ann, phase: action}
policies:
  Ann: [play Laboratory, play Village]
outcomes:
  stop: {at: end-of-phase, phase: action}
  fields: [players.Ann.hand, players.Ann.play]
"""


@pytest.mark.parametrize("fast", [True, False])
def test_chance_below_a_policy_answer_at_a_top_level_point(fast):
    # Branches below a policy's answer restart from the saved state taken there (fast) or
    # replay from the start: the same answer, and the one an ordering count gives. Ann draws
    # 2 + 2 cards, and 1 more if the Village is among them; what is left of the 6 cards in
    # order decides it.
    counts: Counter = Counter()
    deck = ["Village", "Copper#1", "Copper#2", "Copper#3", "Estate#1", "Estate#2"]
    for order in permutations(deck):
        drawn = list(order[:4])
        play = ["Laboratory", "Laboratory"]
        if "Village" in drawn:
            drawn.remove("Village")
            drawn.append(order[4])
            play.append("Village")
        hand = tuple(sorted(c.split("#")[0] for c in drawn))
        counts[(hand, tuple(sorted(play)))] += 1
    total = sum(counts.values())
    scn = load_scenario_text(LABS, "l.yaml")
    ex = explore(scn.factory(), [], {"at": "end-of-phase", "phase": "action"},
                 ["players.Ann.hand", "players.Ann.play"], fast=fast,
                 policies=policies.Policies(scn.policies))
    got = {(o.values["players.Ann.hand"], o.values["players.Ann.play"]): o.low
           for o in ex.outcomes if o.low == o.high}
    assert got == {k: Fraction(n, total) for k, n in counts.items()}


def test_the_stepper_steps_through_the_policies_answers_too():
    from dominion_tavern.notebooks.widgets.stepper import Stepper
    assert Stepper(CARRIAGE).history == ["play Village", "continue", "play Giant"]
