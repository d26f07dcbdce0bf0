"""A scenario file written back with a new script or claims a tool recorded, the rest of its
text kept byte for byte: its comments, layout and quoting.

ruamel's round-trip parser locates the sections (``script``, ``expect``, ``outcomes``) and the
script's entries; only the lines of what changes are replaced, so a hand-written file keeps
the way it was written (a whole-file round trip would rewrap long flow lists and write
``null`` as nothing). Claims a tool wrote carry ``recorded: "<tool>"`` beside them (the top
level for ``expect``, the checkpoint's mapping, the ``outcomes`` mapping), so ``tavern check``
can tell them from claims written from a ruling.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from dominion_tavern.checker.format.load import parse
from dominion_tavern.checker.format.writing import scenario_yaml
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

RECORDED = "recorded"
#: Where a new section goes: before the first of these top-level keys that the file has.
_AFTER_SCRIPT = ("stop", RECORDED, "expect", "outcomes")


def answer_text(answer: str) -> str:
    """A script answer as YAML: plain when it reads back as itself, else double-quoted (an
    answer with a colon always is, as the format asks)."""
    try:
        plain = ":" not in answer and yaml.safe_load(f"- {answer}") == [answer]
    except yaml.YAMLError:
        plain = False
    return answer if plain else json.dumps(answer, ensure_ascii=False)


def _quoted(tool: str) -> str:
    return DoubleQuotedScalarString(tool)


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def _is_filler(line: str) -> bool:
    """A blank line or a whole-line comment."""
    return not line.strip() or line.lstrip().startswith("#")


def _section(data: Any, lines: list[str], key: str) -> tuple[int, int]:
    """The lines [first, end) of a top-level section, leaving out the blank and comment lines
    at its end (they separate it from the next one)."""
    keys = list(data)
    first = data.lc.key(key)[0]
    later = [data.lc.key(k)[0] for k in keys[keys.index(key) + 1:]]
    end = min(later) if later else len(lines)
    while end > first + 1 and _is_filler(lines[end - 1]):
        end -= 1
    return first, end


def _insert_at(data: Any, lines: list[str], before: tuple[str, ...]) -> int:
    """The line a new section goes at: above the first key of ``before`` the file has (and
    the comments just above it, which speak of it), else right after the last section."""
    found = [data.lc.key(k)[0] for k in before if k in data]
    if not found:
        return _section(data, lines, list(data)[-1])[1]
    at = min(found)
    while at > 0 and lines[at - 1].lstrip().startswith("#"):
        at -= 1
    return at


def _block(data: dict[str, Any]) -> list[str]:
    """``data`` as lines in the house style, long lists kept on one line."""
    return _lines(scenario_yaml(data, width=4096))


def _load(text: str, name: str) -> tuple[Any, list[str]]:
    data, _ = parse(text, name)
    return data, _lines(text)


def with_script(text: str, name: str, kept: int, answers: list[str]) -> str:
    """``text`` with its script's first ``kept`` entries (answers and checkpoints, with their
    comments) followed by ``answers``; the entries after ``kept`` are dropped."""
    data, lines = _load(text, name)
    script = data.get("script")
    if not answers and kept >= len(script or []):
        return text  # nothing changes
    if not _block_list(script):
        return _rewrite_script(data, lines, [*list(script or [])[:kept], *answers])
    first, end = _section(data, lines, "script")
    dash = " " * (script.lc.item(0)[1] - 2)
    cut = script.lc.item(kept)[0] if kept < len(script) else end
    while cut > first + 1 and _is_filler(lines[cut - 1]):
        cut -= 1  # comments just above a dropped entry go with it
    return "".join([*lines[:cut], *(f"{dash}- {answer_text(a)}\n" for a in answers),
                    *lines[end:]])


def with_checkpoint(text: str, name: str, expect: dict[str, Any], tool: str) -> str:
    """``text`` with a checkpoint holding ``expect``, marked ``recorded: tool``, after the last
    entry of its script (checked where the run stops after the last answer)."""
    data, lines = _load(text, name)
    script = data.get("script")
    checkpoint = {"expect": expect, RECORDED: _quoted(tool)}
    if not _block_list(script):
        return _rewrite_script(data, lines, [*list(script or []), checkpoint])
    _, end = _section(data, lines, "script")
    shift = script.lc.item(0)[1] - 4  # the house style puts entries at column 4
    entry = _block({"script": [checkpoint]})[1:]
    moved = [" " * shift + ln if shift >= 0 else ln[-shift:] for ln in entry]
    return "".join([*lines[:end], *moved, *lines[end:]])


def _block_list(script: Any) -> bool:
    """Whether a script is a non-empty block list (its entries' lines can be kept as they
    are); an empty, missing or flow-style one is written anew."""
    return bool(script) and not script.fa.flow_style()


def _rewrite_script(data: Any, lines: list[str], entries: list[Any]) -> str:
    if "script" in data:
        first, end = _section(data, lines, "script")
    else:
        first = end = _insert_at(data, lines, _AFTER_SCRIPT)
    entries = [DoubleQuotedScalarString(e) if isinstance(e, str) and answer_text(e) != e else e
               for e in entries]  # an answer with a colon quoted as the format asks
    block = _block({"script": entries}) if entries else ["script: []\n"]
    return "".join([*lines[:first], *block, *lines[end:]])


def has_recorded(text: str, name: str, where: str) -> bool | None:
    """Whether the claims at ``where`` (``"expect"`` for the top level, ``"outcomes"``) were
    recorded by a tool: True, False for claims written by hand, None when there are none."""
    data, _ = _load(text, name)
    if where == "expect":
        return None if data.get("expect") is None else RECORDED in data
    section = data.get("outcomes") or {}
    return None if section.get("expect") is None else RECORDED in section


def with_expect(text: str, name: str, expect: dict[str, Any], tool: str) -> str:
    """``text`` with ``expect`` as its top-level claims, marked ``recorded: tool`` (an earlier
    ``expect`` and its mark are replaced, where the first of them was)."""
    data, lines = _load(text, name)
    spans = [_section(data, lines, k) for k in (RECORDED, "expect") if k in data]
    at = min((s for s, _ in spans), default=_insert_at(data, lines, ("outcomes",)))
    out = [ln for i, ln in enumerate(lines) if i < at and not any(s <= i < e for s, e in spans)]
    out += _block({RECORDED: _quoted(tool), "expect": expect})
    out += [ln for i, ln in enumerate(lines) if i >= at and not any(s <= i < e for s, e in spans)]
    return "".join(out)


def with_outcomes(text: str, name: str, outcomes: dict[str, Any], tool: str) -> str:
    """``text`` with ``outcomes`` as its outcomes section, marked ``recorded: tool``."""
    data, lines = _load(text, name)
    block = _block({"outcomes": {RECORDED: _quoted(tool), **outcomes}})
    if "outcomes" in data:
        first, end = _section(data, lines, "outcomes")
    else:
        first = end = len(lines)
    return "".join([*lines[:first], *block, *lines[end:]])
