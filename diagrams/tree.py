"""Outcome trees: decisions as nodes (their prompt), answers as edges, distinct outcomes as
leaves (their summary; the explorer's outcomes also their number, as every report numbers
them). Identical outcomes are one leaf; a tree past ``max_depth`` or ``max_nodes`` is cut,
with a node counting what was cut.

A chance step (cards in unknown order coming up, rule ``chance.unknown-order``) is a node of
its own kind, an ellipse: no one decides it, and each edge out of it carries its outcome's
probability. When the exploration met chance, each leaf also says how likely its outcome is.

Built from plain branches (answer path, outcome summary), so any source can feed it; the
explorer's result goes through :func:`from_exploration`.

>>> d = outcome_tree([(["a", "x"], "won"), (["a", "y"], "lost"), (["b"], "won")])
>>> sorted(d.graph.nodes[n]["label"] for n in d.graph if d.graph.nodes[n]["kind"] == "outcome")
['lost', 'won']
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import TYPE_CHECKING, Any

from dominion_tavern.diagrams.render import Diagram, new_graph
from dominion_tavern.rulebook.engine.chance import LISTED, ChanceStep
from dominion_tavern.rulebook.engine.game import Game, replay

if TYPE_CHECKING:
    import networkx as nx

DEFAULT_MAX_NODES = 500  # lays out in well under 2 s
MAX_NODES_LIMIT = 1000  # about 1 s to lay out
CHANCE_WRAP = 36  # a chance node's prompt is wrapped to lines this long (an ellipse grows fast)


@dataclass(frozen=True)
class Node:
    """What a node of the tree is: its text, and for a chance step the probability of each
    of its outcomes, by answer label (``None``: a player's decision)."""

    text: str
    chances: Mapping[str, Fraction] | None = None


Prompt = Callable[[tuple[str, ...]], "str | Node"]


@dataclass(frozen=True)
class Branch:
    """One way the position goes: the answers given and a summary of where they lead."""

    path: tuple[str, ...]
    summary: str
    paths: int = 1  # how many paths reach this outcome (the explorer groups them)
    number: int | None = None  # the outcome's number in the reports (its leaf says "outcome N")
    chance: str = ""  # how likely the outcome is (its leaf's last line), when chance is met

    @property
    def key(self) -> int | str:
        """What makes two branches end on one leaf: the same number, else the same summary."""
        return self.summary if self.number is None else self.number


def _branch(item: Branch | tuple[Sequence[str], str]) -> Branch:
    if isinstance(item, Branch):
        return item
    path, summary = item
    return Branch(tuple(path), str(summary))


class _Builder:
    def __init__(self, prompt: Prompt | None, max_depth: int | None, max_nodes: int) -> None:
        self.G = new_graph("outcomes", graph={"rankdir": "LR", "fontname": "Helvetica"},
                           node={"fontname": "Helvetica", "fontsize": 10},
                           edge={"fontname": "Helvetica", "fontsize": 9})
        self.prompt = prompt
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.decisions: dict[tuple[str, ...], str] = {}
        self.outcomes: dict[int | str, str] = {}  # a numbered outcome's leaf by its number
        self.cut: dict[str, int] = {}

    def room(self) -> bool:
        return len(self.G) < self.max_nodes

    def decision(self, prefix: tuple[str, ...]) -> str:
        node = self.decisions.get(prefix)
        if node is None:
            node = self.decisions[prefix] = f"d{len(self.decisions)}"
            info = self.prompt(prefix) if self.prompt else ("start" if not prefix else
                                                            "decision")
            if isinstance(info, str):
                info = Node(info)
            if info.chances is None:
                self.G.add_node(node, kind="decision", path=prefix, prompt=info.text,
                                label=info.text, shape="box", style="rounded")
            else:
                self.G.add_node(node, kind="chance", path=prefix, prompt=info.text,
                                chances=dict(info.chances), shape="ellipse", style="filled",
                                fillcolor="#fff4d6",
                                label="\n".join(textwrap.wrap(info.text, CHANCE_WRAP)))
            if prefix:
                self.answer_edge(self.decisions[prefix[:-1]], node, prefix[-1])
        return node

    def answer_edge(self, parent: str, child: str, answer: str) -> None:
        """The edge of ``answer``: out of a chance node, labelled with its probability too.
        Another answer from the same node to the same leaf is counted on the edge drawn."""
        if self.G.has_edge(parent, child):
            e = self.G.edges[parent, child]
            e["others"] = e.get("others", 0) + 1
            e["label"] = f"{e['answer']}\n(or {e['others']} other answer(s))"
            return
        chances = self.G.nodes[parent].get("chances")
        if chances is None or answer not in chances:
            self.G.add_edge(parent, child, answer=answer, label=answer)
            return
        p = chances[answer]
        self.G.add_edge(parent, child, answer=answer, probability=p, label=f"{answer}\n{p}")

    def outcome(self, b: Branch) -> str:
        node = self.outcomes.get(b.key)
        if node is None:
            node = self.outcomes[b.key] = f"o{len(self.outcomes)}"
            head = "" if b.number is None else f"outcome {b.number}\n"
            tail = f"\nprobability {b.chance}" if b.chance else ""
            self.G.add_node(node, kind="outcome", summary=b.summary, paths=0, number=b.number,
                            chance=b.chance, label=head + b.summary + tail, shape="note",
                            style="filled", fillcolor="#e8f5e9")
        self.G.nodes[node]["paths"] += b.paths
        return node

    def add(self, b: Branch) -> None:
        path = b.path
        limit = len(path) if self.max_depth is None else min(len(path), self.max_depth)
        node = self.decision(())
        for i in range(limit):
            prefix = path[:i]
            node = self.decisions[prefix]
            last = i == len(path) - 1
            if last:
                if b.key not in self.outcomes and not self.room():
                    break
                leaf = self.outcome(b)
                self.answer_edge(node, leaf, path[i])
                return
            if path[: i + 1] not in self.decisions and not self.room():
                break
            node = self.decision(path[: i + 1])
        else:
            if not path:  # an outcome with no decision on the way
                leaf = self.outcome(b)
                self.G.add_edge(node, leaf, answer="", label="(no decision)")
                return
        self.cut[node] = self.cut.get(node, 0) + b.paths

    def finish(self, extra_note: str = "", title: str = "") -> nx.DiGraph:
        G = self.G
        for node, a in G.nodes(data=True):  # one path per distinct outcome: say what is left
            if a["kind"] == "chance":
                drawn = sum(1 for _, _, e in G.out_edges(node, data=True) if "answer" in e)
                if drawn < len(a["chances"]):
                    a["label"] += f"\n({drawn} of its {len(a['chances'])} outcomes drawn)"
        total = sum(self.cut.values())
        for node, n in self.cut.items():  # markers while the budget lasts; all in the note
            if len(G) >= self.max_nodes:
                break
            G.add_node(f"cut-{node}", kind="cut", count=n, shape="plaintext",
                       label=f"… {n} path(s) cut")
            G.add_edge(node, f"cut-{node}", style="dashed")
        why = []
        if self.max_depth is not None:
            why.append(f"depth {self.max_depth}")
        why.append(f"{self.max_nodes} nodes")
        G.graph["cut"] = total
        note = f"{total} path(s) cut (limits: {', '.join(why)})" if total else ""
        note = "; ".join(x for x in (note, extra_note) if x)
        G.graph["note"] = note
        head = (f"{title}\n" if title else "") + f"{len(self.outcomes)} distinct outcome(s)"
        G.graph["graph"] = dict(G.graph["graph"], label=head + (f"\n{note}" if note else ""),
                                labelloc="t")
        return G


def outcome_tree(branches: Iterable[Branch | tuple[Sequence[str], str]],
                 prompt: Prompt | None = None, *, max_depth: int | None = None,
                 max_nodes: int = DEFAULT_MAX_NODES, note: str = "", title: str = "") -> Diagram:
    """The tree of ``branches`` (each ``(answers, summary)`` or a :class:`Branch`).

    ``prompt(prefix)`` labels the decision reached by the answers ``prefix`` (a text, or a
    :class:`Node` that may make it a chance step). Nodes are ``d<i>`` (``kind`` decision or
    chance: ``prompt``, ``path``; a chance node's ``chances``, and its edges' ``probability``),
    ``o<i>`` (outcomes: ``summary``, ``paths``, ``number``: a :class:`Branch`'s, its leaf's
    first line ``outcome N``; ``chance``) and ``cut-<node>`` (``count``, while the budget
    lasts); ``graph.graph["cut"]`` is the number of paths cut and ``graph.graph["note"]`` says
    so. At most ``max_nodes`` nodes in all."""
    if not 2 <= max_nodes <= MAX_NODES_LIMIT:
        raise ValueError(f"max_nodes must be 2 to {MAX_NODES_LIMIT} (larger trees take "
                         f"minutes to lay out and cannot be read), not {max_nodes}")
    b = _Builder(prompt, max_depth, max_nodes)
    b.decision(())
    for item in branches:
        b.add(_branch(item))
    return Diagram(b.finish(note, title))


def summarise(values: dict[str, Any]) -> str:
    """An outcome's field values as short lines: ``Ann.hand: 2 Copper, Estate``."""
    rows = []
    for field, value in values.items():
        key = field.removeprefix("players.")
        if isinstance(value, tuple):
            counts: dict[str, int] = {}
            for v in value:
                counts[str(v)] = counts.get(str(v), 0) + 1
            shown = ", ".join(n if k == 1 else f"{k} {n}" for n, k in counts.items()) or "—"
        else:
            shown = str(value)
        rows.append(f"{key}: {shown}")
    return "\n".join(rows)


def game_prompts(factory: Callable[[], Any], script: Sequence[str] = ()) -> Prompt:
    """Prompts read from the game: replays ``script`` + the prefix and names the decision
    (a chance step with its outcomes' probabilities)."""
    cache: dict[tuple[str, ...], Node] = {}

    def prompt(prefix: tuple[str, ...]) -> Node:
        if prefix not in cache:
            g: Game = replay(factory, [*script, *prefix])
            while g.pending is None and g.paused is not None:
                g.resume()
            d = g.pending
            if d is None:
                cache[prefix] = Node("(no decision)")
            elif isinstance(d, ChanceStep):
                # the first outcomes in order (a drawing holds far fewer nodes than LISTED)
                cache[prefix] = Node(d.prompt, dict(islice(d.each_chance(), LISTED)))
            else:
                cache[prefix] = Node(f"{d.player}: {d.prompt}")
        return cache[prefix]

    return prompt


def from_exploration(ex: Any, prompt: Prompt | None = None, *, leaves: int | None = None,
                     **kw: Any) -> Diagram:
    """The tree of an explorer result (:func:`checker.explore.explore`): one shortest path per
    distinct outcome, each leaf labelled with the outcome's number (``Exploration.numbered``:
    the numbers of ``tavern explore``, ``--json`` and the desk), its probability when the
    exploration met chance (except an outcome the players' choices alone can make certain or
    avoid, 0 to 1: said once, in the tree's note), and counting every path that reaches it.

    With more than ``leaves`` outcomes the tree stays readable: outcomes that differ only in
    the order of cards share one leaf (:func:`order_free`), every answer leading there drawn as
    one edge that counts the others, and only the ``leaves`` likeliest leaves are drawn; one
    node says how many more outcomes there are."""
    numbered = ex.numbered()
    number = {id(o): n for n, o in enumerate(numbered, 1)}
    chance = getattr(ex, "chance", False)
    note = "explorer stopped early (node budget)" if getattr(ex, "truncated", False) else ""
    chosen = sum(o.chosen_alone for o in numbered) if chance else 0
    if chosen:
        note = "; ".join(x for x in (note, f"{chosen} outcome(s) show no probability: the "
                                     "players' choices alone can make each certain or avoid "
                                     "it (0 to 1)") if x)
    if leaves is None or len(numbered) <= leaves:
        branches = [Branch(tuple(o.path), summarise(o.values), o.paths, number[id(o)],
                           o.chance_text() if chance and not o.chosen_alone else "")
                    for o in ex.outcomes]   # in the order found: answers in the game's order
        d = outcome_tree(branches, prompt, note=note, **kw)
    else:
        d = _grouped_tree(ex, numbered, leaves, prompt, note, kw)
    for _, a in d.graph.nodes(data=True):
        if a["kind"] == "outcome" and a["paths"] > 1:
            a["label"] += f"\n({a['paths']} paths)"
    return d


def order_free(values: Mapping[str, Any]) -> dict[str, Any]:
    """Field values with the order of cards set aside (a zone's cards sorted), unless the
    question asked for it (a field ending ``:ordered``)."""
    return {f: tuple(sorted(v, key=str)) if isinstance(v, tuple) and
            not f.endswith(":ordered") else v for f, v in values.items()}


def _grouped_tree(ex: Any, numbered: list[Any], leaves: int, prompt: Prompt | None,
                  note: str, kw: dict[str, Any]) -> Diagram:
    groups: dict[str, list[Any]] = {}
    for o in numbered:   # the likeliest first (most paths first, without chance)
        groups.setdefault(summarise(order_free(o.values)), []).append(o)
    kept = list(groups.items())[:leaves]
    number = {id(o): n for n, o in enumerate(numbered, 1)}
    branches = []
    for summary, members in kept:
        ns = sorted(number[id(o)] for o in members)
        which = (f"outcomes {ns[0]}\u2013{ns[-1]}" if ns[-1] - ns[0] == len(ns) - 1 else
                 f"outcomes {', '.join(map(str, ns[:3]))}, \u2026")
        head = (f"outcome {ns[0]}" if len(ns) == 1 else
                f"{which}: the same cards in {len(ns)} orders")
        chance = ""
        if getattr(ex, "chance", False):
            ps = [o.probability for o in members]
            chance = ("" if members[0].chosen_alone else members[0].chance_text())
            chance = (chance if len(members) == 1 else
                      f"{sum(ps)} together" if None not in ps else "see the outcomes list")
        for o in members:
            branches.append(Branch(tuple(o.path), f"{head}\n{summary}", o.paths, None, chance))
    left = len(numbered) - sum(len(m) for _, m in kept)
    more = (f"{left} more outcome(s), less likely, not drawn: see the outcomes list"
            if left else "")
    title = kw.pop("title", "")
    d = outcome_tree(branches, prompt, note="; ".join(x for x in (note, more) if x),
                     title=title, **kw)
    G = d.graph
    G.graph["graph"]["label"] = G.graph["graph"]["label"].replace(
        f"{len(kept)} distinct outcome(s)", f"{len(numbered)} distinct outcome(s), "
        f"drawn as {len(kept)} leaves", 1)
    if left:
        G.add_node("more", kind="more", count=left, shape="plaintext",
                   label=f"… {left} more outcome(s)\n(less likely: see the outcomes list)")
        G.add_edge("d0", "more", style="dashed")
    return d
