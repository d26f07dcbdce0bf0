"""The turn: start of turn, Action phase, Buy phase, Clean-up, then the next turn.

``PHASES`` and ``WINDOWS`` are the engine's own list of where things can happen; diagrams and
the reference are drawn from them, so they cannot drift from the code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import takewhile
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.carddata import EVENTS, Cost
from dominion_tavern.rulebook.engine.decisions import Closed, Decision, Option
from dominion_tavern.rulebook.engine.playing import call_label
from dominion_tavern.rulebook.engine.registry import BEHAVIOURS, ability, perform
from dominion_tavern.rulebook.engine.state import Card, GameState, Player, Turn, move

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game

PHASES = ("start", "action", "buy", "night", "cleanup")
#: The extra turn another player controls (rule ``possession.turn``).
POSSESSION = "Possession"
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
    ("buy", "pay-debt", "pay off Debt, $1 a token (current rules: any time in the turn)",
     "debt.pay"),
    ("buy", "spend-coffers", "spend Coffers, +$1 a token (first printing: before buying; "
     "current rules: any time in the turn)", "coffers.spend"),
    ("buy", "end-of-buy", "discard Wine Merchant from the Tavern mat", "reserve.end-of-buy"),
    ("night", "play-night", "play Night cards, using no Action", "turn.night"),
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
    ``pay off 2 Debt``, ``spend 1 Coffers``, ``end Buy phase`` (the same string each time, so
    made once)."""
    label = _BUY_LABELS.get(value)
    if label is None:
        kind, name = value
        label = _BUY_LABELS[value] = debt_label(int(name)) if kind == "debt" else \
            coffers_label(int(name)) if kind == "coffers" else \
            f"{'play' if kind == 'play' else 'buy'} {name}"
    return label


def debt_label(n: int) -> str:
    return f"pay off {n} Debt"


def coffers_label(n: int) -> str:
    return f"spend {n} Coffers"


def can_pay(t: Turn, cost: Cost) -> bool:
    """Whether the turn's $ and Potions cover ``cost``; its Debt is taken, not paid (rule
    ``debt.take``)."""
    return cost.coins <= t.coins and cost.potion <= t.potions


def short_of(t: Turn, cost: Cost) -> str:
    """What the turn lacks to pay ``cost``, said after "X costs ...": the $ or the Potion."""
    if cost.coins > t.coins:
        return f"more than your ${t.coins}"
    return "and you have no Potion to pay with"


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
        """The Supply piles whose top card can be bought: a Buy left, not Mission's turn, no
        Debt held (``debt.no-buying``), and a cost now within the $ and Potions
        (:meth:`affordable`)."""
        if self._buyable is None:
            t = self.t
            self._buyable = self.affordable() if t.buys > 0 and not t.no_buying_cards and \
                not t.player.debt else []
        return self._buyable

    def affordable(self) -> list[str]:
        """The Supply piles whose top card costs now (every change in force) at most the $ and
        the Potions to spend."""
        out = []
        cost, coins, potions = self.g.costs_now(), self.t.coins, self.t.potions
        for name, pile in self.g.state.supply.items():
            cards = pile.cards
            if cards:
                d = cards[-1].d
                c = d.cost if cost is None else cost(d)
                if c.coins <= coins and c.potion <= potions:
                    out.append(name)
        return out

    def event_ok(self, name: str) -> bool:
        return self.t.buys > 0 and not self.t.player.debt and \
            self.g.event_buyable(self.t.player, name)

    def debt(self) -> int:
        """The most Debt that can be paid off now, $1 a token, before or after buying (rule
        ``debt.pay``)."""
        return min(self.t.coins, self.t.player.debt)

    def coffers(self) -> int:
        """The most Coffers that can be spent now (rule ``coffers.spend``)."""
        return self.g.coffers_now(self.t.player)

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
        if kind == "debt":
            return isinstance(name, int) and 1 <= name <= self.debt()
        if kind == "coffers":
            return isinstance(name, int) and 1 <= name <= self.coffers()
        return kind == "buy" and name in self.buyable()

    def only(self) -> tuple[str, str | None] | None:
        """``END_BUY`` when it is all the phase offers (nothing to play, buy or pay off), else
        None."""
        if self.treasures() or self.buyable() or self.debt() or self.coffers() or \
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
        for n in range(1, self.debt() + 1):
            yield ("debt", n)
        for n in range(1, self.coffers() + 1):
            yield ("coffers", n)
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
        return bool(p.unknown or len(p.deck.cards) < t.next_hand + t.draw_bonus
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
        hook = self.checkpoint is not None  # a point is reached only for a driver saving there
        if hook:
            self.reached(phase)
        if t.player.deal:  # the turn's player decides with their hand
            yield from self.know_hand(t.player)
        marks = self.stop is not None  # a mark is yielded only to a driver that may stop there
        first = "cleanup" if phase == CLEANUP_DRAW else phase
        todo = PHASES[PHASES.index(first):]
        while todo:
            steps, todo = todo, ()
            for step in steps:
                if hook and step != first:
                    self.reached(step)
                t.phase = step
                if step == "start":
                    if t.controller is not None:
                        self.note(t.player, "starts their turn", rule="possession.turn",
                                  note=f"turn {t.number}, a Possession turn: "
                                  f"{t.controller.name} makes their decisions and gains what "
                                  "they would gain")
                    else:
                        self.note(t.player, "starts their turn", note=f"turn {t.number}",
                                  rule="turn.extra" if t.extra else "turn.start")
                    if self.state.lasting or self.state.pending or t.player.mat.cards:
                        yield from self.start_of_turn()  # else nothing can happen there
                elif step == "action":
                    yield from self.action_phase()
                elif step == "buy":
                    yield from self.buy_phase()
                elif step == "night":
                    if "night" in self.state.abilities_in_game:  # else nothing to play there
                        yield from self.night_phase()
                elif phase == CLEANUP_DRAW and step == first:
                    yield from self.cleanup_draw()
                else:
                    yield from self.cleanup()
                if marks:
                    yield Mark("phase-end", step, t.number)
                if t.goto is not None:  # Villa: back to the Action phase
                    todo, t.goto = PHASES[PHASES.index(t.goto):], None
                    break
        if t.returning:  # after Clean-up: Possession's set-aside cards (possession.trash)
            self._move_all(t.player, [c for c in t.returning if c.zone is t.player.aside],
                           t.player.discard, "puts", "possession.trash",
                           dest="into their discard pile",
                           note="trashed on the Possession turn; not a gain")
            t.returning = []
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
            options = self.action_options(p) + (self.debt_options(p) if p.debt else []) \
                + self.coffers_options(p)
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
            if isinstance(card, int):  # Debt paid off (current rules: any time in the turn)
                self.pay_debt(p, card)
                continue
            if isinstance(card, tuple):  # Coffers spent (current rules: any time in the turn)
                self.spend_coffers(p, card[1])
                continue
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
                   for name in [*self.state.supply, *self.state.events]]
                + self.coffers_closed(p))

    # -- Buy phase --------------------------------------------------------------------------
    def buy_phase(self: Game):
        """The Buy phase. A return to the Action phase ends it at once, with no end-of-Buy-phase
        abilities (rule ``turn.phase.return``)."""
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
            elif what == "debt":
                self.pay_debt(p, arg)
            elif what == "coffers":
                self.spend_coffers(p, arg)
            else:
                yield from self.buy_event(p, arg)
            if t.goto is not None:
                return  # back to the Action phase: this Buy phase does not end normally
        if p.mat.cards:
            yield from self.end_of_buy(p)

    def buy(self: Game, p: Player, name: str, card: Card | None = None):
        """Buy a card: pay, use a Buy, "when you buy" effects, then gain it (rule ``buy``).
        ``card``: bought from elsewhere than its Supply pile (the Black Market deck, rule
        ``buy.black-market``): no Buy is used and Treasures may still be played after."""
        t = self.state.turn
        from_pile = card is None  # then the pile's top card when gaining, whichever it is then
        if card is None:
            card = self.state.supply[name].cards[-1]
            t.buys -= 1
            t.treasures_closed = True
        cost = self.cost(card)
        t.bought.append(name)
        self.note(p, "buys", (name,), "" if from_pile else f"from {card.zone.words}",
                  rule="turn.buy.purchase")
        self.pay(p, cost)
        overpaid = (yield from self.overpay(p, card)) if card.d.cost.mark == "+" else 0
        d = p.estate_def if name == "Estate" and p.estate_def else card.d  # will be p's Estate
        event = {"card": card, "overpaid": overpaid}
        own = self.own_ability(p, BEHAVIOURS[d.abilities].on_buy, card, event, event)
        if own is not None or self.reacts("buy", p):
            yield from self.fire("buy", p, own=own, card=card)
        yield from self.gain(p, name, rule="buy", bought=True, card=None if from_pile else card,
                             overpaid=overpaid)

    def overpay(self: Game, p: Player, card: Card):
        """Overpaying for ``card``, a card with a + beside its printed cost, as it is bought
        (rule ``buy.overpay``; the choice, one that can be declined, cites ``choice.optional``):
        any whole number of the $ left, or nothing; returns the $ overpaid, which the card's own
        ability then counts (when bought under its first printing, when gained under the
        current texts). The rules let Potions be overpaid
        too; they are not offered, as no card here counts them (Masterpiece counts $)."""
        t = self.state.turn
        if t.coins <= 0:
            return 0
        n = yield from self.choose(p, f"{card.name}: you may overpay for it (you have "
                                   f"${t.coins} left)",
                                   [*(Option(f"overpay ${i}", i) for i in range(1, t.coins + 1)),
                                    Option("don't overpay", 0)],
                                   rule="choice.optional", card=card.name, kind="overpay",
                                   optional=True)
        if n:
            t.coins -= n
            self.note(p, f"overpays ${n} for", (card.name,), note=f"${t.coins} left",
                      rule="buy.overpay")
        return n

    def buy_one_of(self: Game, p: Player, cards: list[Card], source: str):
        """Buy up to one of ``cards`` now, outside the Buy phase (Black Market, rule
        ``buy.black-market``): Treasures from hand may be played first to pay; the purchase
        uses no Buy and is a buy like any other ("when you buy", "a card you bought"). Not in
        Mission's turn (``turn.extra``), not in Debt (``debt.no-buying``); under the current
        rules Debt may be paid off and Coffers spent first (``debt.pay``, ``coffers.spend``: at
        any time in the turn), under the first printing's not. Returns the card bought, or
        None."""
        t = self.state.turn

        def refused() -> list[Closed]:
            out = []
            for c in cards:
                cost = self.cost(c)
                if t.no_buying_cards:
                    out.append(Closed(f"buy {c.name}", "turn.extra", "no cards can be bought "
                                      "in the extra turn Mission gives"))
                elif p.debt:
                    out.append(Closed(f"buy {c.name}", "debt.no-buying", f"{p.name} has "
                                      f"{p.debt} Debt: nothing can be bought until it is paid off"))
                elif not can_pay(t, cost):
                    out.append(Closed(f"buy {c.name}", "buy.black-market",
                                      f"{c.name} costs {cost}, {short_of(t, cost)}"))
            return out + self.coffers_closed(p)
        while True:
            closed = {x.label for x in refused()}
            options = [Option(f"play {c.name}", c) for c in
                       {c.name: c for c in p.hand.cards if c.d.is_treasure}.values()]
            options += [Option(f"buy {c.name}", c) for c in cards
                        if f"buy {c.name}" not in closed]
            options += self.debt_options(p) if p.debt else []
            options += self.coffers_options(p)
            options.append(Option("buy nothing", None))
            choice = yield from self.choose(p, f"{source}: you may buy one of "
                                            f"{', '.join(c.name for c in cards)}", options,
                                            card=source, kind="buy", optional=True,
                                            explained=refused)
            if choice is None:
                return None
            if isinstance(choice, int):
                self.pay_debt(p, choice)
                continue
            if isinstance(choice, tuple):
                self.spend_coffers(p, choice[1])
                continue
            if choice.zone is p.hand:
                yield from self.play(p, choice, rule="play.treasure")
                continue
            yield from self.buy(p, choice.name, card=choice)
            return choice

    def buy_closed(self: Game, p: Player) -> list[Closed]:
        """What the Buy phase does not offer that a player might expect: Treasures after a
        purchase, cards in Mission's turn, an Event bought as often as it may be, and Reserve
        calls, which wait for their own window."""
        t = self.state.turn
        out = [Closed(f"play {name}", "turn.action", "Action cards are played in the Action "
                      "phase, which is over")
               for name in dict.fromkeys(c.name for c in p.hand.cards
                                         if c.d.is_action and not c.d.is_treasure)]
        if t.treasures_closed:  # by the first Supply card or Event bought (not Black Market's)
            first = next((n for n in t.bought if n in EVENTS or n in self.state.supply),
                         "a card")
            rule = "event.no-treasures-after" if first in EVENTS else "turn.buy.treasures"
            why = f"{first} was bought this turn"
            if not t.bought and t.paid_debt:
                rule, why = "debt.pay", "Debt was paid off this turn (first printing's rules)"
            names = list(dict.fromkeys(c.name for c in p.hand.cards if c.d.is_treasure))
            if sum(c.d.is_treasure for c in p.hand.cards) > 1:
                names.append("all Treasures")
            out += [Closed(f"play {name}", rule, why) for name in names]
        if t.buys > 0 and t.no_buying_cards:  # each card the $ would buy, as its answer reads
            out += [Closed(f"buy {name}", "turn.extra", "no cards can be bought in the extra "
                           "turn Mission gives, only Events")
                    for name in BuyOffer(self).affordable()]
        if t.buys > 0:
            out += [c for c in (self.event_closed(p, name) for name in self.state.events) if c]
        return out + self.coffers_closed(p) + self.closed_reserves(p, None, same_window=False)

    def unbuyable(self: Game) -> list[Closed]:
        """What a Buy cannot take now, too ordinary to list but said when asked for: a card
        or Event costing more than the $, an empty pile, a pile outside the Supply (rules
        ``turn.buy.purchase``, ``event``, ``traveller.nonsupply``)."""
        t = self.state.turn
        if t.buys == 0:
            return []
        if t.player.debt:  # rule debt.no-buying: nothing is offered, each said when asked
            why = f"{t.player.name} has {t.player.debt} Debt: nothing can be bought until it " \
                "is paid off"
            return [Closed(f"buy {name}", "debt.no-buying", why)
                    for name in [*self.state.supply, *self.state.events]]
        out = [Closed(f"buy {name}", "event", f"{name} costs {EVENTS[name].cost}, "
                      f"{short_of(t, EVENTS[name].cost)}")
               for name in self.state.events if not can_pay(t, EVENTS[name].cost)]
        if t.no_buying_cards:
            return out
        affordable = set(BuyOffer(self).affordable())  # the one place a price meets the $
        for name, pile in self.state.supply.items():
            if not pile.cards:
                out.append(Closed(f"buy {name}", "turn.buy.purchase", f"the {name} pile is empty"))
            elif name not in affordable:
                cost = self.cost(pile.cards[-1])
                out.append(Closed(f"buy {name}", "cost.potion" if cost.potion > t.potions
                                  and cost.coins <= t.coins else "turn.buy.purchase",
                                  f"{name} costs {cost}, {short_of(t, cost)}"))
        out += [Closed(f"buy {name}", "traveller.nonsupply", f"{name} is not in the Supply")
                for name in self.state.nonsupply]
        return out

    def event_closed(self: Game, p: Player, name: str) -> Closed | None:
        """An Event marked once per turn (or game) that ``p`` has bought as often as that."""
        once = self.event_once(name)
        if once == "turn" and self.state.turn.events_bought.get(name):
            return Closed(f"buy {name}", "event.once-per-turn", "bought once this turn")
        if once == "game" and self.state.events_bought_game.get((p.index, name)):
            return Closed(f"buy {name}", "event.once-per-game", "bought once this game")
        return None

    def event_once(self: Game, name: str) -> str | None:
        """"turn", "game" or None: the once-per limit of Event ``name``'s text in this game
        (Mission's 2015 text is once per turn, its 2023 text not)."""
        return EVENTS[name].once(self.ruleset, self.state.text_of(name))

    def event_buyable(self: Game, p: Player, name: str) -> bool:
        return can_pay(self.state.turn, EVENTS[name].cost) and \
            self.event_closed(p, name) is None

    def buy_event(self: Game, p: Player, name: str):
        """Buy an Event: pay, use a Buy, do its effect; no card is bought (rule ``event``)."""
        t = self.state.turn
        t.buys -= 1
        t.treasures_closed = True
        t.bought.append(name)
        t.events_bought[name] = t.events_bought.get(name, 0) + 1
        key = (p.index, name)
        self.state.events_bought_game[key] = self.state.events_bought_game.get(key, 0) + 1
        self.note(p, "buys the Event", (name,), rule="event")
        self.pay(p, EVENTS[name].cost)
        yield from perform(BEHAVIOURS[name].on_play, self, p, None)

    def pay(self: Game, p: Player, cost: Cost) -> None:
        """Pay for what ``p`` buys: its $ and Potions from the turn's, and its Debt taken as
        tokens (rules ``turn.buy.purchase``, ``cost.potion``, ``debt.take``). On a Possession
        turn, under Possession's current text ("any cards or Debt they would gain"), the
        possessing player takes the Debt instead (rule ``possession.gain``)."""
        t = self.state.turn
        t.coins -= cost.coins
        t.potions -= cost.potion
        if cost.debt:
            possessor = t.controller if p is t.player and \
                self.state.says(POSSESSION, "takes-their-debt") else None
            taker = possessor or p
            taker.debt += cost.debt
            self.note(taker, f"takes {cost.debt} Debt", (),
                      f"instead of {p.name}" if possessor else "", note=f"now {taker.debt}",
                      rule="possession.gain" if possessor else "debt.take")

    def pay_debt(self: Game, p: Player, n: int) -> None:
        """Pay off ``n`` Debt tokens at $1 each (rule ``debt.pay``); under the first printing's
        rules no Treasure may be played after."""
        t = self.state.turn
        t.coins -= n
        p.debt -= n
        t.paid_debt += n
        if self.ruleset == "2015":
            t.treasures_closed = True
        self.note(p, debt_label(n).replace("pay", "pays", 1), note=f"${n}; {p.debt} left",
                  rule="debt.pay")

    def debt_options(self: Game, p: Player) -> list[Option]:
        """Debt that may be paid off in the Action phase: under the current rules, at any time
        in the turn (rule ``debt.pay``); under the first printing's, in the Buy phase only."""
        t = self.state.turn
        if self.ruleset == "2015" or t.player is not p:
            return []
        return [Option(debt_label(n), n) for n in range(1, min(t.coins, p.debt) + 1)]

    def coffers_now(self: Game, p: Player) -> int:
        """How many of p's Coffers may be spent now (rule ``coffers.spend``): under the current
        rules any of them at any time in p's own turn (in Tavern: whenever p chooses what to do
        in the Action phase, the Buy phase or a Black Market purchase); under the first
        printing's only in p's Buy phase before a card or Event has been bought there (a Buy
        phase Villa or Cavalry starts afresh counts anew) and, under the Empires rulebook,
        not once Debt has been paid off: whenever Treasures may still be played there."""
        t = self.state.turn
        if not p.coffers or t.player is not p:
            return 0
        if self.ruleset == "2015" and (t.phase != "buy" or t.treasures_closed):
            return 0
        return p.coffers

    def coffers_options(self: Game, p: Player) -> list[Option]:
        """Coffers that may be spent outside the Buy phase's own decision (the Action phase, a
        Black Market purchase): under the current rules only (rule ``coffers.spend``)."""
        if self.ruleset == "2015":
            return []
        return [Option(coffers_label(n), ("coffers", n))
                for n in range(1, self.coffers_now(p) + 1)]

    def coffers_closed(self: Game, p: Player) -> list[Closed]:
        """p's Coffers that cannot be spent now in p's own turn, each said when tried: under
        the first printing's rules, outside the Buy phase, after buying, or after paying off Debt
        (``coffers.spend``, ``debt.pay``)."""
        t = self.state.turn
        if not p.coffers or t.player is not p or self.coffers_now(p):
            return []
        rule = "coffers.spend"
        if t.phase != "buy":
            why = "Coffers are spent only in the Buy phase (first printing's rules)"
        elif any(n in EVENTS or n in self.state.supply for n in t.bought):
            why = "Coffers are spent before buying anything (first printing's rules), and " \
                "something was bought"
        else:
            rule, why = "debt.pay", "no Coffers are spent once paying off Debt has begun " \
                "(Empires rulebook)"
        return [Closed(coffers_label(n), rule, why) for n in range(1, p.coffers + 1)]

    def spend_coffers(self: Game, p: Player, n: int) -> None:
        """Remove ``n`` tokens from p's Coffers for +$1 each (rule ``coffers.spend``)."""
        p.coffers -= n
        self.note(p, coffers_label(n).replace("spend", "spends", 1),
                  note=f"+${n}; {p.coffers} left", rule="coffers.spend")
        self.plus_coins(p, n, rule="coffers.spend")

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

    # -- Night phase ------------------------------------------------------------------------
    def night_phase(self: Game):
        """Play any number of Night cards from hand, using no Action (rule ``turn.night``);
        with none in hand the phase passes without a decision."""
        p = self.state.turn.player
        while True:
            options = [Option(f"play {name}", c) for name, c in
                       {c.name: c for c in reversed(p.hand.cards) if c.d.has_type("Night")}.items()]
            if not options:
                return
            options.reverse()
            options.append(Option("end Night phase", None))
            card = yield from self.choose(p, "Night phase: play a Night card?", options,
                                          rule="turn.night", kind="action")
            if card is None:
                return
            yield from self.play(p, card, rule="turn.night")

    # -- Clean-up ---------------------------------------------------------------------------
    def cleanup(self: Game):
        """Discard hand and what leaves play, resolve "when discarded from play" (Travellers),
        then draw the next hand (rules ``turn.cleanup.discard``, ``turn.cleanup.draw``)."""
        t = self.state.turn
        p = t.player
        if len(self.state.extra_turns) > 1:
            yield from self.extra_turn_choices(p)  # before Durations are kept or discarded
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
        """Clean-up's end: draw the next hand (5 cards, or what Outpost left: ``next_hand``),
        then "at the end of your turn" (Save)."""
        p, t = self.state.turn.player, self.state.turn
        yield from self.draw(p, t.next_hand + t.draw_bonus, rule="turn.cleanup.draw")
        if self.reacts("end-of-turn", p):
            yield from self.fire("end-of-turn", p)  # after drawing: Save

    def _say_kept(self: Game, p: Player, kept: list[Card]) -> None:
        """p's cards that stay in play through this Clean-up, each group with its rule: a
        Duration with something left to do, a Command card (an Estate with the Estate token)
        whose played card would have stayed, or a card that played one again."""
        mine = {id(e.card) for e in self.state.pending}  # a Duration effect of its own
        own = [c.name for c in kept if id(c) in mine]
        commands = [c.name for c in kept if id(c) not in mine
                    and "Command" in c.d.types]  # played a card where it lies
        replayers = [c.name for c in kept if id(c) not in mine
                     and "Command" not in c.d.types]
        if own:
            self.note(p, "keeps", tuple(own), "in play", note="effects to come",
                      rule="duration.stays-in-play")
        for c in (c for c in kept if c.name in commands):   # what the card it played kept
            again = ", ".join(dict.fromkeys(t.name for t in c.tracks))
            why = (f"for {again}, played again by the card it played where that card lies"
                   if again else "as the card it played where it lies would have stayed")
            self.note(p, "keeps", (c.name,), "in play", rule="duration.command-tracking",
                      note=why)
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

        def no_pile(c: Card) -> str | None:
            """Why ``c`` cannot be exchanged: no card to take, or no pile to return it to (a
            Traveller bought from the Black Market deck)."""
            for name in (c.name, c.d.upgrade):
                if self.state.pile(name) is None:
                    return f"there is no {name} pile in this game"
            return None if self.state.pile(c.d.upgrade).cards else \
                f"the {c.d.upgrade} pile is empty"

        def collect():
            return [self.trigger(q, f"exchange {c.name} for {c.d.upgrade}", self.exchange, q, c,
                                 optional=True, key=c.uid)
                    for c in travellers(cards) if no_pile(c) is None]

        def empty_pile():
            return _unique([Closed(f"exchange {c.name} for {c.d.upgrade}",
                                   "traveller.exchange.needs-copy", why)
                            for c in travellers(cards) if (why := no_pile(c)) is not None])

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

    def return_to_action_phase(self: Game, p: Player) -> None:
        """Villa, Cavalry: "if it's your Buy phase return to your Action phase" (rule
        ``turn.phase.return``); nothing happens at another time or on another's turn."""
        t = self.state.turn
        if t.player is p and t.phase == "buy":
            t.goto = "action"
            # the next Buy phase starts from its beginning: Treasures may be played again,
            # and Messenger's "first card you gain in your Buy phase" counts afresh
            t.treasures_closed, t.buy_phase_gains = False, 0
            self.note(p, "returns to their Action phase", rule="turn.phase.return")

    # -- extra turns ------------------------------------------------------------------------
    def extra_turns_ahead(self: Game, idx: int) -> list[str]:
        """What gave each extra turn player ``idx`` has set up and not yet taken, in order."""
        return [src for i, src in self.state.extra_turns if i == idx]

    def set_up_extra_turn(self: Game, p: Player, source: str, what: str) -> None:
        """Queue p's extra turn from ``source`` after this one, saying now what the end of the
        turn will do with it (rules ``turn.extra``, ``turn.extra.choice``). A Possession turn
        ahead is another player's doing, not limited by the 3rd-turn rule: it does not count.
        Whether a turn can be a 3rd in a row is its source's text's (``not-a-3rd-turn``)."""
        s = self.state
        ahead = [src for src in self.extra_turns_ahead(p.index) if src != POSSESSION]
        if s.says(source, "not-a-3rd-turn") and (self.would_be_third_turn(p.index)
                                                 or source in ahead):
            self.note(p, "will take no extra turn", rule="turn.extra",  # the end confirms it
                      note=with_text("it would be a 3rd turn in a row", s.text_named(source)))
        elif ahead and source not in ahead:
            both = list(dict.fromkeys([*ahead, source]))
            limited = [src for src in both if s.says(src, "not-a-3rd-turn")]
            how = "one of them is taken, chosen in Clean-up" if limited == both \
                else "both are taken, in the order chosen in Clean-up" if not limited else \
                ("taken in the order chosen in Clean-up; " + " and ".join(limited)
                 + "'s fails if it comes second (not a 3rd turn in a row)")
            self.note(p, f"will take an extra turn{what}", rule="turn.extra.choice",
                      note="besides " + " and ".join(dict.fromkeys(ahead)) + "'s: " + how)
        else:
            self.note(p, f"will take an extra turn{what}", rule="turn.extra",
                      note=s.text_named(source))
        s.extra_turns.append((p.index, source))

    def possess(self: Game, p: Player) -> None:
        """Possession played by ``p``: the player to p's left takes an extra turn after this
        one, ``p`` making their decisions; several Possessions give one turn each, of which
        under the 2023 text only the first is taken (:meth:`fails`; rule ``possession.turn``)."""
        s = self.state
        left = s.players[(p.index + 1) % len(s.players)]
        again = (left.index, POSSESSION) in s.extra_turns and \
            s.says(POSSESSION, "not-a-2nd-extra-turn")
        self.note(left, "will take an extra turn", rule="possession.turn",
                  note=f"after this one, a Possession turn: {p.name} makes their decisions"
                  + (with_text("; not if it would be their 2nd extra turn in a row",
                               s.text_named(POSSESSION)) if again else ""))
        s.extra_turns.append((left.index, POSSESSION))

    def extra_turn_choices(self: Game, p: Player):
        """In Clean-up, with several extra turns waiting: where the texts of all ``p``'s own
        Mission and Outpost turns give no 3rd turn in a row (the 2023 texts), ``p`` first picks
        the one to take (the others fail, as a 3rd turn in a row would); then, with turns from
        more than one source or for more than one player left, ``p`` picks which comes first
        (rule ``turn.extra.choice``); a turn whose text gives no 3rd in a row fails when it
        comes after another. These choices are made between turns: on a Possession turn the
        possessed player makes them, not the possessor (rule ``possession.decides``)."""
        s = self.state
        own = list(dict.fromkeys(src for i, src in s.extra_turns
                                 if i == p.index and src != POSSESSION))
        if len(own) > 1 and all(s.says(src, "not-a-3rd-turn") for src in own) and \
                not self.would_be_third_turn(p.index):
            yield from self.choose_extra_turn(p, own)
        ahead = list(dict.fromkeys(e for e in s.extra_turns if not self.fails(*e)))
        if len(ahead) < 2:
            return
        chosen = yield from self.choose(p, "Clean-up: which extra turn comes first?", [
            Option(f"take first the {src} turn" if i == p.index else
                   f"take first {s.players[i].name}'s {src} turn", (i, src))
            for i, src in ahead], rule="turn.extra.choice", kind="order", own=True)
        first = s.extra_turns.index(chosen)
        s.extra_turns.insert(0, s.extra_turns.pop(first))
        self.note(s.players[chosen[0]], f"takes the {chosen[1]} turn first",
                  note="" if chosen[0] == p.index else f"{p.name}'s choice",
                  rule="turn.extra.choice")

    def choose_extra_turn(self: Game, p: Player, sources: list[str]):
        """``p``'s own Mission and Outpost turns set up in one turn, all with texts that give
        no 3rd turn in a row: ``p`` picks the one to take and the others fail, as a 3rd turn in
        a row would (rule ``turn.extra.choice``). A failed Outpost turn leaves Outpost nothing
        to do."""
        s = self.state
        chosen = yield from self.choose(p, "Clean-up: which extra turn do you take? (the "
                                        "others fail)", [Option(f"take the {src} turn", src)
                                                         for src in sources],
                                        rule="turn.extra.choice", kind="order", own=True)
        taken = (p.index, chosen)  # once: a second Mission bought fails too
        s.extra_turns = [e for k, e in enumerate(s.extra_turns) if e[0] != p.index
                         or e[1] not in sources or s.extra_turns.index(taken) == k]
        for src in sources:
            if src != chosen:
                self.note(p, "takes no extra turn from", (src,), note=f"{chosen}'s was taken",
                          rule="turn.extra.choice")
        s.pending = [e for e in s.pending if not (e.owner == p.index and e.card.name in sources
                                                  and e.card.name != chosen
                                                  and ability(e.card).next_turn is None)]

    def fails(self: Game, idx: int, source: str) -> bool:
        """Whether player ``idx``'s extra turn from ``source`` would fail if it came next: a
        Mission or Outpost turn whose text gives no 3rd turn in a row (the 2023 texts) that
        would be one (rule ``turn.extra``); a Possession turn whose text gives no 2nd extra
        turn in a row (its 2023 text) right after an extra turn of ``idx``'s (rule
        ``possession.turn``)."""
        return bool(self.why_fails(idx, source))

    def why_fails(self: Game, idx: int, source: str) -> str:
        """Why player ``idx``'s extra turn from ``source`` would fail if it came next (see
        :meth:`fails`), "" if it would not."""
        s = self.state
        if s.says(source, "not-a-3rd-turn") and self.would_be_third_turn(idx):
            return "not a 3rd turn in a row"
        if s.says(source, "not-a-2nd-extra-turn") and s.turn.extra and s.turn.player.index == idx:
            return "not a 2nd extra turn in a row"
        return ""

    # -- between turns ----------------------------------------------------------------------
    def game_ends(self: Game) -> bool:
        """Checked at the end of a turn: the Province pile, or three empty Supply piles (four
        with 5 or 6 players) (rules ``game.end``, ``game.end.nonsupply``)."""
        province = self.state.supply.get("Province")
        return (province is not None and not province.cards) or \
            self.state.empty_supply_piles() >= (4 if len(self.state.players) >= 5 else 3)

    def would_be_third_turn(self: Game, idx: int) -> bool:
        """Whether player ``idx``'s next turn would be their 3rd turn in a row, which the
        current extra-turn texts (Mission, Outpost) do not give (rule ``turn.extra``)."""
        return third_in_a_row(self.state, idx)

    def next_turn(self: Game) -> None:
        s = self.state
        t = s.turn
        source = None
        while s.extra_turns and source is None:
            idx, source = s.extra_turns.pop(0)
            if why := self.why_fails(idx, source):
                rule = "possession.turn" if source == POSSESSION else "turn.extra"
                self.note(s.players[idx], "takes no extra turn", rule=rule,
                          note=with_text(why, s.text_named(source)))
                source = None
        rotation = t.rotation or t.player  # whose turn in the rotation the last one followed
        if source is None:
            idx = (rotation.index + 1) % len(s.players)
        extra = source is not None
        player = s.players[idx]
        s.turn = Turn(player, number=t.number + 1, extra=extra, given_by=source,
                      no_buying_cards=source == "Mission",
                      controller=s.players[idx - 1] if source == POSSESSION else None,
                      rotation=rotation if extra and rotation is not player else None)
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


def with_text(note: str, text: str) -> str:
    """A log note with the named text that decided it, where the setup chose one: ``"not a
    3rd turn in a row, by Mission's 2023 text"``."""
    return f"{note}, by {text}" if text else note


def previous_turn_theirs(s: GameState, idx: int) -> bool:
    """Whether the turn before this one was player ``idx``'s (a Possession turn is the
    possessed player's): "if the previous turn wasn't yours" (Mission 2015, Outpost 2022)."""
    return len(s.turn_owners) > 1 and s.turn_owners[-2] == idx


def third_in_a_row(s: GameState, idx: int) -> bool:
    """Whether player ``idx``'s next turn would be their 3rd in a row (a Possession turn is
    theirs too)."""
    return sum(1 for _ in takewhile(lambda i: i == idx, reversed(s.turn_owners))) >= 2


def _unique(closed: list[Closed]) -> list[Closed]:
    """One of each closed answer (two Peasants in play make one closed exchange)."""
    return list(dict.fromkeys(closed))
