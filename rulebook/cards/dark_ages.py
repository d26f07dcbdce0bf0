"""Dark Ages: Band of Misfits, a Command card (it plays another card)."""

from __future__ import annotations

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.registry import ability, on_play, perform


@on_play("Band of Misfits")
def band_of_misfits(g, p, me):
    """Current: play a non-Command non-Duration Action card from the Supply that costs less
    than this, leaving it there. First printing (2015 ruleset): play this as that card; it is
    that card (name, cost, types) until it leaves play (its FAQ)."""
    limit = g.cost(me)
    current = g.ruleset == "current"

    def playable(card) -> bool:
        d = card.d
        if not d.is_action or not g.cost(card).less_than(limit):
            return False
        return not current or ("Command" not in d.types and not d.is_duration)

    names = [name for name, pile in g.state.supply.items()
             if pile.cards and playable(pile.cards[-1])]
    kind = "a non-Command non-Duration Action card" if current else "an Action card"
    if not names:
        g.note(p, "plays nothing", rule="play.leaving-it-there",
               note=f"Band of Misfits: the Supply has no {kind.split(' ', 1)[1]} "
                    "costing less than it on top of a pile")
        return
    name = yield from g.pick_pile(p, names, "play", f"Band of Misfits: play {kind} from the "
                                  f"Supply costing less than {limit}", card="Band of Misfits",
                                  rule="play.leaving-it-there")
    if current:
        yield from g.play(p, g.state.supply[name].cards[-1], by=me, again=True,
                          rule="play.leaving-it-there")  # duration.command-tracking
        return
    me.d = CARDS[name]
    g.note(p, "plays", (me.name,), f"as {name}", note="it is that card until it leaves play",
           rule="play.leaving-it-there")
    yield from perform(ability(me).on_play, g, p, me)
