"""Seaside: Outpost, the extra turn with a smaller hand that Adventures rulings meet."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, resumes
from dominion_tavern.rulebook.engine.state import Pending
from dominion_tavern.rulebook.engine.turn import third_in_a_row


@on_play("Outpost")
def outpost(g, p, me):
    """Both texts make this Clean-up draw 3 cards (2009: "in this turn's Clean-up"; 2023: "for
    your next hand"), and give an extra turn that is never a 3rd turn in a row; a second
    Outpost in one turn gives no second turn (rules ``turn.extra``, ``turn.cleanup.draw``)."""
    g.state.turn.next_hand = 3
    g.note(p, "will draw only 3 cards for their next hand", rule="turn.cleanup.draw")
    if g.would_be_third_turn(p.index):
        g.note(p, "takes no extra turn", note="not a 3rd turn in a row", rule="turn.extra")
    elif "Outpost" in g.extra_turns_ahead(p.index):
        g.note(p, "takes no second extra turn", note="an Outpost already gave one this turn",
               rule="turn.extra")
    else:
        g.set_up_extra_turn(p, "Outpost", "")
        g.schedule(p, me)  # stays in play until the end of the extra turn


@resumes("Outpost")
def outpost_resume(state, p, card, entry) -> None:
    """A position with Outpost played this turn: its 3-card hand, and its extra turn unless
    it would be a 3rd turn in a row or another Outpost gave one (as :func:`outpost`; on a
    Possession turn, the Outpost turn is the player's 2nd in a row)."""
    t = state.turn
    if card.since != t.number or p is not t.player:
        return  # an Outpost played earlier: this turn is its extra turn, nothing left to do
    t.next_hand = 3
    if not third_in_a_row(state, p.index) and (p.index, "Outpost") not in state.extra_turns:
        state.extra_turns.append((p.index, "Outpost"))
        state.pending.append(Pending(p.index, card))
