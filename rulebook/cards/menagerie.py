"""Menagerie: Toil, an Event that plays an Action card outside the Action phase."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play


@on_play("Toil")
def toil(g, p, _):
    g.plus_buys(p, 1)
    card = yield from g.pick_card(p, [c for c in p.hand.cards if c.d.is_action], "play",
                                  "Toil: you may play an Action card from your hand",
                                  optional=True, none_label="play nothing", card="Toil")
    if card:
        yield from g.play(p, card, rule="play")  # uses no Action (Toil's FAQ)
