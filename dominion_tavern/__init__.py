"""Tavern: a rules reference and scenario checker for Dominion, centred on Adventures.

One import name for the whole kit; the repository keeps the design card's folders, each
installed as a subpackage (``pyproject.toml`` maps them):

- ``dominion_tavern.rulebook``: card data, the rules in our words, the engine
- ``dominion_tavern.checker``: scenario files, the explorer, the ``tavern`` command line
- ``dominion_tavern.diagrams``: networkx graphs of the rules, rendered with Graphviz
- ``dominion_tavern.notebooks``: the teaching notebooks' widgets (stepper, judge's desk)
"""

__version__ = "0.2.0"
