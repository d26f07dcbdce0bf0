"""The explorer: every way a position can go, from the end of a script up to a stop point.

From the position the script leads to, every legal answer of every decision is tried, depth
first, until the stop point: the end of the turn the script ended in (``{"at": "end-of-turn"}``),
the end of a phase (``{"at": "end-of-phase", "phase": "buy"}``), a number of further answers
(``{"decisions": N}``), or the end of the game. Each leaf's *outcome* is the value of the named
fields (see :mod:`checker.reading.field_paths`); leaves with the same outcome are grouped,
counting their paths and keeping one shortest path (ties: the first found) with the rules its
log cites.

Branching: a game cannot be copied, so a branch is rebuilt. At each top-level point (Action or
Buy phase decision), and at each point of the turn the engine reports where no card is being
resolved (the start of a turn, of Clean-up and of its draw), the state is saved
(:mod:`checker.reading.saved_states`); a sibling branch restores the nearest checkpoint and
replays only the answers given since. The first child of a node continues the parent's game in
place. A search meets chance at the first chance step it reaches, and then starts again
weighing each outcome's probability as it goes (one search, not one per question).
``fast=False`` replays every branch from the start (the reference the fast path is tested
against). The memo (``memo=True``, the default) remembers the outcomes below each top-level
point and each checkpoint of the turn (with the answers given since) by a key of its state
(:mod:`checker.explore.state_keys`), and reuses them when another order of answers or of
chance reaches the same state: the outcomes, paths and probabilities are those of the whole
tree (a chance step adds a merged branch's probabilities like any other), and the engine
plays it once (``merged`` counts the branches not played again).

``progress``, if given, is called with the number of answers tried every
:data:`PROGRESS_EVERY` answers; returning ``False`` stops the search (a judge's "stop" button):
the outcomes found so far are kept and the result says it was stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any

from dominion_tavern.checker.explore.outcomes import DEFAULT_MAX_NODES, Exploration, Outcome
from dominion_tavern.checker.explore.state_keys import KeyMaker
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.reading.field_paths import FieldError, getter
from dominion_tavern.checker.reading.saved_states import (
    SavedState,
    is_top_level,
    restart,
    restartable,
)
from dominion_tavern.checker.reading.script_fit import ScriptFit
from dominion_tavern.checker.reading.script_messages import never_used, not_legal
from dominion_tavern.checker.reading.stop_points import ExploreError, Stop, Stopper, mark_text
from dominion_tavern.rulebook.engine.chance import ChanceStep
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.log import Log, cited

Factory = Callable[[], Any]
Progress = Callable[[int], bool | None]
PROGRESS_EVERY = 200   # answers tried between two calls of the progress hook
LISTED_AT_ONCE = 10_000  # a decision with more answers has them made one at a time
NO_MERGE_AFTER = 1_000  # the memo stops keying states after this many keys and no merge


@dataclass
class _Anchor:
    """A checkpoint to rebuild nodes from; the first ``script`` answers replayed after it are
    the script's tail (the stop point is armed after them). ``labels``: what the decision it
    was taken at offers (None for a point of the turn no decision is pending at)."""

    cp: SavedState
    labels: list[str] | None
    script: int = 0
    key: tuple[Any, ...] | None = None  # the memo's key of the state there (a checkpoint's)


# A subtree's outcomes: key -> [paths, length, path, rules, cut, over, low, high, lines], where
# the shortest path and its rules are cons lists (answer, rest) / (rules of that step, rest),
# flattened at the end; low and high bound the outcome's probability over the players' choices
# (players' decisions take the least and the most, chance steps weigh their outcomes); lines
# maps each line of decision answers (a cons list) to the probability of chance within it.
Summary = dict[tuple[Any, ...], list[Any]]
# outcomes, decisions, leaves, and (weighing) the probability mass left unexplored below, None
# when a player's answer was left untried (nothing bounds what it would have led to)
Result = tuple[Summary, int, int, Fraction | int | None]
Ending = tuple[tuple[Any, ...], list[Any]]  # a path's end: its outcome's key and entry


class _Explorer:
    def __init__(self, factory: Factory, script: Sequence[str], stop: Stop, fields: list[str],
                 max_nodes: int, max_depth: int | None, fast: bool, memo: bool,
                 progress: Progress | None = None, weigh: bool = False, offset: int = 0,
                 policies: Policies | None = None, deadline: float | None = None) -> None:
        self.factory = factory
        self.policies = policies or Policies(None)
        self.weigh = weigh  # work out probabilities and lines of decisions (a second pass)
        self.offset = offset  # answers tried by an earlier pass, for the progress hook
        self.ended = False  # a path has ended (an outcome was found)
        self.script = list(script)
        self.stop = stop
        self.fields = fields
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.fast = fast
        self.memo = fast and memo
        self.keyed = 0  # keys made (see keying)
        self.getters: list[Callable[[Game], Any]] = []
        self.table: dict[tuple[Any, ...], Result] = {}
        self.keys = KeyMaker()
        self.explored = self.answered = self.merged = 0
        self.truncated = False
        self.progress = progress
        self.stopped = False
        self.deadline = deadline  # time.perf_counter() to stop at (--max-seconds)
        self.timed_out = False
        self.cut: tuple[list[str], str, int, int] | None = None  # where the search stopped first
        # the last point of the turn the engine reported (TurnLoop.reached): (game, its saved
        # state, answers the game had been given then, the memo's key there), until a node
        # takes it as its anchor
        self.fresh: tuple[Game, SavedState, int, tuple[Any, ...] | None] | None = None
        self.hook = self.took if self.fast else None

    def took(self, g: Game, point: str) -> None:
        """The engine's checkpoint hook: ``g`` is at a point of the turn it can be started
        again from; save the state there for the nodes below to rebuild from."""
        if restartable(g):
            key = self.key(g, point) if self.keying() else None
            self.fresh = (g, SavedState(g.state, point), len(g.answers), key)

    def keying(self) -> bool:
        """Whether to key states for the memo: on, unless :data:`NO_MERGE_AFTER` keys found no
        state twice (a tree without transpositions: keys would only cost; the search without
        them is the same search)."""
        return self.memo and (self.merged > 0 or self.keyed < NO_MERGE_AFTER)

    def key(self, g: Game, extra: object) -> tuple[Any, ...]:
        self.keyed += 1
        return self.keys.key(g, extra)

    def take_fresh(self, g: Game) -> tuple[_Anchor, list[str]] | None:
        """The anchor and answers since it of the point of the turn ``g`` passed last, if any
        and not yet taken."""
        fresh = self.fresh
        if fresh is None or fresh[0] is not g:
            return None
        self.fresh = None
        return _Anchor(fresh[1], None, key=fresh[3]), list(g.answers[fresh[2]:])

    def run(self) -> Result:
        g, anchor = self.start()
        since = list(self.script[len(self.script) - anchor.script:]) if anchor else []
        fresh = self.take_fresh(g)  # a point of the turn passed after the script's last answer
        if fresh is not None:
            anchor, since = fresh
        return self.visit(g, [], anchor, since)

    def out_of_budget(self) -> bool:
        """Whether to try no more answers: the node budget is spent or the hook said stop."""
        if self.progress is None and self.deadline is None and self.explored < self.max_nodes:
            return False
        done = self.offset + self.explored
        if self.progress is not None and not self.stopped and \
                done % PROGRESS_EVERY == 0 and self.progress(done) is False:
            self.stopped = True
        if self.deadline is not None and not self.timed_out and \
                time.perf_counter() > self.deadline:
            self.timed_out = True
        if self.stopped or self.timed_out or self.explored >= self.max_nodes:
            self.truncated = True
        return self.truncated

    def stopped_at(self, path: list[str], d: Decision, tried: int) -> None:
        """Remember where the search first stopped: the answers leading there, the decision
        and how many of its answers were tried (counted, not listed)."""
        if self.cut is None:
            self.cut = (list(path), d.prompt, tried, d.answer_count())

    # the script
    def start(self) -> tuple[Game, _Anchor | None]:
        stopper = Stopper(self.stop, armed=not self.script)
        g = Game(self.factory, stopper, checkpoint=self.hook)
        anchor: _Anchor | None = None
        n = len(self.script)
        played: list[str] = []  # the script's answers and, before each, the policies'
        fit = ScriptFit(stopper)  # entries for choices the game made by itself: read, not given
        for i, a in enumerate(self.script):
            by_policy = self.policies.play(g)
            played += by_policy
            if anchor is not None:
                anchor.script += len(by_policy)
            if g.pending is None:
                raise ExploreError(never_used(i + 1, a, g))
            if fit.taken(g, a) is not None:
                continue
            fit.answering()
            if self.fast and is_top_level(g) and restartable(g):
                anchor = _Anchor(SavedState(g.state), g.legal(), script=0)
                self.fresh = None
            else:
                fresh = self.take_fresh(g)
                if fresh is not None:
                    anchor = fresh[0]
                    anchor.script = len(fresh[1])
            if i == n - 1:
                stopper.armed = True
            try:
                g.answer(a)
            except IllegalAnswer:
                raise ExploreError(not_legal(i + 1, a, g)) from None
            played.append(a)
            if anchor is not None:
                anchor.script += 1
        if not stopper.armed:  # the last entries were read without an answer
            stopper.armed = True
        self.script = played
        self.getters = []
        for f in self.fields:
            try:
                self.getters.append(getter(g, f))
            except FieldError as e:
                raise ExploreError(str(e)) from None
        return g, anchor

    def rebuild(self, anchor: _Anchor | None, since: list[str], path: list[str]) -> Game:
        """The game at the node reached by ``since`` after ``anchor`` (or by the script and
        ``path`` from the start). Only what is written after it is read of a node's log, so the
        replay keeps none: the game gets an empty log once it is there."""
        if anchor is None:
            stopper = Stopper(self.stop, armed=not self.script)
            g = Game(self.factory, stopper, log=False, checkpoint=self.hook)
            answers = self.script + path
            tail = len(self.script)
        else:
            stopper = Stopper(self.stop, armed=anchor.script == 0)
            point = anchor.cp.phase

            def hook(g: Game, at: str) -> None:  # the point restarted from is saved already
                if g.answers or at != point:
                    self.took(g, at)

            g = restart(anchor.cp, stopper, log=False, checkpoint=hook)
            if anchor.labels is not None and g.legal() != anchor.labels:  # pragma: no cover
                raise AssertionError("a restarted game does not ask what it asked before")
            answers = since
            tail = anchor.script
        for j, a in enumerate(answers):
            while g.pending is None and g.paused is not None:
                g.resume()
            if j == tail - 1:
                stopper.armed = True
            g.answer(a)
        self.answered += len(answers)
        g.log = Log()
        return g

    def leaf(self, g: Game, depth: int, decided: int) -> Ending | None:
        """The outcome of the path ending at ``g`` (its key and entry), or None when the path
        goes on: the game paused at the stop point or is over, or the stop's decisions or the
        depth are used up, or nothing can be answered."""
        d = g.pending
        over = d is None and g.paused is None
        if g.paused is not None and not self.stop.matches(g.paused):
            raise ExploreError(f"stop ({self.stop.describe()}) is never reached: a path passed "
                               f"it and stood at {mark_text(g.paused)}; ask for a stop point "
                               "still to come in the turn the script ends in")
        depth_cut = self.max_depth is not None and depth >= self.max_depth
        # A chance step finishes the answer before it (a card's draw), so it never ends a path.
        counted = self.stop.decisions == decided and not isinstance(d, ChanceStep)
        if d is not None and not (counted or depth_cut or _none_offered(d)):
            return None
        self.ended = True
        key = tuple([get(g) for get in self.getters])
        cut = depth_cut and g.paused is None and not over
        entry = [1, 0, None, None, int(cut), over]
        return key, [*entry, 1, 1, {None: 1}] if self.weigh else entry

    def visit(self, g: Game, path: list[str], anchor: _Anchor | None, since: list[str],
              decided: int = 0) -> Result:
        """The outcomes below the node ``g`` is at; ``decided``: players' answers on the path
        (chance steps are not decisions, so they don't count towards ``stop.decisions``)."""
        end = self.leaf(g, len(path), decided)
        if end is not None:
            return dict([end]), 0, 1, 0
        d0 = g.pending
        by_policy = self.policies.answer(g)  # a player's policy answers: no branching
        # a large pick's answers, or chance step's outcomes, made one at a time (2^25 of them
        # among 25 different cards)
        answers = [by_policy] if by_policy is not None else d0.each_answer() \
            if d0.answer_count() > LISTED_AT_ONCE else d0.answers()
        memo_key = None
        left = (None if self.stop.decisions is None else self.stop.decisions - decided,
                None if self.max_depth is None else self.max_depth - len(path))
        if self.fast and is_top_level(g) and restartable(g):
            self.fresh = None
            if self.keying():
                memo_key = self.key(g, left)
                if memo_key in self.table:
                    self.merged += 1
                    return self.table[memo_key]
            anchor = _Anchor(SavedState(g.state), list(d0.answers()))  # all, policy or not
            since = []
        else:
            fresh = self.take_fresh(g)
            if fresh is not None:
                anchor, since = fresh
                if anchor.key is not None:  # a checkpoint and the answers given since
                    memo_key = (anchor.key, tuple(since), left)
                    if memo_key in self.table:
                        self.merged += 1
                        return self.table[memo_key]
        chance = isinstance(d0, ChanceStep)
        if chance and not self.weigh:
            if self.ended:  # outcomes were found unweighed: search again, weighing
                raise _ChanceMet
            self.weigh = True  # nothing found yet: weigh from here on, no search again
        below = decided + (not chance)
        summary: Summary = {}
        present: dict[tuple[Any, ...], int] = {}  # children reaching each outcome (weighing)
        decisions = leaves = tried = 0
        unexplored: Fraction | int | None = 0  # probability mass not explored below (weighing)
        seen: Fraction | int = 0  # the chance of the outcomes tried (a chance step)
        for i, a in enumerate(answers):
            if self.out_of_budget():
                self.stopped_at(path, d0, i)
                unexplored = None if unexplored is None or not chance else \
                    unexplored + 1 - seen
                break
            if i > 0:
                g = self.rebuild(anchor, since, path)
            n0 = len(g.log)
            self.explored += 1
            self.answered += 1
            tried += 1
            g.answer(a)
            step = tuple(cited(islice(g.log, n0, None)))
            child = [*path, a]
            end = self.leaf(g, len(child), below)
            if end is None:
                sub, d, n, lost = self.visit(g, child, anchor, [*since, a], below)
            elif not self.weigh:  # a leaf: its one outcome folded in at once
                decisions += 1
                leaves += 1
                _fold(summary, *end, a, step)
                continue
            else:
                sub, d, n, lost = dict([end]), 0, 1, 0
            decisions += d + 1
            leaves += n
            if self.weigh:
                q = d0.probability(a) if chance else None
                seen += q or 0
                _merge_weighted(summary, sub, a, step, q, present)
                unexplored = _below(unexplored, lost, q)
            else:
                _merge(summary, sub, a, step)
        if self.weigh and not chance:  # a choice that avoids an outcome: least probability 0
            for key, entry in summary.items():
                if present.get(key, 0) < tried:
                    entry[6] = 0
        result = (summary, decisions, leaves, unexplored)
        if memo_key is not None and not self.truncated:
            self.table[memo_key] = result
        return result


class _ChanceMet(Exception):
    """A search that does not weigh met a chance step: it starts again, weighing."""


def _none_offered(d: Decision) -> bool:
    """Whether the decision has no legal answer (a pick's, or a chance step's, found without
    listing them)."""
    return d.min > min(d.max, len(d.options)) if d.multi else d.answer_count() == 0


def _below(so_far: Fraction | int | None, lost: Fraction | int | None, q: Fraction | None
           ) -> Fraction | int | None:
    """The mass left unexplored below a node, adding a child's (``lost``, reached with
    probability ``q``, or by a player's answer when None). Below a player's decision whose
    every answer was tried, an outcome's least and most probability are each off by at most
    the largest child's unexplored mass; a player's answer not tried leaves nothing bounded
    (None)."""
    if so_far is None or lost is None:
        return None
    return so_far + q * lost if q is not None else max(so_far, lost)


def _merge(summary: Summary, sub: Summary, a: str, step: tuple[str, ...]) -> None:
    """Fold a child's outcomes (reached by answer ``a``, whose log cited ``step``) into its
    parent's: paths add up, the shortest path is kept."""
    for key, entry in sub.items():
        _fold(summary, key, entry, a, step)


def _fold(summary: Summary, key: tuple[Any, ...], entry: list[Any], a: str,
          step: tuple[str, ...], *weighed: Any) -> list[Any] | None:
    """Fold one outcome of a child into ``summary``; the parent's entry if it had one (the
    caller then combines what it weighs), else None (a new entry, ``weighed`` appended)."""
    paths, length, pc, rc, cut, ov = entry[:6]
    cur = summary.get(key)
    if cur is None:
        summary[key] = [paths, length + 1, (a, pc), (step, rc), cut, ov, *weighed]
        return None
    cur[0] += paths
    cur[4] += cut
    if length + 1 < cur[1]:
        cur[1:4] = [length + 1, (a, pc), (step, rc)]
        cur[5] = ov
    return cur


def _merge_weighted(summary: Summary, sub: Summary, a: str, step: tuple[str, ...],
                    q: Fraction | None, present: dict[tuple[Any, ...], int]) -> None:
    """:func:`_merge`, weighing probabilities too: below a chance step (``q`` the outcome's
    probability) they add up weighed by it; below a decision the least and the most are
    kept, and each line of decisions gets the answer in front. (Products by 1, the common
    case of a leaf, are not worked out: exact fractions are slow.)"""
    for key, entry in sub.items():
        low, high, lines = entry[6:]
        present[key] = present.get(key, 0) + 1
        if q is None:
            lines = {(a, lc): p for lc, p in lines.items()}
        else:
            qlow = q if low == 1 else q * low
            qhigh = qlow if high == low else q * high
            lines = {lc: qlow if p == low else q * p for lc, p in lines.items()}
            low, high = qlow, qhigh
        cur = _fold(summary, key, entry, a, step, low, high, lines)
        if cur is None:
            continue
        if q is not None:
            cur[6] += low
            cur[7] += high
        else:
            cur[6] = min(cur[6], low)
            cur[7] = max(cur[7], high)
        merged = cur[8]  # made by this function for this summary alone: changed in place
        for lc, p in lines.items():
            merged[lc] = merged.get(lc, 0) + p


def _unroll(cons: tuple[Any, Any] | None) -> list[Any]:
    out = []
    while cons is not None:
        out.append(cons[0])
        cons = cons[1]
    return out


def explore(factory: Factory, script: Sequence[str] = (), stop: dict[str, Any] | None = None,
            fields: Sequence[str] = (), max_nodes: int = DEFAULT_MAX_NODES,
            max_depth: int | None = None, fast: bool = True, memo: bool = True,
            progress: Progress | None = None, policies: Policies | None = None,
            weigh: bool = False, max_seconds: float | None = None) -> Exploration:
    """Every outcome from the position ``script`` leads to (see the module doc). Raises
    :class:`ExploreError` for a bad stop point, field or script. ``policies`` answer their
    players' decisions (in the script's stead, and without branching below it). ``weigh``:
    work out probabilities even if no chance step is met (a branch below one the script
    left open: :mod:`checker.explore.script_branches`). ``max_seconds`` stops the search after
    that long (the interactive tools' limit; a verdict never rests on it, as it depends on the
    machine's speed)."""
    parsed = Stop.parse(stop)
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ExploreError(f"max_nodes must be a whole number >= 1, not {max_nodes!r}")
    if max_seconds is not None and not max_seconds > 0:
        raise ExploreError(f"max_seconds must be more than 0, not {max_seconds!r}")
    fields = list(fields)
    if not fields:
        raise ExploreError("fields: name at least one field, such as 'players.Ann.hand'")
    if len(set(fields)) != len(fields):
        raise ExploreError(f"fields: a field is named twice ({', '.join(fields)})")
    t0 = time.perf_counter()
    deadline = None if max_seconds is None else t0 + max_seconds
    ex = _Explorer(factory, script, parsed, fields, max_nodes, max_depth, fast, memo, progress,
                   weigh=weigh, policies=policies, deadline=deadline)
    try:
        summary, decisions, leaves, unexplored = ex.run()
    except _ChanceMet:  # again from the start, weighing chance and the lines of decisions
        first = ex
        ex = _Explorer(factory, script, parsed, fields, max_nodes, max_depth, fast, memo,
                       progress, weigh=True, offset=first.explored, policies=policies,
                       deadline=deadline)
        summary, decisions, leaves, unexplored = ex.run()
        ex.answered += first.answered
        ex.explored += first.explored
    seconds = time.perf_counter() - t0
    left = None if unexplored is None or not ex.weigh else Fraction(unexplored)
    outcomes = []
    for key, (paths, _, pc, rc, cut, over, *weighed) in summary.items():
        rules = [r for step in _unroll(rc) for r in step]
        o = Outcome(dict(zip(fields, key, strict=True)), paths, _unroll(pc),
                    list(dict.fromkeys(rules)), cut, over)
        if weighed:
            low, high, lines = weighed
            o.low, o.high, o.left = Fraction(low), Fraction(high), left
            o.lines = sorted(((_unroll(lc), Fraction(p)) for lc, p in lines.items()),
                             key=lambda lp: (-lp[1], len(lp[0])))
        outcomes.append(o)
    return Exploration(fields, parsed, outcomes, decisions, ex.answered, leaves, ex.truncated,
                       max_nodes, seconds, ex.explored, stopped=ex.stopped, merged=ex.merged,
                       chance=ex.weigh, unexplored=left, limit=_limit(ex), cut=ex.cut,
                       max_seconds=max_seconds)


def _limit(ex: _Explorer) -> str | None:
    """Which limit ended a search cut short (None: it finished)."""
    if not ex.truncated:
        return None
    return "stopped" if ex.stopped else "max-seconds" if ex.timed_out else "max-nodes"


def default_fields(g: Game) -> list[str]:
    """What a question without named fields compares: the turn player's zones, the trash and
    the turn's counters."""
    p = g.state.turn.player.name
    return [f"players.{p}.hand", f"players.{p}.play", f"players.{p}.discard",
            f"players.{p}.deck", "trash", "turn.actions", "turn.buys", "turn.coins"]

