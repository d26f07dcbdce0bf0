"""The scenario loader's messages in the desk's words: a file place such as
``setup.players[0].play[2]`` becomes the field a user typed into (``Ann's in play``)."""

from __future__ import annotations

import re
from typing import Any

from dominion_tavern.notebooks.widgets.position_form import ZONE_LABELS


def _place(path: str, setup: dict[str, Any]) -> str:
    """A loader path (``setup.players[0].play[2]``) in the desk's words (``Ann's in play``)."""
    m = re.match(r"setup\.players\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?", path)
    if m:
        i = int(m.group(1))
        players = setup.get("players") or []
        ps = players[i] if i < len(players) else {}
        name = ps.get("name") or f"player {i + 1}"
        zone = m.group(2)
        if zone == "deck" and ".unknown" in path:
            zone = "deck_unknown"
        elif zone == "hand" and isinstance(ps.get("hand"), dict):
            zone = "pool" if ".pool" in path else "hand_unknown"
        if zone == "play" and m.group(3) is not None:
            entry = (ps.get("play") or [])[int(m.group(3))]
            if isinstance(entry, dict) and set(entry) == {"card", "earlier"}:
                zone = "earlier"
        if zone is None:
            return name
        what = "pile tokens" if zone == "tokens" else ZONE_LABELS.get(zone, zone.replace("_",
                                                                                         " "))
        return f"{name}'s {what}"
    head = path.split(".")[1].split("[")[0] if "." in path else path
    return {"kingdom": "Kingdom", "events": "Events", "piles": "pile sizes", "trash": "trash",
            "texts": "card texts",
            "turn": "turn", "seed": "seed"}.get(head, path)


def in_desk_words(message: str, setup: dict[str, Any]) -> str:
    """A loader message with its scenario-file places put as the desk's fields."""
    m = re.match(r"^(setup(?:\.[\w$+ -]+|\[\d+\])*)(?::\s)(.*)$", message, re.S)
    if m:
        where, rest = m.group(1), m.group(2)
        if where.startswith("setup.piles."):
            rest = f"{where.removeprefix('setup.piles.')}: {rest}"
        # a message from building the position names a player's zone by the player's name
        built = re.match(r"^players\.([^.\[:]+)((?:\.\w+|\[\d+\])*):\s(.*)$", rest, re.S)
        names = [ps.get("name") for ps in setup.get("players") or []]
        if where == "setup" and built and built.group(1) in names:
            where = f"setup.players[{names.index(built.group(1))}]{built.group(2)}"
            rest = built.group(3)
        message = f"{_place(where, setup)}: {rest}" if where != "setup" else f"position: {rest}"
    return (message.replace("setup.kingdom", "the Kingdom").replace("setup.events", "the Events")
            .replace("setup.texts", "the card texts field"))
