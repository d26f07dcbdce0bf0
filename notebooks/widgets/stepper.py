"""The turn stepper: one widget that shows a position and lets you answer, step back and
forward, and branch by answering differently.

The history is a list of answers; every position is ``Game.branch(answers[:at])`` of the same
start, so going back and forth never needs a copy of a game. Stepping forward answers the
current game in place (cheap); stepping back replays from the start.

Cards in an order no one knows show as a group (rule ``chance.unknown-order``); where they
come up, the game waits at a chance step, shown as one button per outcome with its
probability, and a *random* button that picks one with those probabilities (the stepper's own
seeded generator, so a session replays the same). Its answer is recorded like any other.
*Explore from here* lists every outcome from the position shown, the answers so far fixed, so
that each outcome's probability is exact where only chance is left (as ``tavern play``'s
``explore``): to the stop point it is given (the desk's), else from a chance step to the next
decision and from a decision to the end of the turn. The
*view* menu shows the table from the judge's seat (everything) or a player's: there, the cards
another player set aside face down show without their names, in the zones and the log.

>>> s = Stepper(PUZZLE_PATH)
>>> s.legal()
['exchange Soldier for Fugitive', 'continue']
>>> s.choose("exchange Soldier for Fugitive").zone("Ann", "discard")
['Peasant', 'Fugitive']
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from html import escape
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.explore import Exploration, default_fields, explore
from dominion_tavern.notebooks.widgets.outcomes_view import outcomes_html
from dominion_tavern.notebooks.widgets.seats import face_down, face_down_at_start
from dominion_tavern.rulebook.engine.chance import ChanceStep, percent, random_outcome
from dominion_tavern.rulebook.engine.decisions import Decision
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown, deck_view, hand_view
from dominion_tavern.rulebook.engine.state import GameState

if TYPE_CHECKING:
    from dominion_tavern.checker.format.load import Scenario

from dominion_tavern.notebooks.widgets.game_html import (
    CSS,
    closed_html,
    log_html,
    piles_html,
    player_html,
    rule_html,
    turn_html,
)

SCENARIOS = CORPUS  # the scenario book, for the notebooks
PUZZLE_PATH = SCENARIOS / "seeds" / "peasant-soldier-empty-pile.yaml"
MAX_BUTTONS = 8     # a multi-pick with more legal answers than this gets toggle chips
CHANCE_BUTTONS = 200  # outcomes of a chance step shown as buttons (Random draws from them all)
JUDGE = ""          # the view menu's value for the judge's seat, who sees everything


class Stepper:
    """Step through a game: answer its decisions with buttons, go back and forward, branch.

    ``source``: a :class:`Game` (driven in place, its answers are the history), a
    :class:`Scenario` or a scenario file (history: its script, starting before it).
    ``answers`` replaces that history. ``seed`` seeds the *random* button's generator;
    ``view`` is the seat shown (a player's name, or ``None`` for the judge's); ``stop`` and
    ``fields`` are what *explore from here* explores to and compares (default: see the module
    doc; the explorer's default fields). Display with
    ``display(stepper.widget)`` or just ``stepper`` as a cell's last line.
    """

    def __init__(self, source: Game | Scenario | str | Path,
                 answers: Sequence[str] | None = None, *, at: int | None = None,
                 title: str = "", seed: int = 0, view: str | None = None,
                 stop: dict[str, Any] | None = None, fields: Sequence[str] = ()) -> None:
        if isinstance(source, str | Path):
            # the scenario loader (YAML, schema) is imported only when a file is opened
            from dominion_tavern.checker.format.load import load_scenario

            source = load_scenario(source)
        if not isinstance(source, Game):  # a Scenario
            title = title or source.meta.get("title", "")
            self.game = source.game()
            self.history = list(source.answers() if answers is None else answers)
            if answers is None and source.policies:  # their answers are steps too
                from dominion_tavern.checker.explore.script_branches import prefix
                from dominion_tavern.checker.format.policies import Policies

                self.history = prefix(source.game(), self.history,
                                      Policies(source.policies))[0]
            at = 0 if at is None else at
        else:
            self.game = source
            self.history = list(source.answers if answers is None else answers)
            at = len(source.answers) if at is None else at
        self.factory = self.game.factory
        self.rng = random.Random(seed)        # the random button's: a session replays the same
        self.explore_stop, self.explore_fields = stop, list(fields)
        self.exploration: Exploration | None = None   # the last explore from here
        self._explored_line: list[str] | None = None    # the answers it was made after
        self._start_face_down = face_down_at_start(self.factory()[0])
        self.lines: list[list[str]] = []      # other lines of answers explored (branches)
        self.redraw_ms = 0.0
        self.on_change: list[Callable[[Stepper], None]] = []
        self._log_from = 0
        self._picks: list[int] = []
        self._build(title, view)
        if list(self.game.answers) != self.history[:at]:
            self.game = self._replay(self.history[:at])
        self.at = at
        self.redraw()

    # -- widgets ------------------------------------------------------------------------------
    def _build(self, title: str, view: str | None) -> None:
        lay = w.Layout(width="auto")
        self.back_button = w.Button(description="\u25c0 back", layout=lay)
        self.forward_button = w.Button(description="forward \u25b6", layout=lay)
        self.restart_button = w.Button(description="|\u25c0 start", layout=lay)
        self.end_button = w.Button(description="end \u25b6|", layout=lay)
        for b, cls in ((self.back_button, "tv-back"), (self.forward_button, "tv-forward"),
                       (self.restart_button, "tv-restart"), (self.end_button, "tv-end")):
            b.add_class(cls)
        self.back_button.on_click(lambda _: self.back())
        self.forward_button.on_click(lambda _: self.forward())
        self.restart_button.on_click(lambda _: self.goto(0))
        self.end_button.on_click(lambda _: self.goto(len(self.history)))
        self.position = w.HTML()
        self.position.add_class("tv-position")
        self.lines_menu = w.Dropdown(description="lines", options=[("this line", -1)], value=-1,
                                     layout=w.Layout(width="28em"))
        self.lines_menu.add_class("tv-lines")
        self.lines_menu.observe(self._switch_line, names="value")
        self.board = w.HTML()
        self.board.add_class("tv-board")
        self.prompt = w.HTML()
        self.prompt.add_class("tv-prompt")
        self.answers_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.answers_box.add_class("tv-answers")
        self.picks_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.confirm_button = w.Button(description="confirm", button_style="primary")
        self.confirm_button.add_class("tv-confirm")
        self.confirm_button.on_click(lambda _: self._confirm())
        self.random_button = w.Button(description="random", icon="random",
                                      tooltip="pick an outcome with these probabilities",
                                      layout=w.Layout(width="auto", display="none"))
        self.random_button.add_class("tv-random")
        self.random_button.on_click(lambda _: self.choose_at_random())
        self.explore_button = w.Button(description="explore from here", icon="search",
                                       tooltip="every outcome from this position, each with "
                                       "its probability", layout=w.Layout(width="auto"))
        self.explore_button.add_class("tv-explore-here")
        self.explore_button.on_click(lambda _: self.explore_here())
        self.explored = w.HTML()
        self.explored.add_class("tv-explored")
        self.closed = w.HTML()
        self.closed.add_class("tv-closed-box")
        seats = [("the judge (sees all)", JUDGE)] + [
            (f"{p.name}'s seat", p.name) for p in self.game.state.players]
        self.view_menu = w.Dropdown(description="view", options=seats, value=view or JUDGE,
                                    layout=w.Layout(width="18em"))
        self.view_menu.add_class("tv-view")
        self.view_menu.observe(lambda _: self.redraw(), names="value")
        self.log = w.HTML()
        self.log.add_class("tv-logbox")
        self.history_html = w.HTML()
        self.history_html.add_class("tv-history")
        head = w.HTML(CSS + (f"<h3 class='tv'>{escape(title)}</h3>" if title else ""))
        nav = w.HBox([self.restart_button, self.back_button, self.forward_button,
                      self.end_button, self.position, self.view_menu])
        decision = w.VBox([self.prompt, self.answers_box,
                           w.HBox([self.random_button, self.explore_button]), self.picks_box,
                           self.closed, self.explored])
        right = w.VBox([w.HTML("<b class='tv'>Log</b> <span class='tv tv-muted'>(click a "
                               "line for its rule)</span>"), self.log,
                        w.HTML("<b class='tv'>Answers on this line</b>"), self.history_html,
                        self.lines_menu], layout=w.Layout(width="42%"))
        left = w.VBox([self.board, decision], layout=w.Layout(width="58%"))
        self.widget = w.VBox([head, nav, w.HBox([left, right])])
        self.widget.add_class("tv")
        self.widget.add_class("tv-stepper")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # -- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    def legal(self) -> list[str]:
        return self.game.legal()

    @property
    def viewer(self) -> str | None:
        """The seat the table is shown from: a player's name, or ``None`` for the judge."""
        return self.view_menu.value or None

    def zone(self, player: str, kind: str) -> list[str | Unknown]:
        """A player's zone as the judge sees it: card names (a deck top first), cards in
        unknown order as :class:`Unknown` groups."""
        p = self.game.player(player)
        if kind == "deck":
            return deck_view(p)
        if kind == "hand":
            return hand_view(p)
        return getattr(p, kind).names()

    def pile(self, name: str) -> int:
        return len(self.state.pile(name))

    def answer_buttons(self) -> list[w.Button]:
        return [b for b in self.answers_box.children if isinstance(b, w.Button)]

    def button(self, label: str) -> w.Button:
        """The answer button labelled ``label`` (KeyError if none)."""
        for b in self.answer_buttons():
            if b.description == label or b.tooltip == label:
                return b
        raise KeyError(f"no answer button {label!r}; buttons: "
                       f"{[b.description for b in self.answer_buttons()]}")

    def pick_buttons(self) -> list[w.ToggleButton]:
        return [b for b in self.picks_box.children if isinstance(b, w.ToggleButton)]

    # -- moving -------------------------------------------------------------------------------
    def _replay(self, answers: Sequence[str]) -> Game:
        g = self.game.branch(list(answers))
        while g.pending is None and g.paused is not None:
            g.resume()
        return g

    def choose_at_random(self) -> Stepper:
        """Answer the pending chance step with an outcome drawn with its probabilities."""
        d = self.pending
        if not isinstance(d, ChanceStep):
            raise ValueError("no chance step is pending: the random button answers only "
                             "those; decisions are the players'")
        return self.choose(random_outcome(d, self.rng))

    def explore_here(self) -> Exploration:
        """Every outcome from the position shown (the line's answers so far fixed), shown
        under the decision; see the module doc for where it explores to."""
        answers = self.history[:self.at]
        stop = self.explore_stop
        if stop is None and isinstance(self.pending, ChanceStep):
            stop = {"decisions": 0}   # chance alone: every probability exact
        fields = self.explore_fields or default_fields(Game(self.factory))
        ex = explore(self.factory, answers, stop, fields)
        self.exploration, self._explored_line = ex, list(answers)
        where = ("once chance is resolved, at the next decision" if stop == {"decisions": 0}
                 else ex.stop.describe())
        exact = all(o.low == o.high for o in ex.outcomes)
        how = ("; each with its exact probability" if ex.chance and exact else
               "; a range is what the players' choices still allow" if ex.chance else "")
        cut = "; <b>incomplete</b>: the search was cut short" if ex.truncated else ""
        self.explored.value = (f"<div class='tv tv-explored-head'><b>{len(ex.outcomes)} "
                               f"outcome(s) from here</b> ({len(answers)} answer(s) fixed), "
                               f"{escape(where)}{how}{cut}</div>"
                               + outcomes_html(ex, self.game.ruleset))
        return ex

    def choose(self, label: str) -> Stepper:
        """Answer the pending decision; a different answer than the line's next one starts a
        new line (the old one is kept in ``lines``)."""
        nxt = self.history[self.at] if self.at < len(self.history) else None
        old = len(self.game.log)
        self.game.answer(label)
        if label != nxt:
            if nxt is not None:
                self._keep_line(self.history)
            self.history = [*self.history[:self.at], label]
        self.at += 1
        self._log_from = old
        return self.redraw()

    def _keep_line(self, line: list[str]) -> None:
        if line and line not in self.lines:
            self.lines.append(list(line))

    def goto(self, at: int) -> Stepper:
        """Show the position after the line's first ``at`` answers."""
        at = max(0, min(at, len(self.history)))
        old = len(self.game.log)
        if at == self.at + 1:
            self.game.answer(self.history[self.at])
        elif at != self.at:
            self.game = self._replay(self.history[:at])
        self._log_from = old if at > self.at else len(self.game.log)
        self.at = at
        return self.redraw()

    def back(self) -> Stepper:
        return self.goto(self.at - 1)

    def forward(self) -> Stepper:
        return self.goto(self.at + 1)

    def _switch_line(self, change: dict[str, Any]) -> None:
        i = change["new"]
        if i is None or i < 0:
            return
        line = self.lines.pop(i)
        self._keep_line(self.history)
        self.history = line
        self.game = self._replay([])
        self.at = 0
        self.goto(len(line))

    def _confirm(self) -> None:
        d = self.pending
        if d is None:
            return
        labels = [d.options[i].label for i in self._picks]
        self.choose(d.answer_label([d.options[i] for i in self._picks]) if labels
                    else f"{d.verb}: nothing")

    def _toggle(self, i: int, on: bool) -> None:
        if on and i not in self._picks:
            self._picks.append(i)
        elif not on and i in self._picks:
            self._picks.remove(i)
        self._update_confirm()

    def _update_confirm(self) -> None:
        d = self.pending
        if d is None:
            return
        n = len(self._picks)
        names = ", ".join(d.options[i].label for i in self._picks) or "nothing"
        self.confirm_button.description = f"{d.verb}: {names}"
        self.confirm_button.disabled = not d.min <= n <= d.max

    # -- drawing ------------------------------------------------------------------------------
    def redraw(self) -> Stepper:
        """Redraw every part from the game (the time it took is ``redraw_ms``)."""
        t0 = time.perf_counter()
        g = self.game
        s = g.state
        viewer = self.viewer
        hidden = face_down(g, self._start_face_down)
        self.board.value = ("<div class='tv'>" + turn_html(g)
                            + "".join(player_html(s, p, hidden.get(p.name), viewer)
                                      for p in s.players)
                            + piles_html(s) + "</div>")
        self.log.value = log_html(g, self._log_from, viewer=viewer)
        self._draw_decision()
        self._draw_history()
        if self._explored_line is not None and self._explored_line != self.history[:self.at]:
            self.exploration = self._explored_line = None   # what it showed is elsewhere
            self.explored.value = ""
        self.back_button.disabled = self.at == 0
        self.forward_button.disabled = self.at >= len(self.history)
        self.restart_button.disabled = self.at == 0
        self.end_button.disabled = self.at >= len(self.history)
        self.redraw_ms = (time.perf_counter() - t0) * 1000
        for f in self.on_change:
            f(self)
        return self

    def _draw_decision(self) -> None:
        g, d = self.game, self.game.pending
        self._picks = []
        chance = isinstance(d, ChanceStep)
        self.random_button.layout.display = "" if chance else "none"
        if d is None:
            self.prompt.value = ("<div class='tv'><b>The game is over.</b></div>" if g.over
                                 else "<div class='tv'><b>No decision is pending.</b></div>")
            self.answers_box.children = ()
            self.picks_box.children = ()
            self.closed.value = ""
            return
        self.closed.value = ("<div class='tv'>" + "".join(
            closed_html(c, g.ruleset) for c in d.unavailable()) + "</div>"
            if d.unavailable() else "")
        how = ""
        if d.multi:
            order = ", in order" if d.ordered else ""
            how = f" <span class='tv-muted'>(pick {d.min} to {d.max}{order})</span>"
        card = f" <span class='tv-muted'>— {escape(d.card)}</span>" if d.card else ""
        summary = f"<b>{escape(d.who())}</b>: {escape(d.prompt)}{card}{how}"
        if chance:
            summary = (f"<b class='tv-chance-note'>{escape(d.prompt)}</b> <span class="
                       "'tv-muted'>(no one decides: each outcome with its probability)</span>")
        self.prompt.value = "<div class='tv'>" + rule_html(d.rule, g.ruleset, summary) + "</div>"
        if chance:  # the likeliest first is not known without listing: the first in order
            self.answers_box.children = tuple(self._answer_button(a) for a in
                                              islice(d.each_answer(), CHANCE_BUTTONS))
            self.picks_box.children = ()
            return
        if not d.multi or d.answer_count() <= MAX_BUTTONS:
            self.answers_box.children = tuple(self._answer_button(a) for a in g.legal())
            self.picks_box.children = ()
            return
        self.answers_box.children = ()
        toggles = []
        for i, o in enumerate(d.options):
            t = w.ToggleButton(description=o.label, layout=w.Layout(width="auto"))
            t.add_class("tv-pick")
            t.observe(lambda ch, i=i: self._toggle(i, ch["new"]), names="value")
            toggles.append(t)
        self.picks_box.children = (*toggles, self.confirm_button)
        self._update_confirm()

    def _answer_button(self, label: str) -> w.Button:
        nxt = self.history[self.at] if self.at < len(self.history) else None
        d = self.pending
        text = label
        if isinstance(d, ChanceStep):
            p = d.probability(label)
            text = f"{label} \u00b7 {p} ({percent(p)})"
        b = w.Button(description=text, tooltip=label, layout=w.Layout(width="auto"),
                     button_style="info" if label == nxt else "")
        b.add_class("tv-answer")
        if text != label:
            b.add_class("tv-chance")
        b.on_click(lambda _, label=label: self.choose(label))
        return b

    def _draw_history(self) -> None:
        items = []
        for i, a in enumerate(self.history):
            style = "font-weight:bold" if i < self.at else "color:#777"
            here = " \u25c0 you are here" if i == self.at - 1 else ""
            items.append(f"<li style='{style}'>{escape(a)}{here}</li>")
        self.history_html.value = ("<ol class='tv'>" + "".join(items) + "</ol>" if items else
                                   "<div class='tv tv-muted'>no answers yet</div>")
        self.position.value = (f"<span class='tv' data-at='{self.at}'>step {self.at} of "
                               f"{len(self.history)}</span>")
        opts = [("this line", -1)] + [
            (f"{k + 1}: " + " / ".join(line[-3:]) + f" ({len(line)} answers)", k)
            for k, line in enumerate(self.lines)]
        self.lines_menu.unobserve(self._switch_line, names="value")
        self.lines_menu.options = opts
        self.lines_menu.value = -1
        self.lines_menu.observe(self._switch_line, names="value")
