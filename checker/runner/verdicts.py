"""The verdicts ``tavern check`` gives, defined in this one place (checker/README.md, "What a
PASS means", says the same in words), the claims a file makes, and the exit statuses.

* **PASS**: the file makes at least one claim, the script ran as written to every stop point
  asked for, and every claim held.
* **FAIL**: a claim did not hold, a script entry did not fit, a stop point was not reached, or
  the engine failed on the file; the first difference is named.
* **no claim**: the file runs but claims nothing (no ``expect``, no ``outcomes.expect``): it is
  never counted as passed; with an ``outcomes`` section, its outcomes are explored and counted.
* **undecided**: a deterministic limit (the explorer's node budget) ended the search before a
  verdict: no claim was refuted, but not every one was tested. ``check`` has no time limit,
  so a verdict never depends on the machine's speed.
* **file error**: the scenario format refused the file (``file:line:col`` lines); nothing of
  it was run.

A claim is one thing a file says must hold: one key of an ``expect`` (a player's zone or
counter, a pile, a cost, a turn counter, the trash, a player's VP, ``pending``, ``game_over``,
``winners``, ``log_cites``) or one expected outcome. Claims are *stated* (a judge wrote them)
or *recorded* (a tool wrote them from a run: the mapping holding them says
``recorded: "desk"``); ``check`` counts the two apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PASS = "PASS"
FAIL = "FAIL"
NO_CLAIM = "no claim"
UNDECIDED = "undecided"
FILE_ERROR = "file error"

#: ``tavern check``'s exit statuses (2 and 3 are every command's, see ``cli/subcommand.py``).
EXITS = {
    0: "every file passes",
    1: "a file fails (and no file is refused)",
    2: "a bad file or argument: each refused file's problems are printed, and every other "
       "file is still run",
    4: "no file is refused and none fails, but a file claims nothing or is undecided",
}
#: Keys of an ``expect`` whose value is a mapping of separate claims (``piles: {Curse: 9,
#: Gold: 30}`` is two).
_PER_ENTRY = ("piles", "costs", "turn", "vp")


def expect_claims(expect: dict[str, Any] | None) -> int:
    """How many claims an ``expect`` mapping makes."""
    n = 0
    for key, want in (expect or {}).items():
        if key == "players":
            n += sum(len(p or {}) for p in (want or {}).values())
        elif key in _PER_ENTRY:
            n += len(want or {})
        else:
            n += 1
    return n


@dataclass(frozen=True)
class Claims:
    """A file's claims, stated and recorded (with the tools that recorded them)."""

    stated: int = 0
    recorded: int = 0
    tools: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.stated + self.recorded

    def __add__(self, other: Claims) -> Claims:
        return Claims(self.stated + other.stated, self.recorded + other.recorded,
                      tuple(dict.fromkeys([*self.tools, *other.tools])))

    @classmethod
    def of(cls, count: int, recorded: str | None) -> Claims:
        if recorded is None:
            return cls(stated=count)
        return cls(recorded=count, tools=(recorded,) if count else ())

    def text(self) -> str:
        """``3 stated``, ``2 stated, 5 recorded (desk)``."""
        rec = f"{self.recorded} recorded" + (f" ({', '.join(self.tools)})" if self.tools else "")
        if not self.recorded:
            return f"{self.stated} stated"
        return rec if not self.stated else f"{self.stated} stated, {rec}"


def file_claims(scn: Any) -> Claims:
    """Every claim of a scenario: its checkpoints', its ``expect``'s, its expected outcomes
    (each counted once) and its events over outcomes (each one claim)."""
    total = Claims()
    for cp in scn.checkpoints:
        total += Claims.of(expect_claims(cp.expect), cp.recorded)
    total += Claims.of(expect_claims(scn.expect), scn.recorded)
    outcomes = scn.outcomes if isinstance(scn.outcomes, dict) else {}
    expected = outcomes.get("expect")
    if isinstance(expected, list):
        total += Claims.of(max(1, len(expected)), outcomes.get("recorded"))
    events = outcomes.get("events")
    if isinstance(events, list | dict) and events:
        total += Claims.of(len(events), outcomes.get("recorded"))
    return total


def exit_status(verdicts: list[str], refused: int = 0) -> int:
    """The exit status for a run's verdicts and the number of files refused (see
    :data:`EXITS`): 2 wins over 1, 1 over 4, 4 over 0."""
    if refused:
        return 2
    if FAIL in verdicts:
        return 1
    return 0 if all(v == PASS for v in verdicts) else 4
