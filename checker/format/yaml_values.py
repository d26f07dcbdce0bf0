"""What a scenario's YAML may hold, checked before anything is built from it.

Two passes over libyaml's and ruamel's own structures, neither recursive, so that no input can
exhaust Python's stack or memory:

- :func:`nesting_problem` reads the parser's events (libyaml, in C) and refuses nesting deeper
  than :data:`MAX_DEPTH` and a number with more than :data:`MAX_DIGITS` digits, before a
  composer (recursive in ruamel) or ``int()`` (which refuses 4,300 digits) sees them;
- :func:`node_problems` walks the composed nodes and refuses, each at its place, what no
  scenario value can be: a date (YAML reads ``2024-01-01`` as one), a key that is not text
  (``1:``, ``true:``, ``~:``), a tag other than the plain ones (``!!binary``, ``!!set``), and
  text longer than :data:`MAX_TEXT` characters or holding control characters (a message
  echoes what the file says, and must stay short and printable).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import ruamel.yaml
import yaml
from dominion_tavern.checker.format.schema_errors import where

#: Mappings and lists inside one another; the book's deepest file nests 7.
MAX_DEPTH = 100
#: Characters in one text value (a question, an answer, a card name); the book's longest: 251.
MAX_TEXT = 2_000
#: Digits in one number: 2**64 has 20.
MAX_DIGITS = 20
#: Bytes in one scenario file; the book's largest is under 3 kB.
MAX_FILE_BYTES = 1_000_000

_TAG = "tag:yaml.org,2002:"
PLAIN_TAGS = {f"{_TAG}{t}" for t in ("map", "seq", "str", "int", "float", "bool", "null")}
_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{MAX_DIGITS},}}")
_NUMBER = re.compile(r"[-+]?[0-9_]+(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_KINDS = {"int": "an integer", "float": "a number", "bool": "a boolean", "null": "null",
          "timestamp": "a date", "seq": "a list", "map": "a mapping"}

Found = tuple[int, int, str]  # 1-based line, column, message


def shown(text: str, limit: int = 60) -> str:
    """``text`` as a message may echo it: control characters escaped, at most ``limit``
    characters (the cut marked with …)."""
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def nesting_problem(text: str) -> Found | None:
    """The first place where ``text`` nests deeper than :data:`MAX_DEPTH` or writes a number
    longer than :data:`MAX_DIGITS` digits; None if there is none, or if the YAML is broken
    before such a place (the readers after this one locate that)."""
    if _depth_bound(text) <= MAX_DEPTH and not _LONG_NUMBER.search(text):
        return None  # most files: nothing to read the events for
    loader = yaml.CSafeLoader(text) if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader(text)
    try:
        return _first_too_deep(iter(loader.get_event, None), yaml.events)
    except yaml.MarkedYAMLError as e:
        if "maximum nesting depth" in str(e.problem) and e.problem_mark is not None:
            return _too_deep(e.problem_mark)  # libyaml's own limit (1,000) is past ours
    except yaml.YAMLError:  # libyaml reads ahead: its error may stand before a deep place
        pass
    finally:
        loader.dispose()
    try:  # ruamel's parser reads one event at a time, as the locating reader will
        return _first_too_deep(ruamel.yaml.YAML(typ="rt").parse(text), ruamel.yaml.events)
    except ruamel.yaml.YAMLError:
        return None


def _depth_bound(text: str) -> int:
    """More than the nesting ``text`` can have: each flow collection opens with a bracket, and
    a block collection starts further right than the one holding it (or, a list in a mapping,
    as far), in a line's indentation and its indicators (``- ``, ``? ``, ``: ``)."""
    widest = max((len(line) - len(line.lstrip(" -?:")) for line in text.split("\n")),
                 default=0)
    return text.count("[") + text.count("{") + 2 * (widest + 1)


def _too_deep(mark: Any) -> Found:
    return (mark.line + 1, mark.column + 1, f"mappings and lists nest more than {MAX_DEPTH} deep "
            "here; a scenario nests a few levels (the book's deepest: 7)")


def _first_too_deep(events: Iterator[Any], kinds: Any) -> Found | None:
    depth = 0
    for event in events:
        mark = event.start_mark
        if isinstance(event, kinds.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return _too_deep(mark)
        elif isinstance(event, kinds.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, kinds.StreamEndEvent):
            return None
        elif isinstance(event, kinds.ScalarEvent) and not event.style and \
                (digits := sum(c.isdigit() for c in event.value)) > MAX_DIGITS and \
                _NUMBER.fullmatch(event.value):
            return (mark.line + 1, mark.column + 1,
                    f"the number {shown(event.value, 30)} has {digits:,} digits; no number in "
                    f"a scenario has more than {MAX_DIGITS}")
    return None


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be a scenario's text value (too long, a control character)."""
    if len(text) > MAX_TEXT:
        return f"a text of {len(text):,} characters; a value in a scenario has at most " \
            f"{MAX_TEXT:,}"
    if _CONTROL.search(text):
        return f"{shown(repr(text))} holds a control character; write text without them"
    return None


def node_problems(root: Any) -> list[Found]:
    """What the composed document ``root`` (PyYAML's or ruamel's nodes) holds that no scenario
    value can be, each with the place and the path of the value."""
    out: list[Found] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())] if root is not None else []
    seen: set[int] = set()
    while stack:
        node, path = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        at = where(path)
        tag = str(node.tag)
        if tag == f"{_TAG}timestamp":
            out.append((line, col, f"{at}: expected a string, not a date ({shown(node.value)}); "
                        f"quote it, \"{shown(node.value)}\""))
        elif tag not in PLAIN_TAGS:
            short = tag.replace(_TAG, "!!")
            out.append((line, col, f"{at}: the YAML tag {shown(short)!r} is not allowed; a "
                        "scenario holds only mappings, lists, strings, numbers, booleans "
                        "and null"))
        elif tag == f"{_TAG}str" and (why := text_problem(node.value)) is not None:
            out.append((line, col, f"{at}: {why}"))
        elif tag == f"{_TAG}map":
            for i, (key, value) in enumerate(node.value):
                name = key.value if isinstance(key.value, str) else f"<key {i + 1}>"
                if str(key.tag) != f"{_TAG}str":
                    kind = _KINDS.get(str(key.tag).replace(_TAG, ""), "a tagged value")
                    text = f" ({shown(name)}); quote it, \"{shown(name)}\"" \
                        if isinstance(key.value, str) else ""
                    out.append((key.start_mark.line + 1, key.start_mark.column + 1,
                                f"{where((*path, name))}: a key must be a string, not "
                                f"{kind}{text}"))
                stack.append((value, (*path, name)))
        elif tag == f"{_TAG}seq":
            stack += [(item, (*path, i)) for i, item in enumerate(node.value)]
    return sorted(out)
