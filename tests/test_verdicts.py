"""What a PASS means (checker/README.md): stop points reached exactly, files that claim nothing,
undecided searches, recorded claims, certain probabilities, scripts written before the game is
played, answers compared across rulesets, and the exit statuses."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.cli.check import summary
from dominion_tavern.checker.explore import explore
from dominion_tavern.checker.format.load import ScenarioError, load_scenario, load_scenario_text
from dominion_tavern.checker.runner import ruleset_compare
from dominion_tavern.checker.runner.script_run import run_scenario
from dominion_tavern.checker.runner.verdicts import (
    FAIL,
    NO_CLAIM,
    PASS,
    UNDECIDED,
    exit_status,
    expect_claims,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "checker" / "verdicts").glob("*.yaml"))
BOOK = ROOT / "checker" / "scenarios" / "verdicts"

MILITIA = """\
meta: {{id: m, question: "Militia"}}
setup:
  kingdom: [Militia, Village]
  players:
    - {{name: Ann, hand: [Militia, Village, 3 Copper], deck: [5 Copper]}}
    - {{name: Bob, hand: [Gold, 2 Estate, 2 Copper], deck: [5 Copper]}}
  turn: {{player: Ann, phase: action}}
{rest}
"""


def scn(rest: str, name: str = "m.yaml"):
    return load_scenario_text(MILITIA.format(rest=textwrap.dedent(rest)), name)


def check(capsys, *args) -> tuple[int, str]:
    code = main(["check", *map(str, args)])
    return code, capsys.readouterr().out


# -- the examples of each verdict ------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_example_gets_the_verdict_it_names(path, capsys):
    """Each file in checker/verdicts/ names its verdict and what the report says."""
    head = dict(re.findall(r"^# (verdict|says): (.*)$", path.read_text(), re.M))
    res = run_scenario(load_scenario(path))
    assert res.verdict == head["verdict"] and not res.passed
    _, out = check(capsys, path)
    assert head["says"] in out


def test_the_book_of_verdicts_passes(capsys):
    code, out = check(capsys, BOOK)
    assert code == 0, out
    assert "7 passed, 0 failed, 0 with no claim" in out


# -- a stop point is a promise ---------------------------------------------------------------
def test_a_stop_with_a_decision_first_fails_naming_stop_place_and_decision():
    """The old contract: 'stop: {at: end-of-turn}' halted at Bob's Militia decision and passed
    with the fields as they stood there."""
    res = run_scenario(scn("""\
        script: [play Militia]
        stop: {at: end-of-turn}
        expect: {players: {Bob: {hand: [Gold, 2 Estate, 2 Copper]}}}
        """))
    assert res.verdict == FAIL
    assert res.failure.startswith("stop {at: end-of-turn} (at the end of the turn) not reached: "
                                  "a decision the script does not answer came first; it stood "
                                  "in turn 1 (Ann's), action phase, at Bob's decision \"Ann's "
                                  "Militia: discard down to 3 cards\" (legal: discard: Gold, ")
    assert res.observed == {}  # nothing was compared where the run did not belong


def test_next_decision_is_its_own_stop_and_halts_at_the_first_unanswered_decision():
    res = run_scenario(scn("""\
        script: [play Militia]
        stop: {at: next-decision}
        expect: {players: {Bob: {hand: [Gold, 2 Estate, 2 Copper]}}, pending: {player: Bob}}
        """))
    assert res.verdict == PASS, res.failure


def test_a_stop_reached_exactly_passes():
    res = run_scenario(scn("""\
        script: [play Militia, "discard: Estate, Estate", end Action phase, end Buy phase]
        stop: {at: end-of-turn}
        expect: {players: {Ann: {hand: [5 Copper]}, Bob: {hand: [Gold, 2 Copper]}}}
        """))
    assert res.verdict == PASS, res.failure


def test_a_phase_already_passed_fails_rather_than_stopping_in_a_later_turn():
    res = run_scenario(scn("""\
        script: [play Militia, "discard: Estate, Estate", play all Treasures, end Buy phase]
        stop: {at: end-of-phase, phase: action}
        expect: {turn: {player: Bob}}
        """))
    assert res.verdict == FAIL
    assert "the run had passed it; it stood at the end of the buy phase of turn 1" in \
        res.failure
    res = run_scenario(scn("""\
        script: [play Militia, "discard: Estate, Estate", play all Treasures]
        stop: {at: end-of-phase, phase: action}
        expect: {turn: {player: Bob}}
        """))
    assert res.verdict == FAIL
    assert "the run had passed it; it stood in turn 1 (Ann's), buy phase, at Ann's decision" \
        in res.failure


def test_a_checkpoint_stop_is_a_promise_too():
    res = run_scenario(scn("""\
        script:
          - play Militia
          - stop: {at: end-of-phase}
            expect: {turn: {actions: 0}}
        """))
    assert res.verdict == FAIL and res.failure.startswith("checkpoint script[1]: stop {at: "
                                                          "end-of-phase}")


def test_or_game_end_only_with_a_stop_the_game_can_end_before(tmp_path):
    with pytest.raises(ScenarioError, match=r"stop.or_game_end: 'at: next-decision' already "
                                            r"stops at the game's end"):
        scn("stop: {at: next-decision, or_game_end: true}\nexpect: {game_over: false}")


def test_the_game_end_fails_a_stop_unless_it_accepts_it():
    last = (BOOK / "game-end-accepted.yaml").read_text()
    assert run_scenario(load_scenario_text(last, "a.yaml")).verdict == PASS
    res = run_scenario(load_scenario_text(last.replace(", or_game_end: true", ""), "b.yaml"))
    assert res.verdict == FAIL and "not reached: the game ended before it" in res.failure


def test_an_explored_path_that_ends_the_game_is_an_outcome_marked_game_over():
    g_spec = load_scenario(BOOK / "game-end-accepted.yaml")
    ex = explore(g_spec.factory(), ["play all Treasures"], {"decisions": 3},
                 ["piles.Province", "over"])
    over = [o for o in ex.outcomes if o.values["over"]]
    assert over and all(o.over for o in over)
    assert all(o.as_dict()["game_over"] for o in over)


# -- a file that claims nothing --------------------------------------------------------------
def test_an_empty_expect_is_no_claim_never_a_pass(tmp_path, capsys):
    """The old contract passed ``expect: {}``."""
    path = tmp_path / "m.yaml"
    path.write_text(MILITIA.format(rest="script: [play Militia]\nexpect: {}\n"))
    res = run_scenario(load_scenario(path))
    assert res.verdict == NO_CLAIM and not res.passed
    assert "players.Ann.hand" in res.observed  # what a claim could have read
    code, out = check(capsys, path)
    assert code == 4
    assert out.splitlines()[0] == "NO CLAIM m: Militia (no expect, no outcomes.expect)"
    assert out.splitlines()[-2:] == ["0 passed, 0 failed, 1 with no claim", "claims: 0 stated"]


def test_a_script_that_does_not_fit_fails_even_without_claims():
    assert run_scenario(scn("script: [play Gold]")).verdict == FAIL


def test_claims_counted_per_key():
    assert expect_claims({"players": {"Ann": {"hand": [], "discard": []}, "Bob": {}},
                          "piles": {"Curse": 9, "Gold": 30}, "pending": None,
                          "log_cites": ["draw"]}) == 6
    assert expect_claims({}) == expect_claims(None) == 0


def test_exit_statuses():
    assert exit_status([PASS, PASS]) == 0
    assert exit_status([PASS, NO_CLAIM]) == exit_status([UNDECIDED]) == 4
    assert exit_status([PASS, NO_CLAIM, FAIL]) == 1


# -- undecided -------------------------------------------------------------------------------
CELLAR = (BOOK / "recorded-claims.yaml").read_text()


def test_a_search_cut_by_the_node_budget_is_undecided_not_passed():
    res = run_scenario(load_scenario_text(CELLAR, "c.yaml"), max_nodes=1)
    assert res.verdict == UNDECIDED and not res.passed and res.failure is None
    assert "stopped by the node limit (1 answers tried)" in res.undecided
    assert summary([res]) == ["0 passed, 0 failed, 0 with no claim",
                              "1 undecided (not passed): a search stopped at its node budget "
                              "before a verdict", "claims: 2 stated, 3 recorded (desk)"]


def test_a_cut_search_claiming_nothing_is_no_claim_with_its_outcomes_so_far(tmp_path):
    book = ROOT / "checker" / "verdicts" / "no-claim.yaml"
    res = run_scenario(load_scenario(book), max_nodes=1)
    assert res.verdict == NO_CLAIM and res.outcomes_cut and len(res.outcomes) == 1


def test_a_cut_search_that_found_an_unexpected_outcome_fails():
    wrong = CELLAR.replace("{players.Ann.hand: [2 Estate]}", "{players.Ann.hand: [2 Gold]}")
    res = run_scenario(load_scenario_text(wrong, "c.yaml"), max_nodes=1)
    assert res.verdict == FAIL and "unexpected outcome" in res.failure


def test_check_has_no_time_limit():
    """A verdict never depends on the machine's speed: nothing in the runner reads a clock."""
    for name in ("script_run", "outcome_check", "verdicts", "ruleset_compare"):
        text = (ROOT / "checker" / "runner" / f"{name}.py").read_text()
        assert "time" not in re.findall(r"^(?:from|import) (\w+)", text, re.M)


# -- recorded claims -------------------------------------------------------------------------
def test_recorded_claims_are_counted_apart(capsys):
    code, out = check(capsys, BOOK / "recorded-claims.yaml")
    assert code == 0
    assert "(claims: 2 stated, 3 recorded (desk))" in out.splitlines()[0]
    assert out.splitlines()[-1] == "claims: 2 stated, 3 recorded (desk)"


def test_recorded_at_each_place_that_holds_claims():
    s = scn("""\
        script:
          - play Militia
          - expect: {pending: {player: Bob}}
            recorded: tavern play
        recorded: desk
        expect: {turn: {actions: 0}, pending: {player: Bob}}
        """)
    res = run_scenario(s)
    assert res.verdict == PASS
    assert res.claims == {"stated": 0, "recorded": 3, "recorded_by": ["tavern play", "desk"]}


def test_recorded_needs_claims_beside_it():
    with pytest.raises(ScenarioError, match=r"recorded: marks the claims beside it as recorded "
                                            r"by 'desk', but there is no expect beside it"):
        scn("recorded: desk")
    with pytest.raises(ScenarioError, match=r"'recorded'|recorded"):
        scn("recorded: ''\nexpect: {game_over: false}")


# -- certain outcomes ------------------------------------------------------------------------
def test_probability_1_and_0_without_chance():
    book = (BOOK / "probability-certain.yaml").read_text()
    assert run_scenario(load_scenario_text(book, "p.yaml")).verdict == PASS
    wrong = run_scenario(load_scenario_text(book.replace("9, probability: 1", "9, probability: "
                                                         "0 to 1"), "p.yaml"))
    assert "probability expected 0 to 1, got 1 (100%)" in wrong.failure
    never = run_scenario(load_scenario_text(book.replace("10, probability: 0",
                                                         "10, probability: 1"), "p.yaml"))
    assert "missing outcome: piles.Curse=10" in never.failure


def test_a_probability_only_chance_could_give_is_still_refused_without_chance():
    book = (BOOK / "probability-certain.yaml").read_text()
    res = run_scenario(load_scenario_text(book.replace("probability: 1", "probability: 1/2"),
                                          "p.yaml"))
    assert "met no chance step" in res.failure


# -- scripts written before the game is played -----------------------------------------------
def test_an_entry_for_a_choice_made_by_itself_is_read_as_its_answer():
    res = run_scenario(load_scenario(BOOK / "script-names-forced-choice.yaml"))
    assert res.verdict == PASS
    assert res.read == ["script entry 2 'trash Estate': Ann's \"Remodel: trash a card from your "
                        "hand\" had only this answer, taken without asking"]


MILITIA3 = """\
meta: {id: t, question: "Militia against Bob's four Estates and Cid's Estate and three Coppers"}
setup:
  kingdom: [Militia]
  players:
    - {name: Ann, hand: [Militia]}
    - {name: Bob, hand: [4 Estate]}
    - {name: Cid, hand: [Estate, 3 Copper]}
  turn: {player: Ann, phase: action}
script: [play Militia, "discard: Estate", "discard: Estate"]
expect: {players: {Bob: {hand: [3 Estate]}, Cid: {hand: [3 Copper]}}}
"""


def test_an_entry_fitting_both_goes_to_the_choice_made_by_itself_first():
    """Bob's discard (four Estates: one way to do it) is taken by itself (rule
    choice.only-option). The entry 'discard: Estate' would also fit Cid's decision, pending
    next; it is read in the game's order, as Bob's, and the next entry answers Cid's. A script
    that leaves Bob's out now stops at Cid's decision, unanswered."""
    res = run_scenario(load_scenario_text(MILITIA3, "t.yaml"))
    assert res.verdict == PASS, res.failure
    assert res.read == ["script entry 2 'discard: Estate': Bob's \"Ann's Militia: discard down "
                        "to 3 cards\" had only this answer, taken without asking"]
    short = MILITIA3.replace(', "discard: Estate"]', "]")
    res = run_scenario(load_scenario_text(short, "short.yaml"))
    assert res.verdict == FAIL and res.pending["player"] == "Cid"


def test_end_action_phase_is_read_only_while_the_action_phase_is_current():
    res = run_scenario(load_scenario(BOOK / "script-ends-action-phase.yaml"))
    assert res.verdict == PASS
    assert res.read == ["script entry 1 'end Action phase': the Action phase had ended by "
                        "itself"]
    late = (BOOK / "script-ends-action-phase.yaml").read_text().replace(
        "  - buy Silver\n", "  - end Action phase\n  - buy Silver\n")
    res = run_scenario(load_scenario_text(late, "late.yaml"))
    assert res.verdict == FAIL and "script entry 3 'end Action phase' is not a legal " in \
        res.failure
    twice = (BOOK / "script-ends-action-phase.yaml").read_text().replace(
        "  - end Action phase\n", "  - end Action phase\n  - end Action phase\n", 1)
    assert run_scenario(load_scenario_text(twice, "twice.yaml")).verdict == FAIL


def test_entries_read_without_an_answer_change_no_options_and_no_tree():
    plain = load_scenario(BOOK / "script-ends-action-phase.yaml")
    trees = []
    for script in (["end Action phase"], []):
        ex = explore(plain.factory(), script, {"at": "end-of-turn"}, ["players.Ann.discard"])
        trees.append((len(ex.outcomes), ex.decisions, ex.leaves))
    assert trees[0] == trees[1]
    game = plain.game()
    assert "end Action phase" not in game.legal()


def test_explore_why_and_dump_read_the_script_the_same_way(capsys):
    path = BOOK / "script-names-forced-choice.yaml"
    for command in ("explore", "why", "dump"):
        assert main([command, str(path)]) == 0, command
        capsys.readouterr()


# -- expectation keys ------------------------------------------------------------------------
def test_turns_taken_is_usable_wherever_a_players_fields_are():
    """Refused in expect.players before."""
    assert run_scenario(load_scenario(BOOK / "turns-taken-extra-turn.yaml")).verdict == PASS
    res = run_scenario(scn("expect: {players: {Ann: {turns_taken: 2}}}"))
    assert res.failure == "Ann's turns_taken: expected 2, got 1"


# -- --compare-rulesets ----------------------------------------------------------------------
def test_compare_rulesets_compares_outcome_sets_side_by_side(capsys):
    """An Inheritance-on-Peasant position: the old comparison read only expectations, and this
    file has none ("no difference")."""
    path = ROOT / "checker" / "verdicts" / "inheritance-peasant-answers.yaml"
    code, out = check(capsys, "--compare-rulesets", path)
    assert code == 0
    assert "    outcomes: 30 under 2015, 15 under current" in out
    assert re.search(r"^      only under 2015: players\.Ann\.discard=\[.*'Soldier'\]", out, re.M)
    assert "along the way: rules cited under 2015 only: traveller.exchange" in out
    assert "along the way: card texts that differ: Inheritance" in out
    assert "inheritance.no-duration-current (current only)" in out
    assert out.splitlines()[-1] == "1 of 1 scenarios differ between rulesets 2015 and current"
    code, out = check(capsys, "--compare-rulesets", "--json", path)
    row = json.loads(out.splitlines()[0])
    assert row["differs"] and len(row["results"]["2015"]["outcomes"]) == 30


def test_compare_rulesets_reports_no_difference_where_answers_agree(capsys):
    path = ROOT / "checker" / "scenarios" / "chance" / "laboratory-two-of-five.yaml"
    code, out = check(capsys, "--compare-rulesets", path)
    assert code == 0
    assert out.splitlines() == ["0 of 1 scenarios differ between rulesets 2015 and current"]


def test_probabilities_are_compared_side_by_side():
    """No book file's probabilities differ by ruleset, so one side is changed by hand: the
    comparison names the outcome and both probabilities."""
    path = ROOT / "checker" / "scenarios" / "chance" / "laboratory-two-of-five.yaml"
    a, b = (run_scenario(load_scenario(path), rs) for rs in ("2015", "current"))
    assert ruleset_compare._outcomes(a, b) == []
    b.outcomes[0]["probability"] = "1/2"
    assert ruleset_compare._outcomes(a, b) == [
        "  probability of players.Ann.hand=['Copper', 'Estate']: 2015 3/5, current 1/2"]


# -- claims nothing may pass unread (the review of this round) -------------------------------
LAB = """\
meta: {id: lab, question: "Ann plays Laboratory on a deck of Village and 3 Coppers"}
setup:
  kingdom: [Laboratory, Village]
  players:
    - {name: Ann, hand: [Laboratory], deck: {unknown: [Village, 3 Copper]}}
    - {name: Bob}
  turn: {player: Ann, phase: action}
"""


def test_entries_after_an_open_chance_step_need_an_outcomes_section():
    """Without outcomes nothing plays the entries after the open step, so a checkpoint before
    it must not make the file pass: 'play Chapel' (no Chapel in the game) would go unread."""
    text = LAB + ("script:\n  - {expect: {players: {Ann: {hand: [Laboratory]}}}}\n"
                  "  - play Laboratory\n  - play Chapel\n")
    res = run_scenario(load_scenario_text(text, "lab.yaml"))
    assert res.verdict == FAIL
    assert "only an outcomes section plays and checks it there" in res.failure


def test_an_entry_legal_in_no_branch_fails_like_an_unused_one():
    """{answer: X, otherwise: skip} where X is legal in no branch: the judge wrote a claim
    about the line that nothing tested."""
    text = LAB + ("script:\n  - play Laboratory\n  - {answer: play Chapel, otherwise: skip}\n"
                  "outcomes:\n  stop: {decisions: 0}\n  fields: [players.Ann.play]\n"
                  "  expect:\n    - {players.Ann.play: [Laboratory], probability: 1}\n")
    res = run_scenario(load_scenario_text(text, "lab.yaml"))
    assert res.verdict == FAIL
    assert "script entry 2 'play Chapel' is legal in no branch" in res.failure


@pytest.mark.parametrize("outcomes", ["  expect:\n    - {}\n",
                                      "  fields: []\n  expect:\n    - {}\n"])
def test_an_expected_outcome_naming_no_field_is_refused(outcomes):
    """With no field every outcome compares equal: 'these and no others' would check nothing."""
    text = LAB + "script:\n  - play Laboratory\noutcomes:\n  stop: {decisions: 0}\n" + outcomes
    with pytest.raises(ScenarioError, match="must name at least one field"):
        load_scenario_text(text, "lab.yaml")


@pytest.mark.parametrize("expect", ["{log_cites: []}", "{pending: {options_include: []}}",
                                    "{pending: {options_exclude: []}}"])
def test_an_empty_inclusion_list_is_refused_not_counted_as_a_claim(expect):
    """'the log cites all of these: (none)' checks nothing; it must not count as a claim."""
    text = LAB + f"script:\n  - play Laboratory\nexpect: {expect}\n"
    with pytest.raises(ScenarioError, match="has 0 entries"):
        load_scenario_text(text, "lab.yaml")
