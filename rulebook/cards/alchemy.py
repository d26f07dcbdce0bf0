"""Alchemy: Potion, the second currency; University and Golem, Kingdom cards costing a Potion;
and Possession, another player's turn under your control."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, resumes
from dominion_tavern.rulebook.engine.state import move
from dominion_tavern.rulebook.engine.turn import POSSESSION


@on_play("Potion")
def potion(g, p, me):
    g.plus_potions(p, 1)


@on_play("University")
def university(g, p, me):
    g.plus_actions(p, 2)
    yield from g.choose_and_gain(p, "University: you may gain an Action card costing up to $5",
                                 up_to=5, where=lambda d: d.is_action, optional=True,
                                 card="University")


@on_play("Golem")
def golem(g, p, me):
    """Reveal cards from your deck until you reveal 2 Action cards other than Golems. Discard
    the other cards, then play the Action cards in either order. The revealed cards wait
    apart from the deck, so a shuffle takes only the discard pile (Golem's FAQ)."""
    found, others = [], []
    while len(found) < 2:
        top = yield from g.peek(p, 1, "reveal")
        if not top:
            break
        card = top[0]
        g.reveal(p, [card], "from their deck", rule="reveal")
        move(card, p.aside)
        (found if card.d.is_action and card.name != "Golem" else others).append(card)
    g.discard(p, [c for c in others if c.zone is p.aside])
    if len(found) == 2:
        first = yield from g.pick_card(p, found, "play", "Golem: which Action card do you "
                                       "play first?", card="Golem")
        found = [first, *(c for c in found if c is not first)]
    for card in found:  # not from the hand, and each must be played
        if card.zone is p.aside:
            yield from g.play(p, card, by=me, rule="play")


@on_play("Possession")
def possession(g, p, me):
    g.possess(p)


@resumes("Possession")
def possession_resume(state, p, card, entry) -> None:
    """A position with Possession played this turn: the Possession turns it gave are still to
    come (as :meth:`TurnLoop.possess`, once per play)."""
    if card.since == state.turn.number and p is state.turn.player:
        left = state.players[(p.index + 1) % len(state.players)]
        state.extra_turns += [(left.index, POSSESSION)] * entry["times"]
