"""Positions no game can reach, from what the rules let each thing do: a setup key that names a
card (the Estate token's card, a pile token's pile, the card that played another, a card in
play since an earlier turn, the players a lasting Attack spared, cards set aside by a card in
play) is checked against the card's types and printed text and the game's Kingdom and Events.

What plays a card more than once, what sets cards aside under itself
and what moves a pile token (Ferry's lowers costs) are read from the printed texts, so a new
card needs no entry here.

>>> [m for _, m in impossible({"kingdom": ["Village"], "players": [
...     {"name": "Ann", "play": [{"card": "Village", "earlier": True}]}]})]  # doctest: +ELLIPSIS
['Village is not a Duration card: nothing keeps it in play from an earlier turn ...']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from dominion_tavern.rulebook.carddata import CARDS, EVENTS, CardDef, inheritable
from dominion_tavern.rulebook.cards.events import estate_token_problem
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS
from dominion_tavern.rulebook.engine.state import PILE_TOKENS
from dominion_tavern.rulebook.setup import nonsupply_names

Where = tuple[str | int, ...]
_MOVE = re.compile(r"[Mm]ove your ([^.]*?) token")
_PLAYS_AGAIN = re.compile(r"play an Action card from your hand twice|replay that Action")
_SETS_ASIDE = re.compile(r"Set aside [^.]*\(under this\)")


def _texts(d: Any) -> str:
    return " ".join(d.texts.values())


@cache
def token_movers(token: str) -> frozenset[str]:
    """The cards and Events whose text moves ``token`` (a pile token) onto a pile."""
    printed = token.removesuffix(" cost")  # Ferry's "-$2 token"
    return frozenset(name for name, d in {**CARDS, **EVENTS}.items()
                     if any(printed in m.group(1) for m in _MOVE.finditer(_texts(d))))


def plays_again(d: CardDef) -> bool:
    """Does ``d`` play another card more than once (Throne Room, Disciple, Royal Carriage)?"""
    return bool(_PLAYS_AGAIN.search(_texts(d)))


@cache
def cost_lowerers() -> frozenset[str]:
    """Cards and Events that can make a card cost less (Bridge Troll, Ferry's token)."""
    changing = {name for name, b in BEHAVIOURS.items()
                if b.cost_change is not None or "cost" in b.lasting}
    return frozenset(changing | token_movers("-$2 cost"))


def impossible(spec: dict[str, Any]) -> list[tuple[Where, str]]:
    """(path in ``spec``, why) for each thing ``spec`` (a setup) says that no game could
    reach. Entries of the wrong shape or unknown names are skipped (the schema and the name
    checks report them)."""
    return list(_Position(spec).problems())


def _dict(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


class _Position:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.ruleset = str(spec.get("ruleset", "current"))
        kingdom = [k for k in _list(spec.get("kingdom")) if isinstance(k, str) and k in CARDS]
        self.events = {e for e in _list(spec.get("events")) if isinstance(e, str)}
        self.in_game = set(kingdom) | set(nonsupply_names(kingdom)) | self.events
        self.kingdom = set(kingdom)
        self.players = [p for p in _list(spec.get("players")) if isinstance(p, dict)]
        # with the Estate token, Estates are Actions (rule token.estate): a pile token may have
        # gone on the Estate pile (Seaway gaining an Estate, say)
        self.estates_are_actions = any(p.get("estate_token") for p in self.players)

    def problems(self) -> Iterator[tuple[Where, str]]:
        for i, p in enumerate(self.players):
            at: Where = ("players", i)
            token_card = CARDS.get(p.get("estate_token"))  # type: ignore[arg-type]
            if token_card is not None:
                yield from self.estate_token((*at, "estate_token"), token_card)
            for token, pile in _dict(p.get("tokens")).items():
                if token in PILE_TOKENS and pile in CARDS:
                    yield from self.pile_token((*at, "tokens", token), token, CARDS[pile])
            for j, entry in enumerate(_list(p.get("play"))):
                if isinstance(entry, dict) and entry.get("card") in CARDS:
                    yield from self.in_play((*at, "play", j), entry, token_card)

    def estate_token(self, at: Where, d: CardDef) -> Iterator[tuple[Where, str]]:
        why = "; rule token.estate"
        if "Inheritance" not in self.events:
            yield at, f"an Estate token on {d.name} needs Inheritance in setup.events{why}"
        elif (duration := estate_token_problem(d.name, self.ruleset)) is not None:
            yield at, duration  # the latest text's "non-Duration", with its ruling
        elif not inheritable(d, self.ruleset):
            kind = "a non-Victory Action card" if self.ruleset == "2015" else \
                "a non-Command, non-Duration Action card"
            yield at, (f"Inheritance cannot set {d.name} aside under the {self.ruleset} rules: "
                       f"it takes {kind}, and {d.name} is {'/'.join(d.types)}{why}")
        elif not (d.supply and d.name in self.kingdom):
            yield at, (f"Inheritance sets aside a card from the Supply, and {d.name} is not a "
                       f"Supply pile of this game{why}")
        elif not d.cost.at_most(4) and not d.cost.plain:  # nothing lowers a Potion or Debt
            yield at, (f"{d.name} costs {d.cost}; Inheritance sets aside a card costing up to "
                       f"$4, and no card with a Potion or Debt in its cost does{why}")
        elif not d.cost.at_most(4) and not self.in_game & cost_lowerers():
            yield at, (f"{d.name} costs {d.cost}; Inheritance sets aside a card costing up to "
                       f"$4, and nothing in this game makes cards cost less{why}")

    def pile_token(self, at: Where, token: str, d: CardDef) -> Iterator[tuple[Where, str]]:
        # Its mover (Ferry, Plan, Teacher...) need not be in the game: the book places tokens
        # as a position's shortcut; only where a token can lie is checked.
        rule = "token.cost" if token == "-$2 cost" else \
            "token.trashing" if token == "Trashing" else "token.pile-bonus"
        if not d.is_action and not (d.name == "Estate" and self.estates_are_actions):
            yield at, (f"the {token} token goes on an Action Supply pile, and {d.name} is "
                       f"{'/'.join(d.types)}; rule {rule}")

    def in_play(self, at: Where, entry: dict[str, Any],
                token_card: CardDef | None) -> Iterator[tuple[Where, str]]:
        d = CARDS[entry["card"]]
        by = CARDS.get(entry.get("played_by"))  # type: ignore[arg-type]
        if by is not None and not plays_again(by):
            yield (*at, "played_by"), (f"{by.name} does not play other cards (Throne Room, "
                                       "Disciple and Royal Carriage do); rule "
                                       "duration.multi-play")
        elif by is not None and not d.is_action:
            yield (*at, "played_by"), (f"{by.name} plays an Action card, and {d.name} is "
                                       f"{'/'.join(d.types)}; rule duration.multi-play")
        inherits_duration = d.name == "Estate" and self.ruleset == "2015" and \
            token_card is not None and token_card.is_duration
        if entry.get("earlier") is True and not d.is_duration and not inherits_duration:
            yield (*at, "earlier"), (f"{d.name} is not a Duration card: nothing keeps it in "
                                     "play from an earlier turn (it is discarded in Clean-up); "
                                     "rule duration.stays-in-play")
        if _list(entry.get("unaffected")) and not d.is_attack:
            yield (*at, "unaffected"), (f"{d.name} is not an Attack, so it spares no one; rule "
                                        "attack.unaffected")
        if _list(entry.get("aside")) and not _SETS_ASIDE.search(_texts(d)):
            yield (*at, "aside"), (f"{d.name} sets no cards aside under itself (Gear does); "
                                   "rule duration.tracking")
