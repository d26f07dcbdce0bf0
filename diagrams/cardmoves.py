"""Where a card can go: the zones it moves between and the rule that moves it, from a table
of moves keyed by card type (``*``: every card; ``Supply``/``non-Supply``: where its pile is).

>>> G = card_moves("Royal Carriage").graph
>>> G.edges["play", "mat"]["rules"], G.edges["mat", "play"]["rules"]
(['reserve.tavern-mat'], ['reserve.call'])
"""

from __future__ import annotations

from dominion_tavern.diagrams.render import Diagram, new_graph
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.state import ZONE_WORDS
from dominion_tavern.rulebook.setup import check_card_name

Move = tuple[str, str, str, str]  # (from zone, to zone, what, rule id)

MOVES: dict[str, list[Move]] = {
    "*": [("deck", "hand", "draw", "draw"),
          ("discard", "deck", "shuffle", "draw.shuffle"),
          ("hand", "discard", "discard in Clean-up", "turn.cleanup.discard"),
          ("hand", "trash", "trash", "trash")],
    "Supply": [("supply", "discard", "buy", "buy"), ("supply", "discard", "gain", "gain")],
    "Action": [("hand", "play", "play (uses an Action)", "turn.action"),
               ("play", "discard", "discard from play", "turn.cleanup.discard")],
    "Treasure": [("hand", "play", "play in the Buy phase", "play.treasure"),
                 ("play", "discard", "discard from play", "turn.cleanup.discard")],
    "Duration": [("play", "play", "stays in play while it has work to do",
                  "duration.stays-in-play")],
    "Reserve": [("play", "mat", "put on the Tavern mat", "reserve.tavern-mat"),
                ("mat", "play", "call", "reserve.call"),
                ("play", "discard", "discarded the turn it is called",
                 "reserve.called-discarded")],
    "Traveller": [("discard", "pile", "exchange (just discarded from play)",
                   "traveller.exchange")],
    "exchanged-for": [("pile", "discard", "taken in an exchange", "traveller.exchange")],
}

#: Moves of one card beyond its types.
CARD_MOVES: dict[str, list[Move]] = {
    "Wine Merchant": [("mat", "discard", "discard at the end of the Buy phase",
                       "reserve.end-of-buy")],
    "Champion": [("play", "play", "stays in play for the rest of the game",
                  "duration.rest-of-game")],
    "Hireling": [("play", "play", "stays in play for the rest of the game",
                  "duration.rest-of-game")],
}


def keys_for(name: str) -> list[str]:
    """The keys of :data:`MOVES` that apply to ``name``."""
    d = CARDS[name]
    keys = ["*", "Supply" if d.supply else "non-Supply", *d.types]
    if any(c.upgrade == name for c in CARDS.values()):
        keys.append("exchanged-for")
    return [k for k in keys if k in MOVES]


def moves_for(name: str) -> list[tuple[str, Move]]:
    """(key, move) for each move of ``name``: by its keys, then its own (key: its name)."""
    return ([(k, m) for k in keys_for(name) for m in MOVES[k]]
            + [(name, m) for m in CARD_MOVES.get(name, [])])


def _zone(z: str, supply: bool) -> str:
    """A card's own pile is the Supply pile when it is in the Supply."""
    return "supply" if z == "pile" and supply else z


def card_moves(name: str) -> Diagram:
    """Zones as nodes; one edge per (from, to) with every way (``whats``) and rule
    (``rules``) that moves ``name`` along it."""
    check_card_name(name, "card: ")
    d = CARDS[name]
    G = new_graph(f"card {name}",
                  graph={"rankdir": "LR", "label": f"Where {name} can go "
                         f"({', '.join(d.types)})"},
                  node={"shape": "ellipse", "fontname": "Helvetica"},
                  edge={"fontname": "Helvetica", "fontsize": 10})
    pile = "Supply pile" if d.supply else f"{name} pile (not in the Supply)"
    for key, move in moves_for(name):
        src, dst, what, rule = (_zone(move[0], d.supply), _zone(move[1], d.supply), *move[2:])
        for z in (src, dst):
            if z not in G:
                G.add_node(z, zone=z, label=pile if z in ("supply", "pile")
                           else ZONE_WORDS[z])
        if G.has_edge(src, dst):
            e = G.edges[src, dst]
            e["whats"].append(what)
            e["rules"].append(rule)
            e["keys"].append(key)
        else:
            G.add_edge(src, dst, whats=[what], rules=[rule], keys=[key])
    for _, _, e in G.edges(data=True):
        e["label"] = "\n".join(f"{w} [{r}]" for w, r in zip(e["whats"], e["rules"], strict=True))
        if any(k in d.types or k == name for k in e["keys"]):  # its own types' moves
            e["penwidth"] = 2
    return Diagram(G)
