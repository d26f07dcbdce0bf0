"""A rule, ruling, card or Event looked up by id or name and shown whole: its texts under each
ruleset, its rulings and the scenarios of the book that show them (``tavern rule``, ``tavern
card``, the desk's rule finder)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Any

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.format.load import ScenarioError, find_scenarios, load_scenario
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.rules import RULES, Rule, rulings
from dominion_tavern.rulebook.spelling import UnknownName, names_in, nearest, suggest


class LookupFailed(LookupError):
    """An unknown rule id or card name (printed as one line with the nearest matches)."""


def _wrap(text: str, indent: str = "    ") -> str:
    return "\n".join(textwrap.fill(line, 92, initial_indent=indent, subsequent_indent=indent)
                     if line.strip() else "" for line in text.splitlines())


# -- rules ---------------------------------------------------------------------------------------
def rule_data(r: Rule) -> dict[str, Any]:
    texts = {rs: r.text_for(rs) for rs in RULESETS}
    return {"id": r.id, "title": r.title, "source": r.source, "text": r.text,
            "texts": texts, "differs": len(set(texts.values())) > 1, "history": r.history}


def rule_text(r: Rule) -> str:
    d = rule_data(r)
    lines = [f"{r.id}: {r.title}"]
    if d["differs"]:
        for rs in RULESETS:
            lines += [f"  ruleset {rs}:", _wrap(d["texts"][rs])]
    else:
        lines.append(_wrap(r.text))
    if r.history:
        lines += ["  history:", _wrap(r.history)]
    lines.append(f"  source: {r.source}")
    return "\n".join(lines)


def find_rule(rid: str) -> Rule | dict[str, Any]:
    """The rule with id ``rid``, or else the ruling (a dict from rulings.toml)."""
    if rid in RULES:
        return RULES[rid]
    by_id = {x["id"]: x for x in rulings()}
    if rid in by_id:
        return by_id[rid]
    near = nearest(rid, [*RULES, *by_id], n=5)
    hint = f"; nearest: {', '.join(near)}" if near else "; try tavern rule --search WORDS"
    raise LookupFailed(f"unknown rule or ruling id {rid!r}{hint}")


def ruling_data(x: dict[str, Any]) -> dict[str, Any]:
    return {**x, "scenarios": scenarios_for(None, {x["id"]})}


def ruling_text(d: dict[str, Any]) -> str:
    only = f" [{', '.join(d['rulesets'])} only]" if d.get("rulesets") else ""
    lines = [f"{d['id']}: {d['title']}", f"  a ruling on {d['card']}{only}", _wrap(d["text"])]
    if d.get("example"):
        lines += ["  example:", _wrap(d["example"])]
    lines.append(f"  source: {d['source']}")
    lines.append(f"  scenarios ({len(d['scenarios'])}):")
    lines += [f"    {s}" for s in d["scenarios"]]
    return "\n".join(lines)


# -- cards ---------------------------------------------------------------------------------------
def errata_line(e: dict[str, str]) -> str:
    """A card's errata as every surface shows it: ``errata DATE: NOTE (source: SOURCE)``."""
    source = f" (source: {e['source']})" if e.get("source") else ""
    return f"errata {e.get('date', '')}: {e.get('note', '')}{source}"


def find_card(name: str) -> tuple[str, Any, bool]:
    """(name, definition, is_event) for ``name`` in any case."""
    table = _card_table()
    for n, (d, ev) in table.items():
        if n.lower() == name.lower():
            return n, d, ev
    raise LookupFailed(f"unknown card or Event {name!r}{suggest(name, table)}")


def _card_table() -> dict[str, tuple[Any, bool]]:
    return {**{n: (d, False) for n, d in CARDS.items()},
            **{n: (d, True) for n, d in EVENTS.items()}}


def find_cards(words: list[str]) -> list[tuple[str, Any, bool]]:
    """(name, definition, is_event) for each card or Event ``words`` name: quoted or not, in
    any case (``royal carriage throne room``: two cards)."""
    table = _card_table()
    try:
        names = names_in(words, table, "card or Event")
    except UnknownName as e:
        raise LookupFailed(str(e)) from None
    return [(n, *table[n]) for n in names]


def _mentions(data: Any, name: str) -> bool:
    if isinstance(data, dict):
        return any(_mentions(v, name) for v in data.values())
    if isinstance(data, list):
        return any(_mentions(v, name) for v in data)
    if isinstance(data, str):
        s = data.strip()
        return s == name or s.endswith(" " + name) or s.endswith(" " + name + "s")
    return False


def where(path: Path) -> str:
    """``path`` as the user can type it from the current folder (absolute if it lies above)."""
    rel = os.path.relpath(path)
    return str(path.resolve()) if rel.startswith("..") else rel


def scenarios_for(name: str | None, ruling_ids: set[str], folder: Path = CORPUS) -> list[str]:
    """The corpus scenarios that show one of ``ruling_ids`` or whose setup mentions the card
    ``name``, as ``id (path): question``."""
    out = []
    try:
        files = find_scenarios([folder]) if folder.is_dir() else []
    except OSError:
        return out
    for f in files:
        try:
            scn = load_scenario(f)
        except ScenarioError:
            continue
        own = set(scn.meta.get("rulings") or []) & ruling_ids
        if own or (name is not None and _mentions(scn.setup, name)):
            out.append(f"{scn.id} ({where(f)}): {scn.question}")
    return out


def text_use(rulesets: tuple[str, ...] | list[str]) -> str:
    """Which rulesets use a named text: ``used by ruleset 2015``, ``used by no ruleset``."""
    return "used by ruleset " + " and ".join(rulesets) if rulesets else "used by no ruleset"


def card_data(name: str, d: Any, event: bool) -> dict[str, Any]:
    texts = {rs: d.text(rs) for rs in RULESETS}
    own = [x for x in rulings() if x.get("card") == name]
    named = [{"id": t.id, "text": t.text, "source": t.source, "rulesets": list(t.rulesets)}
             for t in d.named]
    return {"name": name, "event": event, "cost": str(d.cost),
            "types": ["Event"] if event else list(d.types),
            "set": None if event else d.set, "texts": texts, "named_texts": named,
            "differs": len(set(texts.values())) > 1, "errata": d.errata, "rulings": own,
            "scenarios": scenarios_for(name, {x["id"] for x in own})}


def card_text(c: dict[str, Any]) -> str:
    lines = [f"{c['name']}: {', '.join(c['types'])}, costs {c['cost']}"
             + (f" ({c['set']})" if c["set"] else "")]
    if c["named_texts"]:
        for t in c["named_texts"]:
            lines += [f"  text {t['id']} ({text_use(t['rulesets'])}):", _wrap(t["text"]),
                      _wrap(f"source: {t['source']}", "      ")]
        lines.append(f"  (a scenario plays by another with setup.texts: {{{c['name']}: "
                     f"'{c['named_texts'][0]['id']}'}})")
    elif c["differs"]:
        for rs in RULESETS:
            lines += [f"  text ({rs}):", _wrap(c["texts"][rs])]
    else:
        lines += ["  text:", _wrap(c["texts"]["current"])]
    if c["errata"]:
        lines.append(_wrap(errata_line(c["errata"]), "  "))
    lines.append(f"  rulings ({len(c['rulings'])}):")
    for x in c["rulings"]:
        only = f" [{', '.join(x['rulesets'])} only]" if x.get("rulesets") else ""
        lines.append(_wrap(f"{x['id']}{only}: {x['text']}"))
    lines.append(f"  scenarios ({len(c['scenarios'])}):")
    lines += [f"    {s}" for s in c["scenarios"]]
    return "\n".join(lines)


