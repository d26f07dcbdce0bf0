"""Find the rule: type a question, see the best few rules, rulings, cards and glossary terms
(``checker.reference.search``, as ``tavern rule --search``), click one for its whole entry (as
``tavern rule ID`` and ``tavern card NAME`` give it, from ``checker.reference.entries``). On
the judge's desk, and in the notebooks through ``teach.find_rule``.

>>> f = RuleFinder("can I play treasures after buying an event")
>>> [h.id for h in f.hits[:2]]
['event.no-treasures-after', 'events.no-treasures-after']
>>> "Scenarios that show it (1)" in f.open("events.no-treasures-after")
True
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
from dominion_tavern.checker.reference.entries import (
    LookupFailed,
    card_data,
    errata_line,
    find_card,
    find_rule,
    rule_data,
    ruling_data,
    text_use,
)
from dominion_tavern.checker.reference.pages import glossary
from dominion_tavern.checker.reference.search import Hit, search
from dominion_tavern.notebooks.widgets.game_html import rule_html
from dominion_tavern.rulebook.carddata import RULESETS
from dominion_tavern.rulebook.rules import Rule

LIMIT = 6   # hits shown: the best few
PLACEHOLDER = "a question, as you would ask it: can I play treasures after buying an event"
FINDER_CSS = """<style>
.tv-hitline {color: #333; padding-left: 6px} .tv-hitkind {color: #777; font-size: 12px}
.tv-entry {border-left: 3px solid #1a5fb4; padding: 2px 10px; margin: 6px 0; max-width: 60em}
.tv-entry h4 {margin: 2px 0 6px} .tv-entry ul {margin: 2px 0}
.tv-entry p {white-space: pre-line; margin: 4px 0}
</style>"""


def _para(head: str, text: str) -> str:
    return f"<p><b>{escape(head)}</b>: {escape(text)}</p>"


def _texts(texts: dict[str, str], differs: bool, what: str) -> str:
    """A text under both rulesets: once if it is the same, else each with its ruleset."""
    if not differs:
        return _para(f"{what} (both rulesets)", texts[RULESETS[0]])
    return "".join(_para(f"{what} (ruleset {rs})", texts[rs]) for rs in RULESETS)


def _named_texts(named: list[dict[str, Any]]) -> str:
    """A card's texts named by year, each with the rulesets that use it and its source."""
    return "".join(_para(f"card text {t['id']} ({text_use(t['rulesets'])})", t["text"])
                   + _para("source", t["source"]) for t in named)


def _scenarios(found: list[str]) -> str:
    items = "".join(f"<li>{escape(s)}</li>" for s in found) or "<li>none yet</li>"
    return f"<p><b>Scenarios that show it ({len(found)})</b>:</p><ul>{items}</ul>"


def rule_entry(r: Rule) -> str:
    d = rule_data(r)
    history = _para("history", d["history"]) if d["history"] else ""
    return (f"<h4>{escape(d['title'])} <span class='tv-rule'>[{escape(d['id'])}]</span></h4>"
            + _texts(d["texts"], d["differs"], "text") + history
            + _para("source", d["source"]))


def ruling_entry(x: dict[str, Any]) -> str:
    d = ruling_data(x)
    only = f" ({', '.join(d['rulesets'])} only)" if d.get("rulesets") else ""
    example = _para("example", d["example"]) if d.get("example") else ""
    return (f"<h4>{escape(d['title'])} <span class='tv-rule'>[{escape(d['id'])}]</span></h4>"
            f"<p class='tv-hitkind'>A ruling on {escape(d['card'])}{escape(only)}</p>"
            + _para("ruling", d["text"]) + example + _para("source", d["source"])
            + _scenarios(d["scenarios"]))


def card_entry(name: str) -> str:
    c = card_data(*find_card(name))
    head = f"{', '.join(c['types'])}, costs {c['cost']}" + (f" ({c['set']})" if c["set"]
                                                              else "")
    errata = ""
    if c["errata"]:
        head, _, rest = errata_line(c["errata"]).partition(": ")
        errata = _para(head, rest)
    rulings = "".join(f"<li><span class='tv-rule'>{escape(x['id'])}</span>: "
                      f"{escape(x['text'])}</li>" for x in c["rulings"]) or "<li>none</li>"
    return (f"<h4>{escape(c['name'])} <span class='tv-muted'>{escape(head)}</span></h4>"
            + (_named_texts(c["named_texts"]) if c["named_texts"] else
               _texts(c["texts"], c["differs"], "card text")) + errata
            + f"<p><b>Rulings ({len(c['rulings'])})</b>:</p><ul>{rulings}</ul>"
            + _scenarios(c["scenarios"]))


def term_entry(term: str) -> str:
    e = glossary()[term]
    rules = "".join(rule_html(r, "current", "") for r in e.get("rules", []))
    return (f"<h4>{escape(term)} <span class='tv-muted'>(glossary)</span></h4>"
            + f"<p>{escape(e['text'])}</p>" + (f"<div><b>Rules</b>: {rules}</div>" if rules
                                               else ""))


def entry_html(hit: Hit) -> str:
    """The whole entry of a search hit, as ``tavern rule ID`` (a rule or ruling) or ``tavern
    card NAME`` (a card or Event) prints it; a glossary term with its rules."""
    if hit.kind in ("card", "event"):
        body = card_entry(hit.id)
    elif hit.kind == "term":
        body = term_entry(hit.id)
    else:
        found = find_rule(hit.id)
        body = rule_entry(found) if isinstance(found, Rule) else ruling_entry(found)
    return f"<div class='tv tv-entry' data-entry='{escape(hit.id)}'>{body}</div>"


class RuleFinder:
    """A search box, the best few hits (id, kind, title, the sentence that best answers), and
    the entry of the hit clicked. ``question``: search at once (``find`` searches again)."""

    def __init__(self, question: str = "", limit: int = LIMIT) -> None:
        self.limit = limit
        self.hits: list[Hit] = []
        self.query = w.Text(placeholder=PLACEHOLDER, continuous_update=False,
                            layout=w.Layout(width="40em"))
        self.query.add_class("tv-find-query")
        self.query.observe(lambda ch: self.find(ch["new"]), names="value")
        self.find_button = w.Button(description="Find", icon="search")
        self.find_button.add_class("tv-find")
        self.find_button.on_click(lambda _: self.find(self.query.value))
        self.results = w.VBox()
        self.results.add_class("tv-hits")
        self.said = w.HTML()
        self.said.add_class("tv-find-message")
        self.detail = w.HTML()
        self.detail.add_class("tv-entry-box")
        self.widget = w.VBox([w.HTML(FINDER_CSS), w.HBox([self.query, self.find_button]),
                              self.said, self.results, self.detail])
        self.widget.add_class("tv-finder")
        if question:
            self.query.value = question      # searches (the observer above)

    def _repr_mimebundle_(self, **kw: Any) -> dict[str, Any]:
        """The widget live; the hits as text where widgets do not show (a static page)."""
        bundle = self.widget._repr_mimebundle_(**kw)
        bundle["text/plain"] = self.text()
        return bundle

    def text(self) -> str:
        """The hits as ``tavern rule --search`` prints them."""
        return "\n".join(f"{h.kind} {h.id}: {h.title}\n    {h.line}" for h in self.hits) or \
            self.said.value

    def hit_buttons(self) -> list[w.Button]:
        return [row.children[0] for row in self.results.children]

    def find(self, question: str) -> list[Hit]:
        """Search, show the hits (none opened yet) and return them."""
        question = question.strip()
        self.hits = search(question, self.limit) if question else []
        self.results.children = tuple(self._row(h) for h in self.hits)
        self.detail.value = ""
        if question and not self.hits:
            self.said.value = (f"<div class='tv tv-muted'>Nothing found for "
                               f"\u201c{escape(question)}\u201d: try other words (a card's "
                               "name, what happens, when).</div>")
        else:
            self.said.value = ("<div class='tv tv-muted'>Click an id for its whole entry."
                               "</div>" if self.hits else "")
        return self.hits

    def _row(self, h: Hit) -> w.HBox:
        b = w.Button(description=h.id, tooltip=f"open {h.id}",
                     layout=w.Layout(width="auto", flex="0 0 auto"))   # the id never cut
        b.add_class("tv-hit")
        b.on_click(lambda _, h=h: self.open(h.id))
        line = w.HTML(f"<span class='tv tv-hitline'><span class='tv-hitkind'>{escape(h.kind)}"
                      f"</span> <b>{escape(h.title)}</b>: {escape(h.line)}</span>")
        return w.HBox([b, line], layout=w.Layout(align_items="center"))

    def open(self, ident: str) -> str:
        """Show the whole entry of the hit ``ident`` (its button stays marked) and return it."""
        hit = next((h for h in self.hits if h.id == ident), None)
        if hit is None:
            raise LookupFailed(f"{ident!r} is not among the hits; hits: "
                               f"{', '.join(h.id for h in self.hits) or '(none)'}")
        for b in self.hit_buttons():
            b.button_style = "info" if b.description == ident else ""
        self.detail.value = entry_html(hit)
        return self.detail.value
