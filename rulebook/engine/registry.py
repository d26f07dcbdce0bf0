"""Card behaviour: what each card does, registered by name with decorators.

Card code receives the game ``g``, the player ``p`` and the card ``me`` (the very card object
being played or called), and reads like the printed text. A function that has to ask the
player something is a generator and asks with ``yield from g.<helper>(...)``; a function that
never asks may be a plain function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import GeneratorType
from typing import Any

from dominion_tavern.rulebook.engine.state import Lasting, Pending

Effect = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class WhenAbility:
    """A "when you gain this" / "when you buy this" ability: ``fn`` does it, ``what`` says
    what it does (the answer that orders it among other effects reads "Port: gain another
    Port"), and ``applies`` (g, p, me, event) -> bool says whether it does anything now (the
    ruleset's text, Messenger's first buy), so an ability that would do nothing is not offered.
    ``moment`` is ``gain`` or ``buy``: when it happens, and the rule id the log cites."""

    fn: Effect
    what: str
    applies: Callable[..., bool] | None = None
    moment: str = "gain"

    def label(self, card_name: str) -> str:
        return f"{card_name}: {self.what}"


@dataclass
class Behaviour:
    name: str
    on_play: Effect | None = None           # (g, p, me)
    coins: int = 0                          # a Treasure's printed $ (given when played)
    vp: int | Callable[..., int] = 0        # VP, or (g, p, me) -> VP at the end of the game
    call_window: str | None = None          # Reserve: the window the card may be called in
    on_call: Effect | None = None           # (g, p, me, event)
    why_not: Callable[..., str | None] | None = None  # (g, p, me, event) -> why it can't be
    #                                                   called now, or None when it can
    on_gain: WhenAbility | None = None      # "when you gain this": fn(g, p, me, event)
    on_buy: WhenAbility | None = None       # "when you buy this": fn(g, p, me, event)
    reaction: Effect | None = None          # to another player's Attack: (g, p, me, attack)
    reaction_verb: str = "reveal"
    next_turn: Effect | None = None         # Duration, next turn: (g, p, me, data)
    lasting: dict[str, Callable[..., Any]] = field(default_factory=dict)  # window -> trigger maker
    cost_change: Callable[..., int] | None = None  # while in the turn player's play: (g, me, d)
    in_play: dict[str, Effect] = field(default_factory=dict)  # window -> (g, p, me, event)
    resume: Callable[..., None] | None = None  # rebuild a Duration's effects in a position


BEHAVIOURS: dict[str, Behaviour] = {}


def ability(card) -> Behaviour:
    """What ``card`` does: its own behaviour, or the inherited one (Inheritance's Estates)."""
    return BEHAVIOURS[card.d.abilities]


def behaviour(name: str) -> Behaviour:
    if name not in BEHAVIOURS:
        BEHAVIOURS[name] = Behaviour(name)
    return BEHAVIOURS[name]


def on_play(name: str) -> Callable[[Effect], Effect]:
    """Register what a card does when played."""
    def register(fn: Effect) -> Effect:
        behaviour(name).on_play = fn
        return fn
    return register


def when_called(name: str, window: str, why_not: Callable[..., str | None] | None = None):
    """Register a Reserve card's text below the line: callable in ``window``, unless
    ``why_not(g, p, me, event)`` gives a reason it cannot be called now."""
    def register(fn: Effect) -> Effect:
        b = behaviour(name)
        b.call_window, b.on_call, b.why_not = window, fn, why_not
        return fn
    return register


def when_gained(name: str, what: str, applies: Callable[..., bool] | None = None):
    """Register "when you gain this, WHAT", done only if ``applies(g, p, me, event)``."""
    def register(fn: Effect) -> Effect:
        behaviour(name).on_gain = WhenAbility(fn, what, applies)
        return fn
    return register


def when_bought(name: str, what: str, applies: Callable[..., bool] | None = None):
    """Register "when you buy this, WHAT", done only if ``applies(g, p, me, event)``."""
    def register(fn: Effect) -> Effect:
        behaviour(name).on_buy = WhenAbility(fn, what, applies, moment="buy")
        return fn
    return register


def reacts_to_attack(name: str, verb: str = "reveal"):
    """Register a Reaction to another player's Attack (``verb``: reveal it, or play it)."""
    def register(fn: Effect) -> Effect:
        b = behaviour(name)
        b.reaction, b.reaction_verb = fn, verb
        return fn
    return register


def at_next_turn(name: str):
    """Register a Duration card's effect at the start of the owner's next turn (every turn,
    when scheduled ``forever``). ``data`` is what the play set up (Gear's cards)."""
    def register(fn: Effect) -> Effect:
        behaviour(name).next_turn = fn
        return fn
    return register


def resumes(name: str):
    """Register how a position (a scenario) rebuilds the pending effects of a Duration card
    already in play: ``(state, owner, card, entry)``, ``entry`` being its description."""
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        behaviour(name).resume = fn
        return fn
    return register


def resume_pending(state, p, card, entry, data=None, forever=False) -> None:
    """For a ``resumes`` function: the card's next-turn part, once per play (``entry``'s
    ``times``), as playing it set it up."""
    for _ in range(int(entry.get("times", 1))):
        state.pending.append(Pending(p.index, card, data, forever=forever))


def resume_lasting(state, p, card, entry, source, window, until, data=None) -> None:
    """For a ``resumes`` function: an effect of the card that lasts until ``until``, once per
    play, as playing it set it up (see :func:`lasting`)."""
    for _ in range(int(entry.get("times", 1))):
        state.lasting.append(Lasting(p.index, source, window, until, card, data, card.since))


def changes_cost(name: str):
    """Register a cost change that works while the card is in the turn player's play area:
    ``(g, me, carddef) -> delta``."""
    def register(fn: Callable[..., int]) -> Callable[..., int]:
        behaviour(name).cost_change = fn
        return fn
    return register


def lasting(name: str, window: str):
    """Register an effect that lasts beyond the play of ``name`` (a card or an Event) and
    reacts in ``window``: ``(g, owner, effect, event) -> Trigger | None``."""
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        behaviour(name).lasting[window] = fn
        return fn
    return register


def while_in_play(name: str, window: str):
    """Register an ability that works while the card is in play (Goons' VP on buying)."""
    def register(fn: Effect) -> Effect:
        behaviour(name).in_play[window] = fn
        return fn
    return register


def worth(name: str):
    """Register a Victory card's VP rule computed at the end of the game."""
    def register(fn: Callable[..., int]) -> Callable[..., int]:
        behaviour(name).vp = fn
        return fn
    return register


def treasure(name: str, coins: int) -> None:
    behaviour(name).coins = coins


def victory(name: str, vp: int) -> None:
    behaviour(name).vp = vp


def perform(fn: Effect, *args: Any):
    """Run a card effect, whether it asks anything (a generator) or not (a plain function,
    whose return value, such as the cards a move returns, is not part of the game's flow)."""
    result = fn(*args)
    if isinstance(result, GeneratorType):
        yield from result
