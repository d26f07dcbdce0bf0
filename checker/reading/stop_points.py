"""Stop points: where a scripted run or an explored path ends, and the callback that pauses a
game there. Read by the scenario format (to check a ``stop``), the runner and the explorer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dominion_tavern.rulebook.engine.turn import PHASES, Mark

DEFAULT_STOP: dict[str, Any] = {"at": "end-of-turn"}
STOP_POINTS = ("end-of-turn", "end-of-phase")


class ExploreError(ValueError):
    """A question the explorer cannot ask (a bad stop point or field, a script that fails)."""



@dataclass(frozen=True)
class Stop:
    """Where a path ends: at a mark (``turn-end``/``phase-end`` [of ``phase``]) or after
    ``decisions`` answers past the script. The game's end always ends a path. ``turn``: the
    mark is that of the game's turn of this number (a question over several turns), not of
    the turn the script ends in."""

    mark: str | None = None
    phase: str | None = None
    decisions: int | None = None
    turn: int | None = None

    @classmethod
    def parse(cls, spec: dict[str, Any] | None) -> Stop:
        spec = DEFAULT_STOP if spec is None else spec
        if not isinstance(spec, dict):
            raise ExploreError(f"stop: expected a mapping such as {{at: end-of-turn}}, "
                               f"not {spec!r}")
        unknown = set(spec) - {"at", "phase", "decisions", "turn"}
        if unknown:
            raise ExploreError(f"stop: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                               "use 'at' (end-of-turn, end-of-phase) with 'phase' and 'turn', "
                               "or 'decisions'")
        if "decisions" in spec:
            n = spec["decisions"]
            if "at" in spec or "turn" in spec or isinstance(n, bool) or not isinstance(n, int) \
                    or n < 0:
                raise ExploreError(f"stop.decisions: expected a whole number >= 0 (and no "
                                   f"'at' or 'turn'), not {n!r}")
            return cls(decisions=n)
        at = spec.get("at")
        if at not in STOP_POINTS:
            raise ExploreError(f"stop.at: {at!r} is not a stop point; use one of "
                               f"{', '.join(STOP_POINTS)} (or 'decisions: N')")
        turn = spec.get("turn")
        if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int)
                                 or turn < 1):
            raise ExploreError(f"stop.turn: expected the number of a turn of the game (1 or "
                               f"more, as turn.number counts them), not {turn!r}")
        if at == "end-of-turn":
            if "phase" in spec:
                raise ExploreError("stop.phase: only 'end-of-phase' takes a phase")
            return cls(mark="turn-end", turn=turn)
        phase = spec.get("phase")
        if phase is not None and phase not in PHASES:
            raise ExploreError(f"stop.phase: {phase!r} is not one of {', '.join(PHASES)}")
        return cls(mark="phase-end", phase=phase, turn=turn)

    def matches(self, mark: Mark) -> bool:
        """Whether the game paused at ``mark`` is at this stop point."""
        return mark.kind == self.mark and (self.phase is None or mark.phase == self.phase) \
            and (self.turn is None or mark.turn == self.turn)

    def passed(self, mark: Mark, turn: int) -> bool:
        """Whether ``mark`` lies beyond this stop point, which belongs to turn ``turn``: a
        later turn, or a later phase of that turn than the phase the stop names. A stop point
        is in the turn where it is asked for; once past, it can never be reached."""
        if self.mark is None:
            return False
        if self.turn is not None:  # the stop's own turn: earlier turns' marks are not it
            if mark.turn != self.turn:
                return mark.turn > self.turn
        elif mark.turn != turn:
            return True
        if self.mark == "phase-end" and self.phase is not None:
            return mark.kind == "turn-end" or PHASES.index(mark.phase) > PHASES.index(self.phase)
        return False

    def behind(self, phase: str) -> bool:
        """Whether this stop, at the end of a named phase, lies behind ``phase`` of its turn."""
        return self.mark == "phase-end" and self.phase is not None and \
            PHASES.index(phase) > PHASES.index(self.phase)

    def describe(self) -> str:
        if self.decisions is not None:
            return f"after {self.decisions} more decision(s)"
        which = "the turn" if self.turn is None else f"turn {self.turn}"
        if self.mark == "turn-end":
            return f"at the end of {which}"
        return f"at the end of the {self.phase or 'current'} phase" + \
            ("" if self.turn is None else f" of {which}")


def mark_text(mark: Mark) -> str:
    """``the end of the buy phase of turn 3``, ``the end of turn 3``."""
    if mark.kind == "turn-end":
        return f"the end of turn {mark.turn}"
    return f"the end of the {mark.phase} phase of turn {mark.turn}"


class Stopper:
    """The ``stop`` callback of one game: once ``armed`` (the script is done, so marks the
    script itself passes are not stop points), pauses at the stop mark, or at the first mark
    past it (:meth:`Stop.passed`), so that a run never goes on beside its stop point. The turn
    the stop belongs to is the one of the first mark met once armed."""

    __slots__ = ("_armed", "action_ended", "stop", "turn")
    turn: int | None

    def __init__(self, stop: Stop, armed: bool) -> None:
        self.stop = stop
        self.armed = armed
        self.action_ended: int | None = None  # the turn whose Action phase was seen to end

    @property
    def armed(self) -> bool:
        return self._armed

    @armed.setter
    def armed(self, value: bool) -> None:
        self._armed = value
        self.turn = None

    def __call__(self, mark: Mark) -> bool:
        if mark.phase == "action" and mark.kind == "phase-end":
            self.action_ended = mark.turn
        if not self._armed:
            return False
        if self.turn is None:
            self.turn = mark.turn
        s = self.stop
        return s.matches(mark) or s.passed(mark, self.turn)

