"""The rules reference as Markdown: generated from ``rulebook/``'s data and the scenario
corpus into ``rulebook/reference/`` (``make reference``); a test fails when it is stale.

Pages: ``README.md`` (index), ``rules.md`` (mechanics, each rule with id, text, source and
ruling history), ``cards-*.md`` (one entry per card and Event), ``glossary.md``.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from pathlib import Path

from dominion_tavern.checker import CORPUS
from dominion_tavern.checker.reference.entries import errata_line, text_use
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, CardDef, EventDef
from dominion_tavern.rulebook.rules import RULES, Rule, rulings
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]  # the kit's folders (or the installed package)
OUT = ROOT / "rulebook" / "reference"
DATA = ROOT / "rulebook" / "data"

#: (section title, rule-id prefixes), first match wins; every rule falls in one section.
SECTIONS = [
    ("Setup", ["game.setup"]),
    ("The turn", ["turn", "game.turn-order"]),
    ("Possession: another player's turn under control", ["possession"]),
    ("Zones and cards", ["supply", "in-play", "card.types", "card.identity", "card.ownership"]),
    ("Gaining, buying, trashing, discarding, drawing", [
        "draw", "discard", "gain", "buy", "trash", "reveal", "look", "set-aside", "topdeck",
        "return-to-pile"]),
    ("Playing cards", ["play", "coins", "actions-buys"]),
    ("Costs", ["card.cost", "cost"]),
    ("Debt", ["debt"]),
    ("Coffers", ["coffers"]),
    ("Choices and timing", ["choice"]),
    ("Chance: cards in unknown order", ["chance"]),
    ("Attacks and Reactions", ["attack"]),
    ("Duration", ["duration"]),
    ("Reserve cards and calling", ["reserve"]),
    ("Events", ["event"]),
    ("Travellers and exchanging", ["traveller"]),
    ("Tokens", ["token"]),
    ("Game end and scoring", ["game.end", "game.scoring"]),
]
CARD_PAGES = [
    ("cards-adventures.md", "Adventures: Kingdom cards and Traveller upgrades",
     lambda d: d.set == "adventures"),
    ("cards-base.md", "Dominion (2nd edition): Kingdom and basic cards",
     lambda d: d.set == "base-2e"),
    ("cards-others.md", "Cards from other sets used in Adventures examples and rulings",
     lambda d: d.set not in ("adventures", "base-2e")),
]
#: What the two rulesets mean for a card from another set (the cards-others page's preface).
OUTSIDE_RULESETS = (
    "For a card from another set, `2015` is its first printing with its set's FAQ and rules, "
    "`current` its latest text. A card printed with more than two texts over the years "
    "(Outpost) lists each by its year, with its source and the ruleset that uses it; a "
    "scenario may name any of them (`setup.texts: {Outpost: '2022'}`), and it then stays the "
    "same under both rulesets.")
#: Rules a card uses because of its types (each card also gets those its scenarios cite).
TYPE_RULES = {
    "Duration": ["duration", "duration.stays-in-play", "duration.start-of-turn"],
    "Reserve": ["reserve", "reserve.tavern-mat", "reserve.call"],
    "Traveller": ["traveller.exchange", "traveller.order"],
    "Attack": ["attack", "attack.reaction"],
    "Reaction": ["attack.reaction"],
    "Treasure": ["play.treasure"],
    "Action": ["play.action-use"],
    "Victory": ["game.scoring"],
}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def section_of(rule_id: str) -> str:
    for title, prefixes in SECTIONS:
        if any(rule_id == p or rule_id.startswith(p + ".") for p in prefixes):
            return title
    raise ValueError(f"rule {rule_id!r} has no reference section")


def scenarios(corpus: Path = CORPUS) -> list[tuple[str, dict]]:
    """(path relative to rulebook/reference, meta + setup) of every corpus scenario."""
    yaml = YAML(typ="safe")
    out = []
    for path in sorted(corpus.rglob("*.yaml")):
        doc = yaml.load(path.read_text("utf-8")) or {}
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        out.append((f"../../{where}", doc))
    return out


def _rule_link(rid: str) -> str:
    return f"[`{rid}`](rules.md#{slug(rid)})"


def _text_block(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


def rules_page(shown: dict[str, list[str]]) -> str:
    lines = ["# The rules, in our own words", "",
             "Every rule the engine cites in its log, by section. Each has a stable id; where the",
             "two supported rulesets (`2015`, the first printing; `current`, the latest errata)",
             "differ, both texts and the history are given.", ""]
    by_section: dict[str, list[Rule]] = defaultdict(list)
    for rule in RULES.values():
        by_section[section_of(rule.id)].append(rule)
    lines += [f"- [{title}](#{slug(title)})" for title, _ in SECTIONS] + [""]
    for title, _ in SECTIONS:
        lines += [f"## {title}", ""]
        for rule in by_section[title]:
            lines += [f'<a id="{slug(rule.id)}"></a>', f"### `{rule.id}`: {rule.title}", ""]
            if rule.text_2015 or rule.text_current:
                lines += ["Under `2015`:", "", _text_block(rule.text_for("2015")), "",
                          "Under `current`:", "", _text_block(rule.text_for("current")), ""]
                if rule.history:
                    lines += [f"History: {rule.history}", ""]
            else:
                lines += [rule.text, ""]
            lines += [f"Source: {rule.source}", ""]
            if shown.get(rule.id):
                lines += ["Shown by: " + ", ".join(shown[rule.id]), ""]
    return "\n".join(lines)


def card_entry(d: CardDef | EventDef, own: list[dict], shown: dict[str, list[str]],
               uses: set[str]) -> list[str]:
    is_event = isinstance(d, EventDef)
    kind = "Event" if is_event else " – ".join(d.types)
    facts = [str(d.cost), kind]
    if not is_event:
        facts.append("Kingdom card" if d.kingdom else "basic card" if d.supply else "")
        facts.append("in the Supply" if d.supply else "not in the Supply")
        if d.upgrade:
            facts.append(f"exchanged for {d.upgrade}")
    lines = [f'<a id="{slug(d.name)}"></a>', f"## {d.name}", "",
             "; ".join(f for f in facts if f) + ".", ""]
    if d.named:
        for t in d.named:
            lines += [f"Printed text {t.id} ({text_use(t.rulesets)}; a scenario plays by it "
                      f"with `texts: {{{d.name}: '{t.id}'}}`):", "", _text_block(t.text), "",
                      f"*Source: {t.source}.*", ""]
    elif d.texts["2015"] == d.texts["current"]:
        lines += [_text_block(d.texts["current"]), ""]
    else:
        lines += ["Printed text under `2015` (first printing):", "",
                  _text_block(d.texts["2015"]), "",
                  "Printed text under `current` (latest errata):", "",
                  _text_block(d.texts["current"]), ""]
    if d.errata:
        lines += [errata_line(d.errata).replace("errata", "Errata", 1), ""]
    if own:
        lines += ["Rulings (in our words):", ""]
        for r in own:
            rs = f" *({', '.join(r['rulesets'])} only)*" if r.get("rulesets") and \
                len(r["rulesets"]) == 1 else ""
            where = f" Shown by: {', '.join(shown[r['id']])}." if shown.get(r["id"]) else ""
            lines.append(f"- `{r['id']}`{rs} **{r['title']}**: {r['text']} "
                         f"*Source: {r['source']}.*{where}")
        lines.append("")
    if uses:
        lines += ["Rules it uses: " + ", ".join(_rule_link(u) for u in sorted(uses)), ""]
    return lines


def build_pages() -> dict[str, str]:
    """Every reference page by file name."""
    all_rulings = rulings()
    by_card: dict[str, list[dict]] = defaultdict(list)
    for r in all_rulings:
        by_card[r["card"]].append(r)
    shown: dict[str, list[str]] = defaultdict(list)
    card_rules: dict[str, set[str]] = defaultdict(set)
    for link, doc in scenarios():
        meta = doc.get("meta") or {}
        ref = f"[{meta.get('id', link)}]({link})"
        for rid in list(meta.get("rules") or []) + list(meta.get("rulings") or []):
            shown[rid].append(ref)
        mentioned = set(re.findall(r"[A-Z][A-Za-z' ]+", str(doc.get("setup", ""))))
        for name in mentioned & (set(CARDS) | set(EVENTS)):
            card_rules[name] |= set(meta.get("rules") or [])
    pages = {"rules.md": rules_page(shown)}
    for filename, title, keep in CARD_PAGES:
        lines = [f"# {title}", ""]
        if filename == "cards-others.md":
            lines += [OUTSIDE_RULESETS, ""]
        for d in sorted((d for d in CARDS.values() if keep(d)), key=lambda d: d.name):
            uses = {r for t in d.types for r in TYPE_RULES.get(t, [])} | card_rules[d.name]
            lines += card_entry(d, by_card[d.name], shown, uses & set(RULES))
        if filename == "cards-adventures.md":
            lines += ["## Travellers (the section)", ""] + [
                f"- `{r['id']}` **{r['title']}**: {r['text']} *Source: {r['source']}.*"
                for r in by_card["Travellers"]] + [""]
        pages[filename] = "\n".join(lines)
    lines = ["# Adventures Events", ""] + [
        f"- `{r['id']}` **{r['title']}**: {r['text']} *Source: {r['source']}.*"
        for r in by_card["Events"]] + [""]
    for d in sorted(EVENTS.values(), key=lambda d: d.name):
        uses = {"event", "event.not-a-card"} | card_rules[d.name]
        lines += card_entry(d, by_card[d.name], shown, uses & set(RULES))
    pages["cards-events.md"] = "\n".join(lines)
    pages["glossary.md"] = glossary_page()
    pages["README.md"] = index_page()
    return {name: text.rstrip() + "\n" for name, text in pages.items()}


def glossary() -> dict[str, dict]:
    """The glossary's terms: ``{term: {"text": ..., "rules": [...]}}``."""
    return tomllib.loads((DATA / "glossary.toml").read_text("utf-8"))["terms"]


def glossary_page() -> str:
    lines = ["# Glossary", ""]
    for term, e in glossary().items():
        lines += [f'<a id="{slug(term)}"></a>', f"**{term}**: {e['text']} "
                  "(" + ", ".join(_rule_link(r) for r in e["rules"]) + ")", ""]
    return "\n".join(lines)


def index_page() -> str:
    lines = ["# Tavern rules reference", "",
             "Generated from `rulebook/data/` and `checker/scenarios/` by `make reference`;",
             "do not edit by hand. The rules and rulings are in our own words, each citing its",
             "source; card names, costs, types and printed texts are game data.", "",
             "- [The rules, by mechanic](rules.md)"]
    lines += [f"  - [{title}](rules.md#{slug(title)})" for title, _ in SECTIONS]
    lines += [f"- [{title}]({name})" for name, title, _ in CARD_PAGES]
    lines += ["- [Adventures Events](cards-events.md)", "- [Glossary](glossary.md)", ""]
    return "\n".join(lines)


def write(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in build_pages().items():
        path = out / name
        path.write_text(text, "utf-8")
        written.append(path)
    return written


def main() -> int:
    for path in write():
        print(path.relative_to(ROOT))
    return 0
