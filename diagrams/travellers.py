"""Traveller lines, drawn from the card data: each card and the one it is exchanged for.

>>> lines()["Page"]
['Page', 'Treasure Hunter', 'Warrior', 'Hero', 'Champion']
>>> upgrade_after("Peasant", 3), line_of("Fugitive")
('Disciple', 'Peasant')
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from dominion_tavern.diagrams.render import Diagram, new_graph
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.state import GameState
from dominion_tavern.rulebook.setup import pile_size

if TYPE_CHECKING:
    import networkx as nx

OPEN, CLOSED, EMPTY = "#2e7d32", "#c62828", "#fde0dc"


@cache
def lines() -> dict[str, list[str]]:
    """Each Traveller line, from its first card (a Supply Traveller) along ``upgrade``."""
    out: dict[str, list[str]] = {}
    for name, d in CARDS.items():
        if d.is_traveller and d.supply:
            chain = [name]
            while CARDS[chain[-1]].upgrade:
                chain.append(CARDS[chain[-1]].upgrade)
            out[name] = chain
    return out


def line_of(name: str) -> str:
    """The first card of the line ``name`` is on."""
    for first, chain in lines().items():
        if name in chain:
            return first
    raise ValueError(f"{name} is not on a Traveller line (lines: {', '.join(lines())})")


def upgrade_after(name: str, steps: int = 1) -> str:
    """What ``name`` becomes after ``steps`` exchanges."""
    chain = lines()[line_of(name)]
    i = chain.index(name) + steps
    if not 0 <= i < len(chain):
        raise ValueError(f"{name} cannot be exchanged {steps} times: its line ends at "
                         f"{chain[-1]}")
    return chain[i]


def _types(name: str) -> str:
    return " – ".join(CARDS[name].types)


def _base_graph(players: int) -> nx.DiGraph:
    G = new_graph("travellers", graph={"rankdir": "LR", "label": "Traveller lines"},
                  node={"shape": "box", "style": "rounded,filled", "fillcolor": "white",
                        "fontname": "Helvetica"},
                  edge={"fontname": "Helvetica", "fontsize": 10})
    for first, chain in lines().items():
        for i, name in enumerate(chain):
            d = CARDS[name]
            G.add_node(name, line=first, step=i, cost=d.cost.coins, types=d.types,
                       supply=d.supply, traveller=d.is_traveller, end=not d.is_traveller,
                       pile=pile_size(name, players))
            if i:
                G.add_edge(chain[i - 1], name, kind="exchange", rule="traveller.exchange",
                           label="exchange\n(discarded from play)")
    return G


def _label(G: nx.DiGraph, name: str) -> str:
    a = G.nodes[name]
    where = "Supply" if a["supply"] else "not in the Supply"
    rows = [name + (" (end)" if a["end"] else ""), f"${a['cost']} · {_types(name)}"]
    count = a.get("count")
    if count is None:
        rows.append(f"pile {a['pile']} · {where}")
    else:
        rows.append(f"pile {count}/{a['pile']}{' EMPTY' if count == 0 else ''} · {where}")
    rows += [f"in play: {p} ×{n}" for p, n in a.get("in_play", {}).items()]
    return "\n".join(rows)


def traveller_chains(state: GameState | None = None, players: int = 2) -> Diagram:
    """The lines as a graph; with ``state``: only its lines, live pile counts (``count``,
    ``empty``), each player's copies in play (``in_play``) and whether each exchange can
    happen now (edge ``open``: the next pile has a card, rule traveller.exchange.needs-copy)."""
    G = _base_graph(len(state.players) if state is not None else players)
    if state is not None:
        _overlay(G, state)
    for name in G:
        a = G.nodes[name]
        a["label"] = _label(G, name)
        a["peripheries"] = 2 if a["end"] else 1
        if a.get("empty"):
            a["fillcolor"] = EMPTY
    return Diagram(G)


def _overlay(G: nx.DiGraph, state: GameState) -> None:
    keep = [n for n in G if state.pile(n) is not None]
    G.remove_nodes_from([n for n in list(G) if n not in keep])
    for name in G:
        a = G.nodes[name]
        a["count"] = len(state.pile(name).cards)
        a["empty"] = a["count"] == 0
        a["in_play"] = {p.name: n for p in state.players
                        if (n := sum(c.name == name for c in p.play.cards))}
    G.graph["graph"] = dict(G.graph["graph"], label="Traveller lines, this position "
                            f"(turn {state.turn.number}, {state.turn.player.name}, "
                            f"{state.turn.phase})")
    for _, v, e in G.edges(data=True):
        e["open"] = not G.nodes[v]["empty"]
        e["color"] = e["fontcolor"] = OPEN if e["open"] else CLOSED
        if e["open"]:
            e["label"] = "exchange: open"
            continue
        e["style"] = "dashed"
        e["label"] = f"closed: {v} pile empty"
        # Exchanging a copy of v that is in play puts one back and reopens this edge.
        back = [p for p, n in G.nodes[v]["in_play"].items() if n]
        nxt = list(G.successors(v))
        if back and nxt and not G.nodes[nxt[0]]["empty"]:
            e["reopens"] = True
            e["label"] += f"\nopens when {' or '.join(back)} exchanges {v} first"
