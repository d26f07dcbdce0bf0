"""Building any position from a plain description (the ``setup`` of a scenario file).

Card lists accept short forms: ``"3 Copper"`` is three Coppers. Decks are listed top card
first. Whatever is not described gets the rules' defaults.

Cards may be in an order no one knows (rule ``chance.unknown-order``): a deck ``{unknown:
[3 Copper, 2 Estate]}``, or known top cards then unknown ones, ``[Gold, {unknown: [...]}]``;
a hand ``{unknown: 5, pool: [Moat, 4 Copper, 5 Estate]}`` is 5 cards drawn from the pool, whose
other cards lie under the deck in unknown order. With a ``seed`` the seeded generator decides
what such cards are (and every shuffle); without one, the game asks, in chance steps.

Piles are those of a real game: every card placed in a zone comes out of its pile (Coppers and
Estates first out of the starting decks). The scenario loader (``checker.scenario_checks``)
also refuses, with the place in the file, a position holding more copies of a card than the
game has or a card that has no pile in the game; ``build`` leaves such a pile empty. Copies
the position places nowhere, neither in a zone nor in their pile (the starting Coppers of a
hand written without them, ``Copper: 0`` with no Coppers anywhere), are out of the game (rule
``game.setup.out-of-game``): no card, count or score reaches them.

>>> g = Game(lambda: build({"kingdom": ["Village"], "players": [
...     {"name": "Ann", "hand": ["Village", "2 Copper"], "deck": ["Gold", "Estate"]},
...     {"name": "Bob"}], "turn": {"phase": "action"}}))
>>> g.legal()
['play Village', 'end Action phase']
>>> g.answer("play Village") and [c.name for c in g.player("Ann").hand]
['Copper', 'Copper', 'Gold']
>>> len(g.state.supply["Village"])
9
>>> g.state.out_of_game  # 60 Coppers less 46 in the pile and 2 in hand; 14 Estates less 8 and 1
{'Copper': 12, 'Estate': 5}
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import dominion_tavern.rulebook.cards  # noqa: F401  (registers card behaviour)
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.cards.events import estate_token_problem, give_estate_token
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.registry import ability
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
    MAX_COUNT,
    SetupError,
    black_market_cards,
    check_card_name,
    copies_in_game,
    default_pile,
    fill,
    kingdom_problems,
    nonsupply_names,
    supply_names,
    texts_problems,
    too_many,
)

__all__ = ["ZONES", "Game", "PositionError", "build", "estate_token_problem", "expand",
           "item_name", "out_of_game_words", "placements"]

PositionError = SetupError
ZONES = ("hand", "deck", "discard", "play", "mat", "aside")
#: What may give an extra turn (``turn.extra``): Mission's turn allows no buying of cards;
#: Possession's is controlled by the player to the right (rule ``possession.turn``).
EXTRA_TURNS = ("Mission", "Possession")
_COUNT = re.compile(r"^\s*(\d+)\s*[x×]?\s+(.+?)\s*$")
Where = tuple[str | int, ...]


def item_name(item: Any) -> tuple[str | None, int]:
    """A zone entry's card name and count (``"3 Copper"`` -> ``("Copper", 3)``)."""
    if isinstance(item, dict):
        item = item.get("card")
    if not isinstance(item, str):
        return None, 0
    m = _COUNT.match(item)
    return (m.group(2), int(m.group(1))) if m else (item.strip(), 1)


def expand(items: list[str] | None, where: str) -> list[str]:
    """``["3 Copper", "Estate"]`` -> ``["Copper", "Copper", "Copper", "Estate"]``."""
    out: list[str] = []
    for item in items or []:
        name, count = item_name(str(item))
        if count > MAX_COUNT:
            raise SetupError(f"{where}: {count} copies in one entry are more than a game has "
                             f"(at most {MAX_COUNT:,})")
        out += [check_card_name(name or "", f"{where}: ")] * count
    return out


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def placements(spec: dict[str, Any]) -> Iterator[tuple[str, int, Where]]:
    """Every card ``spec`` places outside the piles, as ``(name, count, path in spec)``:
    the trash, each player's zones, the cards a card in play was played by or set aside,
    the Estate token's card, the cards Possession set aside this turn. Entries that are not
    card names are skipped (the scenario checks report them)."""
    for i, item in enumerate(_list(spec.get("trash"))):
        yield from _placed(item, ("trash", i))
    for i, ps in enumerate(_list(spec.get("players"))):
        if not isinstance(ps, dict):
            continue
        for z in ZONES:
            for item, path in _zone_items(ps.get(z), ("players", i, z)):
                if z == "play" and isinstance(item, dict):
                    yield from _placed(item.get("card"), (*path, "card"))
                    yield from _placed(item.get("played_by"), (*path, "played_by"))
                    for k, aside in enumerate(_list(item.get("aside"))):
                        yield from _placed(aside, (*path, "aside", k))
                else:
                    yield from _placed(item, path)
        yield from _placed(ps.get("estate_token"), ("players", i, "estate_token"))
    turn = spec.get("turn")
    for k, item in enumerate(_list(turn.get("returning") if isinstance(turn, dict) else None)):
        yield from _placed(item, ("turn", "returning", k))


def _zone_items(zone: Any, path: Where) -> Iterator[tuple[Any, Where]]:
    """A zone's card entries with their paths, through unknown groups and an unknown hand's
    pool."""
    if isinstance(zone, dict):
        key = "pool" if "pool" in zone else "unknown"
        for k, item in enumerate(_list(zone.get(key))):
            yield item, (*path, key, k)
        return
    for j, item in enumerate(_list(zone)):
        if isinstance(item, dict) and "unknown" in item:
            for k, inner in enumerate(_list(item["unknown"])):
                yield inner, (*path, j, "unknown", k)
        else:
            yield item, (*path, j)


def _placed(item: Any, path: Where) -> Iterator[tuple[str, int, Where]]:
    name, count = item_name(item)
    if name is not None:
        yield name, count, path


def _at(path: Where) -> str:
    """``("players", 0, "hand", 2)`` -> ``players[0].hand[2]``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _texts(spec: dict[str, Any], kingdom: list[str]) -> dict[str, str]:
    """``texts``: the named text each card or Event given plays by (``Outpost: '2022'``)."""
    texts = spec.get("texts") or {}
    for name, problem, _ in texts_problems(texts, kingdom, list(spec.get("events", []))):
        raise PositionError(f"texts.{name}: {problem}" if name is not None else
                            f"texts: {problem}")
    return {name: str(i) for name, i in texts.items()}


def build(spec: dict[str, Any]) -> tuple[GameState, str]:
    """A new :class:`GameState` for ``spec`` and the phase the game starts in."""
    ruleset = spec.get("ruleset", "current")
    if ruleset not in RULESETS:
        raise PositionError(f"ruleset: {ruleset!r} is not one of {', '.join(RULESETS)}")
    kingdom = expand(spec.get("kingdom"), "kingdom")
    for i, problem in kingdom_problems(kingdom):
        raise PositionError(f"kingdom[{i}]: {problem}")
    pspecs = spec.get("players") or [{"name": n} for n in DEFAULT_PLAYERS[:2]]
    players = [Player(ps.get("name") or DEFAULT_PLAYERS[i], i) for i, ps in enumerate(pspecs)]
    turn_spec = spec.get("turn", {})
    current = _find_player(players, turn_spec.get("player", players[0].name))
    phase = turn_spec.get("phase", "start")
    if phase not in PHASES:
        raise PositionError(f"turn.phase: {phase!r} is not one of {', '.join(PHASES)}")
    extra = turn_spec.get("extra", False)
    if extra not in (True, False, *EXTRA_TURNS):
        raise PositionError(f"turn.extra: {extra!r} is not true, false or what gave the turn "
                            f"({', '.join(EXTRA_TURNS)})")
    turn = Turn(current, number=int(turn_spec.get("number", 1)), phase=phase,
                actions=int(turn_spec.get("actions", 1)), buys=int(turn_spec.get("buys", 1)),
                coins=int(turn_spec.get("coins", 0)), potions=int(turn_spec.get("potions", 0)),
                extra=bool(extra), given_by=extra if isinstance(extra, str) else None,
                no_buying_cards=extra == "Mission")
    if extra == "Possession":  # the possessor, on the right, took the turn in the rotation
        turn.controller = turn.rotation = players[current.index - 1]
    state = GameState(players=players, ruleset=ruleset, seed=int(spec.get("seed", 0)),
                      supply={}, nonsupply={}, trash=Zone("trash"),
                      events=list(spec.get("events", [])), turn=turn, kingdom=kingdom,
                      ask_chance="seed" not in spec, texts=_texts(spec, kingdom))
    # before the cards are placed: a card played this turn resumes by whose turns came before
    state.turn_owners += _turn_owners(players, current, turn, turn_spec.get("previous"))
    _piles(state, spec)
    _put(state, state.trash, expand(spec.get("trash"), "trash"))
    for p, ps in zip(players, pspecs, strict=True):
        _player(state, p, ps)
        p.turns_taken = int(ps.get("turns_taken", 1 if p.index <= current.index else 0))
        if ps.get("actual"):
            _actual_order(p, ps["actual"], f"players.{p.name}.actual")
    returning = expand(turn_spec.get("returning"), "turn.returning")
    if returning and extra != "Possession":
        raise PositionError("turn.returning: cards set aside to come back at the end of the "
                            "turn are a Possession turn's (rule possession.trash); give "
                            "turn.extra: Possession")
    turn.returning = _put(state, current.aside, returning)
    if "seed_draws" in spec:  # what the seeded generator had drawn when the position was written
        state.rng.advance(int(spec["seed_draws"]))
    return state, phase


def out_of_game_words(state: GameState) -> str:
    """The copies out of the game as one line (``"12 Copper, 5 Estate"``), or "" if none
    (rule ``game.setup.out-of-game``)."""
    return ", ".join(f"{n} {name}" for name, n in state.out_of_game.items())


def _piles(state: GameState, spec: dict[str, Any]) -> None:
    """Fill every pile of the game: the count ``piles`` gives, or what is left of the pile
    once the cards placed elsewhere are taken out (rule ``game.setup.piles``). A count that
    contradicts the cards placed is refused; more copies placed than the game has, or a card
    with no pile in the game, is left to the scenario checks to refuse (with its place).
    Copies neither in the pile nor placed are out of the game (rule
    ``game.setup.out-of-game``)."""
    n, kingdom = len(state.players), state.kingdom
    piles = spec.get("piles") or {}
    for name in piles:
        check_card_name(name, "piles: ")
    placed: Counter[str] = Counter()
    for name, count, path in placements(spec):
        check_card_name(name, f"{_at(path)}: ")
        placed[name] += count
    market = _black_market_names(spec, kingdom, placed)
    supply = supply_names(kingdom, market)
    names = supply + nonsupply_names(kingdom)
    for name in piles:
        if name not in names:
            raise PositionError(f"piles: {name} is not a pile in this game (Kingdom: "
                                f"{', '.join(kingdom) or 'none'})")
    for name in names:
        explicit = piles.get(name)
        if explicit is None:
            count = default_pile(name, n, placed[name])
        elif (problem := too_many(name, n, placed[name], int(explicit))) is not None:
            raise PositionError(f"piles.{name}: {problem}")
        else:
            count = int(explicit)
        kind = "supply" if name in supply else "nonsupply"
        getattr(state, kind)[name] = fill(state, Zone(kind, name=name), name, count)
        if (unplaced := copies_in_game(name, n) - count - placed[name]) > 0:
            state.out_of_game[name] = unplaced  # rule game.setup.out-of-game
    if "Black Market" in kingdom:
        state.black_market = Zone("blackmarket")
        if spec.get("black_market") is None:  # the game shuffles every other Kingdom card
            state.rng.shuffle(market)
        else:
            market.reverse()  # written top card first; a zone's top card is its last
        for name in market:
            fill(state, state.black_market, name, 1)


def _black_market_names(spec: dict[str, Any], kingdom: list[str],
                        placed: Counter[str]) -> list[str]:
    """The Black Market deck a setup gives, top card first (``black_market``), or, with Black
    Market in the Kingdom and none given, one of each other Kingdom card in scope that the
    setup does not place elsewhere (bought from it). Each must be a Kingdom card not in this
    game's Supply, named once (rule ``buy.black-market``)."""
    given = spec.get("black_market")
    if given is None:
        return [n for n in black_market_cards(kingdom) if not placed[n]]
    if "Black Market" not in kingdom:
        raise PositionError("black_market: a Black Market deck needs Black Market in the "
                            f"Kingdom (Kingdom: {', '.join(kingdom) or 'none'})")
    for i, item in enumerate(given if isinstance(given, list) else []):
        if item_name(str(item))[0] in EVENTS:  # DominionPicker#27: only Kingdom cards
            raise PositionError(f"black_market[{i}]: {item} is an Event; the Black Market "
                                "deck holds Kingdom cards not in the Supply, never Events "
                                "(rule buy.black-market)")
    names = expand(given, "black_market")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in seen:
            raise PositionError(f"black_market[{i}]: {name} is named twice (also at "
                                f"[{seen[name]}]); the deck has one copy of each card")
        seen[name] = i
        if not CARDS[name].kingdom or not CARDS[name].supply:
            raise PositionError(f"black_market[{i}]: {name} is not a Kingdom card; the deck "
                                "holds Kingdom cards not in the Supply")
        if name in kingdom:
            raise PositionError(f"black_market[{i}]: {name} is in the Kingdom; the deck holds "
                                "Kingdom cards not in the Supply")
    return names


def _turn_owners(players: list[Player], current: Player, turn: Turn,
                 previous: str | None) -> list[int]:
    """Whose turns the last two were (Mission and extra turns look back one turn): by default
    the player to the right took the previous turn, or the same player before an extra turn
    other than a Possession turn (which follows the possessor's); turn 1 has none."""
    if previous is not None and turn.number == 1:
        raise PositionError("turn.previous: turn 1 has no previous turn; give turn.number")
    if previous is not None:
        before = _find_player(players, previous, "turn.previous")
    elif turn.number == 1:
        return [current.index]
    else:
        before = current if turn.extra and turn.controller is None else \
            players[current.index - 1]
    return [before.index, current.index]


def _find_player(players: list[Player], name: str, key: str = "turn.player") -> Player:
    for p in players:
        if p.name == name:
            return p
    raise PositionError(f"{key}: no player named {name!r} (players: "
                        f"{', '.join(p.name for p in players)})")


def _put(state: GameState, zone: Zone, names: list[str], top_first: bool = False) -> list[Card]:
    cards = [c for name in names for c in state.new_cards(name)]
    for c in reversed(cards) if top_first else cards:
        c.zone = zone
        zone.cards.append(c)
    return cards


def _in_play(state: GameState, p: Player, entry: dict[str, Any], where: str) -> None:
    """A card in play: ``{card, earlier, times, played_by, aside, called}``.

    ``earlier``: it came into play on an earlier turn; ``times``: how often it was played;
    ``played_by``: the card that played it (also put in play, tracking it, rule
    ``duration.multi-play``); ``aside``: cards it set aside (Gear); ``called``: it was called
    from the Tavern mat this turn, not played (rule ``reserve.call.not-play``). A Duration
    card's pending effects are rebuilt from these (rule ``duration.tracking``); the cards
    played this turn count as played (Merchant asks).
    """
    names = expand([entry.get("card")], f"{where}.play")
    if len(names) != 1:
        raise PositionError(f"{where}.play: one card per entry with details, not {entry!r}")
    t = state.turn
    if entry.get("called"):
        mixed = [k for k in ("earlier", "times", "played_by", "aside") if entry.get(k)]
        if mixed:
            raise PositionError(f"{where}.play: {names[0]} was called this turn, so it has no "
                                f"{', '.join(mixed)}; a called card was not played")
        card = _put(state, p.play, names)[0]
        card.since, card.plays = t.number, 0
        return
    since = t.number - 1 if entry.get("earlier") else t.number
    by = None
    if entry.get("played_by"):
        by = _put(state, p.play, expand([entry["played_by"]], f"{where}.play.played_by"))[0]
        by.since, by.plays = since, 1
    card = _put(state, p.play, names)[0]
    card.since = since
    times = int(entry.get("times", 2 if by is not None else 1))
    card.plays = times
    if since == t.number and p is t.player:
        t.played += ([by.name] if by is not None else []) + [card.name] * times
    if by is not None and times >= 2 and card.d.is_duration:
        by.tracks = [*by.tracks, card]
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


def _actual_order(p: Player, actual: dict[str, Any], where: str) -> None:
    """Put the hand and the deck in the order they really are in (a seeded game's truth, which
    the players' knowledge, ``p.unknown``, leaves open); the cards must be those placed."""
    for zone, top_first in ((p.hand, False), (p.deck, True)):
        if zone.kind not in actual:
            continue
        names = expand(actual[zone.kind], f"{where}.{zone.kind}")
        by_name: dict[str, list[Card]] = {}
        for c in zone.cards:
            by_name.setdefault(c.name, []).append(c)
        if sorted(names) != sorted(c.name for c in zone.cards):
            raise PositionError(f"{where}.{zone.kind}: {', '.join(names) or 'nothing'} are not "
                                f"the cards of the {zone.kind} as placed")
        ordered = [by_name[n].pop() for n in names]
        zone.cards[:] = ordered[::-1] if top_first else ordered


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


def _hand_and_deck(state: GameState, p: Player, hand: Any, deck: Any, where: str) -> None:
    """The hand and the deck, with their cards in unknown order: each group shuffled by the
    seeded generator (what a seeded game takes as the truth), bottom-most group first in
    ``p.unknown``; an unknown hand is dealt from the bottom group when the game starts."""
    if isinstance(hand, dict):
        n, pool = hand.get("unknown"), expand(_list(hand.get("pool")), f"{where}.hand.pool")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(pool):
            raise PositionError(f"{where}.hand: {n!r} unknown cards from a pool of {len(pool)}; "
                                "the hand takes 1 to as many cards as the pool holds")
        if n == len(pool):  # the whole pool is the hand: nothing about it is unknown
            _put(state, p.hand, sorted(pool))  # in name order, as a group known whole
        else:
            order = list(pool)
            state.rng.shuffle(order)
            _put(state, p.hand, order[:n])
            _put(state, p.deck, order[n:])
            p.unknown.append(dict(Counter(pool)))  # the whole pool, n of it in the hand
            p.deal = n
    else:
        _put(state, p.hand, expand(hand, f"{where}.hand"))
    known, unknown = _deck_parts(deck, f"{where}.deck")
    for names in unknown[::-1]:
        order = list(names)
        state.rng.shuffle(order)
        _put(state, p.deck, order)
        p.unknown.append(dict(Counter(names)))
    _put(state, p.deck, known, top_first=True)


def _deck_parts(deck: Any, where: str) -> tuple[list[str], list[list[str]]]:
    """A deck's known top cards (top first) and its unknown groups (top-most first)."""
    if isinstance(deck, dict):
        deck = [deck]
    known: list[str] = []
    groups: list[list[str]] = []
    for i, item in enumerate(_list(deck)):
        if isinstance(item, dict) and "unknown" in item:
            groups.append(expand(_list(item["unknown"]), f"{where}[{i}].unknown"))
        elif groups:
            raise PositionError(f"{where}[{i}]: {item!r} lies under cards in unknown order; "
                                "list the known cards first (top first), then the unknown ones")
        else:
            known += expand([item], where)
    return known, [g for g in groups if g]


def _player(state: GameState, p: Player, ps: dict[str, Any]) -> None:
    where = f"players.{p.name}"
    _hand_and_deck(state, p, ps.get("hand"), ps.get("deck"), where)
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
    p.debt = int(ps.get("debt", 0))
    p.coffers = int(ps.get("coffers", 0))
    p.minus_card = bool(ps.get("minus_card", False))
    p.minus_coin = bool(ps.get("minus_coin", False))
    journey = ps.get("journey", "up")
    if journey not in ("up", "down"):
        raise PositionError(f"{where}.journey: {journey!r} is not 'up' or 'down'")
    p.journey_up = journey == "up"
    if ps.get("estate_token"):
        name = expand([ps["estate_token"]], f"{where}.estate_token")[0]
        if (problem := estate_token_problem(name, state.ruleset)) is not None:
            raise PositionError(f"{where}.estate_token: {problem}")
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
