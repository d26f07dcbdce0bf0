"""How the stepper and the desk draw a game as HTML: cards as chips coloured by type, zones,
players, piles, the turn line and the log with each entry's rule; the shared stylesheet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from itertools import groupby
from typing import TYPE_CHECKING, Any

from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.decisions import Closed
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown, deck_view, hand_view
from dominion_tavern.rulebook.engine.state import Card, GameState, Player
from dominion_tavern.rulebook.rules import RULES

if TYPE_CHECKING:
    pass

ZONES = ("hand", "play", "mat", "aside", "discard", "deck")
ZONE_TITLES = {"hand": "hand", "play": "in play", "mat": "Tavern mat", "aside": "set aside",
               "discard": "discard", "deck": "deck (top first)"}
LOG_TAIL = 40       # log entries shown (the rest are counted)
UNKNOWN_TIP = "cards in an order no one knows: told apart only by name [chance.unknown-order]"

CSS = """<style>
.tv {font-family: system-ui, sans-serif; font-size: 13px; line-height: 1.5}
.tv-chip {display: inline-block; padding: 0 6px; margin: 1px 2px; border-radius: 9px;
  border: 1px solid #999; background: #f4f4f4; white-space: nowrap}
.tv-action {background: #eef1f6} .tv-treasure {background: #fbeeb8}
.tv-victory {background: #d7f0d0} .tv-curse {background: #e6d6f0}
.tv-duration {background: #fbd9b5} .tv-reserve {background: #e8dcc4}
.tv-traveller {border: 2px solid #5b7db1}
.tv-earlier {outline: 2px dashed #c0392b; outline-offset: 1px}
.tv-earlier::after {content: " \u21ba"; color: #c0392b}
.tv-empty {background: #fde0dc; color: #a00; border-color: #c62828}
.tv-zone {margin: 1px 0} .tv-zone b {display: inline-block; min-width: 9em; color: #444}
.tv-player {border: 1px solid #ccc; border-radius: 6px; padding: 4px 8px; margin: 4px 0}
.tv-current {border-color: #2e7d32; box-shadow: 0 0 0 1px #2e7d32}
.tv-turn {font-size: 14px; font-weight: 600}
.tv-log {max-height: 18em; overflow-y: auto; border-left: 3px solid #ddd; padding-left: 6px;
  display: flex; flex-direction: column-reverse}
.tv-log details {margin: 0} .tv-log summary {cursor: pointer}
.tv-log .tv-new {background: #fff6cc}
.tv-rule {color: #1a5fb4; font-family: monospace}
.tv-ruletext {margin: 2px 0 4px 1.5em; color: #333; max-width: 60em}
.tv-muted {color: #777}
.tv-closed {color: #777; margin: 1px 0}
.tv-closed-label {display: inline-block; padding: 0 6px; border: 1px dashed #bbb;
  border-radius: 3px; background: #f6f6f6; color: #8a8a8a}
.tv-unknown {display: inline-block; padding: 0 4px; margin: 1px 2px; border: 1px dashed #b08d3c;
  border-radius: 6px; background: #fffaf0}
.tv-unknown i {color: #7a5c14}
.tv-facedown {background: repeating-linear-gradient(45deg, #ddd, #ddd 4px, #f2f2f2 4px,
  #f2f2f2 8px); color: #555; font-style: italic}
.tv-facedown-seen {border-style: dashed}
.tv-chance-note {color: #7a5c14}
.tv-outcome {margin: 2px 0 2px 1em; position: relative}
.tv-outcome details.tv-rules {display: inline-block; margin-left: .5em}
/* an outcome's rules open over the outcomes below it, which stay where they are */
.tv-rules-body {position: absolute; z-index: 5; left: 2em; right: 0; max-height: 22em;
  overflow-y: auto; background: #fff; border: 1px solid #bbb; border-radius: 4px;
  padding: 4px 8px; box-shadow: 0 2px 8px rgba(0, 0, 0, .2)}
</style>"""


def _kind(card: Card | str) -> str:
    d = CARDS[card] if isinstance(card, str) else card.d
    for t in ("curse", "duration", "reserve", "victory", "treasure", "action"):
        if t == "curse" and d.name == "Curse":
            return "tv-curse"
        if t != "curse" and d.has_type(t.capitalize()):
            return f"tv-{t}"
    return ""


def chip(card: Card | str, extra: str = "", earlier: bool = False, count: int | None = None,
         data: str = "", note: str = "") -> str:
    """One card as a chip: coloured by type, a tooltip with cost and types (and ``note``)."""
    d = CARDS[card] if isinstance(card, str) else card.d
    classes = ["tv-chip", _kind(card), extra]
    if d.is_traveller:
        classes.append("tv-traveller")
    if earlier:
        classes.append("tv-earlier")
    notes = [str(d.cost), " – ".join(d.types)]
    if earlier:
        notes.append("in play from an earlier turn")
    if note:
        notes.append(note)
    tip = " · ".join(notes)
    text = escape(d.name) + (f" {count}" if count is not None else "")
    return (f'<span class="{" ".join(c for c in classes if c)}" title="{escape(tip)}"{data}>'
            f"{text}</span>")


def rule_html(rule_id: str, ruleset: str, summary: str) -> str:
    """A log line or prompt whose rule id expands (``<details>``) to the rule's text."""
    r = RULES.get(rule_id)
    body = (f"<b>{escape(r.title)}</b>: {escape(r.text_for(ruleset))} "
            f"<span class='tv-muted'>({escape(r.source)})</span>") if r else "(unknown rule)"
    return (f"<details><summary>{summary} <span class='tv-rule'>[{escape(rule_id)}]</span>"
            f"</summary><div class='tv-ruletext'>{body}</div></details>")


def closed_html(c: Closed, ruleset: str, head: str = "not offered") -> str:
    """An answer the rules close, greyed out: ``not offered: LABEL`` and why, its rule id
    opening to the rule's text."""
    why = f" <span class='tv-muted'>({escape(c.why)})</span>" if c.why else ""
    summary = (f"{escape(head)}: <span class='tv-closed-label'>{escape(c.label)}</span>{why}")
    return (f"<div class='tv-closed' data-closed='{escape(c.label)}'>"
            f"{rule_html(c.rule, ruleset, summary)}</div>")


def unknown_html(u: Unknown) -> str:
    """Cards in unknown order as one group: which names (runs counted), and for part of a
    pool (an unknown hand, or the rest of its pool in the deck) how many of them."""
    head = "order unknown:" if u.exact else f"{u.size} of these, not known which:"
    return (f"<span class='tv-unknown' title='{escape(UNKNOWN_TIP)}'><i>{head}</i> "
            f"{runs_html(list(u.names))}</span>")


def facedown_chip(owner: str, name: str | None) -> str:
    """A card set aside face down: its name for those who see it (``name``), else none."""
    tip = f"set aside face down: only {owner} sees it"
    if name is None:
        return f"<span class='tv-chip tv-facedown' title='{escape(tip)}'>face down</span>"
    return chip(name, "tv-facedown-seen", note=tip)


def runs_html(items: Sequence[Any], draw: Callable[[Any], str] = chip) -> str:
    """Each run of the same item drawn once, counted when longer than one: ``2×Copper Gold``."""
    out = []
    for item, run in groupby(items):
        n = len(list(run))
        out.append(draw(item) if n == 1 else f"{n}\u00d7{draw(item)}")
    return " ".join(out)


def _view_html(view: list[str | Unknown], grouped: bool) -> str:
    """A deck or hand as the judge sees it: known cards by name, unknown ones as groups."""
    out, run = [], []
    for item in [*view, None]:
        if isinstance(item, str):
            run.append(item)
            continue
        if run:
            out.append(runs_html(run) if grouped else " ".join(map(chip, run)))
            run = []
        if item is not None:
            out.append(unknown_html(item))
    return " ".join(out)


def zone_html(p: Player, kind: str, now: int, hidden: Counter[str] | None = None,
              seen: bool = True) -> str:
    """One zone of ``p``; ``hidden``: the names of its cards set aside face down, shown by
    name only when ``seen`` (the judge's or their owner's view)."""
    zone = getattr(p, kind)
    cards = list(zone.cards)
    if kind == "play":
        inner = " ".join(chip(c, earlier=c.since < now) for c in cards)
    elif kind == "deck":
        inner = _view_html(deck_view(p), grouped=True)
    elif kind == "hand":
        inner = _view_html(hand_view(p), grouped=False)
    elif kind == "discard":
        inner = runs_html([c.name for c in cards])
    elif kind == "aside" and hidden:
        left = Counter(hidden)
        parts = []
        for c in cards:
            if left[c.name] > 0:
                left[c.name] -= 1
                parts.append(facedown_chip(p.name, c.name if seen else None))
            else:
                parts.append(chip(c))
        inner = " ".join(parts)
    else:
        inner = " ".join(chip(c) for c in cards)
    return (f'<div class="tv-zone" data-zone="{escape(p.name)}.{kind}"><b>{ZONE_TITLES[kind]} '
            f"({len(cards)})</b> {inner or '<span class=tv-muted>—</span>'}</div>")


def player_html(s: GameState, p: Player, hidden: Counter[str] | None = None,
                viewer: str | None = None) -> str:
    """A player's tokens and zones, from ``viewer``'s seat (None: the judge's)."""
    now = s.turn.number
    current = p is s.turn.player
    tokens = [f"{t}: {pile}" for t, pile in p.tokens.items() if pile]
    if not p.journey_up:
        tokens.append("Journey token face down")
    if p.minus_card:
        tokens.append("-1 Card token on deck")
    if p.minus_coin:
        tokens.append("-$1 token")
    if p.vp_tokens:
        tokens.append(f"{p.vp_tokens} VP tokens")
    if p.debt:
        tokens.append(f"{p.debt} Debt")
    if p.coffers:
        tokens.append(f"{p.coffers} Coffers")
    if p.estate_token is not None:
        tokens.append(f"Estate token on {p.estate_token.name}")
    seen = viewer is None or viewer == p.name or viewer == possessor_of(s, p.name)
    zones = "".join(zone_html(p, k, now, hidden, seen) for k in ZONES if len(getattr(p, k)) or
                    k in ("hand", "play", "deck", "discard"))
    return (f'<div class="tv-player{" tv-current" if current else ""}" '
            f'data-player="{escape(p.name)}"><b>{escape(p.name)}</b>'
            f"{' — taking this turn' if current else ''}"
            f"{' · tokens: ' + escape(', '.join(tokens)) if tokens else ''}{zones}</div>")


def text_in_use(s: GameState, name: str) -> str:
    """``"text 2022 (setup.texts): If this is..."`` for a card or Event with named texts, the
    one this game plays by; "" for the others."""
    t = s.text_of(name)
    if t is None:
        return ""
    return f"text {t.id} ({'setup.texts' if name in s.texts else 'ruleset ' + s.ruleset}): " \
        + t.text


def piles_html(s: GameState) -> str:
    def pile(name: str, n: int) -> str:
        return chip(name, "tv-empty" if n == 0 else "", count=n, note=text_in_use(s, name),
                    data=f' data-pile="{escape(name)}" data-count="{n}"')
    supply = " ".join(pile(k, len(z)) for k, z in s.supply.items())
    rows = [f"<div class='tv-zone'><b>Supply</b> {supply}</div>"]
    if s.nonsupply:
        rows.append("<div class='tv-zone'><b>not in the Supply</b> "
                    + " ".join(pile(k, len(z)) for k, z in s.nonsupply.items()) + "</div>")
    if s.events:
        rows.append("<div class='tv-zone'><b>Events</b> " + ", ".join(
            f"<span title='{escape(tip)}'>{escape(e)}</span>" if (tip := text_in_use(s, e))
            else escape(e) for e in s.events) + "</div>")
    rows.append(f"<div class='tv-zone' data-zone='trash'><b>trash ({len(s.trash)})</b> "
                + (runs_html(s.trash.names()) or "<span class=tv-muted>—</span>") + "</div>")
    return "".join(rows)


def possessor_of(s: GameState, name: str) -> str | None:
    """Who sees ``name``'s cards as ``name`` does now: on a Possession turn, the possessing
    player sees the possessed player's (rule ``possession.decides``); else no one."""
    t = s.turn
    return t.controller.name if t.controller is not None and t.player.name == name else None


def turn_html(g: Game) -> str:
    t = g.state.turn
    if g.over:
        scores = ", ".join(f"{k} {v}" for k, v in g.scores().items())
        return (f"<div class='tv-turn'>Game over — {escape(scores)}; winner(s): "
                f"{escape(', '.join(g.winners))}</div>")
    extra = (f" (Possession turn: {escape(t.controller.name)} controls "
             f"{escape(t.player.name)})" if t.controller is not None
             else f" (extra turn from {escape(t.given_by)})" if t.given_by
             else " (extra turn)" if t.extra else "")
    potions = f" · Potions {t.potions}" if t.potions else ""
    texts = "".join(f"; {name}'s {i} text" for name, i in g.state.texts.items())
    return (f"<div class='tv-turn' data-turn='{t.number}'>Turn {t.number}{extra} · "
            f"{escape(t.player.name)} · {escape(t.phase)} phase · Actions {t.actions} · "
            f"Buys {t.buys} · ${t.coins}{potions} "
            f"<span class='tv-muted'>(ruleset {g.ruleset}{escape(texts)})</span></div>")


def log_html(g: Game, new_from: int, tail: int = LOG_TAIL, viewer: str | None = None) -> str:
    """The log's last ``tail`` entries as read from ``viewer``'s seat (None: the judge's)."""
    entries = list(g.log)
    start = max(0, len(entries) - tail)
    rows = [f"<div class='tv-muted'>… {start} earlier entries</div>"] if start else []
    turn = None
    for i, e in enumerate(entries[start:], start):
        if e.turn != turn:
            turn = e.turn
            rows.append(f"<div class='tv-muted'>turn {turn}</div>")
        # this turn's face-down moves of a possessed player: the possessor sees them too
        seat = e.private if viewer is not None and e.turn == g.state.turn.number and \
            viewer == possessor_of(g.state, e.private or "") else viewer
        text = escape(e.text(viewer=seat).rsplit(" [", 1)[0])
        cls = " class='tv-new'" if i >= new_from else ""
        rows.append(f"<div{cls} data-log='{i}'>{rule_html(e.rule, g.ruleset, text)}</div>")
    # reversed as a column, the box starts scrolled to its foot: the newest line in view
    return ("<div class='tv-log'><div>" + ("".join(rows) or "<i>nothing yet</i>")
            + "</div></div>")
