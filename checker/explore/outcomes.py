"""What an exploration found: its distinct outcomes, each with its paths, a shortest path, the
rules on it and, when chance was met, its probability and the lines of decisions reaching it."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dominion_tavern.checker.format.probabilities import bounds_text
from dominion_tavern.checker.reading.field_paths import plain
from dominion_tavern.checker.reading.stop_points import Stop
from dominion_tavern.rulebook.engine.chance import percent

DEFAULT_MAX_NODES = 100_000
#: The time limit of the interactive tools (``tavern explore``, the desk); ``check`` has none,
#: so that no verdict depends on the machine's speed.
DEFAULT_MAX_SECONDS = 60.0
LINES_SHOWN = 5  # lines of decisions a report lists per outcome (the likeliest; the rest counted)


@dataclass
class Outcome:
    """One distinct end state: its field values, how many paths reach it, one shortest path
    (answers after the script) and the rule ids its log cites after the script."""

    values: dict[str, Any]
    paths: int = 0
    path: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    cut: int = 0          # paths that reached the depth limit here, not a stop point
    over: bool = False    # the shortest path ends the game
    # How likely the outcome is, whatever the players choose (at least ``low``) and at most
    # (``high``, if they steer towards it); equal when no choice can change it. Worked out
    # only when the exploration met chance (else None).
    low: Fraction | None = None
    high: Fraction | None = None
    # The lines of decisions (answers to players' decisions, chance left out) that reach it,
    # each with the probability of chance within it; only explored when chance steps exist.
    lines: list[tuple[list[str], Fraction]] = field(default_factory=list)
    # A search cut short: the probability mass it left unexplored, so the outcome's least and
    # most probability lie in [low, high + left]; None when a player's answer was left untried
    # (nothing bounds what it leads to); 0 for a finished search.
    left: Fraction | None = Fraction(0)

    @property
    def probability(self) -> Fraction | None:
        """The outcome's probability when no decision changes it and the search finished, else
        None."""
        return self.low if self.low == self.high and self.left == 0 else None

    @property
    def chosen_alone(self) -> bool:
        """Whether the players' choices alone can make the outcome certain or avoid it (its
        probability 0 to 1): a report says so once, not on each such outcome."""
        return self.low == 0 and self.high == 1

    def interval(self) -> tuple[Fraction, Fraction] | None:
        """Where the outcome's least and most probability lie: ``(low, high)`` when the search
        finished, ``(low, high + left)`` when it was cut short at chance steps only, None when
        a player's answer was left untried."""
        if self.left is None or self.low is None or self.high is None:
            return None
        return self.low, self.high + self.left

    def probability_text(self) -> str:
        """The probability as ``outcomes.expect`` writes it (:func:`bounds_text`)."""
        return bounds_text((self.low, self.high))

    def chance_text(self) -> str:
        """``'3/10 (30.0%)'``, or ``'9/14 to 1 (64.3% to 100%), by the players' choices'``;
        for a search cut short, the interval it lies in, or what was found."""
        if self.left is None:
            return (f"unbounded: the search stopped before trying every answer of a player's "
                    f"decision (found so far: {bounds_text((self.low, self.high))})")
        if self.left:
            high = self.high + self.left
            return (f"between {self.low} and {high} ({percent(self.low)} to {percent(high)}): "
                    f"the search stopped with {self.left} of the probability unexplored")
        if self.low == self.high:
            return f"{self.low} ({percent(self.low)})"
        return (f"{self.low} to {self.high} ({percent(self.low)} to {percent(self.high)}), by "
                "the players' choices")

    def as_dict(self) -> dict[str, Any]:
        return {"values": {k: plain(v) for k, v in self.values.items()}, "paths": self.paths,
                "path": self.path, "rules": self.rules, "cut": self.cut, "game_over": self.over}

    def chance_dict(self) -> dict[str, Any]:
        bounds = self.interval()
        return {"probability": None if self.probability is None else str(self.probability),
                "low": str(self.low), "high": str(self.high),
                "interval": None if bounds is None else [str(b) for b in bounds],
                "lines": [{"answers": answers, "probability": str(p)}
                          for answers, p in self.lines]}


@dataclass
class Exploration:
    fields: list[str]
    stop: Stop
    outcomes: list[Outcome]
    decisions: int = 0     # answers in the tree of paths (edges), memo hits included
    answered: int = 0      # answers the engine was given, replays included
    leaves: int = 0
    truncated: bool = False
    max_nodes: int = DEFAULT_MAX_NODES
    seconds: float = 0.0
    explored: int = 0      # answers tried by the search itself (what max_nodes caps)
    stopped: bool = False  # the progress hook asked to stop (then truncated too)
    merged: int = 0        # nodes the memo found already explored (a transposition)
    chance: bool = False   # chance steps were met and weighed: outcomes carry probabilities
    # The probability mass a search cut short left unexplored (0 when it finished; None when a
    # player's answer was left untried, or no chance was met): each outcome's probability lies
    # within that of what was found (Outcome.interval).
    unexplored: Fraction | None = Fraction(0)
    # A search cut short: which limit ended it ("max-nodes", "max-seconds", or "stopped" by the
    # progress hook), and where: (answers leading there, the decision's prompt, how many of its
    # answers were tried, how many it has).
    limit: str | None = None
    cut: tuple[list[str], str, int, int] | None = None
    max_seconds: float | None = None

    @property
    def rate(self) -> float:
        """Explored decisions per second."""
        return self.decisions / self.seconds if self.seconds else 0.0

    def limit_text(self) -> str:
        """Which limit cut the search short, where, and what it had explored (empty when it
        finished)."""
        if self.limit is None:
            return ""
        if self.limit == "max-seconds":
            which = f"the time limit ({self.max_seconds:g} s)"
        elif self.limit == "stopped":
            which = "a request to stop"
        else:
            which = f"the node limit ({self.max_nodes:,} answers tried)"
        text = f"stopped by {which} after {self.explored:,} answers tried"
        if self.cut is not None:
            answers, prompt, tried, of = self.cut
            text += (f", at the decision \"{prompt}\" ({tried:,} of its {of:,} answers tried"
                     f"), reached by {' / '.join(answers) if answers else 'no answers'}")
        return text + f"; {len(self.outcomes)} outcome(s) found so far"

    def keys(self) -> set[tuple[Any, ...]]:
        return {tuple(o.values[f] for f in self.fields) for o in self.outcomes}

    def numbered(self) -> list[Outcome]:
        """The outcomes in the order every report numbers them (1, 2, ...): the most likely
        first when chance is in play, else most paths first; then the shortest path first, then
        the order found."""
        if self.chance:
            return sorted(self.outcomes, key=lambda o: (-o.high, -o.low, len(o.path)))
        return sorted(self.outcomes, key=lambda o: (-o.paths, len(o.path)))

    def chosen_alone_note(self) -> str:
        """Said once, where a report shows no probability on each outcome the players' choices
        alone can make certain or avoid (0 to 1, which tells nothing); empty when there is
        none."""
        chosen = sum(o.chosen_alone for o in self.outcomes) if self.chance else 0
        return (f"{chosen} outcome(s) show no probability: the players' choices alone can make "
                "each certain or avoid it (0 to 1, 0% to 100%)") if chosen else ""

    def outcome_dict(self, o: Outcome) -> dict[str, Any]:
        return {**o.as_dict(), **o.chance_dict()} if self.chance else o.as_dict()

    def as_dict(self) -> dict[str, Any]:
        return {"fields": self.fields, "stop": self.stop.describe(), "chance": self.chance,
                "outcomes": [self.outcome_dict(o) for o in self.outcomes],
                "decisions": self.decisions,
                "answered": self.answered, "leaves": self.leaves, "truncated": self.truncated,
                "explored": self.explored, "max_nodes": self.max_nodes,
                "stopped": self.stopped, "merged": self.merged,
                "unexplored": None if self.unexplored is None else str(self.unexplored),
                "limit": self.limit, "max_seconds": self.max_seconds,
                "stopped_at": None if self.cut is None else {
                    "answers": self.cut[0], "decision": self.cut[1], "tried": self.cut[2],
                    "of": self.cut[3]},
                "seconds": round(self.seconds, 4)}

