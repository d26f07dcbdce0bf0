"""Loading scenario files: YAML in, a checked :class:`Scenario` out, or every problem found.

A file is first read with libyaml's safe loader (fast; YAML 1.2 booleans only, duplicate keys
refused); only when it has a problem is it read again with ruamel's round-trip parser, whose
line/column data locate each problem. Before either builds anything, a file larger than
:data:`MAX_FILE_BYTES`, nesting deeper than :data:`MAX_DEPTH` or writing a number of more than
20 digits is refused, and so is what no scenario value can be (a date, a key
that is not text, a tag other than the plain ones, an overlong text: :mod:`.yaml_values`); a
file whose aliases would expand to more than :data:`MAX_NODES` values ("billion laughs") or
nest deeper than :data:`MAX_DEPTH` is refused before anything is built from it.
Problems are collected, never raised one by one: a file with five mistakes gets five lines (at
most :data:`MAX_PROBLEMS` of them, and a line saying how many more).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from dominion_tavern.checker.format import semantic_checks
from dominion_tavern.checker.format.expected_outcomes import read_expected
from dominion_tavern.checker.format.policies import Policies
from dominion_tavern.checker.format.schema_errors import kind, schema_problems
from dominion_tavern.checker.format.yaml_values import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    nesting_problem,
    node_problems,
    shown,
    text_problem,
)
from dominion_tavern.checker.reading.open_steps import leaves_open
from dominion_tavern.checker.reading.script_fit import given_answers
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build
from dominion_tavern.rulebook.setup import SetupError
from ruamel.yaml import YAML
from ruamel.yaml.comments import TaggedScalar
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

Path_ = tuple[str | int, ...]
TOP_KEYS = ("meta", "setup", "script", "stop", "expect", "outcomes", "policies", "recorded")
#: Values (mappings, lists, scalars) a file may hold once its aliases are expanded: the
#: largest scenario holds a few hundred.
MAX_NODES = 20_000
#: Problems listed for one file, and characters of one message.
MAX_PROBLEMS = 25
MAX_MESSAGE = 400


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
        self.problems = [Problem(p.file, p.line, p.column,
                                 shown(" ".join(p.message.split("\n")), MAX_MESSAGE))
                         for p in problems]
        super().__init__("\n".join(str(p) for p in problems))


@dataclass(frozen=True)
class Checkpoint:
    """A check part-way through the script: after ``after`` answers the run goes on to
    ``stop`` (see :mod:`checker.runner.script_run`) and checks ``expect`` there. ``entry`` is its
    index in the file's ``script`` list."""

    after: int
    expect: dict[str, Any]
    stop: dict[str, Any] | None
    entry: int
    recorded: str | None = None  # the tool that wrote its claims from a run


@dataclass
class Scenario:
    path: Path
    meta: dict[str, Any]
    setup: dict[str, Any]
    script: list[str] = field(default_factory=list)   # the answers only
    expect: dict[str, Any] | None = None
    outcomes: dict[str, Any] | None = None
    text: str = field(default="", compare=False, repr=False)  # the file's text
    checkpoints: list[Checkpoint] = field(default_factory=list)
    stop: dict[str, Any] | None = None   # where ``expect`` is checked
    policies: dict[str, Any] | None = None   # how players answer (checker.format.policies)
    # answer index -> what a branch gives where that entry is not legal (after a chance step
    # the script leaves open: checker.explore.script_branches)
    otherwise: dict[int, str] = field(default_factory=dict)
    recorded: str | None = None   # the tool that wrote ``expect`` from a run (else stated)

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

    def answers(self, ruleset: str | None = None) -> list[str]:
        """The script's entries that answer decisions, in order: a replay of them, with the
        players' policies answering theirs, reaches the game the script describes (entries for
        choices the game makes by itself are read without an answer:
        :mod:`checker.reading.script_fit`). Entries from a chance step the script leaves open
        on are kept as written (their branches are the explorer's)."""
        return given_answers(self.factory(ruleset), self.script, Policies(self.policies).play)

    def script_game(self, ruleset: str | None = None) -> Game:
        """The game after the script as far as one line goes: the players' policies answering
        theirs, up to the game's end or a chance step the script leaves open (its branches are
        the explorer's); an entry that does not fit raises :class:`IllegalAnswer`."""
        g = self.game(ruleset)
        policies = Policies(self.policies)
        for a in self.answers(ruleset):
            policies.play(g)
            if g.pending is None or leaves_open(g, a):
                break
            g.answer(a)
        return g


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


class TooLarge(ValueError):
    """A YAML document whose aliases expand to more than :data:`MAX_NODES` values, or nest
    deeper than :data:`MAX_DEPTH`."""


def expanded_size(root: Any, limit: int = MAX_NODES) -> int:
    """How many values the composed YAML ``root`` (a PyYAML or ruamel node) holds with every
    alias expanded, counted over the distinct nodes only; raises :class:`TooLarge` past
    ``limit``, nested deeper than :data:`MAX_DEPTH`, or for an alias inside its own anchor."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if key in size:
            continue
        kids = _children(node)
        if children_done:
            open_.discard(key)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            if size[key] > limit:
                raise TooLarge(f"expand to more than {limit:,} values")
            if depth[key] > MAX_DEPTH + 1:
                raise TooLarge(f"nest more than {MAX_DEPTH} deep")
            continue
        if key in open_:
            raise TooLarge("expand without end (an alias inside its own anchor)")
        open_.add(key)
        stack.append((node, True))
        stack += [(k, False) for k in kids if id(k) not in size]
    return size[id(root)]


def _children(node: Any) -> list[Any]:
    value = getattr(node, "value", None)
    if not isinstance(value, list):
        return []
    return [x for pair in value for x in pair] if value and isinstance(value[0], tuple) \
        else value


def _too_large(file: str, how: str) -> ScenarioError:
    return ScenarioError([Problem(file, 1, 1, f"the file's YAML aliases (*name) {how}; a "
                                  "scenario holds a few hundred values: write the repeated "
                                  "parts out or use fewer aliases")])


def plain(data: Any) -> Any:
    """ruamel's commented containers and scalar subclasses -> dict, list, str, int, float."""
    if isinstance(data, dict):
        return {str(k): plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [plain(v) for v in data]
    if isinstance(data, bool) or data is None:
        return data
    if isinstance(data, TaggedScalar):  # "!!str 10": a string, whatever it looks like
        return str(data.value)
    for t in (int, float, str):
        if isinstance(data, t):
            return t(data)
    return data


def parse(text: str, file: str) -> tuple[Any, Locator]:
    """The YAML document in ``text``, with its locator; raises :class:`ScenarioError`."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        root = yaml.compose(text)
        if root is not None:
            expanded_size(root)
        problems = [Problem(file, *found) for found in node_problems(root)]
        if problems:
            raise ScenarioError(_capped(problems))
        data = yaml.load(text)
    except TooLarge as e:
        raise _too_large(file, str(e)) from None
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(str(s) for s in (e.context, e.problem) if s)
        raise ScenarioError([Problem(file, line, col, f"YAML syntax error: {what}")]) from None
    except ReaderError as e:  # a character YAML text may not hold
        line = text.count("\n", 0, e.position) + 1
        col = e.position - text.rfind("\n", 0, e.position)
        raise ScenarioError([Problem(file, line, col, f"YAML error: the character "
                                     f"{chr(e.character)!r} is not allowed in YAML text"
                                     if isinstance(e.character, int) else
                                     f"YAML error: {e.reason}")]) from None
    except YAMLError as e:
        raise ScenarioError([Problem(file, 1, 1, f"YAML error: {e}")]) from None
    return data, Locator(data)


class _Retry(Exception):
    """The fast reader can't say what is wrong: read again with positions."""


class _FastLoader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):
    """libyaml's safe loader that hands over to the locating reader (:class:`_Retry`) at
    whatever :func:`.yaml_values.node_problems` would report, and at a key given twice."""

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if any(k.tag != _STR for k, _ in node.value):
            raise _Retry
        keys = [self.construct_object(k, deep=deep) for k, _ in node.value]
        if len(keys) != len(set(keys)):
            raise _Retry
        return super().construct_mapping(node, deep)

    def construct_yaml_str(self, node: Any) -> str:
        value = super().construct_yaml_str(node)
        if text_problem(value) is not None:
            raise _Retry
        return value

    def refuse(self, node: Any) -> Any:
        raise _Retry


_STR = "tag:yaml.org,2002:str"
_FastLoader.add_constructor(_STR, _FastLoader.construct_yaml_str)
for _tag in ("timestamp", "binary", "set", "omap", "pairs"):
    _FastLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _FastLoader.refuse)


# YAML 1.2 booleans, as ruamel reads them: "yes", "no", "on", "off" stay strings.
_FastLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_FastLoader.add_implicit_resolver("tag:yaml.org,2002:bool",
                                  re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                  list("tTfF"))


def _fast_parse(text: str) -> Any:
    """The document, built by a safe loader (plain tags only) once its size is known."""
    loader = _FastLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        if "*" in text:  # no alias without an asterisk: most files need no count
            expanded_size(root)
        return loader.construct_document(root)
    except (yaml.YAMLError, ValueError, _Retry):
        raise _Retry from None
    finally:
        loader.dispose()


def load_scenario(path: str | Path) -> Scenario:
    """Read and check one scenario file; raises :class:`ScenarioError` listing every problem."""
    path = Path(path)
    file = str(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ScenarioError([_too_big(file, path.stat().st_size)])
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
    if len(text) > MAX_FILE_BYTES // 4 and \
            (size := len(text.encode("utf-8", "replace"))) > MAX_FILE_BYTES:
        raise ScenarioError([_too_big(name, size)])
    if (found := nesting_problem(text)) is not None:
        raise ScenarioError([Problem(name, *found)])
    try:
        return _load(path, text, *_fast(text))
    except _Retry:
        return _load(path, text, *parse(text, name))
    except TooLarge as e:
        raise _too_large(name, str(e)) from None


def _too_big(file: str, size: int) -> Problem:
    return Problem(file, 1, 1, f"the file has {size:,} bytes; a scenario file has at most "
                   f"{MAX_FILE_BYTES:,} (the book's largest has under 3,000)")


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
    shapes = [p for p, _, _ in found]  # a value of the wrong shape has nothing more to say
    found += [f for f in semantic_checks.semantic_problems(data)
              if not any(f[0][:len(q)] == q or q[:len(f[0])] == f[0] for q in shapes)]
    problems = [Problem(file, *locate(p, key=key), msg) for p, msg, key in found]
    if not problems:
        answers, checkpoints, otherwise = split_script(data.get("script") or [])
        scn = Scenario(path, data["meta"], data["setup"] or {}, answers, data.get("expect"),
                       data.get("outcomes"), text, checkpoints, data.get("stop"),
                       data.get("policies"), otherwise, data.get("recorded"))
        try:  # the engine's own check: whatever slipped through is still reported, located
            state, _ = scn.factory()()
        except SetupError as e:
            problems.append(Problem(file, *locate(("setup",)), f"setup: {e}"))
        except (ValueError, TypeError, KeyError) as e:
            problems.append(Problem(file, *locate(("setup",)),
                                    f"setup cannot be built: {e}"))
        else:
            problems += [Problem(file, *locate(p, key=key), msg) for p, msg, key in
                         read_expected(scn.outcomes or {}, state)[1]]
    if problems:
        raise ScenarioError(_capped(sorted(set(problems),
                                           key=lambda p: (p.line, p.column, p.message))))
    return scn


def split_script(entries: list[Any]) -> tuple[list[str], list[Checkpoint], dict[int, str]]:
    """A checked ``script`` list as its answers, its checkpoints, and what an answer written
    ``{answer: ..., otherwise: ...}`` gives where it is not legal (by the answer's index)."""
    answers: list[str] = []
    checkpoints: list[Checkpoint] = []
    otherwise: dict[int, str] = {}
    for i, entry in enumerate(entries):
        if isinstance(entry, dict) and "answer" in entry:
            otherwise[len(answers)] = entry["otherwise"]
            answers.append(entry["answer"])
        elif isinstance(entry, dict):
            checkpoints.append(Checkpoint(len(answers), entry["expect"], entry.get("stop"), i,
                                          entry.get("recorded")))
        else:
            answers.append(entry)
    return answers, checkpoints, otherwise


def _capped(problems: list[Problem]) -> list[Problem]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    last = problems[MAX_PROBLEMS - 1]
    more = len(problems) - MAX_PROBLEMS + 1
    return [*problems[:MAX_PROBLEMS - 1],
            Problem(last.file, last.line, last.column, f"... and {more} more problems in this "
                    "file, not shown: fix the ones above first")]


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
