"""The desk's outcomes, readable however many there are.

Only the fields that differ between outcomes are shown per outcome (the rest once, above).
Outcomes that differ only in the order of cards (Haunted Woods' put-back orders: the
same cards on the deck in 24 orders) are one group by default, the cards it holds shown once
and its orders counted, since no one asked which order. Otherwise, when there are more than a
few outcomes they are grouped by the piles that differ (the Peasant question asked from the
Buy phase groups by what the exchanges did, each group listing what was bought; the judge may
choose another field). Only the first few are shown until the judge asks for all. Outcomes
carry the numbers ``tavern explore`` gives them, and, as there, each shortest path says what
the rules closed along it (``checker.reading.why_not``). When the exploration met chance
steps (cards in unknown order coming up), each outcome says how likely it is (exact, or the
range the players' choices allow) and which lines of decisions reach it, with the chance
within each.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from dominion_tavern.checker.explore import LINES_SHOWN, Exploration, Outcome
from dominion_tavern.checker.reading.script_messages import options_text
from dominion_tavern.checker.reading.why_not import WHY_NOT_OUTCOMES, Step
from dominion_tavern.diagrams.tree import order_free
from dominion_tavern.notebooks.widgets.game_html import (
    chip,
    closed_html,
    rule_html,
    runs_html,
    unknown_html,
)
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.chance import percent
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.engine.knowing import Unknown
from dominion_tavern.rulebook.rules import RULES

SHOW_FIRST = 8
ORDERS_SHOWN = 3   # orders listed per group of outcomes that differ only in order, unless all
#: ``group_by`` for outcomes that differ only in the order of cards (the desk's automatic one)
BY_ORDER = ("(order)",)
TURN_LABELS = {"turn.actions": "Actions", "turn.buys": "Buys", "turn.coins": "$",
               "turn.phase": "phase", "turn.player": "whose turn", "turn.number": "turn"}


def label(field: str) -> str:
    """``players.Ann.discard`` -> ``Ann's discard``; ``piles.Soldier`` -> ``Soldier pile``."""
    base = field.partition(":")[0]
    parts = base.split(".")
    if parts[0] == "players" and len(parts) == 3:
        return f"{parts[1]}'s {parts[2]}"
    if parts[0] == "piles" and len(parts) == 2:
        return f"{parts[1]} pile"
    return TURN_LABELS.get(base, base)


def value_html(value: Any) -> str:
    """A field value: cards as chips (runs counted), anything else as text."""
    if not isinstance(value, tuple):
        return escape(str(value))
    return runs_html(value, _item_html) or "<span class='tv-muted'>—</span>"


def _item_html(item: Any) -> str:
    if isinstance(item, Unknown):
        return unknown_html(item)
    return chip(item) if item in CARDS else escape(str(item))


def _distinct(outcomes: list[Outcome], field: str) -> int:
    return len({repr(o.values[field]) for o in outcomes})


def differing(ex: Exploration) -> list[str]:
    """The fields whose values differ between outcomes, in the exploration's order."""
    return [f for f in ex.fields if _distinct(ex.outcomes, f) > 1]


def order_groups(ex: Exploration) -> list[list[Outcome]]:
    """The outcomes (numbered order: the likeliest first) in groups that differ only in an
    order of cards the question did not ask for (:func:`diagrams.tree.order_free`), each group
    where its likeliest member is."""
    groups: dict[tuple[str, ...], list[Outcome]] = {}
    for o in ex.numbered():
        free = order_free({f: o.values[f] for f in ex.fields})
        key = tuple(repr(free[f]) for f in ex.fields)
        groups.setdefault(key, []).append(o)
    return list(groups.values())


def auto_group(ex: Exploration, first: int = SHOW_FIRST) -> tuple[str, ...]:
    """What to group by when the judge has not chosen: outcomes that differ only in the order
    of cards (:data:`BY_ORDER`) when some do; none for a few outcomes; else the piles that
    differ, taken together (what exchanges, gains and buys did), if they make
    groups; else the differing field with the fewest values."""
    n = len(ex.outcomes)
    if len(order_groups(ex)) < n:
        return BY_ORDER
    if n <= first:
        return ()
    differ = differing(ex)
    piles = tuple(f for f in differ if f.startswith("piles."))
    if piles and 1 < len({tuple(repr(o.values[f]) for f in piles) for o in ex.outcomes}) < n:
        return piles
    fewest = sorted(differ, key=lambda f: _distinct(ex.outcomes, f))
    return (fewest[0],) if fewest and _distinct(ex.outcomes, fewest[0]) < n else ()


def group_label(by: tuple[str, ...]) -> str:
    """What a grouping is called in the *group by* menu."""
    return "the same cards in another order" if by == BY_ORDER else \
        ", ".join(map(label, by)) or "none"


def chance_html(o: Outcome) -> str:
    """How likely the outcome is (unless ``chosen_alone``: said once above), and the lines of
    decisions reaching it (the chance within each), the likeliest first; nothing to list when
    no one decides anything."""
    how = "" if o.chosen_alone else f"probability <b>{escape(o.chance_text())}</b>"
    out = (f"<div class='tv-chance' data-probability='{escape(o.probability_text())}'>{how}")
    if o.lines and (len(o.lines) > 1 or o.lines[0][0]):
        shown = "; ".join(f"{escape(' / '.join(a) or '(no decision)')}: {p}"
                          for a, p in o.lines[:LINES_SHOWN])
        more = len(o.lines) - LINES_SHOWN
        out += (f" <span class='tv-muted'>· decision lines reaching it (chance within each): "
                f"{shown}{f'; … {more} more' if more > 0 else ''}</span>")
    return out + "</div>"


def _row(n: int, o: Outcome, fields: list[str], ruleset: str, closed: list[Step],
         chance: bool = False) -> str:
    values = " · ".join(f"<b>{escape(label(f))}</b> {value_html(o.values[f])}" for f in fields)
    path = " → ".join(map(escape, o.path)) or "(no decisions)"
    notes = []
    if o.over:
        notes.append("the game ends")
    if o.cut:
        notes.append(f"{o.cut} path(s) cut")
    note = f" · {', '.join(notes)}" if notes else ""
    rules = "".join(rule_html(r, ruleset, escape(RULES[r].title) if r in RULES else "")
                    for r in o.rules)
    shut = "".join(closed_html(c, ruleset, f"not offered at answer {s.number} ({s.answer})")
                   for s in closed for c in s.closed)
    return (f"<div class='tv-outcome' data-outcome='{n}'><b>{n}.</b> {values or ''} "
            f"<span class='tv-muted'>{o.paths} path(s){note} · shortest: {path}</span>"
            f"<details class='tv-rules'><summary>rules ({len(o.rules)})</summary>"
            f"<div class='tv-rules-body'>{rules}</div></details>"
            f"{chance_html(o) if chance else ''}{shut}</div>")


def outcomes_html(ex: Exploration, ruleset: str, group_by: tuple[str, ...] | None = None,
                  show_all: bool = False, first: int = SHOW_FIRST,
                  closed: dict[int, list[Step]] | None = None) -> str:
    """The outcomes as HTML: the fields the same in all of them once, then the numbered
    outcomes in groups by ``group_by`` (default :func:`auto_group`), each showing the other
    fields that differ and what was closed along its shortest path (``closed``, from
    :func:`checker.reading.why_not.closed_on_paths`); only the first ``first`` unless
    ``show_all``."""
    numbers = {id(o): n for n, o in enumerate(ex.numbered(), 1)}
    by = auto_group(ex, first) if group_by is None else group_by
    differ = differing(ex)
    same = [f for f in ex.fields if f not in differ]
    detail = [f for f in differ if f not in by]
    rows = []
    if note := ex.chosen_alone_note():
        rows.append(f"<div class='tv-muted tv-chosen'>{note}.</div>")
    if same and ex.outcomes:
        common = "; ".join(f"<b>{escape(label(f))}</b> {value_html(ex.outcomes[0].values[f])}"
                           for f in same)
        rows.append(f"<div class='tv-muted tv-common'>In every outcome: {common}</div>")
    if by == BY_ORDER:
        groups = order_groups(ex)
    else:
        keyed: dict[tuple[str, ...], list[Outcome]] = {}
        for o in ex.numbered():
            keyed.setdefault(tuple(repr(o.values[f]) for f in by), []).append(o)
        groups = list(keyed.values())
    shown = 0
    for members in groups:
        if shown >= first and not show_all:
            break
        fields, members_shown = detail, members
        if by == BY_ORDER and len(members) > 1:
            fields = [f for f in detail if _distinct(members, f) > 1]
            rows.append(_order_head(members, detail, fields, ex.chance))
            members_shown = members if show_all else members[:ORDERS_SHOWN]
        elif by and by != BY_ORDER:
            head = " · ".join(f"<b>{escape(label(f))}</b> {value_html(members[0].values[f])}"
                              for f in by)
            rows.append(f"<div class='tv-group'>{head} <span class='tv-muted'>"
                        f"({len(members)} outcome(s))</span></div>")
        for o in members_shown:
            if shown >= first and not show_all:
                break
            rows.append(_row(numbers[id(o)], o, fields, ruleset, (closed or {}).get(id(o), []),
                             ex.chance))
            shown += 1
        if len(members_shown) < len(members) and shown < first:
            rows.append(f"<div class='tv-muted tv-outcome'>… {len(members) - len(members_shown)}"
                        " more order(s) of these cards</div>")
    if shown < len(ex.outcomes):
        rows.append(f"<div class='tv-muted tv-more'>… {len(ex.outcomes) - shown} more: press "
                    "<i>show all</i>.</div>")
    return "<div class='tv'>" + "".join(rows) + "</div>"


def _order_head(members: list[Outcome], detail: list[str], ordered: list[str],
                chance: bool) -> str:
    """The head of outcomes that differ only in the order of cards: what they hold (the
    fields in order in each outcome shown with their cards sorted), how many orders, and how
    likely they are together when each is exact."""
    parts = []
    for f in detail:
        value = members[0].values[f]
        shown = value_html(order_free({f: value})[f] if f in ordered else value)
        parts.append(f"<b>{escape(label(f))}</b> {shown}"
                     + (" <span class='tv-muted'>(in some order)</span>" if f in ordered else ""))
    together = ""
    if chance and all(o.probability is not None for o in members):
        p = sum((o.probability for o in members), Fraction(0))
        together = f" · together probability <b>{p} ({percent(p)})</b>"
    return (f"<div class='tv-group tv-orders' data-orders='{len(members)}'>"
            f"<b>{len(members)} outcomes</b> <span class='tv-muted'>that differ only in "
            f"the order of cards ({', '.join(map(label, ordered))})</span>{together}<br>"
            + " · ".join(parts) + "</div>")


def start_html(g: Game) -> str:
    """The decision every path starts from: who decides what, its answers, and those the rules
    close (each with its rule and why), as ``tavern explore`` starts its report."""
    d = g.pending
    if d is None:
        return ""
    head = f"<b>Starting from</b> {escape(d.who())}: {escape(d.prompt)}"
    return ("<div class='tv tv-start'>" + rule_html(d.rule, g.ruleset, head)
            + f"<div>options: {escape(options_text(d))}</div>"
            + "".join(closed_html(c, g.ruleset) for c in d.unavailable()) + "</div>")


def summary(ex: Exploration) -> str:
    """One line: how many outcomes, where, from how many paths, how long it took, and whether
    the search was complete."""
    head = (f"<b>{len(ex.outcomes)} distinct outcome(s)</b> {escape(ex.stop.describe())}, "
            f"from {ex.leaves:,} path(s); {ex.explored:,} answers tried in "
            f"{ex.seconds:.2f} s.")
    if ex.chance:
        head += (" Chance steps were met (cards in unknown order came up): each outcome's "
                 "probability is exact; a range is what the players' choices allow. The "
                 "likeliest outcomes come first.")
    if ex.stopped:
        head += (f" <b>Stopped by you</b> after {ex.explored:,} answers: these are the "
                 "outcomes found so far, not all of them.")
    elif ex.truncated:
        head += (f" <b>Incomplete</b>: {escape(ex.limit_text())}; choose a nearer stop "
                 "point.")
    if len(ex.outcomes) > WHY_NOT_OUTCOMES:
        head += (f" What the rules closed along a path is listed for the first "
                 f"{WHY_NOT_OUTCOMES} outcomes.")
    return head
