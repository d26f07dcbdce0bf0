"""Nocturne: Night cards gained to the hand and played in the Night phase (rule ``turn.night``),
Duration cards all three."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import (
    at_next_turn,
    on_play,
    resume_lasting,
    resume_pending,
    resumes,
)


@on_play("Ghost Town")
def ghost_town(g, p, me):
    g.schedule(p, me)


@at_next_turn("Ghost Town")
def ghost_town_next(g, p, me, data):
    yield from g.draw(p, 1)
    g.plus_actions(p, 1)


@on_play("Guardian")
def guardian(g, p, me):
    """Until your next turn Attacks other players play don't affect you (the Reactions in
    your hand still may be used); at its start, +$1."""
    g.add_lasting(p, "Guardian", "shield", "owner-turn-start", card=me)
    g.schedule(p, me)


@at_next_turn("Guardian")
def guardian_next(g, p, me, data):
    g.plus_coins(p, 1)


@resumes("Guardian")
def guardian_resume(state, p, card, entry) -> None:
    """A Guardian a position places in play from an earlier turn: its +$1 to come and its
    shield until then, as playing it made them."""
    resume_pending(state, p, card, entry)
    resume_lasting(state, p, card, entry, "Guardian", "shield", "owner-turn-start")


@on_play("Den of Sin")
def den_of_sin(g, p, me):
    g.schedule(p, me)


@at_next_turn("Den of Sin")
def den_of_sin_next(g, p, me, data):
    yield from g.draw(p, 2)
