"""The command line speaks one language: every command's help describes it, each option and
the exit codes; options of the same name mean the same; one wording for a script entry that
cannot be used; one numbering of outcomes; paths that work from where the user stands."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.cli.main import parser
from dominion_tavern.checker.explore import DEFAULT_MAX_NODES
from dominion_tavern.diagrams import tree
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS

CORPUS = Path(__file__).resolve().parents[1] / "checker" / "scenarios"

# Ann plays Militia; Bob must discard two of Gold, Estate x4 (one Gold: "Gold, Gold" is not
# legal). The Base rulebook's Militia: each other player discards down to 3 cards.
ILLEGAL = """\
meta: {id: militia-bad-answer, question: "Can Bob discard two Golds?"}
setup:
  kingdom: [Militia]
  players:
    - {name: Ann, hand: [Militia]}
    - {name: Bob, hand: [Gold, 4 Estate]}
  turn: {phase: action}
script: [play Militia, "discard: Gold, Gold"]
"""
# The last Province bought ends the game: an answer after that is never used.
UNUSED = """\
meta: {id: over, question: "Buying the last Province ends the game"}
setup:
  piles: {Province: 1}
  players:
    - {name: Ann, hand: [Gold, Gold, Silver, Silver]}
    - {name: Bob}
  turn: {player: Ann, phase: buy}
script: [play all Treasures, buy Province, end Buy phase]
"""


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize(("text", "message"), [
    (ILLEGAL, "script entry 2 'discard: Gold, Gold' is not a legal answer to Bob's decision "
              "\"Ann's Militia: discard down to 3 cards\"; legal: discard: Gold, Estate | "
              "discard: Estate, Estate"),
    (UNUSED, "script entry 3 'end Buy phase' is never used: the game is over"),
])
@pytest.mark.parametrize("command", ["check", "explore", "dump", "why"])
def test_one_wording_for_a_script_entry_that_cannot_be_used(capsys, tmp_path: Path, text,
                                                            message, command):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    code, out = run(capsys, command, str(path))
    assert message in out
    assert code in (1, 2)


# -- help ----------------------------------------------------------------------------------------
def _subparsers(ap: argparse.ArgumentParser, prefix: str = "tavern"):
    for action in ap._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sp in action.choices.items():
                yield f"{prefix} {name}", sp
                yield from _subparsers(sp, f"{prefix} {name}")


COMMANDS = dict(_subparsers(parser()))


def test_every_command_is_listed():
    assert {"tavern check", "tavern explore", "tavern why", "tavern rule", "tavern card",
            "tavern dump", "tavern coverage", "tavern simulate", "tavern example",
            "tavern diagram", "tavern diagram tree", "tavern diagram travellers",
            "tavern diagram turn", "tavern diagram card"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_describes_the_command_every_option_and_the_exit_codes(name):
    ap = COMMANDS[name]
    assert ap.description and len(ap.description) > 40, name
    for action in ap._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        assert action.help and action.help.strip(), f"{name}: {action.dest} has no help"
    text = ap.format_help()
    assert "exit status:" in text
    assert "\n  0  " in text and "\n  2  a bad file or argument" in text


def test_help_runs_for_every_command(capsys):
    for name in COMMANDS:
        with pytest.raises(SystemExit) as e:
            main([*name.split()[1:], "--help"])
        assert e.value.code == 0
        assert "exit status:" in capsys.readouterr().out


# -- options mean the same everywhere ------------------------------------------------------------
def _options(name: str) -> dict[str, argparse.Action]:
    return {o: a for a in COMMANDS[name]._actions for o in a.option_strings}


def test_one_name_and_one_meaning_for_depth_and_node_limits():
    for name in ("tavern explore", "tavern diagram tree"):
        opts = _options(name)
        assert "--depth" in opts and "--max-depth" not in opts
        assert "answers" in opts["--max-nodes"].help        # answers tried, in both
        assert opts["--max-nodes"].default == DEFAULT_MAX_NODES
    assert "draw at most" in _options("tavern diagram tree")["--max-drawn"].help
    # The drawing limits said in words are the drawing's own.
    assert f"default {tree.DEFAULT_MAX_NODES}, at most {tree.MAX_NODES_LIMIT}" in \
        _options("tavern diagram tree")["--max-drawn"].help


def test_ruleset_wherever_a_position_is_run():
    for name in ("tavern check", "tavern explore", "tavern why", "tavern dump",
                 "tavern diagram tree", "tavern diagram travellers", "tavern simulate",
                 "tavern example"):
        assert _options(name)["--ruleset"].choices == RULESETS, name


def test_diagram_tree_limits(capsys, tmp_path):
    scn = CORPUS / "seeds" / "peasant-soldier-outcomes.yaml"
    code, out = run(capsys, "diagram", "tree", str(scn), "--max-drawn", "5000")
    assert code == 2 and "--max-drawn must be 2 to 1000, not 5000" in out
    code, out = run(capsys, "diagram", "tree", str(scn), "--max-nodes", "1")
    assert code == 0 and "explorer stopped early" in out       # one answer tried: cut
    code, out = run(capsys, "diagram", "tree", str(scn), "--ruleset", "2015", "--depth", "1")
    assert code == 0 and "limits: depth 1" in out


# -- the same numbering everywhere ----------------------------------------------------------------
def test_text_and_json_number_outcomes_alike(capsys):
    scn = str(CORPUS / "seeds" / "peasant-soldier-outcomes.yaml")
    _, text = run(capsys, "explore", scn)
    _, js = run(capsys, "explore", scn, "--json")
    data = json.loads(js)
    numbers = [int(m) for m in re.findall(r"^(\d+)\. ", text, re.M)]
    assert numbers == [o["number"] for o in data["outcomes"]] == [1, 2, 3]
    for o in data["outcomes"]:
        block = text.split(f"\n{o['number']}. ", 1)[1].split("\n\n", 1)[0]
        assert "shortest path: " + (" / ".join(o["path"]) or "(no answers)") in block


def test_explore_refuses_depth_with_expected_outcomes(capsys):
    scn = str(CORPUS / "seeds" / "peasant-soldier-outcomes.yaml")
    code, out = run(capsys, "explore", scn, "--depth", "1")
    assert code == 2 and "cannot check; leave out --depth" in out


# -- rule, card, coverage, example ---------------------------------------------------------------
def test_rule_opens_a_ruling_by_id(capsys):
    code, out = run(capsys, "rule", "royal-carriage.call-timing")
    assert code == 0
    assert out.startswith("royal-carriage.call-timing: Royal Carriage is called right after an "
                          "Action resolves, if that Action is still in play\n"
                          "  a ruling on Royal Carriage\n")
    assert "source: Adventures rulebook (2015), card FAQ: Royal Carriage" in out
    assert "royal-carriage-call-timing (checker/scenarios/reserve/" in out
    code, out = run(capsys, "rule", "royal-carriage.call-timing", "--json")
    data = json.loads(out)
    assert data["card"] == "Royal Carriage" and data["scenarios"]


def test_unknown_id_suggests_rules_and_rulings(capsys):
    code, out = run(capsys, "rule", "royal-carriage.cal")
    assert code == 2 and "unknown rule or ruling id" in out
    assert "royal-carriage.call-timing" in out


@pytest.mark.parametrize("where", ["root", "checker", "elsewhere"])
def test_card_paths_work_from_where_the_user_stands(capsys, monkeypatch, tmp_path, where):
    root = CORPUS.parent.parent
    cwd = {"root": root, "checker": root / "checker", "elsewhere": tmp_path}[where]
    monkeypatch.chdir(cwd)
    code, out = run(capsys, "card", "Royal", "Carriage")
    paths = re.findall(r"\(([^()]+\.yaml)\)", out)
    assert code == 0 and paths
    assert all((cwd / p).is_file() for p in paths), paths[:3]


def test_coverage_of_a_missing_folder_is_an_error(capsys, tmp_path):
    code, out = run(capsys, "coverage", str(tmp_path / "nope"))
    assert code == 2 and "no such folder" in out


def test_example_refuses_an_unknown_bot(capsys):
    code, out = run(capsys, "example", "--bots", "big-money,genius")
    assert code == 2 and "unknown bot 'genius'; bots: " in out


@pytest.mark.parametrize("command", ["check", "explore", "why", "dump"])
def test_a_fault_in_tavern_is_said_in_one_line_with_its_own_exit_status(
        command, capsys, monkeypatch, tmp_path: Path):
    """Standards: never a bare traceback. A fault in the engine itself (here a card's code
    made to fail) is one line naming the error and where it happened; exit 3 (``check`` and
    ``why`` run the scenario, so they count it as its failure, exit 1, and say so)."""
    def broken(g, p, me):
        raise ValueError("a broken card")
    monkeypatch.setattr(BEHAVIOURS["Village"], "on_play", broken)
    path = tmp_path / "village.yaml"
    path.write_text("meta: {id: village, question: 'Ann plays Village?'}\n"
                    "setup: {kingdom: [Village], players: [{name: Ann, hand: [Village], "
                    "deck: [5 Copper]}, {name: Bob}], turn: {phase: action}}\n"
                    "script: [play Village]\n")
    code = main([command, str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if command in ("check", "why"):
        assert code == 1 and "engine error: ValueError: a broken card" in out
        return
    assert code == 3
    assert err.startswith(f"tavern {command}: internal error: ValueError: a broken card (at ")
    assert "This is a fault in Tavern, not in your input" in err
