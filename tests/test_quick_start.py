"""The README's quick starts say what the kit does: the judge's nine-line scenario passes, its
three commonest mistakes get the messages quoted, explore says what the quick start says of it,
the "how likely?" file gives the probabilities shown, the teacher's Stepper lines run from
another folder, and the commands named exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.cli.main import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
JUDGE = README.split("## A judge's quick start")[1].split("\n## ")[0]
TEACHER = README.split("## A teacher's quick start")[1].split("\n## ")[0]
SCENARIO, ODDS = re.findall(r"```yaml\n(.*?)```", JUDGE, re.S)
ODDS_SHOWN = re.search(r"`tavern explore odds.yaml`.*?\n```\n(.*?)```", JUDGE, re.S).group(1)
MISTAKES = [line.strip() for line in JUDGE.split("what `tavern check` says:")[1]
            .split("The whole format")[0].splitlines() if line.strip()]
# Each mistake made in the quick start's scenario, in the order the README lists them.
EDITS = [("kingdom: [Witch, Moat]", "kingdom: [Witch]"),
         ("script: [play Witch, reveal Moat]", "script: [play Witch, Reveal Moat]"),
         ("script: [play Witch, reveal Moat]",
          "script:\n  - play Witch\n  - discard: Estate, Estate")]


def test_the_scenario_is_nine_lines_and_passes(tmp_path, capsys):
    assert "Nine lines" in JUDGE and len(SCENARIO.splitlines()) == 9
    path = tmp_path / "moat.yaml"
    path.write_text(SCENARIO, "utf-8")
    assert main(["check", str(path)]) == 0
    assert "PASS moat" in capsys.readouterr().out


@pytest.mark.parametrize("i", range(len(EDITS)))
def test_each_mistake_gets_the_message_quoted(tmp_path, capsys, i):
    old, new = EDITS[i]
    path = tmp_path / "m.yaml"
    path.write_text(SCENARIO.replace(old, new), "utf-8")
    assert main(["check", str(path)]) in (1, 2)
    out = capsys.readouterr()
    said = (out.out + out.err).replace(str(path), "m.yaml")
    assert MISTAKES[i] in said


def test_the_commands_named_exist():
    named = set(re.findall(r"`tavern (\w+)", JUDGE + TEACHER))
    assert named <= set(COMMANDS) and {"check", "why", "play", "explore"} <= named
    assert (ROOT / "checker/scenarios/seeds/peasant-soldier-empty-pile.yaml").exists()
    assert (ROOT / "checker/scenarios/seeds/peasant-soldier-outcomes.yaml").exists()


def test_explore_of_the_scenario_is_as_said(tmp_path, capsys):
    """The count the quick start gives, and the hint at the end of a long list on the
    default fields."""
    path = tmp_path / "moat.yaml"
    path.write_text(SCENARIO, "utf-8")
    assert main(["explore", str(path)]) == 0
    out = capsys.readouterr().out
    count = re.search(r"every buy, (\d+)\s+outcomes here", JUDGE).group(1)
    assert out.splitlines()[1].startswith(f"{count} distinct outcome(s) at the end of the turn")
    assert out.rstrip().splitlines()[-1].startswith(f"{count} outcomes, told apart by the "
                                                    "default fields")


def test_how_likely_gives_the_probabilities_shown(tmp_path, capsys):
    path = tmp_path / "odds.yaml"
    path.write_text(ODDS, "utf-8")
    assert main(["explore", str(path)]) == 0
    out = capsys.readouterr().out
    shown = [line for line in ODDS_SHOWN.splitlines() if line != "..."]
    assert len(shown) == 6 and all(line in out.splitlines() for line in shown)
    assert "told apart by the default fields" not in out  # the fields are named
    # what the text says a policy and outcomes.expect make of it (Bob holds the Moat in
    # C(6,4) = 15 of the C(7,5) = 21 hands: 5/7)
    assert "2/7 and 5/7 exactly" in JUDGE
    path.write_text(ODDS.replace(
        "fields: [piles.Curse]}",
        "fields: [piles.Curse], expect: [{piles.Curse: 9, probability: 2/7}, "
        "{piles.Curse: 10, probability: 5/7}]}") + "policies: {Bob: [reveal Moat]}\n", "utf-8")
    assert main(["check", str(path)]) == 0
    assert "PASS moat-odds" in capsys.readouterr().out


def test_the_teachers_stepper_lines_run_from_the_notebooks_folder(tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")
    code = re.search(r"```python\n(.*?)```", TEACHER, re.S).group(1)
    (tmp_path / "moat.yaml").write_text(SCENARIO, "utf-8")
    monkeypatch.chdir(tmp_path)  # not the checkout: JupyterLab runs in notebooks/build
    exec(compile(code, "README teacher's quick start", "exec"), {})
