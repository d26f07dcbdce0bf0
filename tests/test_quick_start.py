"""The README's quick starts say what the kit does: the judge's ten-line scenario passes, its
three commonest mistakes get the messages quoted, and the commands named exist."""

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
SCENARIO = re.search(r"```yaml\n(.*?)```", JUDGE, re.S).group(1)
MISTAKES = [line.strip() for line in JUDGE.split("what `tavern check` says:")[1]
            .split("The whole format")[0].splitlines() if line.strip()]
# Each mistake made in the quick start's scenario, in the order the README lists them.
EDITS = [("kingdom: [Witch, Moat]", "kingdom: [Witch]"),
         ("script: [play Witch, reveal Moat]", "script: [play Witch, Reveal Moat]"),
         ("script: [play Witch, reveal Moat]",
          "script:\n  - play Witch\n  - discard: Estate, Estate")]


def test_the_scenario_is_ten_lines_and_passes(tmp_path, capsys):
    assert len(SCENARIO.splitlines()) <= 12
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
