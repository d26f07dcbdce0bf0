"""The rules in our own words, each with a stable id that the engine cites in its log.

>>> RULES["turn.cleanup.draw"].id
'turn.cleanup.draw'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str
    source: str
    text_2015: str | None = None
    text_current: str | None = None
    history: str | None = None

    def text_for(self, ruleset: str) -> str:
        """The rule's text as it stands under ``ruleset``."""
        own = self.text_2015 if ruleset == "2015" else self.text_current
        return own or self.text


def _load() -> dict[str, Rule]:
    raw = tomllib.loads((Path(__file__).parent / "data" / "rules.toml").read_text("utf-8"))
    return {
        rid: Rule(id=rid, title=e["title"], text=e["text"].strip(), source=e["source"],
                  text_2015=e.get("text_2015"), text_current=e.get("text_current"),
                  history=e.get("history"))
        for rid, e in raw["rules"].items()
    }


RULES: dict[str, Rule] = _load()


@cache
def rulings() -> list[dict[str, Any]]:
    """The official FAQ rulings restated (``data/rulings.toml``), each with its id and card."""
    raw = tomllib.loads((Path(__file__).parent / "data" / "rulings.toml").read_text("utf-8"))
    return list(raw.get("ruling", []))
