"""``tavern check``: the corpus passes, verdicts and exit codes, --json, strict scripts."""

from __future__ import annotations

import json
import re
import textwrap
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.semantic_checks import ruling_ids
from dominion_tavern.checker.runner.script_run import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "checker" / "scenarios"
BASE = sorted((CORPUS / "base").glob("*.yaml"))

MILITIA = """\
meta:
  id: {id}
  question: "Militia against 5 cards"
setup:
  kingdom: [Militia]
  players:
    - name: Ann
      hand: [Militia]
    - name: Bob
      hand: [Gold, 2 Estate, 2 Copper]
  turn: {{player: Ann, phase: action}}
script: {script}
expect: {expect}
"""


def scenario(tmp_path: Path, name: str = "s", script: str = "[play Militia]",
             expect: str = "{}", text: str | None = None) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text) if text is not None else
                    MILITIA.format(id=name, script=script, expect=expect), "utf-8")
    return path


def check(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


# -- the corpus ------------------------------------------------------------------------------
def test_corpus_passes(capsys):
    code, out, err = check(capsys, CORPUS)
    lines = [line for line in out.splitlines() if line.startswith(("PASS", "FAIL"))]
    assert code == 0, out + err
    assert len(lines) >= len(BASE) >= 12
    assert all(line.startswith("PASS ") for line in lines)
    assert out.splitlines()[-2].endswith("passed, 0 failed, 0 with no claim")
    assert re.fullmatch(r"claims: \d+ stated, \d+ recorded \(desk\)", out.splitlines()[-1])


@pytest.mark.parametrize("path", BASE, ids=[p.stem for p in BASE])
def test_base_scenario_cites_its_sources(path):
    scn = load_scenario(path)
    assert scn.meta.get("sources") and scn.meta.get("rules"), path
    assert set(scn.meta.get("rulings", [])) <= ruling_ids()
    assert scn.expect, f"{path} checks nothing"
    res = run_scenario(scn)
    assert res.passed, res.failure


def test_corpus_ids_are_unique():
    ids = [load_scenario(p).id for p in sorted(CORPUS.rglob("*.yaml"))]
    assert len(ids) == len(set(ids))


def test_corpus_topics():
    stems = {p.stem for p in BASE}
    for topic in ("witch-moat", "throne-room-smithy", "throne-room-no-action",
                  "library-set-aside", "cellar-shuffle", "militia-three-cards",
                  "remodel-empty-pile", "mine-to-hand", "vassal-plays-action",
                  "merchant-two-silvers", "game-end-three-piles", "gardens-scoring"):
        assert topic in stems


# -- verdicts ---------------------------------------------------------------------------------
def test_pass_line(tmp_path, capsys):
    path = scenario(tmp_path, script='[play Militia, "discard: Estate, Estate"]',
                    expect="{players: {Bob: {hand: [Gold, 2 Copper]}}}")
    code, out, _ = check(capsys, path)
    assert code == 0
    assert out.splitlines()[0] == "PASS s: Militia against 5 cards (claims: 1 stated)"


def test_fail_names_first_difference_and_log(tmp_path, capsys):
    path = scenario(tmp_path, script='[play Militia, "discard: Estate, Estate"]',
                    expect="{players: {Bob: {hand: [Gold, Estate, Copper]}}, turn: {coins: 9}}")
    code, out, _ = check(capsys, path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "FAIL s: Militia against 5 cards (claims: 2 stated)"
    assert lines[1].strip() == ("Bob's hand: expected [Gold, Estate, Copper], got "
                                "[2 Copper, Gold]")
    assert "turn.coins" not in out  # only the first difference
    assert any("Ann plays Militia from hand [play.action-use]" in line for line in lines)
    assert any("Bob discards Estate, Estate" in line for line in lines)
    assert lines[-2:] == ["0 passed, 1 failed, 0 with no claim", "claims: 2 stated"]


def test_unanswered_decision_is_not_a_failure(tmp_path, capsys):
    path = scenario(tmp_path, expect="{pending: {player: Bob, options_include: "
                    "['discard: Estate, Estate']}}")
    code, out, _ = check(capsys, path)
    assert code == 0, out


def test_illegal_answer_fails_with_entry_and_legal_options(tmp_path, capsys):
    path = scenario(tmp_path, script='[play Militia, "discard: Gold, Gold"]')
    code, out, _ = check(capsys, path)
    assert code == 1
    line = out.splitlines()[1]
    assert "script entry 2 'discard: Gold, Gold' is not a legal answer" in line
    assert "Bob's decision" in line and "legal: discard: Gold, Estate" in line


def test_unused_answer_fails(tmp_path, capsys):
    text = """\
    meta: {id: over, question: "Buying the last Province ends the game"}
    setup:
      piles: {Province: 1}
      players:
        - name: Ann
          hand: [Gold, Gold, Silver, Silver]
        - name: Bob
      turn: {player: Ann, phase: buy}
    script: [play all Treasures, buy Province, end Buy phase]
    expect: {game_over: true}
    """
    code, out, _ = check(capsys, scenario(tmp_path, "over", text=text))
    assert code == 1
    assert "script entry 3 'end Buy phase' is never used: the game is over" in out


def test_pending_null_checks_game_end(tmp_path, capsys):
    path = scenario(tmp_path, expect="{pending: null}")
    code, out, _ = check(capsys, path)
    assert code == 1
    assert ("pending: expected no decision pending, got Bob: Ann's Militia: discard down to 3 "
            "cards") in out


def test_exit_status_mixed(tmp_path, capsys):
    scenario(tmp_path, "a", expect="{turn: {coins: 2}}")
    scenario(tmp_path, "b", expect="{turn: {coins: 3}}")
    code, out, _ = check(capsys, tmp_path)
    assert code == 1
    assert [line.split()[0] for line in out.splitlines() if line[:4] in ("PASS", "FAIL")] == \
        ["PASS", "FAIL"]


def test_folders_are_searched_recursively_and_sorted(tmp_path, capsys):
    (tmp_path / "z").mkdir()
    scenario(tmp_path / "z", "a1", expect="{turn: {coins: 2}}")
    scenario(tmp_path, "b1", expect="{turn: {coins: 2}}")
    (tmp_path / "notes.txt").write_text("not a scenario")
    code, out, _ = check(capsys, tmp_path)
    assert code == 0
    assert re.findall(r"^PASS (\w+)", out, re.M) == ["b1", "a1"]  # b1.yaml < z/a1.yaml


# -- --json, --ruleset, --compare-rulesets ---------------------------------------------------------
def test_json_lines(tmp_path, capsys):
    scenario(tmp_path, "a", expect="{turn: {coins: 2}}")
    scenario(tmp_path, "b", expect="{turn: {coins: 3}}")
    code, out, _ = check(capsys, "--json", tmp_path)
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in rows] == ["a", "b"]
    keys = {"id", "path", "question", "ruleset", "passed", "failure", "log", "rules",
            "observed", "pending"}
    assert all(keys <= set(r) for r in rows)
    assert rows[0]["passed"] is True and rows[0]["failure"] is None
    assert rows[1]["failure"] == "turn.coins: expected 3, got 2"
    assert rows[1]["observed"] == {"turn.coins": 2}
    assert rows[0]["pending"]["player"] == "Bob"
    assert "play.action-use" in rows[0]["rules"]


PORT = """\
meta: {id: port, question: "Ann gains a Port with Workshop: does she gain another?"}
setup:
  kingdom: [Workshop, Port]
  players:
    - name: Ann
      hand: [Workshop]
    - name: Bob
  turn: {player: Ann, phase: action}
script: [play Workshop, gain Port]
expect: {piles: {Port: 10}}
"""


def test_ruleset_override(tmp_path, capsys):
    path = scenario(tmp_path, "port", text=PORT)
    assert check(capsys, path)[0] == 0
    code, out, _ = check(capsys, "--ruleset", "2015", path)
    assert code == 1 and "piles.Port: expected 10, got 11" in out
    code, out, _ = check(capsys, "--json", "--ruleset", "2015", path)
    assert json.loads(out)["ruleset"] == "2015"


def test_compare_rulesets(tmp_path, capsys):
    scenario(tmp_path, "port", text=PORT)
    scenario(tmp_path, "same", expect="{turn: {coins: 2}}")
    code, out, _ = check(capsys, "--compare-rulesets", tmp_path)
    assert code == 0
    assert "DIFFERS port:" in out and "same" not in out
    assert "piles.Port: 2015 11, current 10" in out
    assert out.splitlines()[-1].startswith("1 of 2 scenarios differ")
    code, out, _ = check(capsys, "--compare-rulesets", "--json", tmp_path)
    rows = {r["id"]: r for r in map(json.loads, out.splitlines())}
    assert rows["port"]["differs"] and not rows["same"]["differs"]
    assert set(rows["port"]["results"]) == {"2015", "current"}


def test_compare_rulesets_keeps_the_named_texts(capsys):
    """Outpost's 2022 text named by the scenario stays under both rulesets, and the comparison
    says so; only Mission's text follows the ruleset: 2015 gives both extra turns, current's
    2023 text fails after the Outpost turn (ruling outpost.2022-mission-2015)."""
    turns = CORPUS / "turns"
    code, out, _ = check(capsys, "--compare-rulesets", turns / "outpost-2022-mission-2015.yaml",
                         turns / "outpost-2022-in-extra-turn.yaml")
    assert code == 0
    assert "DIFFERS outpost-2022-mission-2015:" in out
    assert "    texts kept: Outpost's 2022 text under both rulesets (setup.texts)" in out
    assert "along the way: card texts that differ: Mission\n" in out
    assert "SAME outpost-2022-in-extra-turn: texts kept: Outpost's 2022 text under both " \
        "rulesets (setup.texts)" in out
    code, out, _ = check(capsys, "--compare-rulesets", "--json", turns / "outpost-2022-mission-"
                         "2015.yaml")
    assert json.loads(out)["texts_fixed"] == "Outpost's 2022 text under both rulesets " \
        "(setup.texts)"


def test_an_estate_token_on_a_duration_is_refused_under_the_current_rules(tmp_path, capsys):
    """Ruling inheritance.no-duration-current (the wiki's List of cards: Inheritance sets aside
    a "non-Command non-Duration Action card"): the book's 2015 position with the Estate token
    on Caravan Guard passes under its own ruleset (ruling inheritance.any-action-type-2015),
    fails at its setup when run under the current rules, and the same file written for the
    current rules is refused by the loader (exit 2), the line and column of the token named."""
    book = CORPUS / "events" / "inheritance-estate-token-duration-2015.yaml"
    assert check(capsys, book)[0] == 0
    code, out, _ = check(capsys, "--ruleset", "current", book)
    assert code == 1
    assert "setup: players.Ann.estate_token: Caravan Guard is a Duration card" in out
    text = book.read_text("utf-8").replace('ruleset: "2015"', "ruleset: current")
    path = scenario(tmp_path, "current", text=text)
    code, out, err = check(capsys, path)
    line = next(i for i, row in enumerate(text.splitlines(), 1)
                if row.strip().startswith("estate_token:"))
    assert code == 2 and out.splitlines()[0] == "0 passed, 0 failed, 0 with no claim"
    assert err.startswith(f"{path}:{line}:21: setup.players[0].estate_token: Caravan Guard is "
                          "a Duration card: under the current rules Inheritance sets aside "
                          'only a "non-Command non-Duration Action card"')


# -- user errors: one line each, never a traceback -------------------------------------------
def test_bad_file_prints_located_lines(tmp_path, capsys):
    path = scenario(tmp_path, "bad", text="meta: {id: bad, question: q}\nsetup:\n"
                    "  kingdom: [Wich]\n  turn: {phase: actoin}\n")
    code, out, err = check(capsys, path)
    assert code == 2 and out.splitlines()[0] == "0 passed, 0 failed, 0 with no claim"
    lines = err.splitlines()
    assert lines == [
        f"{path}:3:13: setup.kingdom[0]: unknown card 'Wich'; did you mean Witch?",
        f"{path}:4:17: setup.turn.phase: 'actoin' is not one of start, action, buy, night, cleanup "
        "(did you mean action?)",
        "1 file(s) refused, not run (their problems are above)"]
    assert "Traceback" not in err


def test_bad_files_among_good_ones(tmp_path, capsys):
    """A refused file does not stop the others: each is checked and reported; the exit status
    is 2 if any file is refused, else 1 if any fails, else 0."""
    scenario(tmp_path, "good", expect="{piles: {Curse: 10}}")
    scenario(tmp_path, "wrong", expect="{piles: {Curse: 3}}")
    (tmp_path / "empty.yaml").write_text("")
    (tmp_path / "broken.yaml").write_text("meta: [\n")
    code, out, err = check(capsys, tmp_path)
    assert code == 2
    assert out.splitlines()[0].startswith("PASS good") and "FAIL wrong" in out
    assert "1 passed, 1 failed, 0 with no claim" in out.splitlines()
    assert f"{tmp_path / 'empty.yaml'}:1:1: the file is empty" in err
    assert f"{tmp_path / 'broken.yaml'}:2:1: YAML syntax error" in err
    assert err.splitlines()[-1] == "2 file(s) refused, not run (their problems are above)"
    code, out, _ = check(capsys, "--json", tmp_path)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [r["path"] for r in rows if r.get("refused")] == \
        [str(tmp_path / "broken.yaml"), str(tmp_path / "empty.yaml")]
    assert sorted(r["id"] for r in rows if not r.get("refused")) == ["good", "wrong"]
    code, _, _ = check(capsys, tmp_path / "good.yaml", tmp_path / "wrong.yaml")
    assert code == 1
    code, _, _ = check(capsys, "--compare-rulesets", tmp_path)
    assert code == 2


def test_duplicate_ids(tmp_path, capsys):
    scenario(tmp_path, "a", expect="{piles: {Curse: 10}}")
    (tmp_path / "b.yaml").write_text((tmp_path / "a.yaml").read_text())
    code, out, err = check(capsys, tmp_path)
    assert code == 2 and out.startswith("PASS a")
    assert f"{tmp_path / 'b.yaml'}:2:7: meta.id: 'a' is already the id of" in err


def test_missing_path_and_empty_folder(tmp_path, capsys):
    code, _, err = check(capsys, tmp_path / "nope.yaml")
    assert code == 2 and len(err.splitlines()) == 1 and "nope.yaml" in err
    code, _, err = check(capsys, tmp_path)
    assert code == 2 and "no scenario files" in err


# -- packaging and make ---------------------------------------------------------------------------
def test_makefile_check_target_runs_the_corpus():
    text = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^check:.*\n((?:\t.*\n)+)", text, re.M)
    assert recipe and "\t$(BIN)/tavern check checker/scenarios\n" in recipe.group(1)
    assert re.search(r"^test:.*\n\t\$\(BIN\)/ruff check \.\n\t\$\(BIN\)/python -m pytest",
                     text, re.M)


def test_package_data_ships_schema_and_scenarios():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["dominion_tavern.checker"]
    checker = ROOT / "checker"
    files = [p.relative_to(checker).as_posix() for p in [checker / "scenario.schema.json",
                                                         *sorted(CORPUS.rglob("*.yaml"))]]
    for f in files:
        assert any(fnmatch(f, pat) for pat in patterns), f


# -- where the run stops, checkpoints, what must not be there, costs ------------------------------
BUY = """\
meta: {{id: buy, question: "Ann buys with her only Buy"}}
setup:
  kingdom: [Village, Bridge Troll]
  players:
    - name: Ann
      hand: [Gold, Gold, Silver, Estate]
      deck: [5 Copper]
    - name: Bob
      hand: [Copper]
  turn: {{player: Ann, phase: buy}}
script: {script}
{rest}
"""


def buy_scenario(tmp_path: Path, script: str, rest: str, name: str = "buy") -> Path:
    return scenario(tmp_path, name, text=BUY.format(script=script, rest=rest))


def test_a_buy_that_ends_the_buy_phase_stops_before_cleanup(tmp_path, capsys):
    """Rule turn.buy.end: with no Buy left the Buy phase ends; the expectation sees the end
    of the Buy phase (the Gold just gained, $2 left), not the next hand."""
    path = buy_scenario(tmp_path, "[play all Treasures, buy Gold]", "expect: {turn: {phase: "
                        "buy, coins: 2, buys: 0}, players: {Ann: {hand: [Estate], discard: "
                        "[Gold]}}, pending: null}")
    assert check(capsys, path)[0] == 0
    path = buy_scenario(tmp_path, "[play all Treasures, buy Gold]", "stop: {at: next-decision}"
                        "\nexpect: {turn: {player: Bob, number: 2}, players: {Ann: {hand: "
                        "[5 Copper]}}}")
    code, out, _ = check(capsys, path)
    assert code == 0, out


def test_end_buy_phase_runs_on_to_the_next_decision(tmp_path, capsys):
    path = buy_scenario(tmp_path, "[end Buy phase]", "expect: {turn: {player: Bob}}")
    assert check(capsys, path)[0] == 0


@pytest.mark.parametrize(("stop", "expect"), [
    ("{at: end-of-turn}", "{turn: {player: Ann, phase: cleanup}, players: {Ann: {hand: "
                          "[5 Copper]}}}"),
    ("{at: end-of-phase}", "{turn: {player: Ann, phase: buy}}"),
    ("{at: end-of-phase, phase: cleanup}", "{players: {Ann: {discard: {count: 4}}}}"),
    ("{at: next-decision}", "{turn: {player: Bob}}"),
])
def test_explicit_stop_points(tmp_path, capsys, stop, expect):
    """A stop point after the Buy phase ends (a decision would stop the run first)."""
    path = buy_scenario(tmp_path, "[play all Treasures, end Buy phase]",
                        f"stop: {stop}\nexpect: {expect}")
    code, out, _ = check(capsys, path)
    assert code == 0, out


def test_checkpoints_are_checked_in_order_and_name_themselves(tmp_path, capsys):
    script = """
  - expect: {turn: {coins: 0}}
  - play all Treasures
  - expect: {turn: {coins: 8}}
  - expect: {pending: {player: Ann}}   # the same point
  - buy Gold"""
    path = buy_scenario(tmp_path, script, "expect: {turn: {coins: 2}}")
    assert check(capsys, path)[0] == 0
    path = buy_scenario(tmp_path, script.replace("coins: 8", "coins: 9"),
                        "expect: {turn: {coins: 2}}")
    code, out, _ = check(capsys, path)
    assert code == 1
    assert "checkpoint script[2]: turn.coins: expected 9, got 8" in out


def test_a_checkpoint_stop_then_the_script_goes_on(tmp_path, capsys):
    """A checkpoint at the end of the turn, then Bob's answer: the run resumes from there."""
    script = """
  - play all Treasures
  - buy Gold
  - {stop: {at: end-of-turn}, expect: {turn: {player: Ann}, players: {Ann: {hand: [5 Copper]}}}}
  - play Copper"""
    path = buy_scenario(tmp_path, script, "expect: {turn: {player: Bob, coins: 1}}")
    code, out, _ = check(capsys, path)
    assert code == 0, out


def test_excludes_and_options_exclude(tmp_path, capsys):
    ok = ("expect: {players: {Ann: {hand: {excludes: [Gold, Curse]}}}, pending: "
          "{options_exclude: [play Gold, buy Colony]}}")
    path = buy_scenario(tmp_path, "[play all Treasures]", ok.replace("buy Colony", "buy Curse "
                        "twice"))
    assert check(capsys, path)[0] == 0
    path = buy_scenario(tmp_path, "[play Silver]", "expect: {players: {Ann: {hand: {excludes: "
                        "[Gold]}}}}")
    code, out, _ = check(capsys, path)
    assert code == 1 and "Ann's hand excludes: expected none of [Gold], got " in out
    path = buy_scenario(tmp_path, "[play all Treasures]", "expect: {pending: {options_exclude: "
                        "[buy Province, buy Duchy]}}")
    code, out, _ = check(capsys, path)
    assert code == 1 and "(offered: buy Province, buy Duchy)" in out


def test_costs_now(tmp_path, capsys):
    """Rule card.cost.reduce (Bridge Troll FAQ): costs with every reduction in force."""
    text = BUY.format(script="[]", rest="expect: {costs: {Province: 7, Copper: 0}}").replace(
        "hand: [Gold, Gold, Silver, Estate]", "hand: [Gold]\n      play: [Bridge Troll]")
    assert check(capsys, scenario(tmp_path, "troll", text=text))[0] == 0
    code, out, _ = check(capsys, buy_scenario(tmp_path, "[]", "expect: {costs: {Province: 7}}"))
    assert code == 1 and "costs.Province: expected 7, got 8" in out


def test_outcomes_expect_is_checked(tmp_path, capsys):
    from helpers import CELLAR_OUTCOMES
    path = scenario(tmp_path, "cellar", text=CELLAR_OUTCOMES)
    assert check(capsys, path)[0] == 0
    path.write_text(CELLAR_OUTCOMES.replace("[2 Gold]}\n", "[3 Gold]}\n"))
    code, out, _ = check(capsys, path)
    assert code == 1 and "outcomes: missing outcome: players.Ann.hand=[Gold, Gold, Gold]" in out
