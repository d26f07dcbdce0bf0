"""Loading scenario files: YAML in, a checked :class:`Scenario` out, or every problem found.

A file is first read with libyaml's safe loader (fast; YAML 1.2 booleans only, duplicate keys
refused); only when it has a problem is it read again with ruamel's round-trip parser, whose
line/column data locate each problem. Tags other than the plain YAML ones are refused, so
nothing but mappings, lists and scalars is built. Problems are collected, never raised one by
one: a file with five mistakes gets five lines.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from dominion_tavern.checker import scenario_checks
from dominion_tavern.checker.scenario_schema import kind, schema_problems
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import SetupError
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

Path_ = tuple[str | int, ...]
TOP_KEYS = ("meta", "setup", "script", "expect", "outcomes")
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in
               ("map", "seq", "str", "int", "float", "bool", "null")}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class ScenarioError(ValueError):
    """A scenario file with problems; ``str()`` gives one ``file:line:col: message`` per line."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class Scenario:
    path: Path
    meta: dict[str, Any]
    setup: dict[str, Any]
    script: list[str] = field(default_factory=list)
    expect: dict[str, Any] | None = None
    outcomes: dict[str, Any] | None = None
    text: str = field(default="", compare=False, repr=False)  # the file's text

    @property
    def id_at(self) -> tuple[int, int]:
        """Line and column of ``meta.id`` (read again with positions: only for reports)."""
        return parse(self.text, str(self.path))[1](("meta", "id")) if self.text else (1, 1)

    @property
    def id(self) -> str:
        return str(self.meta.get("id") or self.path.stem)

    @property
    def question(self) -> str:
        return str(self.meta.get("question", ""))

    @property
    def ruleset(self) -> str:
        return str(self.meta.get("ruleset") or self.setup.get("ruleset") or "current")

    def spec(self, ruleset: str | None = None) -> dict[str, Any]:
        """The dict :func:`rulebook.position.build` takes (a fresh copy)."""
        spec = copy.deepcopy(self.setup)
        spec["ruleset"] = ruleset or self.ruleset
        return spec

    def factory(self, ruleset: str | None = None) -> Callable[[], Any]:
        spec = self.spec(ruleset)
        return lambda: build(copy.deepcopy(spec))

    def game(self, ruleset: str | None = None) -> Game:
        return Game(self.factory(ruleset))


class Locator:
    """Maps a path in the loaded data (``("setup", "players", 0, "hand", 2)``) to a
    1-based line and column, using ruamel's ``.lc`` data; falls back to the nearest parent."""

    def __init__(self, root: Any) -> None:
        self.root = root

    def __call__(self, path: Path_, key: bool = False) -> tuple[int, int]:
        node, where = self.root, (0, 0)
        for i, part in enumerate(path):
            lc = getattr(node, "lc", None)
            if lc is None:
                break
            last = i == len(path) - 1
            try:
                if isinstance(part, int):
                    where = lc.item(part)
                    node = node[part]
                else:
                    where = lc.key(part) if (key and last) else lc.value(part)
                    node = node[part]
            except (KeyError, IndexError, TypeError):
                where = (lc.line, lc.col)
                break
        return where[0] + 1, where[1] + 1


def _tag_problems(node: Node | None, file: str) -> list[Problem]:
    out: list[Problem] = []
    stack = [node] if node is not None else []
    while stack:
        n = stack.pop()
        if n.tag not in _PLAIN_TAGS:
            out.append(Problem(file, n.start_mark.line + 1, n.start_mark.column + 1,
                               f"the YAML tag {n.tag!r} is not allowed; a scenario holds only "
                               "mappings, lists, strings, numbers, booleans and null"))
        if isinstance(n, MappingNode):
            for k, v in n.value:
                stack += [k, v]
        elif isinstance(n, SequenceNode):
            stack += list(n.value)
    return sorted(out, key=lambda p: (p.line, p.column))


def plain(data: Any) -> Any:
    """ruamel's commented containers and scalar subclasses -> dict, list, str, int, float."""
    if isinstance(data, dict):
        return {str(k) if not isinstance(k, int | bool) else k: plain(v)
                for k, v in data.items()}
    if isinstance(data, list):
        return [plain(v) for v in data]
    if isinstance(data, bool) or data is None:
        return data
    for t in (int, float, str):
        if isinstance(data, t):
            return t(data)
    return data


def parse(text: str, file: str) -> tuple[Any, Locator]:
    """The YAML document in ``text``, with its locator; raises :class:`ScenarioError`."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        problems = _tag_problems(yaml.compose(text), file)
        if problems:
            raise ScenarioError(problems)
        data = yaml.load(text)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(str(s) for s in (e.context, e.problem) if s)
        raise ScenarioError([Problem(file, line, col, f"YAML syntax error: {what}")]) from None
    except YAMLError as e:
        raise ScenarioError([Problem(file, 1, 1, f"YAML error: {e}")]) from None
    return data, Locator(data)


class _Retry(Exception):
    """The fast reader can't say what is wrong: read again with positions."""


class _FastLoader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):
    """libyaml's safe loader that refuses duplicate keys."""

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        keys = [repr(self.construct_object(k, deep=deep)) for k, _ in node.value]
        if len(keys) != len(set(keys)):
            raise _Retry
        return super().construct_mapping(node, deep)


# YAML 1.2 booleans, as ruamel reads them: "yes", "no", "on", "off" stay strings.
_FastLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_FastLoader.add_implicit_resolver("tag:yaml.org,2002:bool",
                                  re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                  list("tTfF"))


def _fast_parse(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_FastLoader)  # a safe loader: plain tags only
    except (yaml.YAMLError, _Retry):
        raise _Retry from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and check one scenario file; raises :class:`ScenarioError` listing every problem."""
    path = Path(path)
    file = str(path)
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError([Problem(file, 1, 1, f"not UTF-8 text ({e.reason})")]) from None
    except OSError as e:
        raise ScenarioError([Problem(file, 1, 1, f"cannot read: {e.strerror}")]) from None
    return load_scenario_text(text, file)


def load_scenario_text(text: str, name: str = "<text>") -> Scenario:
    """Read and check a scenario given as YAML text rather than a file (the judge's desk checks
    what it would save); ``name`` stands for the file in problems and ``Scenario.path``."""
    path = Path(name)
    try:
        return _load(path, text, *_fast(text))
    except _Retry:
        return _load(path, text, *parse(text, name))


def _fast(text: str) -> tuple[Any, Callable[..., tuple[int, int]]]:
    def locate(*_: Any, **__: Any) -> tuple[int, int]:
        raise _Retry  # a problem to report: read again with positions
    return _fast_parse(text), locate


def _load(path: Path, text: str, raw: Any, locate: Callable[..., tuple[int, int]]) -> Scenario:
    file = str(path)
    keys = ", ".join(TOP_KEYS)
    if raw is None:
        raise ScenarioError([Problem(file, 1, 1, "the file is empty; a scenario is a mapping "
                                     f"with the keys {keys} (meta and setup required)")])
    if not isinstance(raw, dict):
        raise ScenarioError([Problem(file, *locate(()), "the file must hold one mapping with the "
                                     f"keys {keys}, not {kind(plain(raw))}")])
    data = plain(raw)
    _normalise(data)
    found = schema_problems(data)
    found += scenario_checks.semantic_problems(data)
    problems = [Problem(file, *locate(p, key=key), msg) for p, msg, key in found]
    if not problems:
        scn = Scenario(path, data["meta"], data["setup"] or {}, list(data.get("script") or []),
                       data.get("expect"), data.get("outcomes"), text)
        try:  # the engine's own check: whatever slipped through is still reported, located
            scn.factory()()
        except SetupError as e:
            problems.append(Problem(file, *locate(("setup",)), f"setup: {e}"))
        except (ValueError, TypeError, KeyError) as e:
            problems.append(Problem(file, *locate(("setup",)), f"setup cannot be built: {e}"))
    if problems:
        raise ScenarioError(sorted(set(problems), key=lambda p: (p.line, p.column, p.message)))
    return scn


def _normalise(data: dict[str, Any]) -> None:
    """Accept ``ruleset: 2015`` unquoted (YAML reads it as a number)."""
    for section in ("meta", "setup"):
        part = data.get(section)
        if isinstance(part, dict) and part.get("ruleset") == 2015:
            part["ruleset"] = "2015"


def find_scenarios(paths: list[str | Path]) -> list[Path]:
    """Files named, and every ``*.yaml``/``*.yml`` under folders named, each sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml") and
                          f.is_file())
        elif p.exists():
            out.append(p)
        else:
            raise FileNotFoundError(2, "No such file or directory", str(p))
    return out
