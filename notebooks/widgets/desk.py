"""The judge's desk: build a position with widgets, ask what happens, see every outcome and
its rules, step through it, and save it as a scenario file.

>>> desk = Desk()
>>> desk.load(PUZZLE_PATH)
>>> desk.spec()["piles"], desk.spec()["players"][0]["play"]
({'Soldier': 0}, ['Peasant', 'Soldier'])
>>> sorted(o.values["piles.Soldier"] for o in desk.ask().outcomes)
[0, 0, 1]
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
from dominion_tavern.checker.cmd_dump import scenario_yaml
from dominion_tavern.checker.dump import dump
from dominion_tavern.checker.explore import Exploration, ExploreError, default_fields, explore
from dominion_tavern.checker.scenario import load_scenario
from dominion_tavern.diagrams.render import DotMissing
from dominion_tavern.diagrams.tree import from_exploration, game_prompts
from dominion_tavern.notebooks.widgets.stepper import (
    CSS,
    PUZZLE_PATH,
    SCENARIOS,
    Stepper,
    chip,
    rule_html,
)
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.state import PILE_TOKENS
from dominion_tavern.rulebook.engine.turn import PHASES
from dominion_tavern.rulebook.position import build, expand
from dominion_tavern.rulebook.setup import SetupError

__all__ = ["PUZZLE_PATH", "Desk"]

ZONE_FIELDS = ("hand", "play", "earlier", "deck", "discard", "mat", "aside")
ZONE_LABELS = {"hand": "hand", "play": "in play", "earlier": "in play (earlier turn)",
               "deck": "deck (top first)", "discard": "discard", "mat": "Tavern mat",
               "aside": "set aside"}
STOPS = {"end of this turn": {"at": "end-of-turn"},
         "end of this phase": {"at": "end-of-phase"},
         "next 3 decisions": {"decisions": 3}}
SAVE_DIR = Path(__file__).resolve().parents[2] / "saved-scenarios"  # git-ignored
_PAIR = re.compile(r"^\s*(.+?)\s*[:=]\s*(.+?)\s*$")


def _pairs(text: str, what: str) -> dict[str, str]:
    """``"Soldier: 0, Fugitive: 3"`` -> ``{"Soldier": "0", "Fugitive": "3"}``."""
    out: dict[str, str] = {}
    for part in filter(str.strip, re.split(r"[,;\n]", text)):
        m = _PAIR.match(part)
        if not m:
            raise SetupError(f"{what}: write 'name: value' pairs separated by commas, "
                             f"not {part.strip()!r}")
        out[m.group(1)] = m.group(2)
    return out


class PlayerForm:
    """One player's part of the desk: name, a card picker per zone, tokens."""

    def __init__(self, name: str, cards: list[str]) -> None:
        self.name = w.Text(value=name, description="name", layout=w.Layout(width="16em"))
        self.zones = {z: w.TagsInput(value=[], allowed_tags=cards, allow_duplicates=True)
                      for z in ZONE_FIELDS}
        self.journey = w.Dropdown(options=["up", "down"], value="up", description="Journey",
                                  layout=w.Layout(width="12em"))
        self.vp = w.BoundedIntText(value=0, min=0, max=99, description="VP tokens",
                                   layout=w.Layout(width="12em"))
        self.tokens = w.Text(placeholder="+1 Action: Village, -$2 cost: Smithy",
                             description="pile tokens", layout=w.Layout(width="34em"))
        rows = [w.HBox([w.Label(ZONE_LABELS[z], layout=w.Layout(width="11em")), t])
                for z, t in self.zones.items()]
        self.widget = w.VBox([w.HBox([self.name, self.journey, self.vp]), *rows, self.tokens])

    def spec(self) -> dict[str, Any]:
        z = {k: list(t.value) for k, t in self.zones.items()}
        out: dict[str, Any] = {"name": self.name.value.strip()}
        play: list[Any] = [{"card": c, "earlier": True} for c in z.pop("earlier")]
        play += z.pop("play")
        if play:
            out["play"] = play
        out.update({k: v for k, v in z.items() if v})
        if self.journey.value == "down":
            out["journey"] = "down"
        if self.vp.value:
            out["vp_tokens"] = self.vp.value
        tokens = _pairs(self.tokens.value, f"{out['name']}'s pile tokens")
        for t in tokens:
            if t not in PILE_TOKENS:
                raise SetupError(f"unknown token {t!r}; tokens: {', '.join(PILE_TOKENS)}")
        if tokens:
            out["tokens"] = tokens
        return out

    def fill(self, ps: dict[str, Any]) -> None:
        self.name.value = ps.get("name", self.name.value)
        now: list[str] = []
        earlier: list[str] = []
        for entry in ps.get("play") or []:
            if isinstance(entry, dict):
                (earlier if entry.get("earlier") else now).append(entry["card"])
            else:
                now += expand([entry], "play")
        values = {"play": now, "earlier": earlier}
        for z in ("hand", "deck", "discard", "mat", "aside"):
            values[z] = expand(ps.get(z), z)
        for z, t in self.zones.items():
            t.value = values.get(z, [])
        self.journey.value = ps.get("journey", "up")
        self.vp.value = int(ps.get("vp_tokens", 0))
        self.tokens.value = ", ".join(f"{k}: {v}" for k, v in (ps.get("tokens") or {}).items())


class Desk:
    """The judge's desk widget (``display(desk.widget)``, or ``desk`` as a cell's last line)."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Bob")) -> None:
        cards = sorted(CARDS)
        kingdom_cards = sorted(n for n, d in CARDS.items() if d.kingdom)
        self.ruleset = w.Dropdown(options=list(RULESETS), value="current",
                                  description="ruleset")
        self.kingdom = w.TagsInput(value=[], allowed_tags=kingdom_cards,
                                   allow_duplicates=False)
        self.events = w.TagsInput(value=[], allowed_tags=sorted(EVENTS), allow_duplicates=False)
        self.piles = w.Text(placeholder="Soldier: 0, Province: 3", description="pile sizes",
                            layout=w.Layout(width="34em"))
        self.trash = w.TagsInput(value=[], allowed_tags=cards, allow_duplicates=True)
        self.players = [PlayerForm(n, cards) for n in players]
        self.turn_player = w.Dropdown(options=list(players), value=players[0],
                                      description="whose turn")
        self.phase = w.Dropdown(options=list(PHASES), value="action", description="phase")
        self.number = w.BoundedIntText(value=1, min=1, max=999, description="turn no.")
        self.actions = w.BoundedIntText(value=1, min=0, max=99, description="Actions")
        self.buys = w.BoundedIntText(value=1, min=0, max=99, description="Buys")
        self.coins = w.BoundedIntText(value=0, min=0, max=99, description="$")
        self.stop = w.Dropdown(options=list(STOPS), value="end of this turn",
                               description="explore to")
        stems = sorted(str(p.relative_to(SCENARIOS).with_suffix(""))
                       for p in SCENARIOS.rglob("*.yaml"))
        self.corpus = w.Dropdown(options=["(start from a corpus scenario)", *stems],
                                 layout=w.Layout(width="30em"))
        self.corpus.observe(self._pick_corpus, names="value")
        self.ask_button = w.Button(description="What happens?", button_style="primary")
        self.ask_button.add_class("tv-ask")
        self.ask_button.on_click(lambda _: self._safe(self.ask))
        self.save_name = w.Text(value="my-ruling", description="file name")
        self.save_title = w.Text(placeholder="what the position shows", description="title",
                                 layout=w.Layout(width="34em"))
        self.save_question = w.Text(placeholder="the question asked", description="question",
                                    layout=w.Layout(width="34em"))
        self.save_button = w.Button(description="save as scenario", icon="save")
        self.save_button.add_class("tv-save")
        self.save_button.on_click(lambda _: self._safe(self.save))
        self.status = w.HTML()
        self.status.add_class("tv-status")
        self.outcomes = w.HTML()
        self.outcomes.add_class("tv-outcomes")
        self.tree = w.HTML()
        self.tree.add_class("tv-tree")
        self.stepper_box = w.VBox()
        self.exploration: Exploration | None = None
        self.stepper: Stepper | None = None
        self.saved: Path | None = None
        self.widget = self._layout()

    def _layout(self) -> w.Widget:
        def row(label: str, widget: w.Widget) -> w.HBox:
            return w.HBox([w.Label(label, layout=w.Layout(width="11em")), widget])

        game = w.VBox([w.HBox([self.ruleset, self.corpus]), row("Kingdom", self.kingdom),
                       row("Events", self.events), self.piles, row("trash", self.trash)])
        turn = w.VBox([w.HBox([self.turn_player, self.phase, self.number]),
                       w.HBox([self.actions, self.buys, self.coins])])
        tabs = w.Tab(children=[game, *[p.widget for p in self.players], turn])
        for i, title in enumerate(["game", *[p.name.value for p in self.players], "turn"]):
            tabs.set_title(i, title)
        ask = w.HBox([self.stop, self.ask_button])
        save = w.VBox([w.HBox([self.save_name, self.save_button]), self.save_title,
                       self.save_question])
        results = w.Tab(children=[self.outcomes, self.tree, self.stepper_box])
        for i, title in enumerate(["outcomes", "tree", "step through"]):
            results.set_title(i, title)
        head = w.HTML(CSS + "<h2 class='tv'>The judge's desk</h2><p class='tv'>Set up the "
                      "position (cards into each player's zones, piles, tokens, the turn), "
                      "then ask what can happen. Every outcome lists the rules behind it.</p>")
        box = w.VBox([head, tabs, ask, self.status, results,
                      w.HTML("<h3 class='tv'>Save the position</h3>"), save])
        box.add_class("tv-desk")
        return box

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _safe(self, f: Any) -> None:
        try:
            f()
        except (SetupError, ExploreError, ValueError, KeyError) as e:
            self.status.value = f"<div class='tv' style='color:#a00'>{escape(str(e))}</div>"

    # -- the position ---------------------------------------------------------------------------
    def spec(self) -> dict[str, Any]:
        """The position as a scenario ``setup`` (raises SetupError for what cannot be read)."""
        piles = {k: int(v) for k, v in _pairs(self.piles.value, "pile sizes").items()}
        spec: dict[str, Any] = {"ruleset": self.ruleset.value, "kingdom": list(self.kingdom.value)}
        if self.events.value:
            spec["events"] = list(self.events.value)
        if piles:
            spec["piles"] = piles
        if self.trash.value:
            spec["trash"] = list(self.trash.value)
        spec["players"] = [p.spec() for p in self.players]
        turn_player = self.turn_player.value
        names = [p["name"] for p in spec["players"]]
        if turn_player not in names:
            turn_player = names[0]
        spec["turn"] = {"player": turn_player, "phase": self.phase.value,
                        "number": self.number.value, "actions": self.actions.value,
                        "buys": self.buys.value, "coins": self.coins.value}
        return spec

    def fill(self, setup: dict[str, Any]) -> None:
        """Set every widget from a scenario ``setup``."""
        self.ruleset.value = str(setup.get("ruleset", "current"))
        self.kingdom.value = expand(setup.get("kingdom"), "kingdom")
        self.events.value = list(setup.get("events", []))
        self.piles.value = ", ".join(f"{k}: {v}" for k, v in (setup.get("piles") or {}).items())
        self.trash.value = expand(setup.get("trash"), "trash")
        for form, ps in zip(self.players, setup.get("players") or [], strict=False):
            form.fill(ps)
        names = [p.name.value for p in self.players]
        self.turn_player.options = names
        t = setup.get("turn", {})
        self.turn_player.value = t.get("player", names[0])
        self.phase.value = t.get("phase", "start")
        self.number.value = int(t.get("number", 1))
        self.actions.value = int(t.get("actions", 1))
        self.buys.value = int(t.get("buys", 1))
        self.coins.value = int(t.get("coins", 0))

    def load(self, path: str | Path) -> None:
        """Fill the desk from a scenario file (its setup; the script is not played)."""
        self.fill(load_scenario(path).setup)
        self.status.value = f"<div class='tv'>Loaded {escape(Path(path).name)}.</div>"

    def _pick_corpus(self, change: dict[str, Any]) -> None:
        stem = change["new"]
        if stem and not stem.startswith("("):
            self._safe(lambda: self.load(SCENARIOS / f"{stem}.yaml"))

    def game(self) -> Game:
        spec = self.spec()
        build(dict(spec))  # raises SetupError with a readable message
        return Game(lambda: build(_copy(spec)))

    # -- asking ---------------------------------------------------------------------------------
    def ask(self) -> Exploration:
        """Explore the position to the chosen stop; fill outcomes, tree and stepper."""
        g = self.game()
        piles = [*self.spec().get("piles", {}), *g.state.nonsupply]
        fields = default_fields(g) + [f"piles.{p}" for p in dict.fromkeys(piles)]
        ex = explore(g.factory, (), STOPS[self.stop.value], fields, max_nodes=5000)
        self.exploration = ex
        self.outcomes.value = self._outcomes_html(ex, g.ruleset)
        try:
            tree = from_exploration(ex, game_prompts(g.factory), max_nodes=200)
            self.tree.value = tree.svg()
        except (DotMissing, ValueError) as e:
            self.tree.value = f"<pre>{escape(str(e))}</pre>"
        self.stepper = Stepper(g, title="Step through it")
        self.stepper_box.children = (self.stepper.widget,)
        cut = " (stopped early: node budget)" if ex.truncated else ""
        self.status.value = (f"<div class='tv'><b>{len(ex.outcomes)} distinct outcome(s)</b> "
                             f"{escape(ex.stop.describe())}, from {ex.leaves} path(s){cut}."
                             "</div>")
        return ex

    def _outcomes_html(self, ex: Exploration, ruleset: str) -> str:
        """Each outcome with the fields that differ between outcomes; the rest once, above."""
        def show(val: Any) -> str:
            if isinstance(val, tuple):
                return " ".join(chip(v) if v in CARDS else escape(str(v)) for v in val) or "—"
            return escape(str(val))

        fields = list(ex.fields)
        differ = [f for f in fields if len({repr(o.values[f]) for o in ex.outcomes}) > 1]
        same = [f for f in fields if f not in differ and ex.outcomes]
        rows = []
        if same:
            common = "; ".join(f"<b>{escape(f.removeprefix('players.'))}</b>: "
                               f"{show(ex.outcomes[0].values[f])}" for f in same)
            rows.append(f"<div class='tv-muted'>In every outcome: {common}</div>")
        for i, o in enumerate(ex.outcomes, 1):
            values = "".join(f"<div><b>{escape(k.removeprefix('players.'))}</b>: "
                             f"{show(o.values[k])}</div>" for k in differ)
            path = " → ".join(map(escape, o.path)) or "(no decisions)"
            rules = "".join(rule_html(r, ruleset, "") for r in o.rules)
            rows.append(f"<div class='tv-player' data-outcome='{i}'><b>Outcome {i}</b> "
                        f"<span class='tv-muted'>({o.paths} path(s); shortest: {path})</span>"
                        f"{values}<div><b>rules</b>{rules}</div></div>")
        return "<div class='tv'>" + "".join(rows) + "</div>"

    # -- saving ---------------------------------------------------------------------------------
    def save(self, folder: str | Path | None = None) -> Path:
        """Write the position (where the stepper is, else the desk's) as a scenario file."""
        g = self.stepper.game if self.stepper is not None else self.game()
        d = dump(g)
        stem = re.sub(r"[^a-z0-9._-]+", "-", self.save_name.value.lower()).strip("-")
        stem = stem or "position"
        meta = {"id": f"desk.{stem}", "title": self.save_title.value or "A position from the "
                "judge's desk", "question": self.save_question.value or "What happens here?",
                "ruleset": d.setup["ruleset"]}
        data: dict[str, Any] = {"meta": meta, "setup": d.setup}
        if d.script:
            data["script"] = d.script
        out = Path(folder) if folder is not None else SAVE_DIR
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{stem}.yaml"
        path.write_text(scenario_yaml(data), "utf-8")
        load_scenario(path)  # it must load back
        self.saved = path
        self.status.value = f"<div class='tv'>Saved <code>{escape(str(path))}</code>.</div>"
        return path


def _copy(spec: dict[str, Any]) -> dict[str, Any]:
    import copy

    return copy.deepcopy(spec)
