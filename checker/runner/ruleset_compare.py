"""One scenario's answers under both rulesets, side by side (``tavern check
--compare-rulesets``): the verdicts, the values its expectations read (or, for a file that
claims nothing, the position where its script stops), the outcome sets and their
probabilities, and the rules, card texts and rulings that differ along the way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dominion_tavern.checker.format.load import Scenario
from dominion_tavern.checker.runner.script_run import Result, run_scenario
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.rules import RULES, rulings

SHOWN = 8  # outcomes listed on each side before "and N more"


@dataclass
class Comparison:
    """What differs between ``results`` (one per ruleset, in :data:`RULESETS` order)."""

    results: tuple[Result, Result]
    answers: list[str] = field(default_factory=list)  # how the answers differ
    reasons: list[str] = field(default_factory=list)  # rules, texts, rulings that differ
    fixed: str = ""  # the named texts the scenario chose, the same under both rulesets

    @property
    def differs(self) -> bool:
        return bool(self.answers)

    def as_dict(self) -> dict[str, Any]:
        return {"differs": self.differs, "differences": self.answers, "why": self.reasons,
                "texts_fixed": self.fixed,
                "results": {r.ruleset: r.as_dict() for r in self.results}}


def compare(scn: Scenario) -> Comparison:
    a, b = (run_scenario(scn, rs) for rs in RULESETS)
    c = Comparison((a, b), fixed=fixed_texts(scn))
    if a.verdict != b.verdict:
        c.answers.append(f"verdict: {a.ruleset} {a.verdict}, {b.ruleset} {b.verdict}")
    for key in dict.fromkeys([*a.observed, *b.observed]):
        va, vb = a.observed.get(key), b.observed.get(key)
        if va != vb:
            c.answers.append(f"{key}: {a.ruleset} {va!r}, {b.ruleset} {vb!r}")
    c.answers += _outcomes(a, b)
    if c.differs:
        c.reasons = _reasons(scn, a, b)
    return c


def fixed_texts(scn: Scenario) -> str:
    """``"Outpost's 2022 text under both rulesets (setup.texts)"``: the texts a scenario names
    stay the same whichever ruleset runs it; "" if it names none."""
    texts = scn.setup.get("texts") or {}
    if not texts:
        return ""
    return (", ".join(f"{name}'s {i} text" for name, i in texts.items())
            + " under both rulesets (setup.texts)")


def _outcome_text(o: dict[str, Any]) -> str:
    values = ", ".join(f"{k}={v}" for k, v in o["values"].items())
    chance = f", probability {o['probability']}" if o["probability"] is not None else ""
    return values + chance + (" (game over)" if o["game_over"] else "")


def _outcomes(a: Result, b: Result) -> list[str]:
    """The outcome sets and probabilities side by side: the count under each ruleset, the
    outcomes only one reaches, and common ones whose probability differs."""
    if a.outcomes is None or b.outcomes is None:
        return []
    key = lambda o: repr(sorted(o["values"].items()))  # noqa: E731 - one line, used thrice
    ka, kb = {key(o): o for o in a.outcomes}, {key(o): o for o in b.outcomes}
    out = []
    if len(ka) != len(kb) or ka.keys() != kb.keys():
        out.append(f"outcomes: {len(ka)} under {a.ruleset}, {len(kb)} under {b.ruleset}")
    for mine, theirs, rs in ((ka, kb, a.ruleset), (kb, ka, b.ruleset)):
        only = [o for k, o in mine.items() if k not in theirs]
        for o in only[:SHOWN]:
            out.append(f"  only under {rs}: {_outcome_text(o)}")
        if len(only) > SHOWN:
            out.append(f"  ... and {len(only) - SHOWN} more only under {rs}")
    for k, oa in ka.items():
        ob = kb.get(k)
        if ob is not None and oa["probability"] != ob["probability"]:
            values = ", ".join(f"{f}={v}" for f, v in oa["values"].items())
            out.append(f"  probability of {values}: {a.ruleset} {oa['probability']}, "
                       f"{b.ruleset} {ob['probability']}")
    return out


def _cited(r: Result) -> list[str]:
    """The rule ids the run cites, its script's and every explored outcome's."""
    return list(dict.fromkeys([*r.rules, *(x for o in r.outcomes or [] for x in o["rules"])]))


def _reasons(scn: Scenario, a: Result, b: Result) -> list[str]:
    """The rules cited under one ruleset only, the rules cited whose texts differ, the card
    and Event texts of the game that differ, and the rulings of its cards that hold under one
    ruleset only."""
    ra, rb = _cited(a), _cited(b)
    out = []
    for mine, theirs, rs in ((ra, rb, a.ruleset), (rb, ra, b.ruleset)):
        only = [r for r in mine if r not in theirs]
        if only:
            out.append(f"rules cited under {rs} only: {', '.join(only)}")
    both = [r for r in ra if r in rb and r in RULES and
            len({RULES[r].text_for(rs) for rs in RULESETS}) > 1]
    if both:
        out.append(f"rules whose text differs between the rulesets: {', '.join(both)}")
    names = [*(scn.setup.get("kingdom") or []), *(scn.setup.get("events") or [])]
    named = scn.setup.get("texts") or {}  # the same under both: not a reason
    texts = [n for n in names if n not in named and len({(CARDS.get(n) or EVENTS[n]).text(rs)
                                                         for rs in RULESETS}) > 1]
    if texts:
        out.append(f"card texts that differ: {', '.join(texts)}")
    one_sided = [f"{r['id']} ({', '.join(r['rulesets'])} only)" for r in rulings()
                 if r.get("card") in names and len(r.get("rulesets", RULESETS)) == 1]
    if one_sided:
        out.append(f"rulings of its cards that hold under one ruleset: {', '.join(one_sided)}")
    return out
