"""Dark Ages: Band of Misfits, a Command card (it plays another card). Its way of playing a
Supply card is shared with Empires' Overlord (:func:`play_from_supply`)."""

from __future__ import annotations

from collections.abc import Callable

from dominion_tavern.rulebook.carddata import CARDS, CardDef, Cost
from dominion_tavern.rulebook.engine.registry import ability, on_play, perform


@on_play("Band of Misfits")
def band_of_misfits(g, p, me):
    """Current: play a non-Command non-Duration Action card from the Supply that costs less
    than this, leaving it there. First printing (2015 ruleset): play this as that card; it is
    that card (name, cost, types) until it leaves play (its FAQ)."""
    limit = g.cost(me)
    current = g.ruleset == "current"
    kind = "a non-Command non-Duration Action card" if current else "an Action card"
    yield from play_from_supply(
        g, p, me, f"{kind} from the Supply costing less than {limit}",
        lambda d, cost: cost.less_than(limit) and (
            not current or ("Command" not in d.types and not d.is_duration)))


def play_from_supply(g, p, me, what: str, fits: Callable[[CardDef, Cost], bool], *,
                     as_that_card: bool | None = None):
    """A Command card's play (Band of Misfits, Overlord, Captain; rule
    ``play.leaving-it-there``): pick the top card of a Supply pile, an Action card that
    ``fits`` (its data, its cost now), and play it leaving it there (``duration.command-
    tracking``); or, ``as_that_card`` (by default under the first printings, the 2015 ruleset),
    ``me`` is that card until it leaves play."""
    names = [name for name, pile in g.state.supply.items()
             if pile.cards and pile.cards[-1].d.is_action
             and fits(pile.cards[-1].d, g.cost(pile.cards[-1]))]
    if not names:
        g.note(p, "plays nothing", note=f"{me.name}: no pile's top card is {what}",
               rule="play.leaving-it-there")
        return
    name = yield from g.pick_pile(p, names, "play", f"{me.name}: play {what}", card=me.name,
                                  rule="play.leaving-it-there")
    if not (g.ruleset == "2015" if as_that_card is None else as_that_card):
        yield from g.play(p, g.state.supply[name].cards[-1], by=me, again=True,
                          rule="play.leaving-it-there")  # duration.command-tracking
        return
    me.d = CARDS[name]
    g.note(p, "plays", (me.name,), f"as {name}", note="it is that card until it leaves play",
           rule="play.leaving-it-there")
    yield from perform(ability(me).on_play, g, p, me)
