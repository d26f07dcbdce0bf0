"""``make bench-compare``: this checkout against another commit, side by side.

The comparison itself is a benchmark (run by hand); these tests check that it names a commit it
cannot find, that its ratios compare like with like, and one short round end to end against the
installed package itself (whose ratios must be near 1).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from dominion_tavern.checker.bench.compare import BenchError, checkout, main, ratios

REPO = Path(__file__).resolve().parents[1]


def test_a_commit_that_does_not_exist_is_named() -> None:
    with pytest.raises(BenchError, match="'no-such-commit' is not a commit of the repository"):
        checkout("no-such-commit", REPO)


def test_ratios_are_this_checkout_over_the_other_and_skip_different_trees() -> None:
    same = ({"Big Money games/s": 600.0, "explorer decisions/s": 20_000.0,
             "explorer decisions": 19_753},
            {"Big Money games/s": 400.0, "explorer decisions/s": 16_000.0,
             "explorer decisions": 19_753})
    other_tree = ({"Big Money games/s": 500.0, "explorer decisions/s": 20_000.0,
                   "explorer decisions": 19_753},
                  {"Big Money games/s": 500.0, "explorer decisions/s": 10_000.0,
                   "explorer decisions": 100})
    assert ratios([same, other_tree]) == {"Big Money games/s": [1.5, 1.0],
                                          "explorer decisions/s": [1.25]}


def test_one_short_round_against_the_package_itself(capsys) -> None:
    code = main(["HEAD", "--ref-python", sys.executable, "--rounds", "1", "--games", "3",
                 "--random-games", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "round 1: Big Money games/s" in out and "explorer decisions/s" in out
    assert "this checkout / HEAD: median" in out
    assert "different trees" not in out  # the same package explores the same tree
