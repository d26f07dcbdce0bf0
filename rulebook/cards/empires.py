"""Empires: cards costing Debt (Engineer, City Quarter, Overlord), Crown, an Action–Treasure,
and Overlord, a Command card."""

from __future__ import annotations

from dominion_tavern.rulebook.cards.dark_ages import play_from_supply
from dominion_tavern.rulebook.engine.registry import on_play


@on_play("Engineer")
def engineer(g, p, me):
    yield from _gain_up_to_4(g, p)
    if me.zone is p.play and (yield from g.may(
            p, "Engineer: you may trash this; if you do, gain a card costing up to $4",
            "trash Engineer", "don't trash", card="Engineer")):
        g.trash(p, [me])
        yield from _gain_up_to_4(g, p)


def _gain_up_to_4(g, p):
    """Engineer's gain, made twice when it trashes itself (a Debt cost is never "up to $4":
    choose_gain compares costs part by part, rule ``cost.debt``)."""
    yield from g.choose_and_gain(p, "Engineer: gain a card costing up to $4", up_to=4,
                                 card="Engineer")


@on_play("City Quarter")
def city_quarter(g, p, me):
    g.plus_actions(p, 2)
    actions = [c for c in p.hand.cards if c.d.is_action]
    g.reveal(p, list(p.hand.cards), "from hand (their whole hand)")
    yield from g.draw(p, len(actions))


@on_play("Crown")
def crown(g, p, me):
    """In the Action phase an Action twice, in the Buy phase a Treasure twice: the phase
    decides, not how Crown was played (Storyteller playing it in the Action phase doubles an
    Action, Crown's FAQ)."""
    phase = g.state.turn.phase
    if phase not in ("action", "buy"):
        g.note(p, "plays nothing twice", note=f"Crown does nothing in the {phase} phase",
               rule="play.replay")
        return
    action = phase == "action"
    cards = [c for c in p.hand.cards if (c.d.is_action if action else c.d.is_treasure)]
    card = yield from g.pick_card(p, cards, "play", "Crown: you may play "
                                  f"{'an Action' if action else 'a Treasure'} from your hand "
                                  "twice", optional=True, none_label="play nothing",
                                  card="Crown")
    if card:
        yield from g.play(p, card, by=me, rule="play.replay")
        yield from g.play(p, card, by=me, again=True, rule="play.replay")


@on_play("Overlord")
def overlord(g, p, me):
    """Current: play a non-Command Action card from the Supply costing up to $5, leaving it
    there. First printing (2015 ruleset): play this as if it were an Action card in the Supply
    costing up to $5; it is that card until it leaves play (as Band of Misfits' first
    printing)."""
    current = g.ruleset == "current"
    kind = "a non-Command Action card" if current else "an Action card"
    yield from play_from_supply(
        g, p, me, f"{kind} from the Supply costing up to $5",
        lambda d, cost: cost.at_most(5) and (not current or "Command" not in d.types))
