"""The rooms of ARCHITECTURE.md and the arrows between them: every import of Tavern's own
modules (at the top of a module or inside a function) runs from a room to one it may import,
every module is in a room, and the rooms form no cycle. The table is read from ARCHITECTURE.md
itself, so the document and the code cannot drift apart."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = {"dominion_tavern": "dominion_tavern", "rulebook": "dominion_tavern.rulebook",
                "checker": "dominion_tavern.checker", "diagrams": "dominion_tavern.diagrams",
                "notebooks": "dominion_tavern.notebooks"}


def rooms(text: str) -> dict[str, tuple[list[str], set[str]]]:
    """Room name -> (the paths it holds, the rooms it may import), from the table between the
    ``rooms`` markers."""
    table = text.split("<!-- rooms: start -->")[1].split("<!-- rooms: end -->")[0]
    out = {}
    for row in table.strip().splitlines()[2:]:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        name = re.fullmatch(r"\*\*(.+)\*\*", cells[0])[1]
        holds = re.findall(r"`([^`]+)`", cells[2])
        may = set() if cells[3] == "—" else {r.strip() for r in cells[3].split(",")}
        out[name] = (holds, may)
    return out


ROOMS = rooms((ROOT / "ARCHITECTURE.md").read_text("utf-8"))


def module_files() -> dict[str, Path]:
    """Every module of the kit by its installed name."""
    out = {}
    for folder, package in PACKAGE_DIRS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT / folder)
            if "build" in rel.parts:
                continue
            parts = [p for p in rel.with_suffix("").parts if p != "__init__"]
            out[".".join([package, *parts])] = path
    return out


MODULES = module_files()


def room_of(path: Path) -> str | None:
    """The room holding ``path``: the most specific of the paths the rooms name."""
    rel = path.relative_to(ROOT).as_posix()
    best = None
    for name, (holds, _) in ROOMS.items():
        for h in holds:
            if (rel == h or (h.endswith("/") and rel.startswith(h))) and \
                    (best is None or len(h) > len(best[1])):
                best = (name, h)
    return best[0] if best else None


def imported(path: Path, name: str) -> set[str]:
    """The kit's modules that ``path`` (module ``name``) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")[:len(name.split(".")) - node.level + is_package]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in MODULES:  # a name imported from a module: the module
                t = t.rpartition(".")[0]
            if t:
                out.add(t)
    return out


def arrows() -> dict[tuple[str, str], list[str]]:
    """(from room, to room) -> the imports making that arrow, ``module -> module``."""
    out: dict[tuple[str, str], list[str]] = {}
    for name, path in MODULES.items():
        here = room_of(path)
        for target in imported(path, name):
            there = room_of(MODULES[target])
            if here != there:
                out.setdefault((here, there), []).append(f"{name} -> {target}")
    return out


def test_every_module_is_in_a_room() -> None:
    homeless = [p.relative_to(ROOT).as_posix() for p in MODULES.values() if room_of(p) is None]
    assert not homeless, f"modules no room of ARCHITECTURE.md holds: {homeless}"


def test_every_room_named_may_import_exists() -> None:
    for name, (_, may) in ROOMS.items():
        assert may <= set(ROOMS), f"{name} may import unknown rooms {may - set(ROOMS)}"


def test_every_import_runs_down_the_table() -> None:
    wrong = [f"{src} may not import {dst}: {', '.join(sorted(why)[:3])}"
             for (src, dst), why in sorted(arrows().items()) if dst not in ROOMS[src][1]]
    assert not wrong, "\n".join(wrong)


def test_the_rooms_form_no_cycle() -> None:
    allowed = nx.DiGraph([(src, dst) for src, (_, may) in ROOMS.items() for dst in may])
    used = nx.DiGraph(list(arrows()))
    for graph in (allowed, used):
        assert nx.is_directed_acyclic_graph(graph), nx.find_cycle(graph)


@pytest.mark.parametrize("source, target, room", [
    ("diagrams/travellers.py", "from dominion_tavern.checker.explore import explore",
     "diagrams"),
    ("rulebook/engine/game.py", "from dominion_tavern.rulebook.cards import base", "engine"),
    ("checker/reading/stop_points.py",
     "from dominion_tavern.checker.explore.outcomes import Outcome", "reading"),
])
def test_a_wrong_import_is_caught(source: str, target: str, room: str, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails on an import against the arrows: a copy of a module with one more
    import line, put in its place."""
    original = ROOT / source
    bad = tmp_path / original.name
    bad.write_text(original.read_text("utf-8") + f"\n{target}\n", "utf-8")
    name = next(n for n, p in MODULES.items() if p == original)
    monkeypatch.setitem(MODULES, name, bad)
    monkeypatch.setattr(f"{__name__}.room_of", lambda p, real=room_of: room if p == bad
                        else real(p))
    with pytest.raises(AssertionError, match=f"{room} may not import"):
        test_every_import_runs_down_the_table()
