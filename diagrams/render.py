"""DOT text from a networkx graph (our own small, deterministic writer) and rendering with
Graphviz's ``dot``, or in the browser (Pyodide, no ``dot``) with Graphviz's WebAssembly build
(``@viz-js/viz``, served by the static site beside the Pyodide runtime; see
:func:`load_wasm_graphviz`).

Display attributes (``label``, ``shape``, ``style``...) go into the DOT text; any other node
or edge attribute is data for queries. ``G.graph`` may hold ``graph``/``node``/``edge``
defaults and ``clusters`` ({key: label}); a node's ``cluster`` attribute puts it in one.

>>> import networkx as nx
>>> G = nx.DiGraph(name="demo")
>>> G.add_node("a", label='say "hi"', cost=2)
>>> G.add_edge("a", "b", label="to b")
>>> print(to_dot(G))
digraph "demo" {
  "a" [label="say \\"hi\\""];
  "b";
  "a" -> "b" [label="to b"];
}
"""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx

DOT_ATTRS = frozenset({
    "label", "shape", "style", "fillcolor", "color", "fontcolor", "penwidth", "tooltip",
    "peripheries", "fontsize", "fontname", "xlabel", "constraint", "arrowhead", "dir",
    "rankdir", "nodesep", "ranksep", "labelloc", "labeljust", "splines", "margin", "width",
    "height", "rank", "weight", "minlen", "compound",
})
FORMATS = ("svg", "png", "dot")
INSTALL_HINT = ("Graphviz's `dot` program is not installed: run `apt-get install graphviz` "
                "(or `make setup`)")


#: Graphviz compiled to WebAssembly (a viz.js instance) once :func:`load_wasm_graphviz` ran.
_wasm_graphviz: Any = None


class DotMissing(OSError):
    """Rendering needs Graphviz's ``dot``, which is not on the PATH."""

    def __init__(self) -> None:
        super().__init__(INSTALL_HINT)


def new_graph(name: str, **attrs: Any) -> nx.DiGraph:
    """An empty directed graph, ``name`` and ``attrs`` its graph attributes. networkx is imported
    here, when a diagram is first drawn, and not with the kit: its import alone takes seconds in
    the browser's Python, where the notebooks' first cell waits for the kit."""
    import networkx as nx

    return nx.DiGraph(name=name, **attrs)


def quote(value: Any) -> str:
    """A DOT double-quoted string (newlines become ``\\n``)."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    text = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{text}"'


def _attrs(data: dict[str, Any]) -> str:
    items = [f"{k}={quote(v)}" for k, v in data.items() if k in DOT_ATTRS and v is not None]
    return f" [{', '.join(items)}]" if items else ""


def _node(n: Any, data: dict[str, Any]) -> str:
    return f"{quote(n)}{_attrs(data)};"


def to_dot(G: nx.DiGraph) -> str:
    """``G`` as DOT text: the same graph always gives the same text (insertion order)."""
    kind = "digraph" if G.is_directed() else "graph"
    arrow = "->" if G.is_directed() else "--"
    lines = [f"{kind} {quote(G.graph.get('name', 'G'))} {{"]
    for key in ("graph", "node", "edge"):
        if G.graph.get(key):
            lines.append(f"  {key}{_attrs(G.graph[key])};")
    clusters: dict[str, str] = G.graph.get("clusters", {})
    for i, (ckey, clabel) in enumerate(clusters.items()):
        lines.append(f"  subgraph cluster_{i} {{")
        lines.append(f"    label={quote(clabel)};")
        lines += [f"    {_node(n, d)}" for n, d in G.nodes(data=True) if d.get("cluster") == ckey]
        lines.append("  }")
    lines += [f"  {_node(n, d)}" for n, d in G.nodes(data=True)
              if d.get("cluster") not in clusters]
    lines += [f"  {quote(u)} {arrow} {quote(v)}{_attrs(d)};" for u, v, d in G.edges(data=True)]
    lines.append("}")
    return "\n".join(lines)


def have_dot() -> bool:
    return shutil.which("dot") is not None


async def load_wasm_graphviz() -> bool:
    """In the browser (Pyodide) without ``dot``: load Graphviz's WebAssembly build from the
    site (``pyodide/viz.js``, beside the runtime), so that SVG renders without ``dot``. Does
    nothing elsewhere. True when diagrams can render as pictures."""
    global _wasm_graphviz
    if sys.platform != "emscripten" or have_dot():
        return have_dot()
    if _wasm_graphviz is None:
        import js  # Pyodide's bridge to the page's JavaScript (the kernel's web worker)
        import pyodide_js

        url = f"{pyodide_js._api.config.indexURL}viz.js"
        module = await js.Function.new("url", "return import(url)")(url)
        _wasm_graphviz = await module.instance()
    return True


def render_dot(dot: str, fmt: str = "svg") -> bytes:
    """Render DOT text with Graphviz (``svg`` or ``png``; only ``svg`` in the browser);
    :class:`DotMissing` without it."""
    import graphviz

    if _wasm_graphviz is not None and fmt == "svg":
        import js
        from pyodide.ffi import to_js

        options = to_js({"format": "svg", "engine": "dot"}, dict_converter=js.Object.fromEntries)
        return _wasm_graphviz.renderString(dot, options).encode("utf-8")
    if not have_dot():
        raise DotMissing
    try:
        return graphviz.Source(dot).pipe(format=fmt, engine="dot")
    except graphviz.ExecutableNotFound:
        raise DotMissing from None


@dataclass
class Diagram:
    """A graph to query (``graph``) that draws itself: ``svg()``, ``save(path)``, and inline in
    Jupyter (SVG, or the DOT text when Graphviz is missing)."""

    graph: nx.DiGraph

    def dot(self) -> str:
        return to_dot(self.graph)

    def svg(self) -> str:
        return render_dot(self.dot(), "svg").decode("utf-8")

    def save(self, path: str | Path) -> Path:
        """Write ``.svg``, ``.png`` or ``.dot`` (chosen by the file's suffix)."""
        path = Path(path)
        fmt = path.suffix.lstrip(".").lower()
        if fmt not in FORMATS:
            raise ValueError(f"{path}: unknown format {fmt!r}; use one of "
                             + ", ".join(f".{f}" for f in FORMATS))
        if fmt == "dot":
            path.write_text(self.dot() + "\n", "utf-8")
        else:
            path.write_bytes(render_dot(self.dot(), fmt))
        return path

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        try:
            return {"image/svg+xml": self.svg()}
        except DotMissing as e:
            return {"text/plain": f"{e}\n{self.dot()}"}
