"""``tavern play FILE``: write a scenario's script by playing it in the terminal.

The file's setup is loaded by the scenario loader (its checks, its messages) and its script, if
any, is played first; then each pending decision is shown with its answers numbered, and an
answer is taken as a number, the answer itself or the start of it (Tab completes where the
terminal allows). The log's lines are shown as they come. ``save`` writes the answers back into
the file as its script, keeping the rest of the file as it was written; ``save expect`` also
records the position reached, and ``save outcomes`` the outcomes of the last ``explore``, each
marked ``recorded: "tavern play"``. Input may be piped: one answer or command a line.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Any, TextIO

from dominion_tavern.checker.cli.explore import narrow_hint, value_text
from dominion_tavern.checker.cli.subcommand import command, user_errors
from dominion_tavern.checker.explore import DEFAULT_MAX_NODES, Exploration, ExploreError
from dominion_tavern.checker.format import write_back
from dominion_tavern.checker.format.load import Scenario, load_scenario, load_scenario_text
from dominion_tavern.checker.reading.script_messages import not_legal
from dominion_tavern.checker.runner.outcome_check import explore_scenario
from dominion_tavern.checker.runner.recording import recorded_expect, recorded_outcomes
from dominion_tavern.checker.runner.script_run import run_scenario
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.engine.chance import ChanceStep, percent, random_outcome
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game

TOOL = "tavern play"
MAX_LISTED = 20   # a multi-pick or chance step with more answers is answered by cards, not numbers
COMMANDS = {
    "help": "this list",
    "undo": "take back the last answer",
    "random": "at a chance step: an outcome drawn with its probabilities",
    "explore": "every outcome from here, with its exact probability when chance is met: "
               "from a chance step to the next decision, else to the end of the turn "
               "('explore turn', 'explore phase', 'explore 2': to there)",
    "log": "the whole log so far",
    "save": "write the answers into the file as its script ('save expect': and the position "
            "reached, as recorded claims; 'save outcomes': and the last explore's outcomes)",
    "quit": "stop (answers not saved are lost)",
}


def add(sub) -> None:
    ap = command(sub, "play", "write a scenario's script by playing it: numbered answers, "
                 "the log as it comes, 'save' writes the script into the file",
                 "Load the scenario's setup (and play its script, if it has one), then show "
                 "each decision with its answers numbered. Answer with a number, the answer "
                 "or its start; at a chance step also 'random' or 'explore'. 'save' writes "
                 "the answers back into the file as its script, keeping its comments and "
                 "layout; 'save expect' records the position reached as its expect (or as a "
                 "checkpoint, when the file's expect was written by hand), marked recorded: "
                 "\"tavern play\". 'help' lists the commands. Answers may be piped in, one a "
                 "line.\n\n"
                 "  tavern play checker/scenarios/base/witch-moat.yaml\n"
                 "  printf '1\\n1\\nsave expect\\n' | tavern play my-question.yaml",
                 {0: "the session ended (at 'quit' or the end of the input)"})
    ap.add_argument("file", help="a scenario file (it is rewritten on 'save')")
    ap.add_argument("--ruleset", choices=RULESETS, help="play under this ruleset instead of "
                    "the file's own")
    ap.add_argument("--from-start", action="store_true", help="start at the setup, not after "
                    "the file's script (a save replaces the script)")
    ap.add_argument("--seed", type=int, help="seed for 'random' at chance steps, to repeat a "
                    "session (default: a new draw each time)")
    ap.set_defaults(run=run)


class Reader:
    """Lines from the terminal (with Tab completion through readline, where there is one) or
    from piped input, echoed so that a transcript reads like a session."""

    def __init__(self, stream: TextIO, out: TextIO) -> None:
        self.stream, self.out = stream, out
        self.words: list[str] = []
        self.tty = stream.isatty()
        if self.tty:
            try:
                import readline
            except ImportError:  # pragma: no cover - a Python built without it
                return
            readline.set_completer_delims("")
            readline.set_completer(self._complete)
            readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, state: int) -> str | None:
        found = [w for w in self.words if w.lower().startswith(text.lower())]
        return found[state] if state < len(found) else None

    def read(self) -> str | None:
        if self.tty:
            try:
                return input("> ")
            except EOFError:
                return None
        line = self.stream.readline()
        if not line:
            return None
        print(f"> {line.rstrip()}", file=self.out)
        return line.strip()


def listed(d: Decision) -> list[str] | None:
    """The answers shown numbered (None: too many, so a multi-pick is answered by its cards
    and a chance step by the cards that come up)."""
    many = d.multi or isinstance(d, ChanceStep)
    return d.answers() if not many or d.answer_count() <= MAX_LISTED else None


def match(d: Decision, text: str) -> str:
    """The answer ``text`` means: a number in the list, an answer (any case), the start of
    exactly one, card numbers or ``VERB: A, B`` for a multi-pick; raises
    :class:`IllegalAnswer` saying why not."""
    answers = listed(d)
    if answers is not None and text.isdigit():
        n = int(text)
        if 1 <= n <= len(answers):
            return answers[n - 1]
        raise IllegalAnswer(f"{n} is not one of the numbers 1 to {len(answers)}")
    if answers is None and d.multi and re.fullmatch(r"\d+([ ,]+\d+)*", text):
        picks = [int(x) for x in re.split(r"[ ,]+", text)]
        bad = [n for n in picks if not 1 <= n <= len(d.options)]
        if bad:
            raise IllegalAnswer(f"{bad[0]} is not one of the card numbers 1 to {len(d.options)}")
        label = d.answer_label([d.options[n - 1] for n in picks])
        d.resolve(label)  # too many or too few picked: the decision says so
        return label
    pool = answers if answers is not None else []
    same = [a for a in pool if a.lower() == text.lower()]
    if same:
        return same[0]
    starts = [a for a in pool if a.lower().startswith(text.lower())]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise IllegalAnswer(f"{text!r} starts {len(starts)} answers: "
                            + " | ".join(starts[:8]) + (" | ..." if len(starts) > 8 else ""))
    d.resolve(text)  # "VERB: A, B", a chance step's "draw: 2 Copper", or the reason it fails
    return text


class Session:
    """One play of a scenario file: the answers so far, the game they lead to, the file's
    text as last saved, and what a save writes."""

    def __init__(self, path: Path, ruleset: str | None, from_start: bool,
                 rng: random.Random, out: TextIO) -> None:
        self.path, self.ruleset, self.rng, self.out = path, ruleset, rng, out
        self.scn = load_scenario(path)
        self.game = Game(self.scn.factory(ruleset))
        self.answers: list[str] = []
        self.saved: list[str] = []  # the file's answers the session started from, or saved
        # the last exploration: the answers it was made after, what it found, its stop
        self.explored: tuple[list[str], Exploration, dict[str, Any] | None] | None = None
        self._start(from_start)

    # -- the file's script ------------------------------------------------------------------
    def _start(self, from_start: bool) -> None:
        """Play the file's script (unless ``from_start``) as far as it fits."""
        script = [] if from_start else self.scn.script
        for i, a in enumerate(script):
            if self.game.pending is None:
                self.say(f"the file's script entry {i + 1} {a!r} comes after the game's end; "
                         "a save leaves it out")
                break
            try:
                self.game.answer(a)
            except IllegalAnswer:
                self.say(not_legal(i + 1, a, self.game) + "; playing from before it (a save "
                         "leaves it out, and what follows it)")
                break
            self.answers.append(a)
        self.saved = list(self.answers)

    def _entries_kept(self, n: int) -> int:
        """How many of the file's script entries come before its answer ``n + 1`` (its
        checkpoints after the first ``n`` answers included)."""
        if n >= len(self.scn.script):
            return len(self.scn.script) + len(self.scn.checkpoints)
        return n + sum(1 for cp in self.scn.checkpoints if cp.after <= n)

    # -- output -----------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show_log(self, start: int) -> None:
        for i, e in enumerate(self.game.log[start:], start + 1):
            self.say(f"  {i:3}. turn {e.turn}: {e.text()}")

    def show_decision(self) -> None:
        g, d = self.game, self.game.pending
        if d is None:
            self.say("The game is over." if g.over else "No decision is pending.")
            self.say("'save' writes the script; 'undo' takes back the last answer.")
            return
        if isinstance(d, ChanceStep):
            self.say(f"\n{d.prompt} [{d.rule}]  (a chance step: no one decides)")
            numbered = listed(d) is not None
            for i, (label, p) in enumerate(islice(d.each_chance(), MAX_LISTED), 1):
                self.say(f"  {i if numbered else '':>2}  {label}   {p} ({percent(p)})")
            if not numbered:
                self.say(f"  ... ({d.answer_count():,} in all: answer '{d.verb}: A, B' naming "
                         "the cards that come up)")
            self.say("  'random' draws one with these probabilities; 'explore' gives every "
                     "outcome from here with its exact probability")
            return
        card = f" ({d.card})" if d.card else ""
        self.say(f"\n{d.who()}: {d.prompt}{card} [{d.rule}]")
        answers = listed(d)
        if answers is not None:
            for i, a in enumerate(answers, 1):
                self.say(f"  {i:2}  {a}")
        else:
            order = ", in order" if d.ordered else ""
            self.say(f"  pick {d.min} to {d.max}{order} of these cards, by their numbers "
                     f"(\"1 3\"), or as '{d.verb}: A, B' / '{d.verb}: nothing':")
            for i, o in enumerate(d.options, 1):
                self.say(f"  {i:2}  {o.label}")
        for c in d.unavailable():
            self.say(f"      not offered: {c.text()}")

    def words(self) -> list[str]:
        d = self.game.pending
        answers = (listed(d) or []) if d is not None else []
        return [*answers, *COMMANDS, "save expect", "save outcomes"]

    # -- moves ------------------------------------------------------------------------------
    def answer(self, label: str, typed: str = "") -> None:
        before = len(self.game.log)
        self.game.answer(label)
        self.answers.append(self.game.answers[-1])
        if typed != self.answers[-1]:
            self.say(f"  = {self.answers[-1]}")
        self.show_log(before)
        self.show_decision()

    def undo(self) -> None:
        if not self.answers:
            self.say("nothing to take back: this is the start")
            return
        self.say(f"  taking back {self.answers[-1]!r}")
        self.answers.pop()
        self.game = Game(self.game.factory)
        for a in self.answers:
            self.game.answer(a)
        self.show_decision()

    def explore(self, how: list[str]) -> None:
        """Every outcome from here: to the file's ``outcomes.stop`` or ``how`` (``turn``,
        ``phase``, or a number of decisions); by default, from a chance step to the next
        decision (so each outcome's probability is exact), from a decision to the turn's end."""
        stop = _stop(how) if how else (self.scn.outcomes or {}).get("stop") or (
            {"decisions": 0} if isinstance(self.game.pending, ChanceStep) else None)
        question = {k: v for k, v in (self.scn.outcomes or {}).items() if k == "fields"}
        if stop is not None:
            question["stop"] = stop
        here = replace(self.scn, script=list(self.answers), checkpoints=[], outcomes=question)
        ex = explore_scenario(here, self.ruleset, DEFAULT_MAX_NODES)
        self.explored = (list(self.answers), ex, stop)
        chance = "; each with its exact probability" if ex.chance else ""
        where = "once chance is resolved, at the next decision" if stop == {"decisions": 0} \
            else ex.stop.describe()
        self.say(f"{len(ex.outcomes)} outcome(s) from here {where}{chance} "
                 f"(fields: {', '.join(ex.fields)}):")
        if note := ex.chosen_alone_note():
            self.say(note)
        for i, o in enumerate(ex.numbered(), 1):
            how_likely = o.chance_text() if ex.chance and not o.chosen_alone \
                else f"{o.paths} path(s)"
            self.say(f"  {i}. {how_likely}")
            for f in ex.fields:
                self.say(f"       {f} = {value_text(o.values[f])}")
            self.say("       shortest path: " + (" / ".join(o.path) or "(no answers)"))
        if ex.truncated:
            self.say(f"TRUNCATED after {ex.max_nodes} answers tried: not every outcome")
        else:
            self.say("'save outcomes' writes them into the file as its outcomes, recorded")
        if hint := narrow_hint(ex, here):
            self.say(hint + "; 'explore phase' or 'explore 2' stops sooner")

    # -- saving -----------------------------------------------------------------------------
    def save(self, what: list[str]) -> None:
        unknown = [w for w in what if w not in ("expect", "outcomes")]
        if unknown:
            raise IllegalAnswer(f"'save {' '.join(what)}': save writes the script, with "
                                "'expect' and/or 'outcomes' after it; not " + ", ".join(unknown))
        name = str(self.path)
        text = self.path.read_text("utf-8")
        same = next((i for i, (a, b) in enumerate(zip(self.answers, self.saved, strict=False))
                     if a != b), min(len(self.answers), len(self.saved)))
        text = write_back.with_script(text, name, self._entries_kept(same), self.answers[same:])
        notes = [f"{len(self.answers)} answer(s) as the script"]
        if "outcomes" in what:
            text = self._outcomes(text, name)
            notes.append("the outcomes from its end, recorded")
        if "expect" in what:
            text, where, kept = self._expect(text, name)
            notes.append(f"the position reached as {where}, recorded")
            if kept:
                notes.append("the file's own expect is kept as written (stated claims)")
        load_scenario_text(text, name)  # what is written must load: the loader's own checks
        self.path.write_text(text, "utf-8")
        self.scn = load_scenario(self.path)
        self.saved = list(self.answers)
        self.say(f"saved {name}: " + "; ".join(notes))
        res = run_scenario(self.scn, self.ruleset)
        verdict = "PASS" if res.passed else f"FAIL ({res.failure})"
        self.say(f"tavern check {name}: {verdict}")

    def _expect(self, text: str, name: str) -> tuple[str, str, bool]:
        """The file with the position reached recorded, where it went, and whether the file's
        own (hand-written) expect was kept."""
        scn = load_scenario_text(text, name)
        hand_written = write_back.has_recorded(text, name, "expect") is False
        claims = recorded_expect(scn, self.ruleset, None if hand_written else scn.stop)
        t = claims["turn"]
        where = f"(turn {t['number']}, {t['player']}'s {t['phase']} phase, where check reads it)"
        if hand_written:  # the file's own claims are kept
            return (write_back.with_checkpoint(text, name, claims, TOOL),
                    f"a checkpoint after the last answer {where}", True)
        return (write_back.with_expect(text, name, claims, TOOL), f"the file's expect {where}",
                False)

    def _outcomes(self, text: str, name: str) -> str:
        if self.explored is None or self.explored[0] != self.answers:
            raise IllegalAnswer("'save outcomes' writes the outcomes of an 'explore' made "
                                "here; explore first")
        if write_back.has_recorded(text, name, "outcomes") is False:
            raise IllegalAnswer("the file's outcomes section lists outcomes written by hand; "
                                "'save outcomes' would replace them: save without it")
        _, ex, stop = self.explored
        section = recorded_outcomes(ex)
        return write_back.with_outcomes(text, name, {**({"stop": stop} if stop else {}),
                                                     **section}, TOOL)

    # -- the loop ---------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Do what ``line`` asks; False to end the session."""
        word, *rest = line.split()
        if word == "quit" or word == "exit":
            return False
        if word == "help" and not rest:
            for k, v in COMMANDS.items():
                self.say(f"  {k:8} {v}")
            self.say("  or answer with a number, the answer or its start")
        elif word == "undo" and not rest:
            self.undo()
        elif word == "log" and not rest:
            self.show_log(0)
        elif word == "explore":
            self.explore(rest)
        elif word == "save":
            self.save(rest)
        elif word == "random" and not rest:
            d = self.game.pending
            if not isinstance(d, ChanceStep):
                raise IllegalAnswer("'random' answers a chance step only; a player's decision "
                                    "is answered by its number or its answer")
            self.answer(random_outcome(d, self.rng))
        elif self.game.pending is None:
            raise IllegalAnswer("no decision is pending: 'save', 'undo' or 'quit'")
        else:
            self.answer(match(self.game.pending, line), line)
        return True



def _stop(how: list[str]) -> dict[str, Any]:
    """``explore turn``, ``explore phase`` or ``explore N`` as a stop point."""
    word = " ".join(how)
    if word in ("turn", "phase"):
        return {"at": f"end-of-{word}"}
    if word.isdigit():
        return {"decisions": int(word)}
    raise ExploreError(f"'explore {word}': explore to the end of the 'turn', the 'phase', or "
                       "after N more decisions ('explore 2')")


@user_errors
def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    s = Session(Path(args.file), args.ruleset, args.from_start, random.Random(args.seed), out)
    scn: Scenario = s.scn
    s.say(f"{scn.id}: {scn.question}  (ruleset {args.ruleset or scn.ruleset})")
    s.say("Answer with a number, the answer or its start; 'help' for the commands.")
    if s.game.log:
        s.say(f"The file's script ({len(s.answers)} answer(s)):")
        s.show_log(0)
    s.show_decision()
    reader = Reader(sys.stdin, out)
    while True:
        reader.words = s.words()
        line = reader.read()
        if line is None:
            break
        if not line.strip():
            continue
        try:
            if not s.handle(line.strip()):
                break
        except (IllegalAnswer, ExploreError) as e:
            s.say(f"  not taken: {e}")
    if s.answers != s.saved:
        s.say("the answers since the last save are not saved (save before quitting to keep "
              "them)")
    return 0
