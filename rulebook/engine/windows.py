"""Triggers and the windows they happen in, Duration effects and lasting effects.

When several things happen at the same time, their owner chooses the order, one at a time,
each resolved fully before the next is chosen (rule ``choice.simultaneous``). Optional ones
(calling a Reserve card, exchanging a Traveller) may be left undone with ``continue``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.costs import cost_changers
from dominion_tavern.rulebook.engine.decisions import Closed, Decision, Option
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS, WhenAbility, ability, perform
from dominion_tavern.rulebook.engine.state import Card, GameState, Lasting, Pending, Player

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game

#: A prompt or rule that depends on the triggers offered.
Worded = Callable[[list["Trigger"]], str]

#: The start of a turn's prompt and rule, by what it offers (see ``_offered``).
START_OF_TURN = {
    "both": ("Start of turn: resolve a Duration effect or call a Reserve card next?",
             "reserve.start-of-turn"),
    "durations": ("Start of turn: which Duration effect resolves next?",
                  "duration.start-of-turn"),
    "calls": ("Start of turn: call a Reserve card?", "reserve.start-of-turn"),
}

#: The moment of each window of :meth:`Windows.fire`, as its prompt says it.
FIRE_MOMENTS = {"play": "on playing {card}", "buy": "on buying {card}",
                "end-of-turn": "at the end of the turn"}


@dataclass(eq=False)
class Trigger:
    """Something a player may (``optional``) or must do now."""

    player: Player
    label: str
    fn: Callable[..., Any]
    args: tuple = ()
    optional: bool = False
    key: object = field(default=None)

    def run(self):
        yield from perform(self.fn, *self.args)


class Windows:
    def trigger(self: Game, p: Player, label: str, fn: Callable[..., Any], *args: Any,
                optional: bool = False, key: object = None) -> Trigger:
        return Trigger(p, label, fn, args, optional, key if key is not None else label)

    def own_ability(self: Game, p: Player, when: WhenAbility | None, card: Card,
                    event: dict[str, Any], *args: Any) -> Trigger | None:
        """``card``'s own "when you gain/buy this" ability as a trigger of ``p``'s, or None
        when it has none or it would do nothing now."""
        if when is None or (when.applies is not None and not when.applies(self, p, card, event)):
            return None
        return self.trigger(p, when.label(card.name), self._resolve_own, p, card, when, args,
                            key=("own", card.uid))

    def _resolve_own(self: Game, p: Player, card: Card, when: WhenAbility, args: tuple):
        """The log says whose ability it is ("resolves Port (when you buy this: gain another
        Port)"; an Estate with the Estate token says whose: "resolves Estate (as Port, the
        card with their Estate token: ...)"), then the ability happens."""
        whose = next(b.name for b in BEHAVIOURS.values() if when in (b.on_buy, b.on_gain))
        as_ = "" if whose == card.name else f"as {whose}, the card with their Estate token: "
        self.note(p, "resolves", (card.name,), rule=when.moment,
                  note=f"{as_}when you {when.moment} this: {when.what}")
        yield from perform(when.fn, self, p, card, *args)

    def resolve_triggers(self: Game, p: Player, collect: Callable[[], list[Trigger]],
                         prompt: str | Worded, rule: str | Worded, pass_label: str = "continue",
                         unmet: Callable[[], list[Closed]] | None = None,
                         closed: Callable[[], list[Closed]] | None = None,
                         explained: Callable[[], list[Closed]] | None = None):
        """Resolve what ``collect()`` offers, in the order ``p`` picks, until nothing is left
        or ``p`` passes on the optional rest. ``collect`` is asked again after each one, since
        resolving one can open or close others (the Soldier-then-Peasant exchange).

        ``prompt`` and ``rule`` may depend on what is offered (a function of the triggers).
        ``unmet()``: what this window would offer but for a condition that fails now (an
        empty pile); ``closed()``: other answers a player might expect here. The decision
        lists both as unavailable; when nothing at all is offered, ``unmet`` is logged.
        ``explained()``: answers refused too ordinarily to list, said when one is given."""
        done: set[object] = set()
        asked = False
        while True:
            ts = [t for t in collect() if t.key not in done]
            if not ts:
                if not asked and unmet is not None:
                    for c in unmet():
                        self.note(p, f"cannot {c.label}", note=c.why, rule=c.rule)
                return
            options = [Option(t.label, t) for t in ts]
            if all(t.optional for t in ts):
                options.append(Option(pass_label, None))
            asked = True
            yield from self.know_hand(p)  # p decides with their hand, even on another's turn
            chosen = yield from self.choose(p, _worded(prompt, ts), options,
                                            rule=_worded(rule, ts), kind="order",
                                            closed=_joined(unmet, closed), explained=explained)
            if chosen is None:
                return
            done.add(chosen.key)
            yield from chosen.run()

    # -- Duration effects -------------------------------------------------------------------
    def schedule(self: Game, p: Player, card: Card, data: object = None,
                 forever: bool = False) -> Pending:
        """Set up ``card``'s next-turn effect (its registered ``at_next_turn``; every turn for
        the rest of the game if ``forever``): the card now has something left to do and stays
        in play (rules ``duration.stays-in-play``, ``duration.rest-of-game``)."""
        pending = Pending(p.index, card, data, forever=forever)
        self.state.pending.append(pending)
        return pending

    def has_future_effects(self: Game, card: Card) -> bool:
        """``card`` has a Duration effect to come, its own or that of the card it played where
        it lies (rule ``duration.command-tracking``)."""
        return any(e.card is card or e.keeps is card for e in self.state.pending)

    def stays_in_play(self: Game, card: Card) -> bool:
        """A Duration with something left to do stays; so does a card that played a staying
        Duration more than once (rules ``duration.stays-in-play``, ``duration.multi-play``),
        or played more than once a Throne Room that made two or more of them stay (ruling
        ``throne-room.nested-durations``)."""
        return self.has_future_effects(card) or any(self._holds(t, card) for t in card.tracks)

    def _holds(self: Game, target: Card, by: Card) -> bool:
        """Whether ``target``, played more than once by ``by``, keeps ``by`` in play: a
        Duration with something left to do, or a card such as Throne Room whose plays made
        at least two of its own targets stay (so the extra play ``by`` gave it counted)."""
        if target.zone is not by.zone:
            return False
        if self.has_future_effects(target):
            return True
        return sum(self._holds(t, target) for t in target.tracks) >= 2

    def _run_pending(self: Game, p: Player, e: Pending):
        fn = ability(e.card).next_turn
        if e.forever:
            e.done_turn = self.state.turn.number
        else:
            self.state.pending.remove(e)
        self.note(p, "resolves", (e.card.name,), note="Duration effect",
                  rule="duration.start-of-turn")
        if fn is not None:
            yield from at_start_of_turn(perform(fn, self, p, e.card, e.data), e.card.name)

    def start_of_turn(self: Game):
        """Duration effects (mandatory) and start-of-turn calls (optional), in the order the
        player chooses (rule ``reserve.start-of-turn``)."""
        p = self.state.turn.player
        now = self.state.turn.number
        if self.state.lasting:
            self.end_lasting("owner-turn-start", p)
        if self.state.pending:  # a Duration whose next turn is all it did (Outpost): done now
            self.state.pending = [e for e in self.state.pending
                                  if e.owner != p.index or e.forever
                                  or ability(e.card).next_turn is not None]

        def collect() -> list[Trigger]:
            ts = [self.trigger(p, f"resolve {e.card.name}", self._run_pending, p, e, key=e)
                  for e in self.state.pending
                  if e.owner == p.index and e.done_turn != now
                  and ability(e.card).next_turn is not None]
            ts += [self.trigger(p, f"call {c.name}", self.call, p, c, None, optional=True,
                                key=c.uid)
                   for c in self.callable_reserves(p, "start-of-turn")]
            return ts
        yield from self.resolve_triggers(
            p, collect, lambda ts: START_OF_TURN[_offered(ts)][0],
            rule=lambda ts: START_OF_TURN[_offered(ts)][1],
            closed=lambda: self.closed_reserves(p, "start-of-turn", same_window=False),
            explained=lambda: self.reserves_off_mat(p))

    # -- lasting effects --------------------------------------------------------------------
    def add_lasting(self: Game, p: Player, source: str, window: str, until: str,
                    card: Card | None = None, data: object = None) -> Lasting:
        effect = Lasting(p.index, source, window, until, card, data, self.state.turn.number)
        self.state.lasting.append(effect)
        return effect

    def end_lasting(self: Game, until: str, p: Player | None = None) -> None:
        now = self.state.turn.number
        self.state.lasting = [
            e for e in self.state.lasting
            if not (e.until == until and (p is None or e.owner == p.index)
                    and (until != "owner-next-turn-end" or e.since < now))]

    def fire(self: Game, window: str, p: Player, own: Trigger | None = None, **event: Any):
        """Let lasting effects and abilities of cards in play react to ``event`` happening to
        ``p``, with ``own`` (the card's own ability, "when you buy this"), in the order ``p``
        picks. ``window`` is ``play``, ``buy`` or ``end-of-turn``."""
        if own is None and not self.reacts(window, p):
            return

        def collect() -> list[Trigger]:
            ts: list[Trigger] = [own] if own is not None else []
            for e in self.state.lasting:
                if e.window == window:
                    maker = BEHAVIOURS[e.source].lasting[window]
                    t = maker(self, self.state.players[e.owner], e, p, event)
                    if t is not None:
                        ts.append(t)
            for q in self.state.players:
                for c in q.play.cards:
                    fn = ability(c).in_play.get(window)
                    if fn is not None:
                        t = fn(self, q, c, p, event)
                        if t is not None:
                            ts.append(t)
            return ts + self._trashing_token(p, window, event)
        moment = FIRE_MOMENTS[window].format(card=event["card"].name if "card" in event else "")
        yield from self.resolve_triggers(p, collect, f"{moment}, which effect resolves next?",
                                         rule="choice.simultaneous")

    def reacts(self: Game, window: str, p: Player) -> bool:
        """Whether anything could react in ``window`` to ``p``: a lasting effect, an ability
        of a card in play, Plan's Trashing token (else :meth:`fire` has nothing to do)."""
        return bool(self.state.lasting) or p.tokens["Trashing"] is not None or \
            self._in_play_abilities(window)

    def _in_play_abilities(self: Game, window: str) -> bool:
        if window not in self.state.abilities_in_game:  # no card of this game has one
            return False
        names = in_play_windows()[window]
        return any(c.d.abilities in names for q in self.state.players for c in q.play.cards)

    # -- when a card is gained --------------------------------------------------------------
    def gained(self: Game, p: Player, card: Card, event: dict[str, Any]):
        """After ``p`` gains ``card``: its own "when you gain this", lasting effects and
        abilities in play that react to gains, and Reserve cards called on a gain (Duplicate),
        in the order ``p`` picks (rules ``gain``, ``reserve.on-gain``)."""
        own = self.own_ability(p, ability(card).on_gain, card, event, event)
        if own is None and not self.state.lasting and not p.mat.cards and \
                p.tokens["Trashing"] is None and not self._in_play_abilities("gain"):
            return

        def collect() -> list[Trigger]:
            ts: list[Trigger] = [own] if own is not None else []
            for e in self.state.lasting:
                maker = BEHAVIOURS[e.source].lasting.get("gain")
                if e.window == "gain" and maker is not None:
                    t = maker(self, self.state.players[e.owner], e, p, event)
                    if t is not None:
                        ts.append(t)
            for q in self.state.players:
                for c in q.play.cards:
                    fn = ability(c).in_play.get("gain")
                    if fn is not None:
                        t = fn(self, q, c, p, event)
                        if t is not None:
                            ts.append(t)
            ts += [self.trigger(p, f"call {c.name}", self.call, p, c, card, optional=True,
                                key=c.uid)
                   for c in self.callable_reserves(p, "on-gain", card)]
            return ts + self._trashing_token(p, "gain", event)
        yield from self.resolve_triggers(p, collect,
                                         f"on gaining {card.name}, which effect resolves next?",
                                         rule="choice.simultaneous",
                                         unmet=lambda: self.closed_reserves(p, "on-gain", card))

    def _trashing_token(self: Game, p: Player, window: str, event: dict[str, Any]) -> list:
        """Plan's Trashing token: on buying (2015) or gaining (current) a card from its pile,
        the owner may trash a card from hand (rule ``token.trashing``)."""
        wanted = "buy" if self.ruleset == "2015" else "gain"
        card = event.get("card")
        if window != wanted or card is None or p.tokens["Trashing"] != card.name or \
                not p.hand.cards:
            return []

        def trash():  # p's hand is known: the token was ordered among p's effects
            chosen = yield from self.pick_card(p, p.hand.cards, "trash", "Trashing token (Plan): "
                                               f"on {wanted}ing {card.name}, trash a card from "
                                               "your hand", card="Plan",
                                               rule="token.trashing")
            if chosen:
                self.trash(p, [chosen], rule="token.trashing")
        return [self.trigger(p, "Trashing token: trash a card from your hand", trash,
                             optional=True, key=("Trashing", card.uid))]


def _offered(ts: list[Trigger]) -> str:
    """What the start of a turn offers: Duration effects (mandatory), Reserve calls
    (optional), or both."""
    calls = any(t.optional for t in ts)
    durations = not all(t.optional for t in ts)
    return "both" if calls and durations else "calls" if calls else "durations"


def at_start_of_turn(effect: Generator, card: str) -> Generator:
    """Run a Duration's next-turn ``effect``, its own decisions saying when they are asked:
    "Amulet (start of turn): choose one", not the "Amulet: choose one" of its play."""
    head = f"{card}: "
    value = None
    while True:
        try:
            item = effect.send(value)
        except StopIteration as done:
            return done.value
        if isinstance(item, Decision) and item.card == card:
            item.prompt = f"{card} (start of turn): {item.prompt.removeprefix(head)}"
        value = yield item


def _worded(text: str | Worded, ts: list[Trigger]) -> str:
    return text if isinstance(text, str) else text(ts)


def _joined(*makers: Callable[[], list[Closed]] | None) -> Callable[[], list[Closed]] | None:
    """One maker of closed answers from several (None when there are none)."""
    present = [m for m in makers if m is not None]
    if not present:
        return None
    return lambda: [c for m in present for c in m()]


def abilities_in_game(state: GameState) -> frozenset[str]:
    """The windows where some card of ``state`` has an ability while in play, ``cost`` if
    one changes costs, and ``night`` if one is a Night card (else a Night phase has nothing
    to play) (see ``GameState.abilities_in_game``)."""
    defs = [CARDS[name] for name in (*state.supply, *state.nonsupply)]
    market = () if state.black_market is None else (state.black_market,)
    for zone in (state.trash, *market, *(z for p in state.players for z in p.zones())):
        defs += [c.d for c in zone.cards]  # a pile holds its own cards; these may be any
    kinds = {id(d): d for d in defs}.values()  # most cards share their definition
    names = {d.abilities for d in kinds}
    windows = {window for window, having in in_play_windows().items() if having & names}
    if cost_changers() & names:
        windows.add("cost")
    if any(d.has_type("Night") for d in kinds):
        windows.add("night")
    return frozenset(windows)


@cache
def in_play_windows() -> dict[str, frozenset[str]]:
    """For each window, the names of behaviours with an ability working there while in play."""
    out: dict[str, set[str]] = {}
    for name, b in BEHAVIOURS.items():
        for window in b.in_play:
            out.setdefault(window, set()).add(name)
    return {w: frozenset(names) for w, names in out.items()}
