"""The game driver: runs the rules until a player has to decide, then waits for the answer.

A game is defined by how its start position is made (``factory``) and the answers given: the
same factory and answers give the same log, byte for byte. Branching replays the answers on a
fresh copy of the start position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from dominion_tavern.rulebook.engine.choosing import Choosing
from dominion_tavern.rulebook.engine.costs import Costs
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer, Option
from dominion_tavern.rulebook.engine.knowing import Knowing
from dominion_tavern.rulebook.engine.log import Entry, Log, UnknownRule
from dominion_tavern.rulebook.engine.moves import Moves
from dominion_tavern.rulebook.engine.playing import Playing, PlayInstance
from dominion_tavern.rulebook.engine.state import GameState, Player
from dominion_tavern.rulebook.engine.turn import Mark, TurnLoop
from dominion_tavern.rulebook.engine.windows import Windows, abilities_in_game
from dominion_tavern.rulebook.rules import RULES

Factory = Callable[[], tuple[GameState, str]]
# An entry built from its fields in order without the named tuple's keyword-taking __new__ (a
# game writes about ten a turn).
_new_entry = tuple.__new__


class NoDecision(RuntimeError):
    """An answer was given while no decision is pending (the game is over or paused)."""


class Game(Moves, Knowing, Choosing, Playing, Windows, TurnLoop, Costs):
    """A game in progress. ``pending`` is the decision it waits for (None when over/paused).

    ``stop`` (optional) is asked at each :class:`Mark` whether to pause there. ``log=False``:
    a game nobody will read (a simulation's) keeps no log, ``log`` is None; it plays exactly
    as a logged one, as the log is only written, never read, by the rules. ``checkpoint``
    (optional) is called with the game and the point at each point of the turn the game could
    be started again from (:meth:`TurnLoop.reached`); the explorer saves the state there.
    """

    def __init__(self, factory: Factory, stop: Callable[[Mark], bool] | None = None, *,
                 log: bool = True,
                 checkpoint: Callable[[Game, str], None] | None = None) -> None:
        self.factory = factory
        self.checkpoint = checkpoint
        self.state, phase = factory()
        if self.state.abilities_in_game is None:
            self.state.abilities_in_game = abilities_in_game(self.state)
        self.log: Log | None = Log() if log else None
        self.answers: list[str] = []
        self.plays_in_progress: list[PlayInstance] = []
        self.forced: list[tuple[Decision, Any]] = []  # made for a player since the last answer
        self.winners: list[str] = []
        self.pending: Decision | None = None
        self.paused: Mark | None = None
        self.stop = stop
        self._gen = self.run(phase)
        self._advance(None)

    # -- driving ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.game_over

    @property
    def ruleset(self) -> str:
        return self.state.ruleset

    def answer(self, answer: str | Option | Iterable[str]) -> Decision | None:
        """Answer the pending decision by label; returns the next pending decision.

        An illegal answer raises :class:`IllegalAnswer` naming the legal ones; nothing changes.
        """
        d = self.pending
        if d is None:
            raise NoDecision("No decision is pending" + (" (the game is over)" if self.over
                                                        else " (paused)"))
        chosen = d.resolve(answer)
        self.answers.append(d.chosen_label(chosen))
        self.pending = None
        self.forced.clear()
        self._advance(chosen)
        return self.pending

    def resume(self) -> Decision | None:
        """Continue past the mark the game paused at."""
        if self.paused is None:
            raise NoDecision("The game is not paused")
        self.paused = None
        self._advance(None)
        return self.pending

    def _advance(self, value: Any) -> None:
        gen = self._gen
        try:
            while True:
                item = gen.send(value)
                value = None
                if isinstance(item, Decision):
                    self.pending = item
                    return
                if not isinstance(item, Mark):  # a bug in the rules' code, never user input
                    raise TypeError(f"the rules yielded {item!r}, not a Decision or a Mark")
                if self.stop is not None and self.stop(item):
                    self.paused = item
                    return
        except StopIteration:
            self.pending = None

    def legal(self) -> list[str]:
        """The labels answering the pending decision (every legal answer for a multi-pick)."""
        return self.pending.answers() if self.pending is not None else []

    def branch(self, answers: Iterable[str] | None = None) -> Game:
        """A new, independent game from the same start, replaying ``answers`` (default: all
        answers given so far)."""
        return replay(self.factory, self.answers if answers is None else answers, self.stop)

    # -- logging ----------------------------------------------------------------------------
    def note(self, p: Player | None, verb: str, cards: tuple[str, ...] = (), where: str = "",
             *, rule: str, note: str = "", chance: tuple = (), private: str | None = None
             ) -> None:
        if rule not in RULES:
            raise UnknownRule(rule)
        if self.log is not None:
            self.log.append(_new_entry(Entry, (self.state.turn.number, p.name if p else None,
                                               verb, cards, where, rule, note, chance, private)))

    def player(self, name: str) -> Player:
        for p in self.state.players:
            if p.name == name:
                return p
        raise KeyError(name)


def replay(factory: Factory, answers: Iterable[str],
           stop: Callable[[Mark], bool] | None = None) -> Game:
    """Play ``answers`` from the start made by ``factory``; raises :class:`IllegalAnswer` (with
    the answer's position) if one does not fit."""
    g = Game(factory, stop)
    for i, a in enumerate(answers):
        while g.pending is None and g.paused is not None:
            g.resume()
        try:
            g.answer(a)
        except IllegalAnswer as e:
            raise IllegalAnswer(f"answer {i + 1}: {e}") from None
    return g
