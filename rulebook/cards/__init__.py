"""Card behaviour, one module per set; importing this package registers every card."""

from dominion_tavern.rulebook.cards import (  # noqa: F401
    adventures_durations,
    adventures_kingdom,
    adventures_reserve,
    adventures_travellers,
    alchemy,
    back_to_action,
    base,
    basic,
    dark_ages,
    empires,
    events,
    guilds,
    menagerie,
    nocturne,
    others,
    promo,
    seaside,
)
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS

__all__ = ["BEHAVIOURS"]
