"""The explorer: every way a position can go, to a stop point (:mod:`.tree_walk`), the outcomes
it finds (:mod:`.outcomes`) and the keys that merge equal positions (:mod:`.state_keys`)."""

from dominion_tavern.checker.explore.outcomes import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    LINES_SHOWN,
    Exploration,
    Outcome,
)
from dominion_tavern.checker.explore.tree_walk import PROGRESS_EVERY, default_fields, explore
from dominion_tavern.checker.reading.stop_points import ExploreError, Stop

__all__ = [
    "DEFAULT_MAX_NODES", "DEFAULT_MAX_SECONDS", "LINES_SHOWN", "PROGRESS_EVERY", "Exploration",
    "ExploreError", "Outcome", "Stop", "default_fields", "explore",
]
