"""The chance section of the scenario book (checker/scenarios/chance/).

Every expected outcome there states its probability, worked out by hand (the arithmetic is in
the file's comments). Whatever the players choose, exactly one outcome happens: so where every
stated probability is exact (no decision changes any), they sum to exactly 1; with ranges, the
least values sum to at most 1 and the greatest to at least 1.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from dominion_tavern.checker.format.load import load_scenario
from dominion_tavern.checker.format.probabilities import PROBABILITY, parse_probability
from dominion_tavern.checker.runner.outcome_check import check_outcomes

CHANCE = Path(__file__).resolve().parent.parent / "checker" / "scenarios" / "chance"
FILES = sorted(CHANCE.glob("*.yaml"))


def stated(path: Path) -> list[tuple[Fraction, Fraction]]:
    expect = (load_scenario(path).outcomes or {}).get("expect") or []
    assert expect, f"{path.name}: no expected outcomes"
    missing = [i for i, e in enumerate(expect) if PROBABILITY not in e]
    assert not missing, f"{path.name}: outcomes.expect{missing} state no probability"
    return [parse_probability(e[PROBABILITY]) for e in expect]


def test_the_section_covers_the_issue():
    assert len(FILES) >= 25
    stems = {p.stem for p in FILES}
    for topic in ("opening-five-two", "laboratory-two-of-five", "smithy-shuffle-mid-draw",
                  "ranger-face-up-shuffle", "giant-unknown-top-card", "witch-moat-unknown-hand",
                  "haunted-woods-unknown-hand", "swamp-hag-unknown-hand",
                  "lost-city-others-draw", "scouting-party-finds-gold",
                  "messenger-deck-into-discard", "dungeon-next-turn-draw",
                  "hireling-unknown-hand", "library-sets-aside-village"):
        assert topic in stems


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_stated_probabilities_add_up(path):
    bounds = stated(path)
    low = sum(b[0] for b in bounds)
    high = sum(b[1] for b in bounds)
    if all(lo == hi for lo, hi in bounds):
        assert low == 1, f"{path.name}: the outcomes' probabilities sum to {low}, not 1"
    else:
        assert low <= 1 <= high, f"{path.name}: least values sum to {low}, greatest to {high}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_chance_and_names_its_sources(path):
    scn = load_scenario(path)
    assert scn.meta.get("sources") and "chance.unknown-order" in scn.meta.get("rules", [])
    assert "#" in path.read_text(), f"{path.name}: the arithmetic is not shown"
    check = check_outcomes(scn)
    assert check.ok, check.describe()
    assert check.exploration.chance, f"{path.name}: no chance step was met"
