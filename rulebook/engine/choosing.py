"""Asking players: every choice becomes a pending :class:`Decision` the game waits on.

These helpers are generators: card code writes ``x = yield from g.pick_card(...)``. A decision
with exactly one legal answer is taken without asking (rule ``choice.only-option``); when it is
a card's choice with something to pick, the log says it was forced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dominion_tavern.rulebook.carddata import Cost
from dominion_tavern.rulebook.engine.decisions import Closed, Decision, Option
from dominion_tavern.rulebook.engine.state import Card, Player

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game


def card_label(card: Card, now: int) -> str:
    """A card's label in options: its name, marked when in play from an earlier turn."""
    if card.zone is not None and card.zone.kind == "play" and card.since < now:
        return f"{card.name} (earlier turn)"
    return card.name


class Choosing:
    def ask(self: Game, d: Decision):
        """Yield ``d`` to whoever answers, unless only one answer is legal. Returns the option
        (or, for a multi-pick, the list of options) chosen."""
        if d.kind != "chance":
            _hand_known(self, d.player)
            t = self.state.turn
            if t.controller is not None and not d.own and d.player == t.player.name:
                d.decider, d.control = t.controller.name, "Possession turn"  # possession.decides
        only = d.forced()
        if only is not None:
            picked = d.resolve(only)
            if d.card is not None and only:
                self._log_forced(d, picked)
                self.forced.append((d, picked))
            return picked
        answer = yield d
        return answer

    def _log_forced(self: Game, d: Decision, picked: Any) -> None:
        """"Ann must trash Estate (the only legal choice for Remodel)"."""
        if d.multi:
            verb, cards = f"must {d.verb}", tuple(o.label for o in picked)
        elif d.private:  # "set aside Gold" as verb and card, so the card can be hidden
            verb, cards = f"must {d.kind}", (picked.label.removeprefix(f"{d.kind} "),)
        else:
            verb, cards = f"must {picked.label}", ()
        self.note(self.player(d.player), verb, cards, rule="choice.only-option",
                  note=f"the only legal choice for {d.card}",
                  private=d.player if d.private else None)

    def choose(self: Game, p: Player, prompt: str, options: list[Option], *,
               rule: str | None = None, card: str | None = None, kind: str = "choose",
               closed: Callable[[], list[Closed]] | None = None, private: bool = False,
               optional: bool = False, explained: Callable[[], list[Closed]] | None = None,
               own: bool = False):
        """Pick one option; returns its value. ``optional``: one of the options declines (it
        does nothing), so the decision cites ``choice.optional`` unless ``rule`` is given
        (see :class:`Decision`). ``closed`` lists the answers the rules close now (called
        only if someone asks, while the decision is pending); ``private``: the card picked
        goes face down (Save), so a forced pick is logged for its player only; ``own``: p decides
        even on a turn another player controls (a choice between turns)."""
        picked = yield from self.ask(Decision(p.name, prompt, options, rule=rule, card=card,
                                              kind=kind, closed_by=closed, private=private,
                                              optional=optional, explained_by=explained,
                                              own=own))
        return picked.value

    def may(self: Game, p: Player, prompt: str, yes: str, no: str, *,
            rule: str | None = None, card: str | None = None):
        """A 'you may' with labelled answers (``no`` declines); returns True for ``yes``."""
        return (yield from self.choose(p, prompt, [Option(yes, True), Option(no, False)],
                                       rule=rule, card=card, kind="may", optional=True))

    def pick_card(self: Game, p: Player, cards: Iterable[Card], verb: str, prompt: str, *,
                  optional: bool = False, none_label: str = "", rule: str | None = None,
                  card: str | None = None, private: bool = False):
        """Pick one of ``cards`` (labels ``"VERB NAME"``); None if optional and declined or if
        there is nothing to pick."""
        now = self.state.turn.number
        options: list[Option] = []
        seen: set[str] = set()
        for c in cards:
            label = f"{verb} {card_label(c, now)}"
            if label not in seen:  # same-named cards in one place are interchangeable
                seen.add(label)
                options.append(Option(label, c))
        if not options:  # said, so a script's next answer is not read as this one's
            self.note(p, f"has no card to {verb}", note=prompt, rule="choice.do-what-you-can")
            return None
        if optional:
            options.append(Option(none_label or f"{verb} nothing", None))
        return (yield from self.choose(p, prompt, options, rule=rule, card=card, kind=verb,
                                       private=private, optional=optional))

    def pick_cards(self: Game, p: Player, cards: Iterable[Card], verb: str, prompt: str, *,
                   lo: int = 0, hi: int | None = None, ordered: bool = False,
                   rule: str | None = None, card: str | None = None,
                   private: bool = False):
        """Pick between ``lo`` and ``hi`` of ``cards``; answered ``"VERB: A, B"``. Returns the
        cards, in the order named. ``lo`` is lowered to what is available; ``private`` as for
        :meth:`choose` (Gear)."""
        now = self.state.turn.number
        cards = list(cards)
        hi = len(cards) if hi is None else min(hi, len(cards))
        options = [Option(card_label(c, now), c) for c in cards]
        d = Decision(p.name, prompt, options, min=min(lo, len(cards)), max=hi, verb=verb,
                     ordered=ordered, rule=rule, card=card, kind=verb, multi=True,
                     private=private)
        picked = yield from self.ask(d)
        return [o.value for o in picked]

    def pick_pile(self: Game, p: Player, piles: Iterable[str], verb: str, prompt: str, *,
                  optional: bool = False, rule: str | None = None,
                  card: str | None = None,
                  explained: Callable[[], list[Closed]] | None = None):
        """Pick a pile by card name (``"gain Silver"``); None if optional and declined.
        ``explained``: the piles refused, each with why, said when one is answered."""
        options = [Option(f"{verb} {name}", name) for name in piles]
        if not options:
            return None
        if optional:
            options.append(Option(f"{verb} nothing", None))
        return (yield from self.choose(p, prompt, options, rule=rule, card=card, kind=verb,
                                       optional=optional, explained=explained))

    def choose_gain(self: Game, p: Player, prompt: str, *, up_to: Cost | int | None = None,
                    exactly: Cost | int | None = None, where=None, optional: bool = False,
                    rule: str | None = None, card: str | None = None,
                    verb: str = "gain"):
        """Choose a Supply card to gain by its cost now (``up_to`` or ``exactly``) and ``where``
        (a predicate on the card's data); costs compare part by part, so "up to $5" leaves out
        a card with a Potion or Debt in its cost (rule ``card.cost``). Returns the name, or
        None when nothing qualifies (or when ``optional`` and declined). A gain that must be
        made cites ``gain.supply-only`` (where its options come from) unless ``rule`` is given;
        an optional one, 'you may'."""
        own_rule = rule  # the card's own, if it names one: its condition's rule
        if rule is None and not optional:
            rule = "gain.supply-only"
        names = []
        refused: list[Closed] = []  # each pile left out, with why: said if it is answered
        for name, pile in self.state.supply.items():
            why = _refused(self, name, pile.cards, up_to, exactly, where, card, verb, own_rule)
            if why is None:
                names.append(name)
            else:
                refused.append(Closed(f"{verb} {name}", *why))
        refused += [Closed(f"{verb} {name}", "gain.supply-only", f"{name} is not in the Supply")
                    for name in self.state.nonsupply]
        if not names:
            self.note(p, "can gain nothing", note=prompt, rule="gain.empty")
            return None
        return (yield from self.pick_pile(p, names, verb, prompt, optional=optional,
                                          rule=rule, card=card, explained=lambda: refused))

    def choose_and_gain(self: Game, p: Player, prompt: str, *, to: str = "discard", **how):
        """Choose a card to gain as :meth:`choose_gain` does (``how``: its keywords) and gain
        it to ``to``: the gain most cards make ("gain a card costing up to $4"). Returns the
        name gained, or None."""
        name = yield from self.choose_gain(p, prompt, **how)
        if name:
            yield from self.gain(p, name, to=to)
        return name


def _refused(g: Game, name: str, cards: list[Card], up_to: Cost | int | None,
             exactly: Cost | int | None,
             where, card: str | None, verb: str, rule: str | None) -> tuple[str, str] | None:
    """Why a Supply pile is not among a gain's choices (rule, reason), or None if it is."""
    if not cards:
        return "gain.empty", f"the {name} pile is empty"
    cost = g.cost(cards[-1])
    if up_to is not None and not cost.at_most(up_to):
        return _cost_rule(cost), f"{name} costs {cost}, {_not_up_to(cost, Cost.of(up_to))}"
    if exactly is not None and not cost.is_exactly(exactly):
        return _cost_rule(cost), f"{name} costs {cost}, not exactly {Cost.of(exactly)}"
    if where is not None and not where(cards[-1].d):
        return (rule or "card.types",
                f"{name} is not the kind of card {card or 'it'} can {verb}")
    return None


def _cost_rule(cost: Cost) -> str:
    """The rule a cost comparison leaves a card out by: a Potion or Debt in its cost, or $."""
    return "cost.potion" if cost.potion else "cost.debt" if cost.debt else "card.cost"


def _not_up_to(cost: Cost, limit: Cost) -> str:
    """Why ``cost`` is not up to ``limit``, in the part that is over."""
    if cost.coins > limit.coins or cost.plain:
        return f"more than {limit}"
    return f"not up to {limit}: {'a Potion' if cost.potion > limit.potion else 'Debt'} is " \
        "not $"


def _hand_known(g: Game, name: str) -> None:
    """A player never decides with a hand whose cards are still unknown: the engine makes it
    known first wherever a hand can be read (``Knowing.know_hand``); reaching here without it is
    an engine fault, never a ruling."""
    for p in g.state.players:
        if p.deal and p.name == name:
            raise AssertionError(f"{name} is asked to decide while their hand is unknown "
                                 "(a place that reads hands does not make them known first)")
