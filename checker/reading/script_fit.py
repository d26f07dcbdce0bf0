"""Scripts written before the game is played: two kinds of entry a judge writes without knowing
which choices the game will make by itself, accepted as written by the runner and the explorer
alike (checker/README.md, "Scripts written before the game is played"):

* an entry naming the only legal answer of a choice the game took without asking (rule
  ``choice.only-option``) since the last answer is that choice's answer. The script is read in
  the game's order, so such an entry goes to the choice taken by itself even when the pending
  decision offers the same answer: that decision needs an entry of its own after it;
* ``end Action phase`` while the Action phase is current, even when it ended by itself (no
  Action card to play, or no Action left) since the last answer.

Neither adds anything to the decisions' legal options: the entry is read, and nothing is
answered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.stop_points import Stop, Stopper
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.engine.game import Factory, Game

END_ACTION = "end Action phase"


class ScriptFit:
    """Reads one game's script entries against the choices it made by itself. Call
    :meth:`taken` with each entry before answering with it, and :meth:`answering` just before
    an entry is given as an answer. ``stopper`` is the game's stop callback, which sees each
    phase end (:attr:`Stopper.action_ended`)."""

    def __init__(self, stopper: Stopper) -> None:
        self.stopper = stopper
        self.used = 0   # choices taken by themselves since the last answer that entries named
        self.action_read = False  # an "end Action phase" was read since the last answer

    def answering(self) -> None:
        self.used = 0
        self.action_read = False
        self.stopper.action_ended = None

    def taken(self, g: Game, entry: str) -> str | None:
        """How ``entry`` is read without an answer (None: it answers the pending decision)."""
        for j in range(self.used, len(g.forced)):
            d, picked = g.forced[j]
            try:
                named = d.chosen_label(d.resolve(entry))
            except IllegalAnswer:
                continue
            if named == d.chosen_label(picked):
                self.used = j + 1
                return f"{d.player}'s \"{d.prompt}\" had only this answer, taken without asking"
        t = g.state.turn
        if entry == END_ACTION and t.phase != "action" and not self.action_read and \
                self.stopper.action_ended == t.number and g.answers[-1:] != [END_ACTION]:
            self.action_read = True
            return "the Action phase had ended by itself"
        return None


def given_answers(factory: Factory, script: Sequence[str],
                  play: Callable[[Game], object] | None = None) -> list[str]:
    """The entries of ``script`` that answer decisions, in order: those read without an answer
    (see the module doc) left out, so that a replay of them reaches the same game. ``play``
    gives the answers that come before each entry (the players' policies). An entry that fits
    nothing, or leaves a chance step open, is kept with those after it as written, for the
    replay (or the explorer's branches) to take."""
    given: list[str] = []
    i = 0
    try:
        stopper = Stopper(Stop(), armed=False)
        g = Game(factory, stopper)
        fit = ScriptFit(stopper)
        for i, a in enumerate(script):  # noqa: B007 - i tells where a failing replay stopped
            if play is not None:
                play(g)
            if g.pending is not None and fit.taken(g, a) is not None:
                continue
            if g.pending is None or leaves_open(g, a):
                break
            fit.answering()
            g.answer(a)
            given.append(a)
        else:
            return given
    except Exception:  # an entry that fits nothing, or a fault: the caller's replay says which
        pass
    return given + list(script[i:])
