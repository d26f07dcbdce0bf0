"""Seaside: Outpost, the extra turn with a smaller hand that Adventures rulings meet."""

from __future__ import annotations

from dominion_tavern.rulebook.engine.registry import on_play, resumes
from dominion_tavern.rulebook.engine.state import GameState, Pending, Player
from dominion_tavern.rulebook.engine.turn import previous_turn_theirs, third_in_a_row, with_text


@on_play("Outpost")
def outpost(g, p, me):
    """Outpost's text in this game decides (``setup.texts``; rules ``turn.extra``,
    ``turn.cleanup.draw``). 2009 and 2023: this Clean-up draws 3 cards (2009: "in this turn's
    Clean-up"; 2023: "for your next hand"), and an extra turn that is never a 3rd turn in a row;
    a second Outpost in one turn gives no second turn. 2022: both only if this is the first
    Outpost played this turn and the previous turn was not the player's; else it does nothing
    (and leaves play in this Clean-up)."""
    s = g.state
    if why := gives_nothing(s, p):
        g.note(p, "gets nothing from", ("Outpost",), rule="turn.extra",
               note=with_text(why, s.text_named("Outpost")))
        return
    s.turn.next_hand = 3
    g.note(p, "will draw only 3 cards for their next hand", rule="turn.cleanup.draw",
           note=s.text_named("Outpost"))
    if g.would_be_third_turn(p.index):
        g.note(p, "takes no extra turn", note="not a 3rd turn in a row", rule="turn.extra")
    elif "Outpost" in g.extra_turns_ahead(p.index):
        g.note(p, "takes no second extra turn", note="an Outpost already gave one this turn",
               rule="turn.extra")
    else:
        g.set_up_extra_turn(p, "Outpost", "")
        g.schedule(p, me)  # stays in play until the end of the extra turn


def gives_nothing(s: GameState, p: Player) -> str:
    """Why Outpost's text in this game gives ``p`` nothing now, "" if it does its all: the
    conditions its words set (the 2022 text: "If this is the first time you played an Outpost
    this turn, and the previous turn wasn't yours"; a Possession turn is the possessed
    player's; Throne Room's second play of it is not the first)."""
    if s.says("Outpost", "first-this-turn") and s.turn.played.count("Outpost") > 1:
        return "not the first Outpost played this turn"
    if s.says("Outpost", "previous-turn-not-yours") and previous_turn_theirs(s, p.index):
        return "the previous turn was theirs"
    return ""


@resumes("Outpost")
def outpost_resume(state, p, card, entry) -> None:
    """A position with Outpost played this turn: its 3-card hand, and its extra turn unless
    it would be a 3rd turn in a row or another Outpost gave one (as :func:`outpost`; on a
    Possession turn, the Outpost turn is the player's 2nd in a row). Under the 2022 text,
    nothing if the previous turn was the player's."""
    t = state.turn
    if card.since != t.number or p is not t.player:
        return  # an Outpost played earlier: this turn is its extra turn, nothing left to do
    if state.says("Outpost", "previous-turn-not-yours") and \
            previous_turn_theirs(state, p.index):
        return
    t.next_hand = 3
    if not third_in_a_row(state, p.index) and (p.index, "Outpost") not in state.extra_turns:
        state.extra_turns.append((p.index, "Outpost"))
        state.pending.append(Pending(p.index, card))
