"""Running a scenario: its script, strictly, then its ``expect``.

Each script entry answers the pending decision in turn; an illegal entry, or one given when no
decision is pending, fails the run. After the script the game runs on to its next decision
(or its end) and stops: that is the position ``expect`` is checked against. A decision left
pending is not a failure; it is the point the scenario asks about.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from dominion_tavern.checker.expect import checks
from dominion_tavern.checker.explore import check_outcomes
from dominion_tavern.checker.scenario import Scenario
from dominion_tavern.checker.script_errors import never_used, not_legal
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.setup import SetupError


@dataclass
class Result:
    id: str
    path: str
    question: str
    ruleset: str
    passed: bool
    failure: str | None = None
    log: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    observed: dict[str, Any] = field(default_factory=dict)
    pending: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _play_script(g: Game, script: list[str]) -> str | None:
    """Answers the script; the first failure as one line, or None."""
    for i, answer in enumerate(script, 1):
        if g.pending is None:
            return never_used(i, answer, g)
        try:
            g.answer(answer)
        except IllegalAnswer:
            return not_legal(i, answer, g)
    return None


def run_scenario(scn: Scenario, ruleset: str | None = None) -> Result:
    """Play ``scn`` under its ruleset (or ``ruleset``) and compare with its ``expect``."""
    rs = ruleset or scn.ruleset
    res = Result(scn.id, str(scn.path), scn.question, rs, passed=False)
    try:
        g = scn.game(rs)
    except SetupError as e:
        res.failure = f"setup: {e}"
        return res
    except Exception as e:  # an engine fault must not stop the other scenarios
        res.failure = f"engine error at the start: {type(e).__name__}: {e}"
        return res
    try:
        res.failure = _play_script(g, scn.script)
        if res.failure is None and scn.expect:
            for c in checks(g, scn.expect):
                res.observed[c.field] = c.actual
                if not c.ok and res.failure is None:
                    res.failure = c.difference()
        if res.failure is None and (scn.outcomes or {}).get("expect") is not None:
            outcomes = check_outcomes(scn, rs)
            if not outcomes.ok:
                res.failure = "outcomes: " + outcomes.describe().replace("\n", "; ")
    except Exception as e:  # an engine fault must not stop the other scenarios
        res.failure = f"engine error: {type(e).__name__}: {e}"
    res.passed = res.failure is None
    res.log = [e.text() for e in g.log]
    res.rules = g.log.rules_cited()
    if g.pending is not None:
        res.pending = {"player": g.pending.player, "prompt": g.pending.prompt,
                       "options": g.legal()}
    return res
