"""Rule coverage: is every rule and ruling written down, sourced, and shown by a scenario?

- every rule id the engine cites (``rule=...`` in ``rulebook/``) is defined, with text and a
  source;
- every rule id and every card ruling is shown by at least one scenario in the corpus
  (``meta.rules`` / ``meta.rulings``);
- every scenario's cited rules and rulings exist (the loader checks that too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.reference.pages import ROOT, scenarios
from dominion_tavern.rulebook.rules import RULES, rulings

CITE = re.compile(r"""rule(?:\s*:\s*str)?\s*=\s*["']([a-z][a-z0-9.-]*)["']""")


@dataclass
class Coverage:
    cited_undefined: list[str] = field(default_factory=list)
    without_text: list[str] = field(default_factory=list)
    rules_unshown: list[str] = field(default_factory=list)
    rulings_unshown: list[str] = field(default_factory=list)
    scenario_unknown: list[str] = field(default_factory=list)
    rules_total: int = 0
    rulings_total: int = 0

    @property
    def complete(self) -> bool:
        return not (self.cited_undefined or self.without_text or self.rules_unshown
                    or self.rulings_unshown or self.scenario_unknown)

    def lines(self) -> list[str]:
        shown_rules = self.rules_total - len(self.rules_unshown)
        shown_rulings = self.rulings_total - len(self.rulings_unshown)
        out = [f"rules shown by a scenario: {shown_rules}/{self.rules_total}",
               f"card rulings shown by a scenario: {shown_rulings}/{self.rulings_total}"]
        for title, items in [
            ("rule ids cited by the engine but not defined", self.cited_undefined),
            ("rules without text or source", self.without_text),
            ("scenario citations of unknown rules or rulings", self.scenario_unknown),
            ("rules no scenario shows", self.rules_unshown),
            ("rulings no scenario shows", self.rulings_unshown),
        ]:
            if items:
                out.append(f"{title} ({len(items)}):")
                out += [f"  {x}" for x in items]
        return out


def engine_citations(root: Path = ROOT / "rulebook") -> set[str]:
    return {m.group(1) for path in root.rglob("*.py")
            for m in CITE.finditer(path.read_text("utf-8"))}


def coverage(corpus: Path = CORPUS) -> Coverage:
    ruling_ids = [r["id"] for r in rulings()]
    shown: set[str] = set()
    unknown: list[str] = []
    for link, doc in scenarios(corpus):
        meta = doc.get("meta") or {}
        for rid in meta.get("rules") or []:
            (shown.add if rid in RULES else unknown.append)(rid if rid in RULES
                                                            else f"{link}: rule {rid}")
        for rid in meta.get("rulings") or []:
            (shown.add if rid in ruling_ids else unknown.append)(
                rid if rid in ruling_ids else f"{link}: ruling {rid}")
    return Coverage(
        cited_undefined=sorted(engine_citations() - set(RULES)),
        without_text=sorted(r.id for r in RULES.values() if not (r.text and r.source)),
        rules_unshown=sorted(set(RULES) - shown),
        rulings_unshown=[r for r in ruling_ids if r not in shown],
        scenario_unknown=unknown,
        rules_total=len(RULES), rulings_total=len(ruling_ids))
