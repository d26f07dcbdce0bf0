"""Diagrams drawn from the rules: networkx graphs (the data) rendered by Graphviz.

>>> from dominion_tavern.diagrams import upgrade_after
>>> upgrade_after("Peasant", 3)
'Disciple'
"""

from dominion_tavern.diagrams.cardmoves import MOVES, card_moves
from dominion_tavern.diagrams.render import Diagram, DotMissing, to_dot
from dominion_tavern.diagrams.travellers import line_of, lines, traveller_chains, upgrade_after
from dominion_tavern.diagrams.tree import Branch, from_exploration, game_prompts, outcome_tree
from dominion_tavern.diagrams.turn import turn_diagram

__all__ = [
    "MOVES", "Branch", "Diagram", "DotMissing", "card_moves", "from_exploration",
    "game_prompts", "line_of", "lines", "outcome_tree", "to_dot", "traveller_chains",
    "turn_diagram", "upgrade_after",
]
