"""Writing a position back out as a scenario ``setup`` that :func:`rulebook.position.build`
loads to the same state.

:func:`to_spec` describes the state as it stands: every zone in order (decks top first), pile
counts that differ from what the placed cards leave in them, the trash, tokens, Journey token,
-1 Card/-$1 tokens, VP tokens, turns taken, the turn and its counters (an extra turn, who took
the previous one), cards in play with what a setup can say of them (from an earlier turn,
played twice, by what, the cards they set aside, who their Attack spared, called rather than
played), the ruleset and the seed. That is a faithful position only at a *top-level
point* (an Action- or Buy-phase decision with nothing being resolved): inside a card's
resolution the rest of the card's text is not in the state. :func:`dump` therefore replays the
game's answers from its start, keeps each top-level point whose written setup loads back to the
same position, and writes the last one with the answers given since as a ``script``.

Two forms: *as the players know it* (the default): cards in an order no one knows are written
as groups in unknown order, so a seeded game loaded from it shuffles anew; and *the actual
order* (``actual=True``, seeded games only): the same, plus each hand and deck as the cards
really lie (``actual``) and how far the seeded generator has gone (``seed_draws``), so that
loading it and giving the same answers gives the same log.

What a setup cannot say (Events bought this turn, a purchase already made in this Buy phase, a
card played this turn that has left play) is caught by the same check, which compares Duration
and lasting effects and the cards played this turn too: such a point is not used, and an
earlier one is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from dominion_tavern.checker.reading.field_paths import previous_player
from dominion_tavern.checker.reading.saved_states import is_top_level
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown, deck_view, hand_view
from dominion_tavern.rulebook.engine.state import Card, GameState, Player
from dominion_tavern.rulebook.position import build, placements
from dominion_tavern.rulebook.setup import default_pile

LEGAL_LISTED = 1_000  # answers a position compares in full (a larger pick: its count, then these)


class DumpError(ValueError):
    """A position that cannot be written as a scenario."""


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def _play(s: GameState, p: Player) -> tuple[list[Any], set[int]]:
    """p's play entries, and the ids of the set-aside cards written inside them."""
    now = s.turn.number
    out: list[Any] = []
    inside: set[int] = set()
    tracked = {id(t) for c in p.play.cards for t in c.tracks}
    for c in p.play.cards:
        if c.tracks:
            continue  # written with the card it played (``played_by``)
        entry: dict[str, Any] = {"card": c.name}
        if c.since < now:
            entry["earlier"] = True
        if c.plays == 0 and c.since == now:
            entry["called"] = True  # in play this turn without being played
        elif c.plays != 1:
            entry["times"] = c.plays
        if id(c) in tracked:
            by = next(b for b in p.play.cards if any(t is c for t in b.tracks))
            entry["played_by"] = by.name
            entry["times"] = c.plays
        aside = _set_aside_by(s, p, c)
        if aside:
            entry["aside"] = _names(aside)
            inside |= {id(a) for a in aside}
        spared = _spared(s, p, c)
        if spared:
            entry["unaffected"] = spared
        out.append(entry["card"] if list(entry) == ["card"] else entry)
    return out, inside


def _set_aside_by(s: GameState, p: Player, card: Card) -> list[Card]:
    """The cards still set aside for ``card``'s next-turn effect (Gear)."""
    found: dict[int, Card] = {}
    for e in s.pending:
        if e.card is card and isinstance(e.data, list):
            found.update((id(c), c) for c in e.data if isinstance(c, Card) and c.zone is p.aside)
    return list(found.values())


def _spared(s: GameState, p: Player, card: Card) -> list[str]:
    """The players ``card``'s lasting Attack does not affect (its victims are the others)."""
    for e in s.lasting:
        if e.card is card and isinstance(e.data, list) and all(isinstance(i, int)
                                                               for i in e.data):
            return [q.name for q in s.players if q is not p and q.index not in e.data]
    return []


def _deck(p: Player) -> list[Any]:
    """The deck top first: its known cards, then each group in unknown order as
    ``{unknown: [...]}`` (rule ``chance.unknown-order``), the top-most group first; the part of
    an unknown hand's pool left in the deck goes with the hand."""
    return [x.plain() if isinstance(x, Unknown) else x for x in deck_view(p)
            if not isinstance(x, Unknown) or x.exact]


def _hand(p: Player) -> Any:
    view = hand_view(p)
    if p.deal and len(view) == 1:
        return view[0].plain()  # {unknown: N, pool: [...]}
    return [str(x) for x in view]


def _actual(p: Player) -> dict[str, Any]:
    """The hand and the deck (top first) as the cards really lie, where the players' knowledge
    leaves their order open."""
    out: dict[str, Any] = {}
    if p.deal:
        out["hand"] = _names(p.hand.cards)
    if p.unknown:
        out["deck"] = _names(p.deck.cards[::-1])
    return out


def _player(s: GameState, p: Player, actual: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {"name": p.name}
    play, inside = _play(s, p)
    aside = [c for c in p.aside.cards if c is not p.estate_token and id(c) not in inside
             and c not in s.turn.returning]  # Possession's: the turn's ``returning``
    if p.estate_token is not None:
        spec["estate_token"] = p.estate_token.name
    zones = {"hand": _hand(p), "deck": _deck(p),
             "discard": _names(p.discard.cards), "play": play,
             "mat": _names(p.mat.cards), "aside": _names(aside)}
    spec.update({k: v for k, v in zones.items() if v})
    tokens = {t: pile for t, pile in p.tokens.items() if pile is not None}
    if tokens:
        spec["tokens"] = tokens
    if not p.journey_up:
        spec["journey"] = "down"
    for flag in ("minus_card", "minus_coin"):
        if getattr(p, flag):
            spec[flag] = True
    if p.vp_tokens:
        spec["vp_tokens"] = p.vp_tokens
    if p.debt:
        spec["debt"] = p.debt
    if p.coffers:
        spec["coffers"] = p.coffers
    spec["turns_taken"] = p.turns_taken
    if actual and (order := _actual(p)):
        spec["actual"] = order
    return spec


def to_spec(g: Game, actual: bool = False) -> dict[str, Any]:
    """The current state as a setup dict (faithful at a top-level point; see :func:`dump`)."""
    return state_spec(g.state, actual=actual)


def state_spec(s: GameState, phase: str | None = None, actual: bool = False) -> dict[str, Any]:
    """``s`` as a setup dict, starting at ``phase`` (default: the turn's phase); ``actual``:
    with the cards' actual order and the seeded generator's draws (a seeded game)."""
    t = s.turn
    spec: dict[str, Any] = {"ruleset": s.ruleset, "kingdom": list(s.kingdom)}
    if not s.ask_chance:  # a seed decides chance; without one, chance steps are asked
        spec["seed"] = s.seed
        if actual:
            spec["seed_draws"] = s.rng.draws
    if s.events:
        spec["events"] = list(s.events)
    if s.texts:  # the named texts the setup chose; the others follow the ruleset
        spec["texts"] = dict(s.texts)
    players = [_player(s, p, actual) for p in s.players]
    placed: Counter[str] = Counter()
    for name, count, _ in placements({"trash": _names(s.trash.cards),
                                      "players": [{k: v for k, v in p.items() if k != "actual"}
                                                  for p in players]}):
        placed[name] += count
    n = len(s.players)
    piles = {name: len(z.cards) for name, z in [*s.supply.items(), *s.nonsupply.items()]
             if len(z.cards) != default_pile(name, n, placed[name])}
    if piles:
        spec["piles"] = piles
    if s.trash.cards:
        spec["trash"] = _names(s.trash.cards)
    if s.black_market is not None:
        spec["black_market"] = _names(s.black_market.cards[::-1])
    spec["players"] = players
    spec["turn"] = {"player": t.player.name, "phase": phase or t.phase, "number": t.number,
                    "actions": t.actions, "buys": t.buys, "coins": t.coins}
    if t.potions:
        spec["turn"]["potions"] = t.potions
    if t.extra:
        spec["turn"]["extra"] = "Mission" if t.no_buying_cards else \
            "Possession" if t.controller is not None else True
    if t.returning:
        spec["turn"]["returning"] = _names(t.returning)
    previous = previous_player(s)
    default = None if t.number == 1 else t.player if t.extra and t.controller is None else \
        s.players[t.player.index - 1]
    if previous is not None and previous != getattr(default, "name", None):
        spec["turn"]["previous"] = previous
    return spec


def _in_play(c: Card, now: int) -> tuple[Any, ...]:
    return (c.name, c.since < now, c.plays, tuple(t.name for t in c.tracks))


def _effects(s: GameState) -> list[Any]:
    """Duration and lasting effects, described by names and places (card identities differ
    between two games)."""
    def card(c: Card | None) -> Any:
        return None if c is None else (c.name, c.zone.kind if c.zone else None)

    def data(d: Any) -> Any:
        if isinstance(d, list):
            return sorted(card(x) if isinstance(x, Card) else x for x in d)
        return d
    pending = sorted(repr((e.owner, card(e.card), data(e.data), e.forever, e.done_turn))
                     for e in s.pending)
    lasting = sorted(repr((e.owner, e.source, e.window, e.until, card(e.card), data(e.data)))
                     for e in s.lasting)
    return [pending, lasting]


def _legal(g: Game) -> Any:
    """The pending decision's answers, or for one with more than :data:`LEGAL_LISTED` (2^25
    among 25 different cards), how many and the first of them: the rest follow from the
    position compared beside them."""
    d = g.pending
    if d is None or d.answer_count() <= LEGAL_LISTED:
        return g.legal()
    return d.answer_count(), list(islice(d.each_answer(), LEGAL_LISTED))


def position_of(g: Game, actual: bool = False) -> dict[str, Any]:
    """What must match for two games to be at the same position: zones, piles, the turn and
    what it has played, Duration and lasting effects, and the legal answers; ``actual``: also
    the cards' actual order and the seeded generator's state."""
    s = g.state
    t = s.turn
    truth = [[_names(p.hand.cards), _names(p.deck.cards)] for p in s.players] + \
        [s.rng.getstate(), s.rng.draws] if actual else []
    return {
        "actual": truth,
        "players": [[p.name, *[_names(z.cards) for z in p.zones() if z not in (p.deck, p.hand)],
                     _deck(p), _hand(p), p.vp_tokens, p.debt, p.coffers, p.journey_up,
                     p.minus_card, p.minus_coin, dict(p.tokens), p.turns_taken,
                     [_in_play(c, t.number) for c in p.play.cards]]
                    for p in s.players],
        "piles": {name: len(z.cards) for name, z in [*s.supply.items(), *s.nonsupply.items()]},
        "trash": _names(s.trash.cards),
        "black_market": _names(s.black_market.cards) if s.black_market is not None else None,
        "turn": [t.player.name, t.phase, t.number, t.actions, t.buys, t.coins, t.potions,
                 t.extra, t.no_buying_cards, previous_player(s), list(t.played), t.paid_debt,
                 t.controller.name if t.controller is not None else None, _names(t.returning)],
        "effects": _effects(s),
        "legal": _legal(g),
        "over": g.over,
        "ask_chance": s.ask_chance,
    }


def loads_back(spec: dict[str, Any], g: Game, script: list[str] | None = None,
               actual: bool = False) -> bool:
    """Whether ``spec`` (and ``script`` after it) gives the position ``g`` is at."""
    try:
        h = Game(lambda: build(spec))
        for a in script or []:
            h.answer(a)
    except Exception:  # any failure means "not the same position"
        return False
    return position_of(h, actual) == position_of(g, actual)


@dataclass
class Dump:
    """A position written out: ``setup`` (for build) and the ``script`` of answers after it."""

    setup: dict[str, Any]
    script: list[str] = field(default_factory=list)
    exact: bool = True   # the setup alone is the position (no script)


def dump(g: Game, actual: bool = False) -> Dump:
    """The position ``g`` is at, as a setup plus the answers since the last top-level point
    that writes out faithfully; ``actual``: with the cards' actual order (a seeded game), so
    that the same answers continue the same game. Raises :class:`DumpError` if no such point
    exists."""
    if g.paused is not None:
        raise DumpError("the game is paused between steps; resume it or dump at a decision")
    if actual and g.state.ask_chance:
        if any(p.unknown or p.deal for p in g.state.players):
            raise DumpError("the actual order is a seeded game's (setup.seed); without a "
                            "seed, chance steps decide what cards in unknown order are")
        actual = False  # every card's place is known: the two forms are one
    if is_top_level(g) or g.pending is None:
        spec = to_spec(g, actual)
        if loads_back(spec, g, actual=actual):
            return Dump(spec)
    answers = list(g.answers)
    h = Game(g.factory)
    start, phase = g.factory()  # the start itself, before the driver ran
    points: list[tuple[int, dict[str, Any]]] = [(0, state_spec(start, phase, actual))]
    for i, a in enumerate(answers):
        while h.pending is None and h.paused is not None:
            h.resume()
        if is_top_level(h):
            points.append((i, to_spec(h, actual)))
        h.answer(a)
    for i, spec in reversed(points):
        script = answers[i:]
        if loads_back(spec, g, script, actual):
            return Dump(spec, script, exact=False)
    raise DumpError("no point of this game writes out as a setup that loads back to it "
                    "(the state holds something a setup cannot say)")
