"""Running a scenario: its script, strictly, with its checkpoints, then its ``expect``.

Each script answer answers the pending decision in turn; an illegal answer, or one given when
no decision is pending, fails the run. After an answer the game runs on until it needs the
next one, and the position a check looks at is where the run *stops*:

* with no ``stop``, at the next decision (or the game's end); but after an answer given in the
  Buy phase (other than ``end Buy phase``), at the end of the Buy phase, before Clean-up, when
  no decision comes first: a Buy phase that ends because no Buy is left would otherwise run
  straight into Clean-up and show the next hand;
* at ``{at: next-decision}``: at the first decision the script does not answer, or the game's
  end, wherever that is (no Buy-phase exception);
* at ``{at: end-of-phase}`` (of the current phase, or ``phase: P`` of this turn) or
  ``{at: end-of-turn}``: exactly there. A stop point is a promise: a run that stops before it
  (at a decision the script does not answer), past it (the phase already over) or at the
  game's end (unless the stop says ``or_game_end: true``) fails, naming the stop, where the run
  stood and the pending decision.

A checkpoint (a ``{expect: ..., stop: ...}`` entry in the script) is checked where the run
stops after the answers before it; a checkpoint without a stop right after another one is
checked at the same point. A decision left pending where the run stops by default or at
``next-decision`` is not a failure; it is the point the scenario asks about.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from itertools import islice
from typing import Any

from dominion_tavern.checker.explore import DEFAULT_MAX_NODES, ExploreError, Stop, default_fields
from dominion_tavern.checker.format.load import Checkpoint, Scenario
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.engine_faults import fault_where
from dominion_tavern.checker.reading.field_paths import getter, plain
from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.script_fit import ScriptFit
from dominion_tavern.checker.reading.script_messages import (
    never_used,
    not_legal,
    options_text,
    standing,
    stop_text,
)
from dominion_tavern.checker.reading.stop_points import Stopper
from dominion_tavern.checker.reading.why_not import OPTIONS_LISTED
from dominion_tavern.checker.runner.expectations import Check, checks
from dominion_tavern.checker.runner.outcome_check import (
    asks_outcomes,
    check_outcomes,
    explore_scenario,
)
from dominion_tavern.checker.runner.verdicts import FAIL, NO_CLAIM, PASS, UNDECIDED, file_claims
from dominion_tavern.rulebook.engine.decisions import IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.setup import SetupError

END_BUY = "end Buy phase"
NEXT_DECISION = "next-decision"
GAME_END_OK = "or_game_end"  # a stop that accepts the game's end in its place


@dataclass
class Result:
    id: str
    path: str
    question: str
    ruleset: str
    passed: bool
    failure: str | None = None
    log: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    observed: dict[str, Any] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    verdict: str = FAIL   # one of checker.runner.verdicts: PASS, FAIL, no claim, undecided
    claims: dict[str, Any] = field(default_factory=dict)  # stated, recorded, recorded_by
    undecided: str | None = None  # why no verdict was reached (a limit, never a failure)
    read: list[str] = field(default_factory=list)  # script entries read without an answer
    outcomes: list[dict[str, Any]] | None = None  # what the outcomes section explored
    outcomes_cut: bool = False  # the node budget stopped that search: outcomes are partial

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def stop_point(spec: dict[str, Any] | None, after_buy: bool) -> Stop | None:
    """The mark a run stops at for a ``stop`` spec (None: the next decision); ``after_buy``:
    the last answer was given in the Buy phase and did not end it."""
    if spec is None:
        return Stop(mark="phase-end", phase="buy") if after_buy else None
    if spec.get("at") == NEXT_DECISION:
        return None
    return _parse(spec)


def _parse(spec: dict[str, Any]) -> Stop:
    return Stop.parse({k: v for k, v in spec.items() if k != GAME_END_OK})


def missed(spec: dict[str, Any] | None, g: Game) -> str | None:
    """Why the run, halted, is not at the stop point ``spec`` asked for (None: it is, or the
    stop is the default or ``next-decision``, which any halt meets)."""
    if spec is None or spec.get("at") == NEXT_DECISION:
        return None
    stop = _parse(spec)
    if g.paused is not None and stop.matches(g.paused):
        return None
    if g.paused is None and g.pending is None and spec.get(GAME_END_OK):
        return None
    if g.paused is not None or stop.behind(g.state.turn.phase):
        why = "the run had passed it"
        fix = "stop at a point still to come in that turn, or end the script earlier"
    elif g.pending is None:
        why = "the game ended before it"
        fix = f"write '{GAME_END_OK}: true' in the stop to accept the game's end in its place"
    else:
        why = "a decision the script does not answer came first"
        fix = ("answer it in the script, or write 'stop: {at: next-decision}' to stop at the "
               "first decision the script does not answer")
    return f"stop {stop_text(spec)} ({stop.describe()}) not reached: {why}; {standing(g)}; {fix}"


class ScriptRun:
    """A scenario's game driven through its script, stopping where each check looks."""

    def __init__(self, scn: Scenario, ruleset: str, policies: Policies | None = None) -> None:
        self.scn = scn
        self.policies = policies or Policies(scn.policies)
        self.open_at: int | None = None  # the entry that left a chance step open
        self.answers = scn.script
        final = Checkpoint(len(self.answers), scn.expect or {}, scn.stop, -1)
        self.at: dict[int, list[Checkpoint]] = {}
        for cp in [*scn.checkpoints, final]:
            self.at.setdefault(cp.after, []).append(cp)
        self.stopper = Stopper(Stop(), armed=False)
        self.fit = ScriptFit(self.stopper)
        self.read: list[str] = []  # entries read without an answer, and why
        self.after_buy = False
        self._arm(self.at.get(0, [final])[0].stop)
        self.game = Game(scn.factory(ruleset), self.stopper)

    def _arm(self, spec: dict[str, Any] | None) -> None:
        stop = stop_point(spec, self.after_buy)
        self.stopper.stop = stop or Stop()
        self.stopper.armed = stop is not None

    def steps(self) -> Iterator[tuple[Checkpoint, Iterator[Check]] | str]:
        """Plays the script; yields each checkpoint (the final ``expect`` last, with entry -1)
        with its checks where the run stopped, or a failure line, which ends the run."""
        g = self.game
        for i in range(len(self.answers) + 1):
            for k, cp in enumerate(self.at.get(i, [])):
                if k > 0 and cp.stop is not None:  # go on to this checkpoint's own stop
                    self._arm(cp.stop)
                    if g.paused is not None:
                        g.resume()
                failure = self._by_policy()
                if failure is None:
                    failure = missed(cp.stop, g)
                    if failure is not None and cp.entry >= 0:
                        failure = f"checkpoint script[{cp.entry}]: {failure}"
                if failure is not None:
                    yield failure
                    return
                yield cp, checks(g, cp.expect)
            if i == len(self.answers):
                return
            failure = self._answer(i)
            if failure is not None:
                yield failure
                return
            if self.open_at is not None:  # the rest is the explorer's, branch by branch
                return

    def _answer(self, i: int) -> str | None:
        g, answer = self.game, self.answers[i]
        self.stopper.armed = False
        while g.pending is None and g.paused is not None:
            g.resume()
        failure = self._by_policy()
        if failure is not None:
            return failure
        d = g.pending
        if d is None:
            return never_used(i + 1, answer, g)
        read = self.fit.taken(g, answer)
        if read is not None:
            self.read.append(f"script entry {i + 1} {answer!r}: {read}")
        elif leaves_open(g, answer):
            return self._left_open(i)
        else:
            self.after_buy = g.state.turn.phase == "buy" and answer != END_BUY
        self._arm(self.at.get(i + 1, [Checkpoint(i + 1, {}, None, -1)])[0].stop)
        if read is not None:
            return None
        self.fit.answering()
        try:
            g.answer(answer)
        except IllegalAnswer:
            return not_legal(i + 1, answer, g)
        return None


    def _left_open(self, i: int) -> str | None:
        """Script entry ``i`` meets a chance step without naming its outcome: the script goes
        on in every branch, which only ``outcomes`` can ask about; a claim of this one run
        after it (``expect``, a checkpoint) has no single line to be checked on."""
        g, answer = self.game, self.answers[i]
        later = [cp for after, cps in self.at.items() if after > i for cp in cps if cp.expect]
        if not later and self.scn.outcomes is not None:
            self.open_at = i  # the outcomes section plays the rest in every branch
            return None
        if not later:
            return (f"script entry {i + 1} {answer!r} names no outcome of the chance step "
                    f"\"{g.pending.prompt}\", so the script goes on in every branch, and only an "
                    "outcomes section plays and checks it there: name what comes up (legal: "
                    f"{options_text(g.pending)}), or add outcomes (stop, expect or events)")
        what = "expect" if later[-1].entry < 0 else f"the checkpoint script[{later[0].entry}]"
        return (f"script entry {i + 1} {answer!r} names no outcome of the chance step "
                f"\"{g.pending.prompt}\", so the script goes on in every branch; {what} after "
                f"it is checked on one line: name what comes up (legal: {options_text(g.pending)})"
                ", or state what holds in every branch in outcomes (expect, events)")

    def _by_policy(self) -> str | None:
        """Let the players' policies answer the decisions they answer (a script entry is never
        given to one); a failure line if they answer without end."""
        try:
            self.policies.play(self.game)
        except ExploreError as e:
            return str(e)
        return None


def run_scenario(scn: Scenario, ruleset: str | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES) -> Result:
    """Play ``scn`` under its ruleset (or ``ruleset``) and compare with its checkpoints,
    ``expect`` and ``outcomes.expect``; its ``outcomes`` section, with or without expected
    outcomes, is explored (at most ``max_nodes`` answers tried). The verdict is one of
    :mod:`.verdicts`."""
    rs = ruleset or scn.ruleset
    claims = file_claims(scn)
    res = Result(scn.id, str(scn.path), scn.question, rs, passed=False, verdict=FAIL,
                 claims={"stated": claims.stated, "recorded": claims.recorded,
                         "recorded_by": list(claims.tools)})
    policies = Policies(scn.policies)
    try:
        run = ScriptRun(scn, rs, policies)
    except SetupError as e:
        res.failure = f"setup: {e}"
        return res
    except Exception as e:  # an engine fault must not stop the other scenarios
        res.failure = f"engine error at the start: {type(e).__name__}: {e} (at {fault_where(e)})"
        return res
    g = run.game
    res.read = run.read
    try:
        for step in run.steps():
            if isinstance(step, str):
                res.failure = step
                break
            cp, found = step
            where = "" if cp.entry < 0 else f"checkpoint script[{cp.entry}]: "
            for c in found:
                res.observed[where + c.field] = c.actual
                if not c.ok and res.failure is None:
                    res.failure = where + c.difference()
            if res.failure is not None:
                break
        if res.failure is None and scn.outcomes is not None:
            _outcomes(scn, rs, max_nodes, res, policies)
        if res.failure is None and policies.unused():
            res.failure = "; ".join(policies.unused())
    except ExploreError as e:
        res.failure = f"outcomes: {e}"
    except Exception as e:  # an engine fault must not stop the other scenarios
        res.failure = f"engine error: {type(e).__name__}: {e} (at {fault_where(e)})"
    if res.failure is not None:
        res.verdict = FAIL  # also after an undecided search: an unused policy is proven
    elif res.verdict != UNDECIDED:
        res.verdict = PASS if claims.total else NO_CLAIM
    if res.verdict == NO_CLAIM and not res.observed:  # what a claim could have read
        res.observed = {f: plain(getter(g, f)(g)) for f in default_fields(g)}
    res.passed = res.verdict == PASS
    res.log = [e.text() for e in g.log]
    res.rules = g.log.rules_cited()
    d = g.pending
    if d is not None:  # a bounded number of its answers (a chance step may have billions)
        res.pending = {"player": d.player, "decider": d.decider,
                       "prompt": d.prompt,
                       "options": list(islice(d.each_answer(), OPTIONS_LISTED)),
                       "options_count": d.answer_count()}
    return res


def _outcomes(scn: Scenario, rs: str, max_nodes: int, res: Result,
              policies: Policies) -> None:
    """Explore the ``outcomes`` section: every outcome goes into ``res.outcomes``; with
    expected outcomes, a difference fails the run, and a search cut short that found nothing
    unexpected leaves it undecided (without, the outcomes are only counted)."""
    ex = explore_scenario(scn, rs, max_nodes, policies=policies)
    res.outcomes = [{"values": {k: plain(v) for k, v in o.values.items()},
                     "probability": o.probability_text() if ex.chance else None,
                     "game_over": o.over, "rules": o.rules} for o in ex.numbered()]
    res.outcomes_cut = ex.truncated
    if not asks_outcomes(scn):
        return  # explored and counted, claiming nothing
    found = check_outcomes(scn, rs, max_nodes, policies, ex)
    if found.undecided:
        res.verdict = UNDECIDED
        res.undecided = "outcomes: " + found.describe()
    elif not found.ok:
        res.failure = "outcomes: " + found.describe().replace("\n", "; ")
