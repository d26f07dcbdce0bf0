"""``tavern explore --workers N`` (issue 26): the tree is split at its first chance steps across
worker processes and added up again, with the same answer as one worker; a worker that ends
is said as such (exit 4), naming the parts of the tree left unexplored."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.cli.main import main
from dominion_tavern.checker.explore import split
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.runner.outcome_check import explore_scenario

BENCH = Path(split.__file__).resolve().parents[1] / "bench" / "chance"


def _answer(ex) -> dict:
    return {tuple(o.values.values()): (o.paths, o.path, o.rules, o.cut, o.over, o.low, o.high,
                                       o.left, sorted(map(str, o.lines)))
            for o in ex.outcomes}


@pytest.mark.parametrize("path", [BENCH / "first-gold-by-turn-4.yaml",
                                  CORPUS / "odds" / "silver-silver-third-hand.yaml",
                                  CORPUS / "chance" / "messenger-deck-into-discard.yaml",
                                  BENCH / "two-hands-15.yaml"], ids=lambda p: p.stem)
def test_two_workers_give_the_answer_of_one(path):
    scn = load_scenario(path)
    one, two = explore_scenario(scn), explore_scenario(scn, workers=2)
    assert _answer(two) == _answer(one)
    assert (two.decisions, two.leaves, two.chance, two.truncated, two.unexplored) == \
        (one.decisions, one.leaves, one.chance, one.truncated, one.unexplored)


def test_a_question_the_tree_is_not_cut_for_runs_in_one_process():
    """Stopped after a number of decisions, the tree is not cut: the same search."""
    scn = load_scenario(BENCH / "shuffle-then-2.yaml")
    parts_found = split.parts(scn.factory(None), scn.answers(None),
                              split.Stop.parse({"at": "end-of-turn"}), split.Policies(None), 8)
    assert parts_found is not None  # Smithy's draw after a shuffle: cut there ...
    one, two = explore_scenario(scn), explore_scenario(scn, workers=2)  # ... but not here
    assert _answer(two) == _answer(one) and two.answered == one.answered


def _dies(entries: list[str]):
    os._exit(9)  # a worker killed (the OOM killer, kill -9)


def test_a_worker_that_ends_is_reported_with_what_it_left(monkeypatch, capsys):
    monkeypatch.setattr(split, "_explore_part", _dies)
    code = main(["explore", str(BENCH / "first-gold-by-turn-3.yaml"), "--workers", "2"])
    err = capsys.readouterr().err
    assert code == 4
    assert err.startswith("tavern explore: a worker process ended (killed, or out of memory)")
    assert "parts left unexplored, reached by deal: " in err and "fewer --workers" in err


def test_the_command_line_takes_workers_and_refuses_none(capsys):
    path = str(BENCH / "first-gold-by-turn-3.yaml")
    assert main(["explore", path, "--json", "--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert main(["explore", path, "--json", "--workers", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert two["outcomes"] == one["outcomes"] and two["decisions"] == one["decisions"]
    assert main(["explore", path, "--workers", "0"]) == 2
    assert "--workers must be 1 or more, not 0" in capsys.readouterr().err
