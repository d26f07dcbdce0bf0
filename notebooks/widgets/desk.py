"""The judge's desk: type a position, ask what happens, see every outcome with its rules, step
through it, and save it as a scenario file that checks what was seen.

What is answered is always what is on screen: the position is read from the form, checked by
the scenario loader (the command line's checks and messages), explored, and any edit after that
marks the results out of date at once. A failure shows a message next to the button in place
of the results. Saving writes the position, the question and the outcomes found (as
``outcomes.expect``) to a temporary file, loads it back and checks it, and only then moves it
into place, never over an existing file unless asked. The outcomes start from the pending
decision, with the answers the rules close there, and each shortest path says what was closed
along it (as ``tavern explore``). *Find the rule* searches the rules, rulings and cards.

>>> desk = Desk()
>>> desk.load(PUZZLE_PATH)
>>> ex = desk.ask()
>>> sorted(o.values["piles.Soldier"] for o in ex.outcomes)
[0, 0, 1]
"""

from __future__ import annotations

import base64
import os
import re
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w
from dominion_tavern.checker.explore import (
    DEFAULT_MAX_NODES,
    DEFAULT_MAX_SECONDS,
    Exploration,
    ExploreError,
    Stop,
    default_fields,
    explore,
)
from dominion_tavern.checker.format.load import (
    Scenario,
    ScenarioError,
    load_scenario,
    load_scenario_text,
)
from dominion_tavern.checker.format.probabilities import PROBABILITY
from dominion_tavern.checker.format.writing import scenario_yaml
from dominion_tavern.checker.reading.field_paths import plain
from dominion_tavern.checker.reading.why_not import Step, closed_on_paths
from dominion_tavern.checker.runner.script_run import run_scenario
from dominion_tavern.diagrams.render import DotMissing
from dominion_tavern.diagrams.tree import from_exploration, game_prompts
from dominion_tavern.notebooks.widgets.desk_words import in_desk_words
from dominion_tavern.notebooks.widgets.game_html import CSS
from dominion_tavern.notebooks.widgets.outcomes_view import (
    SHOW_FIRST,
    auto_group,
    differing,
    group_label,
    label,
    outcomes_html,
    start_html,
    summary,
)
from dominion_tavern.notebooks.widgets.position_form import (
    DeskError,
    PositionForm,
)
from dominion_tavern.notebooks.widgets.rule_finder import RuleFinder
from dominion_tavern.notebooks.widgets.stepper import PUZZLE_PATH, SCENARIOS, Stepper
from dominion_tavern.rulebook.engine.game import Game

__all__ = ["PUZZLE_PATH", "Desk", "DeskError"]

TITLE = "Tavern \u2014 judge's desk"
# Where "Save as scenario" writes: saved-scenarios/ in the checkout (git-ignored), or the folder
# the environment variable TAVERN_SAVE_DIR names (set it before starting the server).
SAVE_DIR = Path(__file__).resolve().parents[2] / "saved-scenarios"
STOPS = [("the end of this turn", "end-of-turn"), ("the end of this phase", "end-of-phase"),
         ("N more decisions", "decisions")]
PICK = "(start from a corpus scenario)"
TREE_LEAVES = 50   # a tree with more outcomes is grouped and cut to the likeliest (``N more``)
DESK_CSS = """<style>
.tv-stale {opacity: .45}
.tv-banner {background: #fff3cd; border: 1px solid #e0b000; border-radius: 4px;
  padding: 4px 8px; margin: 4px 0}
.tv-error {color: #a00; border-left: 3px solid #c62828; padding-left: 8px}
.tv-ok {color: #1b5e20}
.tv-group {margin: 8px 0 2px; padding: 2px 6px; background: #f0f3f8; border-radius: 4px}
.tv-treebox {max-width: 100%; overflow: auto}
.tv-treebox svg {max-width: 100%; height: auto}
h1.tv-title {font-size: 22px; margin: 4px 0 8px}
</style>"""
INTRO = ("Type the position as a scenario file writes it: card names separated by commas, "
         "<code>5 Copper</code> for five, a deck top card first. Cards no one has seen have "
         "fields of their own: a deck's cards in unknown order, a hand not yet known (so many "
         "cards drawn from a pool). Then ask what can happen: every distinct outcome with the "
         "rules behind it, and how likely it is when unknown cards come up. To look a rule "
         "up, type the question into <b>Find the rule</b> at the foot of the page.")


@dataclass
class Asked:
    """What the results on screen answer: the checked scenario and the edit count at asking;
    what was closed along the first outcomes' paths (by ``id(outcome)``)."""

    scenario: Scenario
    version: int
    exploration: Exploration
    closed: dict[int, list[Step]] = field(default_factory=dict)


class Desk:
    """The judge's desk widget (``display(desk.widget)``, or ``desk`` as a cell's last line).

    ``title``: the heading (``None`` for none, inside a notebook that has its own)."""

    def __init__(self, title: str | None = TITLE) -> None:
        self.form = PositionForm()
        self.new_button = w.Button(description="New position", icon="file")
        self.new_button.add_class("tv-new")
        self.new_button.on_click(lambda _: self.new())
        stems = sorted(str(p.relative_to(SCENARIOS).with_suffix(""))
                       for p in SCENARIOS.rglob("*.yaml"))
        self.corpus = w.Dropdown(options=[PICK, *stems], value=PICK,
                                 layout=w.Layout(width="34em"))
        self.corpus.observe(self._pick_corpus, names="value")
        self.question = w.Text(placeholder="the question you were asked (saved with the file)",
                               description="question", layout=w.Layout(width="52em"))
        self.question.add_class("tv-question")
        self.stop = w.Dropdown(options=STOPS, value="end-of-turn", description="explore to",
                               layout=w.Layout(width="20em"))
        self.stop.add_class("tv-stop-at")
        self.decisions = w.BoundedIntText(value=3, min=1, max=99, description="N",
                                          layout=w.Layout(width="8em", display="none"))
        self.ask_button = w.Button(description="What happens?", button_style="primary")
        self.ask_button.add_class("tv-ask")
        self.ask_button.on_click(lambda _: self._in_background(self.ask))
        self.stop_button = w.Button(description="Stop", button_style="warning",
                                    layout=w.Layout(display="none"))
        self.stop_button.add_class("tv-stop")
        self.stop_button.on_click(lambda _: self._request_stop())
        self.progress = w.HTML()
        self.progress.add_class("tv-progress")
        self.message = w.HTML()
        self.message.add_class("tv-message")
        self.banner = w.HTML()
        self.banner.add_class("tv-stale-banner")
        self.summary = w.HTML()
        self.summary.add_class("tv-summary")
        self.start = w.HTML()
        self.start.add_class("tv-start-box")
        self.outcomes = w.HTML()
        self.outcomes.add_class("tv-outcomes")
        self.show_all = w.ToggleButton(value=False, description="show all",
                                       layout=w.Layout(display="none", width="auto"))
        self.show_all.add_class("tv-show-all")
        self.show_all.observe(lambda _: self._draw_outcomes(), names="value")
        self.group_by = w.Dropdown(options=[("automatic", "auto")], value="auto",
                                   description="group by", layout=w.Layout(width="36em"))
        self.group_by.add_class("tv-group-by")
        self.group_by.observe(lambda _: self._draw_outcomes(), names="value")
        self.tree = w.HTML()
        self.tree.add_class("tv-tree")
        self.stepper_box = w.VBox()
        self.results = w.Tab(children=[w.VBox([self.summary, self.start, self.group_by,
                                               self.outcomes, self.show_all]),
                                       self.tree, self.stepper_box],
                             titles=("outcomes", "tree", "step through"),
                             layout=w.Layout(display="none"))
        self.results.add_class("tv-results")
        self.save_name = w.Text(value="my-ruling", description="file name")
        self.save_name.add_class("tv-save-name")
        self.save_title = w.Text(placeholder="what the position shows (optional)",
                                 description="title", layout=w.Layout(width="34em"))
        self.replace = w.Checkbox(value=False, description="replace a file of that name",
                                  indent=False)
        self.replace.add_class("tv-replace")
        self.save_button = w.Button(description="Save as scenario", icon="save")
        self.save_button.add_class("tv-save")
        self.save_button.on_click(lambda _: self._in_background(self.save))
        self.save_message = w.HTML()
        self.save_message.add_class("tv-save-message")
        self.finder = RuleFinder()
        self.asked: Asked | None = None
        self.stepper: Stepper | None = None
        self.saved: Path | None = None
        self._version = 0
        self._stop_requested = False
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self.form.on_change(self._changed)
        for x in (self.stop, self.decisions):
            x.observe(lambda _: self._changed(), names="value")
        self.stop.observe(self._show_n, names="value")
        self.widget = self._layout(title)

    def _layout(self, title: str | None) -> w.Widget:
        head = CSS + DESK_CSS + (f"<h1 class='tv tv-title'>{escape(title)}</h1>" if title else "")
        top = w.HBox([self.new_button, self.corpus])
        ask = w.HBox([self.ask_button, self.stop, self.decisions, self.stop_button,
                      self.progress], layout=w.Layout(align_items="center"))
        save = w.VBox([w.HTML("<h3 class='tv'>Save as scenario</h3>"),
                       w.HBox([self.save_name, self.save_title]),
                       w.HBox([self.save_button, self.replace]), self.save_message])
        find = w.VBox([w.HTML("<h3 class='tv'>Find the rule</h3>"), self.finder.widget])
        box = w.VBox([w.HTML(head + f"<p class='tv'>{INTRO}</p>"), top, self.form.widget,
                      self.question, ask, self.message, self.banner, self.results, save, find])
        box.add_class("tv-desk")
        return box

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # -- the position ---------------------------------------------------------------------------
    def stop_point(self) -> dict[str, Any]:
        kind = self.stop.value
        return {"decisions": self.decisions.value} if kind == "decisions" else {"at": kind}

    def scenario_data(self, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """The position on screen as a scenario (``meta`` added to the desk's own)."""
        setup = self.form.setup()
        stop = Stop.parse(self.stop_point())
        question = self.question.value.strip() or \
            f"What can happen from this position {stop.describe()}?"
        return {"meta": {"id": "desk.position", "question": question,
                         "ruleset": self.form.ruleset.value, **(meta or {})},
                "setup": setup, "outcomes": {"stop": self.stop_point()}}

    def scenario(self) -> tuple[Scenario, str]:
        """The position on screen, checked as the command line checks a file; raises
        :class:`DeskError` with the problems in the desk's words."""
        data = self.scenario_data()
        text = scenario_yaml(data)
        try:
            return load_scenario_text(text, "the desk"), text
        except ScenarioError as e:
            words = [in_desk_words(p.message, data["setup"]) for p in e.problems]
            raise DeskError(list(dict.fromkeys(words))) from None   # "2 Gear": said once

    def load(self, path: str | Path) -> None:
        """Show a scenario file's position (its setup: its script is not played)."""
        scn = load_scenario(path)
        self.form.fill(scn.setup, scn.ruleset)
        self.question.value = "" if scn.script else scn.question
        stop = (scn.outcomes or {}).get("stop") or {}
        if "decisions" in stop:
            self.stop.value, self.decisions.value = "decisions", int(stop["decisions"])
        elif stop.get("at") in ("end-of-turn", "end-of-phase"):
            self.stop.value = stop["at"]
        self._clear_results()
        name = escape(Path(path).stem)
        script = (f" Its script ({len(scn.script)} answer(s)) is not played: the desk shows "
                  "the position before it." if scn.script else "")
        self._say(f"Loaded <b>{name}</b>: {escape(scn.question)}{script}", ok=True)

    def new(self) -> None:
        """An empty position, no results."""
        self.form.clear()
        self.question.value = ""
        self.corpus.value = PICK
        self._clear_results()
        self.message.value = ""
        self.save_message.value = ""

    @classmethod
    def from_query(cls, query: str | None = None) -> Desk:
        """The desk for a page: empty, or on the corpus scenario ``?scenario=folder/name``
        (``query`` defaults to the page's, which Voilà passes as ``QUERY_STRING``)."""
        desk = cls()
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        stem = (parse_qs(query).get("scenario") or [""])[0]
        if stem:
            if stem in desk.corpus.options:
                desk.corpus.value = stem
            else:
                desk._say(f"There is no corpus scenario {escape(stem)!r}; the desk opens "
                          "empty.")
        return desk

    def _pick_corpus(self, change: dict[str, Any]) -> None:
        stem = change["new"]
        if stem and stem != PICK:
            try:
                self.load(SCENARIOS / f"{stem}.yaml")
            except (DeskError, ScenarioError) as e:
                self._say(f"Cannot show {escape(stem)}: {escape(str(e))}")

    # -- staying honest -------------------------------------------------------------------------
    def _changed(self) -> None:
        """Any edit: the results on screen no longer answer the position shown."""
        self._version += 1
        stale = self.asked is not None and self.asked.version != self._version
        self._set_stale(stale)
        if self.message.value:
            self.message.add_class("tv-stale")

    def _set_stale(self, stale: bool) -> None:
        if stale:
            self.results.add_class("tv-stale")
            self.banner.value = ("<div class='tv tv-banner'><b>Out of date:</b> the position "
                                 "has changed since these results; they answer the earlier "
                                 "one. Press <b>What happens?</b> to answer this one.</div>")
        else:
            self.results.remove_class("tv-stale")
            self.banner.value = ""

    @property
    def current(self) -> bool:
        """Whether the results on screen answer the position on screen."""
        return self.asked is not None and self.asked.version == self._version

    def _clear_results(self) -> None:
        self.asked = None
        self.stepper = None
        self.results.layout.display = "none"
        self.outcomes.value = self.tree.value = self.summary.value = self.start.value = ""
        self.stepper_box.children = ()
        self._set_stale(False)

    def _show_n(self, change: dict[str, Any]) -> None:
        self.decisions.layout.display = "" if change["new"] == "decisions" else "none"

    def _say(self, html: str, ok: bool = False, target: w.HTML | None = None) -> None:
        box = target or self.message
        box.remove_class("tv-stale")
        cls = "tv-ok" if ok else "tv-error"
        box.value = f"<div class='tv {cls}'>{html}</div>"

    # -- asking ---------------------------------------------------------------------------------
    def _in_background(self, f: Any) -> None:
        """Run ``f`` in a worker thread, so the page stays live (the stop button works); in the
        browser (Pyodide), which has no threads, at once."""
        if sys.platform == "emscripten":
            f()
            return
        with self._lock:
            if self._worker is not None and self._worker.is_alive():
                return
            self._worker = threading.Thread(target=f, daemon=True)
            self._worker.start()

    def wait(self, timeout: float = 120) -> None:
        """Wait for a click's work to finish (tests and scripts)."""
        if self._worker is not None:
            self._worker.join(timeout)

    def _request_stop(self) -> None:
        self._stop_requested = True
        self.progress.value = "<span class='tv'>stopping…</span>"

    def _running(self, on: bool) -> None:
        self.ask_button.disabled = self.save_button.disabled = on
        self.stop_button.layout.display = "" if on else "none"
        if not on:
            self.progress.value = ""

    def ask(self) -> Exploration | None:
        """Answer the position on screen: fill outcomes, tree and stepper, or show why not.
        Returns the exploration (``None`` on a failure, whose message is on screen)."""
        version = self._version
        self._stop_requested = False
        self._running(True)
        try:
            try:
                scn, text = self.scenario()
            except (DeskError, ExploreError) as e:
                self._fail("This position cannot be asked yet:", e)
                return None
            try:
                ex = self._explore(scn)
            except ExploreError as e:
                self._fail("The question cannot be asked:", e)
                return None
            except Exception as e:  # an engine fault: say so, and give the file to report it
                self._fault(e, text)
                return None
            closed = closed_on_paths(scn.factory(), (), ex.numbered())
            self.asked = Asked(scn, version, ex, closed)
            self._show(scn, ex)
            self._set_stale(version != self._version)
            return ex
        finally:
            self._running(False)

    def _explore(self, scn: Scenario) -> Exploration:
        g = Game(scn.factory())
        piles = [*(scn.setup.get("piles") or {}), *g.state.nonsupply]
        fields = default_fields(g) + [f"piles.{p}" for p in dict.fromkeys(piles)]
        t0 = time.perf_counter()
        last = [t0 - 1]     # show progress from the first call on

        def progress(n: int) -> bool:
            now = time.perf_counter()
            if now - last[0] > 0.25:
                last[0] = now
                self.progress.value = (f"<span class='tv'>exploring… {n:,} answers tried, "
                                       f"{now - t0:.1f} s</span>")
            return not self._stop_requested

        return explore(g.factory, (), self.stop_point(), fields, DEFAULT_MAX_NODES,
                       progress=progress, max_seconds=DEFAULT_MAX_SECONDS)

    def _show(self, scn: Scenario, ex: Exploration) -> None:
        self.message.value = ""
        self.summary.value = f"<div class='tv'>{summary(ex)}</div>"
        self.start.value = start_html(Game(scn.factory()))
        self.show_all.value = False
        many = len(ex.outcomes) > SHOW_FIRST
        self.show_all.layout.display = "" if many else "none"
        auto = group_label(auto_group(ex))
        self.group_by.options = [(f"automatic ({auto})", "auto"), ("no grouping", "none"),
                                 *[(label(f), f) for f in differing(ex)]]
        self.group_by.value = "auto"
        self.group_by.layout.display = "" if many or auto_group(ex) else "none"
        self._draw_outcomes()
        try:
            tree = from_exploration(ex, game_prompts(scn.factory()), max_nodes=200,
                                    leaves=TREE_LEAVES)
            self.tree.value = f"<div class='tv-treebox'>{tree.svg()}</div>"
        except (DotMissing, ValueError) as e:
            self.tree.value = f"<pre>{escape(str(e))}</pre>"
        self.stepper = Stepper(Game(scn.factory()), title="Step through it",
                               stop=self.stop_point(), fields=ex.fields)
        self.stepper_box.children = (self.stepper.widget,)
        self.results.layout.display = ""

    def _draw_outcomes(self) -> None:
        if self.asked is not None:
            ex = self.asked.exploration
            by = {"auto": None, "none": ()}.get(self.group_by.value, (self.group_by.value,))
            self.outcomes.value = outcomes_html(ex, self.asked.scenario.ruleset, by,
                                                self.show_all.value, closed=self.asked.closed)
            self.show_all.description = (f"show the first {SHOW_FIRST}" if self.show_all.value
                                         else f"show all {len(ex.outcomes)} outcomes")

    def _fail(self, head: str, e: Exception) -> None:
        self._clear_results()
        problems = e.problems if isinstance(e, DeskError) else [str(e)]
        items = "".join(f"<li>{escape(p)}</li>" for p in problems)
        self._say(f"<b>{escape(head)}</b><ul>{items}</ul>")

    def _fault(self, e: Exception, text: str) -> None:
        self._clear_results()
        where = traceback.extract_tb(e.__traceback__)[-1]
        report = (f"# Tavern engine fault: {type(e).__name__}: {e}\n"
                  f"# at {Path(where.filename).name}:{where.lineno}\n{text}")
        data = base64.b64encode(report.encode()).decode()
        self._say(f"<b>The engine failed on this position</b> ({escape(type(e).__name__)}: "
                  f"{escape(str(e))}). That is a fault in Tavern, not in your position: "
                  "please report it with this scenario file: "
                  f"<a download='tavern-fault.yaml' href='data:text/yaml;base64,{data}'>"
                  "tavern-fault.yaml</a><details><summary>the file</summary>"
                  f"<pre>{escape(report)}</pre></details>")

    # -- saving ---------------------------------------------------------------------------------
    def save(self, folder: str | Path | None = None) -> Path | None:
        """Save the position on screen, its question and the outcomes shown (as
        ``outcomes.expect``) as a scenario file; returns its path, or ``None`` with the reason
        next to the Save button. Never leaves a broken file; never replaces a file unless
        *replace* is ticked."""
        self._running(True)
        try:
            default = Path(os.environ.get("TAVERN_SAVE_DIR") or SAVE_DIR)
            return self._save(Path(folder) if folder is not None else default)
        except (DeskError, ScenarioError, ExploreError, OSError) as e:
            self._say(f"Not saved: {escape(str(e))}", target=self.save_message)
            return None
        finally:
            self._running(False)

    def _save(self, folder: Path) -> Path | None:
        asked = self.asked
        if asked is None or not self.current:
            why = "the position has changed since" if asked is not None else "nothing is asked"
            self._say(f"Not saved: {why}. Press <b>What happens?</b> first: the file keeps the "
                      "outcomes you see, so that it checks them.", target=self.save_message)
            return None
        ex = asked.exploration
        if ex.truncated:
            self._say("Not saved: these outcomes are not all of them (the search was "
                      "stopped). Choose a nearer stop point and ask again.",
                      target=self.save_message)
            return None
        stem = re.sub(r"[^a-z0-9._-]+", "-", self.save_name.value.lower()).strip("-.")
        if not stem:
            raise DeskError(["give a file name (letters, digits, '-', '_', '.')"])
        meta = {"id": f"desk.{stem}", "title": self.save_title.value.strip() or None,
                "sources": ["the judge's desk"]}
        data = self.scenario_data({k: v for k, v in meta.items() if v})
        expect = [{f: plain(o.values[f]) for f in ex.fields} for o in ex.numbered()]
        if ex.chance:   # what the desk showed of chance is checked too
            for e, o in zip(expect, ex.numbered(), strict=True):
                e[PROBABILITY] = o.probability_text()
        # the claims are what the desk found, not what a judge stated: marked as recorded
        data["outcomes"] = {"stop": asked.scenario.outcomes["stop"], "fields": ex.fields,
                            "recorded": "desk", "expect": expect}
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stem}.yaml"
        if path.exists() and not self.replace.value:
            self._say(f"Not saved: {escape(str(path))} already exists. Choose another file "
                      "name, or tick <i>replace a file of that name</i>.",
                      target=self.save_message)
            return None
        fd, tmp_name = tempfile.mkstemp(prefix=f".{stem}-", suffix=".yaml.tmp", dir=folder)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(scenario_yaml(data))
            res = run_scenario(load_scenario(tmp))   # it loads, and it checks what was seen
            if not res.passed:
                raise DeskError([f"the written file does not check: {res.failure}"])
            if self.replace.value:
                os.replace(tmp, path)
            elif hasattr(os, "link"):
                os.link(tmp, path)       # fails if the file appeared meanwhile: never replace
            else:  # the browser (Pyodide) has no hard links, and no other writer
                with open(path, "xb") as f:
                    f.write(tmp.read_bytes())
        except FileExistsError:
            self._say(f"Not saved: {escape(str(path))} already exists.",
                      target=self.save_message)
            return None
        finally:
            tmp.unlink(missing_ok=True)
        self.saved = path
        data = base64.b64encode(path.read_bytes()).decode()
        self._say(f"Saved <code>{escape(str(path))}</code>: the position, the question and "
                  f"the {len(ex.outcomes)} outcome(s) shown. <code>tavern check "
                  f"{escape(str(path))}</code> checks them. "
                  f"<a class='tv-download' download='{path.name}' "
                  f"href='data:text/yaml;base64,{data}'>Download {escape(path.name)}</a> "
                  "(to keep it when the desk runs in a browser tab).",
                  ok=True, target=self.save_message)
        return path
