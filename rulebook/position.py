"""Building any position from a plain description (the ``setup`` of a scenario file).

Card lists accept short forms: ``"3 Copper"`` is three Coppers. Decks are listed top card
first. Whatever is not described gets the rules' defaults.

>>> g = Game(lambda: build({"kingdom": ["Village"], "players": [
...     {"name": "Ann", "hand": ["Village", "2 Copper"], "deck": ["Gold", "Estate"]},
...     {"name": "Bob"}], "turn": {"phase": "action"}}))
>>> g.legal()
['play Village', 'end Action phase']
>>> g.answer("play Village") and [c.name for c in g.player("Ann").hand]
['Copper', 'Copper', 'Gold']
"""

from __future__ import annotations

import re
from typing import Any

import dominion_tavern.rulebook.cards  # noqa: F401  (registers card behaviour)
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.cards.events import give_estate_token
from dominion_tavern.rulebook.cards.registry import ability
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import (
    PILE_TOKENS,
    Card,
    GameState,
    Pending,
    Player,
    Turn,
    Zone,
)
from dominion_tavern.rulebook.engine.turn import PHASES
from dominion_tavern.rulebook.setup import (
    DEFAULT_PLAYERS,
    SetupError,
    check_card_name,
    fill,
    nonsupply_names,
    pile_size,
    supply_names,
)

__all__ = ["Game", "PositionError", "build", "expand"]

PositionError = SetupError
_COUNT = re.compile(r"^\s*(\d+)\s*[x×]?\s+(.+?)\s*$")


def expand(items: list[str] | None, where: str) -> list[str]:
    """``["3 Copper", "Estate"]`` -> ``["Copper", "Copper", "Copper", "Estate"]``."""
    out: list[str] = []
    for item in items or []:
        m = _COUNT.match(str(item))
        count, name = (int(m.group(1)), m.group(2)) if m else (1, str(item).strip())
        out += [check_card_name(name, f"{where}: ")] * count
    return out


def build(spec: dict[str, Any]) -> tuple[GameState, str]:
    """A new :class:`GameState` for ``spec`` and the phase the game starts in."""
    ruleset = spec.get("ruleset", "current")
    if ruleset not in RULESETS:
        raise PositionError(f"ruleset: {ruleset!r} is not one of {', '.join(RULESETS)}")
    kingdom = expand(spec.get("kingdom"), "kingdom")
    pspecs = spec.get("players") or [{"name": n} for n in DEFAULT_PLAYERS[:2]]
    players = [Player(ps.get("name") or DEFAULT_PLAYERS[i], i) for i, ps in enumerate(pspecs)]
    turn_spec = spec.get("turn", {})
    current = _find_player(players, turn_spec.get("player", players[0].name))
    phase = turn_spec.get("phase", "start")
    if phase not in PHASES:
        raise PositionError(f"turn.phase: {phase!r} is not one of {', '.join(PHASES)}")
    turn = Turn(current, number=int(turn_spec.get("number", 1)), phase=phase,
                actions=int(turn_spec.get("actions", 1)), buys=int(turn_spec.get("buys", 1)),
                coins=int(turn_spec.get("coins", 0)))
    state = GameState(players=players, ruleset=ruleset, seed=int(spec.get("seed", 0)),
                      supply={}, nonsupply={}, trash=Zone("trash"),
                      events=list(spec.get("events", [])), turn=turn, kingdom=kingdom)
    n = len(players)
    piles = spec.get("piles", {})
    for name in piles:
        check_card_name(name, "piles: ")
    for name in supply_names(kingdom):
        state.supply[name] = fill(state, Zone("supply", name=name), name,
                                  int(piles.get(name, pile_size(name, n))))
    for name in nonsupply_names(kingdom):
        state.nonsupply[name] = fill(state, Zone("nonsupply", name=name), name,
                                     int(piles.get(name, pile_size(name, n))))
    for name in piles:
        if state.pile(name) is None:
            raise PositionError(f"piles: {name} is not a pile in this game (Kingdom: "
                                f"{', '.join(kingdom) or 'none'})")
    _put(state, state.trash, expand(spec.get("trash"), "trash"))
    for p, ps in zip(players, pspecs, strict=True):
        _player(state, p, ps)
        p.turns_taken = int(ps.get("turns_taken", 1 if p.index <= current.index else 0))
    state.turn_owners.append(current.index)
    return state, phase


def _find_player(players: list[Player], name: str) -> Player:
    for p in players:
        if p.name == name:
            return p
    raise PositionError(f"turn.player: no player named {name!r} (players: "
                        f"{', '.join(p.name for p in players)})")


def _put(state: GameState, zone: Zone, names: list[str], top_first: bool = False) -> list[Card]:
    cards = [state.new_card(name) for name in names]
    for c in reversed(cards) if top_first else cards:
        c.zone = zone
        zone.cards.append(c)
    return cards


def _in_play(state: GameState, p: Player, entry: dict[str, Any], where: str) -> None:
    """A card in play: ``{card, earlier, times, played_by, aside, unaffected}``.

    ``earlier``: it came into play on an earlier turn; ``times``: how often it was played;
    ``played_by``: the card that played it (also put in play, tracking it, rule
    ``duration.multi-play``); ``aside``: cards it set aside (Gear). A Duration card's pending
    effects are rebuilt from these (rule ``duration.tracking``).
    """
    names = expand([entry.get("card")], f"{where}.play")
    if len(names) != 1:
        raise PositionError(f"{where}.play: one card per entry with details, not {entry!r}")
    since = state.turn.number - 1 if entry.get("earlier") else state.turn.number
    by = None
    if entry.get("played_by"):
        by = _put(state, p.play, expand([entry["played_by"]], f"{where}.play.played_by"))[0]
        by.since, by.plays = since, 1
    card = _put(state, p.play, names)[0]
    card.since = since
    times = int(entry.get("times", 2 if by is not None else 1))
    card.plays = times
    if by is not None and times >= 2 and card.d.is_duration:
        by.tracks.append(card)
    aside = _put(state, p.aside, expand(entry.get("aside"), f"{where}.play.aside"))
    b = ability(card)
    detail = dict(entry, times=times, aside_cards=aside)
    if b.resume is not None:
        b.resume(state, p, card, detail)
    elif b.next_turn is not None:
        for _ in range(times):
            state.pending.append(Pending(p.index, card))
    if entry.get("earlier") and p is state.turn.player and state.turn.phase != "start":
        _start_of_turn_done(state, card)


def _start_of_turn_done(state: GameState, card: Card) -> None:
    """Past the start of its owner's turn, an earlier Duration has done this turn's part:
    next-turn effects are spent, "until your next turn" effects over, forever ones done."""
    now = state.turn.number
    state.pending = [e for e in state.pending if e.card is not card or e.forever]
    for e in state.pending:
        if e.card is card:
            e.done_turn = now
    state.lasting = [e for e in state.lasting
                     if e.card is not card or e.until != "owner-turn-start"]


def _player(state: GameState, p: Player, ps: dict[str, Any]) -> None:
    where = f"players.{p.name}"
    _put(state, p.hand, expand(ps.get("hand"), f"{where}.hand"))
    _put(state, p.deck, expand(ps.get("deck"), f"{where}.deck"), top_first=True)
    _put(state, p.discard, expand(ps.get("discard"), f"{where}.discard"))
    for entry in ps.get("play") or []:
        if isinstance(entry, dict):
            _in_play(state, p, entry, where)
        else:
            for name in expand([entry], f"{where}.play"):
                _in_play(state, p, {"card": name}, where)
    _put(state, p.mat, expand(ps.get("mat"), f"{where}.mat"))
    _put(state, p.aside, expand(ps.get("aside"), f"{where}.aside"))
    p.vp_tokens = int(ps.get("vp_tokens", 0))
    p.minus_card = bool(ps.get("minus_card", False))
    p.minus_coin = bool(ps.get("minus_coin", False))
    journey = ps.get("journey", "up")
    if journey not in ("up", "down"):
        raise PositionError(f"{where}.journey: {journey!r} is not 'up' or 'down'")
    p.journey_up = journey == "up"
    if ps.get("estate_token"):
        name = expand([ps["estate_token"]], f"{where}.estate_token")[0]
        give_estate_token(state, p, _put(state, p.aside, [name])[0])
        state.events_bought_game[(p.index, "Inheritance")] = 1  # only Inheritance moves it
    for token, pile in (ps.get("tokens") or {}).items():
        if token not in PILE_TOKENS:
            raise PositionError(f"{where}.tokens: unknown token {token!r}; tokens: "
                                + ", ".join(PILE_TOKENS))
        if state.supply.get(pile) is None:
            raise PositionError(f"{where}.tokens: {token} must sit on a Supply pile, not "
                                f"{pile!r}")
        p.tokens[token] = pile
