"""The turn: its phases and the windows in them where things can happen, drawn from the
engine's own ``PHASES`` and ``WINDOWS`` (so the drawing cannot drift from the code).

>>> G = turn_diagram().graph
>>> G.nodes["buy"]["rule"], G.nodes["buy"]["phase"]
('turn.buy.purchase', 'buy')
"""

from __future__ import annotations

from itertools import pairwise

from dominion_tavern.diagrams.render import Diagram, new_graph
from dominion_tavern.rulebook.engine.turn import PHASES, WINDOWS
from dominion_tavern.rulebook.rules import RULES

PHASE_NAMES = {"start": "Start of turn", "action": "Action phase", "buy": "Buy phase",
               "night": "Night phase", "cleanup": "Clean-up"}


def phase_rule(phase: str) -> str | None:
    """The rule id of a phase as a whole (``turn.<phase>``), if the rules have one."""
    rid = f"turn.{phase}"
    return rid if rid in RULES else None


def turn_diagram() -> Diagram:
    """Windows as nodes (``phase``, ``what``, ``rule``) grouped by phase; edges in order, and
    from the last window back to the first for the next turn."""
    clusters = {}
    for p in PHASES:
        rid = phase_rule(p)
        clusters[p] = PHASE_NAMES.get(p, p) + (f" [{rid}]" if rid else "")
    G = new_graph("turn", clusters=clusters,
                  graph={"rankdir": "TB", "label": "A turn: phases and windows"},
                  node={"shape": "box", "style": "rounded", "fontname": "Helvetica"},
                  edge={"fontname": "Helvetica", "fontsize": 10})
    for phase, window, what, rule in WINDOWS:
        G.add_node(window, phase=phase, what=what, rule=rule, cluster=phase,
                   title=RULES[rule].title, label=f"{window}\n{what}\n[{rule}]")
    order = [w[1] for w in WINDOWS]
    for a, b in pairwise(order):
        G.add_edge(a, b, kind="then")
    G.add_edge(order[-1], order[0], kind="next-turn", rule="turn.end", constraint=False,
               style="dashed", label="turn ends [turn.end]\nnext turn")
    return Diagram(G)
