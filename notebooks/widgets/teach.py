"""Small helpers the notebooks use to show the engine at work, printed plainly.

>>> g = position({"kingdom": ["Village"], "players": [
...     {"name": "Ann", "hand": ["Village"], "deck": ["Gold"]}, {"name": "Bob"}],
...     "turn": {"phase": "action"}})
>>> walk(g, "play Village")
Ann decides: Action phase: play an Action card?  [play Village | end Action phase]
  -> play Village
      Ann plays Village from hand [play.action-use]
      Ann draws Gold [draw]
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dominion_tavern.checker.reading.script_messages import options_text
from dominion_tavern.notebooks.widgets.stepper import SCENARIOS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.rules import RULES

SHOWN = 8  # answers printed with a decision (then how many in all)

if TYPE_CHECKING:
    from dominion_tavern.checker.format.load import Scenario
    from dominion_tavern.notebooks.widgets.rule_finder import RuleFinder
    from dominion_tavern.rulebook.engine.decisions import Decision


def position(spec: dict[str, Any]) -> Game:
    """A game from a position description (the ``setup`` of a scenario file)."""
    return Game(lambda: build(copy.deepcopy(spec)))


def walk(g: Game, *answers: str, show_next: bool = False) -> None:
    """Answer ``answers`` one by one, printing each decision, the answer and what it caused."""
    for a in answers:
        d = g.pending
        print(f"{_decides(d)}: {d.prompt}  [{options_text(d, SHOWN)}]")
        print(f"  -> {a}")
        before = len(g.log)
        g.answer(a)
        for e in g.log[before:]:
            print("      " + e.text())
    if show_next:
        print(next_decision(g))


def next_decision(g: Game) -> str:
    d = g.pending
    if d is None:
        return "(no decision pending: " + ("the game is over)" if g.over else "paused)")
    return f"Next: {_decides(d)}: {d.prompt}  [{options_text(d, SHOWN)}]"


def _decides(d: Decision) -> str:
    """"Ann decides", or "Ann decides for Bob (Possession turn)"."""
    return d.who() if d.decider != d.player else f"{d.player} decides"


def show_log(g: Game, since: int = 0) -> None:
    """The log from entry ``since``, one line each with its rule id."""
    for e in g.log[since:]:
        print(e.text())


def rule(rule_id: str, ruleset: str = "current") -> None:
    """Print one rule: id, title and text (as it stands in ``ruleset``)."""
    r = RULES[rule_id]
    print(f"[{r.id}] {r.title}\n  {r.text_for(ruleset)}\n  (source: {r.source})")


def find_rule(question: str, limit: int = 5) -> RuleFinder:
    """The rules, rulings, cards and glossary terms that best answer ``question`` (the desk's
    *Find the rule*): shown as the clickable finder, or as text where widgets do not show."""
    from dominion_tavern.notebooks.widgets.rule_finder import RuleFinder

    return RuleFinder(question, limit)


def corpus(word: str = "") -> list[Scenario]:
    """The corpus scenarios whose file name contains ``word``, printed with their questions."""
    from dominion_tavern.checker.format.load import load_scenario

    found = [load_scenario(p) for p in sorted(SCENARIOS.rglob("*.yaml")) if word in p.stem]
    for s in found:
        print(f"{s.path.relative_to(SCENARIOS)}: {s.question}")
    return found


def scenario(name: str) -> Scenario:
    """A corpus scenario by file stem (``"ratcatcher-call"``)."""
    from dominion_tavern.checker.format.load import load_scenario

    hits = [p for p in SCENARIOS.rglob("*.yaml") if p.stem == name]
    if not hits:
        raise FileNotFoundError(f"no scenario {name!r} under {SCENARIOS}")
    return load_scenario(Path(hits[0]))


def play_script(s: Scenario) -> Game:
    """A scenario's game with its whole script answered, printed step by step."""
    print(f"{s.meta.get('title', s.id)}\n  Q: {s.question}")
    g = s.game()
    walk(g, *s.answers(), show_next=True)
    return g
