"""The turn: start of turn, Action phase, Buy phase, Clean-up, then the next turn.

``PHASES`` and ``WINDOWS`` are the engine's own list of where things can happen; diagrams and
the reference are drawn from them, so they cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.carddata import EVENTS
from dominion_tavern.rulebook.engine.decisions import Closed, Decision, Option
from dominion_tavern.rulebook.engine.playing import call_label
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS, ability, perform
from dominion_tavern.rulebook.engine.state import Card, Player, Turn, move

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game

PHASES = ("start", "action", "buy", "cleanup")
#: Where a game can be started again besides a phase's start: the Clean-up draw (discarding is
#: done, the next hand not yet drawn).
CLEANUP_DRAW = "cleanup-draw"
#: The points where no card is being resolved that the driver reports to its ``checkpoint``
#: hook (the Action and Buy phases' own decisions are such points already).
CHECKPOINTS = ("start", "cleanup", CLEANUP_DRAW)

#: (phase, window, what can happen there, rule id)
WINDOWS = (
    ("start", "start-of-turn", "Duration effects and start-of-turn calls, in any order",
     "reserve.start-of-turn"),
    ("action", "play-action", "play an Action card, using an Action", "turn.action"),
    ("action", "after-action", "call Coin of the Realm or Royal Carriage", "reserve.after-action"),
    ("buy", "play-treasure", "play Treasures (not after buying)", "turn.buy.treasures"),
    ("buy", "buy", "buy a card or an Event, using a Buy", "turn.buy.purchase"),
    ("buy", "end-of-buy", "discard Wine Merchant from the Tavern mat", "reserve.end-of-buy"),
    ("cleanup", "discard-from-play", "discard hand and play; exchange Travellers",
     "turn.cleanup.discard"),
    ("cleanup", "draw", "draw the next hand", "turn.cleanup.draw"),
)


PLAY_ALL = ("play-all", None)
END_BUY = ("end", None)
_BUY_LABELS: dict[tuple[str, str | None], str] = {PLAY_ALL: "play all Treasures",
                                                  END_BUY: "end Buy phase"}


def buy_label(value: tuple[str, str | None]) -> str:
    """A Buy phase option's label: ``play Copper``, ``play all Treasures``, ``buy Gold``,
    ``end Buy phase`` (the same string each time, so made once)."""
    label = _BUY_LABELS.get(value)
    if label is None:
        kind, name = value
        label = _BUY_LABELS[value] = f"{'play' if kind == 'play' else 'buy'} {name}"
    return label


class BuyOffer:
    """What the Buy phase offers now (rules ``turn.buy.treasures``, ``turn.buy.purchase``),
    as option values: ``("play", NAME)`` a Treasure, ``PLAY_ALL``, ``("buy", NAME)`` a card,
    ``("event", NAME)``, ``END_BUY``. :meth:`values` lists them in order, :meth:`allows` tells
    whether one value is offered (a bot asking about a few never lists them all); both rest on
    the same rules below, each worked out once per decision; :meth:`only` tells a decision
    with no choice without listing."""

    __slots__ = ("_buyable", "_treasures", "g", "t")

    def __init__(self, g: Game) -> None:
        self.g, self.t = g, g.state.turn
        self._treasures: list[str] | None = None
        self._buyable: list[str] | None = None

    # -- the rules --------------------------------------------------------------------------
    def treasures(self) -> list[str]:
        """Treasures may be played until a card or Event is bought (``turn.buy.treasures``)."""
        if self._treasures is None:
            t = self.t
            self._treasures = [] if t.treasures_closed else \
                [c.name for c in t.player.hand.cards if c.d.is_treasure]
        return self._treasures

    def buyable(self) -> list[str]:
        """The Supply piles whose top card can be bought: a Buy left, not Mission's turn, and
        a cost now at most the $ (:meth:`affordable`)."""
        if self._buyable is None:
            t = self.t
            self._buyable = self.affordable() if t.buys > 0 and not t.no_buying_cards else []
        return self._buyable

    def affordable(self) -> list[str]:
        """The Supply piles whose top card costs now (every change in force) at most the $."""
        out = []
        cost, coins = self.g.costs_now(), self.t.coins
        for name, pile in self.g.state.supply.items():
            cards = pile.cards
            if cards:
                d = cards[-1].d
                if (d.cost if cost is None else cost(d)) <= coins:
                    out.append(name)
        return out

    def event_ok(self, name: str) -> bool:
        return self.t.buys > 0 and self.g.event_buyable(self.t.player, name)

    # -- asked two ways ---------------------------------------------------------------------
    def allows(self, value: tuple[str, str | None]) -> bool:
        kind, name = value
        if kind == "end":
            return True
        if kind == "play":
            return name in self.treasures()
        if kind == "play-all":
            return len(self.treasures()) > 1
        if kind == "event":
            return name in self.g.state.events and self.event_ok(name)
        return kind == "buy" and name in self.buyable()

    def only(self) -> tuple[str, str | None] | None:
        """``END_BUY`` when it is all the phase offers (nothing to play or buy), else None."""
        if self.treasures() or self.buyable() or \
                any(self.event_ok(name) for name in self.g.state.events):
            return None
        return END_BUY

    def values(self) -> Iterator[tuple[str, str | None]]:
        treasures = self.treasures()
        for name in dict.fromkeys(treasures):
            yield ("play", name)
        if len(treasures) > 1:
            yield PLAY_ALL
        for name in self.buyable():
            yield ("buy", name)
        for name in self.g.state.events:
            if self.event_ok(name):
                yield ("event", name)
        yield END_BUY


@dataclass(frozen=True, slots=True)
class Mark:
    """A point between steps that the driver may stop at (``phase-end``, ``turn-end``)."""

    kind: str
    phase: str
    turn: int


class TurnLoop:
    def reached(self: Game, point: str) -> None:
        """Tell the driver's ``checkpoint`` hook, if any, that the game is at ``point`` of
        :data:`CHECKPOINTS` with no card being resolved: started there again from its state, it
        plays the same (``Game(lambda: (state, point))``)."""
        if self.checkpoint is not None and point in CHECKPOINTS and \
                not self.plays_in_progress and self._may_branch(point):
            self.checkpoint(self, point)

    def _may_branch(self: Game, point: str) -> bool:
        """Whether anything can be decided or come up by chance from ``point`` before the next
        Action or Buy decision or checkpoint (else a checkpoint there would serve nothing): at
        a turn's start, an unknown hand or something to resolve; in Clean-up before its draw, a
        Traveller leaving play (its exchange); at the draw, cards in unknown order or too few in
        the deck, or an end-of-turn ability."""
        s, t = self.state, self.state.turn
        if point == "start":
            return bool(t.player.deal or s.lasting or s.pending or t.player.mat.cards)
        if point == "cleanup":
            return any(c.d.is_traveller for q in s.players for c in q.play.cards)
        p = t.player  # the draw: cards in unknown order, a shuffle, or "at the end of your turn"
        return bool(p.unknown or len(p.deck.cards) < 5 + t.draw_bonus
                    or self.reacts("end-of-turn", p))

    def run(self: Game, phase: str):
        """The whole game from ``phase`` of the current turn until it ends."""
        while True:
            yield from self.take_turn(phase)
            if self.game_ends():
                break
            self.next_turn()
            phase = "start"
        yield from self.know_hands()  # every card is scored
        self.finish()

    def take_turn(self: Game, phase: str):
        """The turn from ``phase``: a phase's start, or :data:`CLEANUP_DRAW`."""
        t = self.state.turn
        self.reached(phase)
        if t.player.deal:  # the turn's player decides with their hand
            yield from self.know_hand(t.player)
        marks = self.stop is not None  # a mark is yielded only to a driver that may stop there
        steps = PHASES[PHASES.index("cleanup" if phase == CLEANUP_DRAW else phase):]
        for step in steps:
            if step != steps[0]:
                self.reached(step)
            t.phase = step
            if step == "start":
                self.note(t.player, "starts their turn", note=f"turn {t.number}",
                          rule="turn.extra" if t.extra else "turn.start")
                if self.state.lasting or self.state.pending or t.player.mat.cards:
                    yield from self.start_of_turn()  # else nothing can happen there
            elif step == "action":
                yield from self.action_phase()
            elif step == "buy":
                yield from self.buy_phase()
            elif phase == CLEANUP_DRAW:
                yield from self.cleanup_draw()
            else:
                yield from self.cleanup()
            if marks:
                yield Mark("phase-end", step, t.number)
        if self.state.lasting:
            self.end_lasting("turn-end")
            self.end_lasting("owner-next-turn-end", t.player)
        t.player.gained_last_turn = t.gained
        if marks:
            yield Mark("turn-end", "cleanup", t.number)

    # -- Action phase -----------------------------------------------------------------------
    def action_options(self: Game, p: Player) -> list[Option]:
        """The Action cards p may play now, one per name (rule ``turn.action``)."""
        options: list[Option] = []
        if self.state.turn.actions > 0:
            seen = set()
            for c in p.hand.cards:
                if c.d.is_action and c.name not in seen:
                    seen.add(c.name)
                    options.append(Option(f"play {c.name}", c))
        return options

    def action_phase(self: Game):
        t = self.state.turn
        p = t.player
        while True:
            options = self.action_options(p)
            if not options:  # nothing to play: the phase ends without asking
                if t.actions == 0 and any(c.d.is_action for c in p.hand.cards):
                    self.note(p, "has no Actions left", note="the Action phase ends",
                              rule="turn.action")
                return
            options.append(Option("end Action phase", None))
            card = yield from self.choose(
                p, "Action phase: play an Action card?", options, rule="turn.action",
                kind="action", closed=lambda: self.closed_reserves(p, None, same_window=False),
                explained=lambda: self.not_yet_buying(p))
            if card is None:
                return
            t.actions -= 1
            yield from self.play(p, card, rule="play.action-use")

    def not_yet_buying(self: Game, p: Player) -> list[Closed]:
        """Buy phase answers given in the Action phase, each said when tried (rules
        ``turn.buy.treasures``, ``turn.buy.purchase``): the Action phase must end first."""
        first = "in the Buy phase: end the Action phase first"
        names = dict.fromkeys(c.name for c in p.hand.cards if c.d.is_treasure)
        return ([Closed(f"play {name}", "turn.buy.treasures", f"Treasures are played {first}")
                 for name in [*names, "all Treasures"]]
                + [Closed(f"buy {name}", "turn.buy.purchase", f"buying is {first}")
                   for name in [*self.state.supply, *self.state.events]])

    # -- Buy phase --------------------------------------------------------------------------
    def buy_phase(self: Game):
        t = self.state.turn
        p = t.player
        while True:
            offer = BuyOffer(self)
            if offer.only() is not None:
                break  # nothing left to do but end the phase: not asked (choice.only-option)
            d = Decision(p.name, "Buy phase: play Treasures, buy, or end", rule="turn.buy",
                         kind="buy", closed_by=lambda: self.buy_closed(p),
                         explained_by=self.unbuyable,
                         values=offer.values, label_of=buy_label, accepts=offer.allows,
                         only=offer.only)
            what, arg = (yield from self.ask(d)).value
            if what == "end":
                break
            if what == "play":
                yield from self.play(p, next(c for c in p.hand.cards if c.name == arg),
                                     rule="play.treasure")
            elif what == "play-all":
                yield from self.play_treasures(p)
            elif what == "buy":
                yield from self.buy(p, arg)
            else:
                yield from self.buy_event(p, arg)
        if p.mat.cards:
            yield from self.end_of_buy(p)

    def buy(self: Game, p: Player, name: str):
        """Buy a card: pay, use a Buy, "when you buy" effects, then gain it (rule ``buy``)."""
        t = self.state.turn
        pile = self.state.supply[name]
        card = pile.cards[-1]
        t.coins -= self.cost(card)
        t.buys -= 1
        t.treasures_closed = True
        t.bought.append(name)
        self.note(p, "buys", (name,), rule="turn.buy.purchase")
        d = p.estate_def if name == "Estate" and p.estate_def else card.d  # will be p's Estate
        own = self.own_ability(p, BEHAVIOURS[d.abilities].on_buy, card, {"card": card})
        if own is not None or self.reacts("buy", p):
            yield from self.fire("buy", p, own=own, card=card)
        yield from self.gain(p, name, rule="buy", bought=True)

    def buy_closed(self: Game, p: Player) -> list[Closed]:
        """What the Buy phase does not offer that a player might expect: Treasures after a
        purchase, cards in Mission's turn, an Event bought as often as it may be, and Reserve
        calls, which wait for their own window."""
        t = self.state.turn
        out = [Closed(f"play {name}", "turn.action", "Action cards are played in the Action "
                      "phase, which is over")
               for name in dict.fromkeys(c.name for c in p.hand.cards
                                         if c.d.is_action and not c.d.is_treasure)]
        if t.treasures_closed:
            first = t.bought[0] if t.bought else "a card"
            rule = "event.no-treasures-after" if first in EVENTS else "turn.buy.treasures"
            names = list(dict.fromkeys(c.name for c in p.hand.cards if c.d.is_treasure))
            if sum(c.d.is_treasure for c in p.hand.cards) > 1:
                names.append("all Treasures")
            out += [Closed(f"play {name}", rule, f"{first} was bought this turn")
                    for name in names]
        if t.buys > 0 and t.no_buying_cards:  # each card the $ would buy, as its answer reads
            out += [Closed(f"buy {name}", "turn.extra", "no cards can be bought in the extra "
                           "turn Mission gives, only Events")
                    for name in BuyOffer(self).affordable()]
        if t.buys > 0:
            out += [c for c in (self.event_closed(p, name) for name in self.state.events) if c]
        return out + self.closed_reserves(p, None, same_window=False)

    def unbuyable(self: Game) -> list[Closed]:
        """What a Buy cannot take now, too ordinary to list but said when asked for: a card
        or Event costing more than the $, an empty pile, a pile outside the Supply (rules
        ``turn.buy.purchase``, ``event``, ``traveller.nonsupply``)."""
        t = self.state.turn
        if t.buys == 0:
            return []
        out = [Closed(f"buy {name}", "event", f"{name} costs ${EVENTS[name].cost}, more than "
                      f"your ${t.coins}")
               for name in self.state.events if EVENTS[name].cost > t.coins]
        if t.no_buying_cards:
            return out
        affordable = set(BuyOffer(self).affordable())  # the one place a price meets the $
        for name, pile in self.state.supply.items():
            if not pile.cards:
                out.append(Closed(f"buy {name}", "turn.buy.purchase", f"the {name} pile is empty"))
            elif name not in affordable:
                out.append(Closed(f"buy {name}", "turn.buy.purchase", f"{name} costs "
                                  f"${self.cost(pile.cards[-1])}, more than your ${t.coins}"))
        out += [Closed(f"buy {name}", "traveller.nonsupply", f"{name} is not in the Supply")
                for name in self.state.nonsupply]
        return out

    def event_closed(self: Game, p: Player, name: str) -> Closed | None:
        """An Event marked once per turn (or game) that ``p`` has bought as often as that."""
        once = EVENTS[name].once(self.ruleset)
        if once == "turn" and self.state.turn.events_bought.get(name):
            return Closed(f"buy {name}", "event.once-per-turn", "bought once this turn")
        if once == "game" and self.state.events_bought_game.get((p.index, name)):
            return Closed(f"buy {name}", "event.once-per-game", "bought once this game")
        return None

    def event_buyable(self: Game, p: Player, name: str) -> bool:
        return EVENTS[name].cost <= self.state.turn.coins and self.event_closed(p, name) is None

    def buy_event(self: Game, p: Player, name: str):
        """Buy an Event: pay, use a Buy, do its effect; no card is bought (rule ``event``)."""
        t = self.state.turn
        t.coins -= EVENTS[name].cost
        t.buys -= 1
        t.treasures_closed = True
        t.bought.append(name)
        t.events_bought[name] = t.events_bought.get(name, 0) + 1
        key = (p.index, name)
        self.state.events_bought_game[key] = self.state.events_bought_game.get(key, 0) + 1
        self.note(p, "buys the Event", (name,), rule="event")
        yield from perform(BEHAVIOURS[name].on_play, self, p, None)

    def end_of_buy(self: Game, p: Player):
        """End of the Buy phase: Wine Merchant (rule ``reserve.end-of-buy``); entered only with
        a card on the Tavern mat (nothing else to call or to say is not callable)."""
        def collect():
            return [self.trigger(p, call_label("end-of-buy", c.name), ability(c).on_call, self,
                                 p, c, None, optional=True, key=c.uid)
                    for c in self.callable_reserves(p, "end-of-buy")]
        yield from self.resolve_triggers(p, collect, "End of Buy phase: discard Wine Merchant "
                                         "from the Tavern mat?", rule="reserve.end-of-buy",
                                         unmet=lambda: self.closed_reserves(p, "end-of-buy"),
                                         explained=lambda: self.reserves_off_mat(p))

    # -- Clean-up ---------------------------------------------------------------------------
    def cleanup(self: Game):
        """Discard hand and what leaves play, resolve "when discarded from play" (Travellers),
        then draw the next hand (rules ``turn.cleanup.discard``, ``turn.cleanup.draw``)."""
        t = self.state.turn
        p = t.player
        everyone = [p, *self.others(p)]
        durations = bool(self.state.pending)  # without them, everything in play leaves
        leaving: list[list[Card]] = []
        from_hand = list(p.hand.cards)
        for q in everyone:
            out = [c for c in q.play.cards if not durations or not self.stays_in_play(c)]
            leaving.append(out)
            kept = [c for c in q.play.cards if c not in out
                    and (q is p or c.since == t.number)]  # another's: played this turn
            if kept:
                self._say_kept(q, kept)
            if q is p and from_hand:
                self._move_all(p, from_hand, p.discard, "discards", "turn.cleanup.discard")
            if out:
                self._move_all(q, out, q.discard, "discards",
                               "turn.cleanup.discard" if q is p else "reserve.called-discarded")
        for q, out in zip(everyone, leaving, strict=True):
            for c in out:
                if c.d.is_traveller:
                    yield from self.discarded_from_play(q, out, from_hand if q is p else [])
                    break
        self.reached(CLEANUP_DRAW)
        yield from self.cleanup_draw()

    def cleanup_draw(self: Game):
        """Clean-up's end: draw the next hand, then "at the end of your turn" (Save)."""
        p = self.state.turn.player
        yield from self.draw(p, 5 + self.state.turn.draw_bonus, rule="turn.cleanup.draw")
        if self.reacts("end-of-turn", p):
            yield from self.fire("end-of-turn", p)  # after drawing: Save

    def _say_kept(self: Game, p: Player, kept: list[Card]) -> None:
        """p's cards that stay in play through this Clean-up, each group with its rule: a
        Duration with something left to do, or a card that played one again."""
        own = [c.name for c in kept if self.has_future_effects(c)]
        replayers = [c.name for c in kept if not self.has_future_effects(c)]
        if own:
            self.note(p, "keeps", tuple(own), "in play", note="effects to come",
                      rule="duration.stays-in-play")
        if replayers:
            self.note(p, "keeps", tuple(replayers), "in play", rule="duration.multi-play",
                      note="for the card it played again" if len(replayers) == 1
                      else "for the cards they played again")

    def discarded_from_play(self: Game, q: Player, cards: list[Card],
                            from_hand: Sequence[Card] = ()):
        """Travellers just discarded from play may be exchanged, in the order the owner picks
        (rules ``traveller.exchange``, ``traveller.order``); not those whose upgrade pile is
        empty (``traveller.exchange.needs-copy``), nor those discarded from hand
        (``traveller.exchange.from-play-only``)."""
        def travellers(among):
            return [c for c in among if c.d.is_traveller and c.zone is q.discard]

        def collect():
            return [self.trigger(q, f"exchange {c.name} for {c.d.upgrade}", self.exchange, q, c,
                                 optional=True, key=c.uid)
                    for c in travellers(cards) if self.state.pile(c.d.upgrade).cards]

        def empty_pile():
            return _unique([Closed(f"exchange {c.name} for {c.d.upgrade}",
                                   "traveller.exchange.needs-copy",
                                   f"the {c.d.upgrade} pile is empty")
                            for c in travellers(cards) if not self.state.pile(c.d.upgrade).cards])

        def not_from_play():  # with a copy from play offered, the closed one is "another"
            played = {c.name for c in travellers(cards)}
            return _unique([Closed(f"exchange {c.name} for {c.d.upgrade}",
                                   "traveller.exchange.from-play-only",
                                   ("another " + c.name if c.name in played else "it")
                                   + " was discarded from hand, not from play")
                            for c in travellers(from_hand)])
        yield from self.resolve_triggers(q, collect, "Clean-up: exchange Travellers?",
                                         rule="traveller.order", unmet=empty_pile,
                                         closed=not_from_play)

    def exchange(self: Game, q: Player, card: Card) -> None:
        """Return ``card`` to its pile and put the next card of its line into the discard pile;
        neither gaining nor trashing (rule ``traveller.exchange.not-gain``)."""
        new = self.state.pile(card.d.upgrade).cards[-1]
        move(card, self.state.pile(card.name))
        move(new, q.discard)
        self.note(q, "exchanges", (card.name,), f"for {new.name}", rule="traveller.exchange")

    # -- between turns ----------------------------------------------------------------------
    def game_ends(self: Game) -> bool:
        """Checked at the end of a turn: the Province pile, or three empty Supply piles (four
        with 5 or 6 players) (rules ``game.end``, ``game.end.nonsupply``)."""
        province = self.state.supply.get("Province")
        return (province is not None and not province.cards) or \
            self.state.empty_supply_piles() >= (4 if len(self.state.players) >= 5 else 3)

    def would_be_third_turn(self: Game, idx: int, queued: int = 0) -> bool:
        """Whether player ``idx``'s next turn, after ``queued`` extra turns of theirs still to
        come, would be their 3rd turn in a row, which the current Mission text does not give
        (rule ``turn.extra``)."""
        run = sum(1 for _ in takewhile(lambda i: i == idx, reversed(self.state.turn_owners)))
        return run + queued >= 2

    def next_turn(self: Game) -> None:
        s = self.state
        t = s.turn
        source = None
        while s.extra_turns and source is None:
            idx, source = s.extra_turns.pop(0)
            if s.ruleset == "current" and self.would_be_third_turn(idx):
                self.note(s.players[idx], "takes no extra turn", note="not a 3rd turn in a row",
                          rule="turn.extra")
                source = None
        if source is None:
            idx = (t.player.index + 1) % len(s.players)
        extra = source is not None
        player = s.players[idx]
        s.turn = Turn(player, number=t.number + 1, extra=extra,
                      no_buying_cards=source == "Mission")
        s.turn_owners.append(idx)
        if not extra:  # extra turns don't count for the tie-break (rule game.scoring)
            player.turns_taken += 1

    def finish(self: Game) -> None:
        """Score every card each player owns, wherever it is (rule ``game.scoring``)."""
        self.state.game_over = True
        scores = self.scores()
        for p in self.state.players:
            self.note(p, f"scores {scores[p.name]} VP", rule="game.scoring")
        best = max(scores.values())
        tied = [p for p in self.state.players if scores[p.name] == best]
        fewest = min(p.turns_taken for p in tied)
        winners = [p.name for p in tied if p.turns_taken == fewest]
        self.winners = winners
        self.note(None, "Game over: " + " and ".join(winners) + (" win" if len(winners) > 1
                  else " wins"), rule="game.end")

    def scores(self: Game) -> dict[str, int]:
        return {p.name: self.vp(p) for p in self.state.players}

    def vp(self: Game, p: Player) -> int:
        total = p.vp_tokens
        for c in p.owned():
            v = BEHAVIOURS[c.name].vp if c.name in BEHAVIOURS else 0
            total += v(self, p, c) if callable(v) else v
        return total


def _unique(closed: list[Closed]) -> list[Closed]:
    """One of each closed answer (two Peasants in play make one closed exchange)."""
    return list(dict.fromkeys(closed))
