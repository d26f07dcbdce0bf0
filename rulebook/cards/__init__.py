"""Card behaviour, one module per set; importing this package registers every card."""

from rulebook.cards import base, basic, others  # noqa: F401
from rulebook.cards.registry import BEHAVIOURS

__all__ = ["BEHAVIOURS"]
