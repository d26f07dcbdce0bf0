"""The scenario JSON Schema and its errors, rewritten as one plain sentence each.

Validation uses ``jsonschema_rs`` (compiled, and free of the optional format checkers that make
the ``jsonschema`` package slow to import once Jupyter has pulled in ``rfc3987-syntax``); where
it has no build (Pyodide, in the browser) the pure-Python ``jsonschema`` through
:mod:`checker.format.pure_validator`, whose errors have the same shape and words. Each
problem is ``(path, message, at_key)``: the path into the data, the message, and whether the
place to point at is the key itself (an unknown key) rather than its value.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Any

try:
    from jsonschema_rs import Draft202012Validator, ValidationError
except ImportError:  # no compiled build here (Pyodide)
    from dominion_tavern.checker.format.pure_validator import (  # type: ignore[assignment]
        Draft202012Validator,
        ValidationError,
    )

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "scenario.schema.json"
Found = tuple[tuple[str | int, ...], str, bool]


@cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text("utf-8"))


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def where(path: tuple[str | int, ...] | list[str | int]) -> str:
    """``("setup", "players", 0, "hand")`` -> ``setup.players[0].hand``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the top level"


def kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)


def _types(t: str | list[str]) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a string",
             "integer": "an integer", "number": "a number", "boolean": "true or false",
             "null": "nothing (null)"}
    ts = [t] if isinstance(t, str) else t
    return " or ".join(names.get(x, x) for x in ts)


def _suggest(value: Any, valid: list[str]) -> str:
    near = difflib.get_close_matches(str(value), valid, n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(near)}?)" if near else ""


def _resolve(sub: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in sub:
        sub = schema()["$defs"][sub["$ref"].rsplit("/", 1)[1]]
    return sub


def _subschema(e: ValidationError) -> dict[str, Any]:
    """The schema holding the keyword that failed (``schema_path`` already follows refs)."""
    node: Any = schema()
    for part in list(e.schema_path)[:-1]:
        node = node[part]
    return _resolve(node) if isinstance(node, dict) else {}


def _convert(e: ValidationError) -> list[Found]:
    path = tuple(e.instance_path)
    at, inst, k = where(path), e.instance, e.kind
    v = type(k).__name__
    sch = _subschema(e)
    if v == "AdditionalProperties":
        props = list(sch.get("properties", {}))
        return [((*path, key), f"unknown key {key!r} in {at}{_suggest(key, props)}; valid keys: "
                 + ", ".join(props), True) for key in k.unexpected]
    if v == "PropertyNames":
        valid = [str(x) for x in getattr(k.error.kind, "options", [])]
        return [((*path, key), f"{at}: unknown token {key!r}{_suggest(key, valid)}; tokens: "
                 + ", ".join(valid), True) for key in inst if key not in valid]
    if v == "Required":
        return [(path, f"{at}: the key {k.property!r} is missing (required: "
                 f"{', '.join(sch['required'])})", False)]
    if v == "Type":
        extra = ""
        if isinstance(inst, dict) and path and path[0] == "script" and len(inst) == 1:
            key, val = next(iter(inst.items()))
            extra = f"; YAML read 'KEY: VALUE' as a mapping: write it quoted, \"{key}: {val}\""
        return [(path, f"{at}: expected {_types(sch.get('type', k.types))}, not {kind(inst)}"
                 + (f" ({inst!r})" if not isinstance(inst, dict | list) else "") + extra,
                 False)]
    if v == "Enum":
        valid = [json.dumps(x) if isinstance(x, bool) else str(x) for x in k.options]
        return [(path, f"{at}: {inst!r} is not one of {', '.join(valid)}"
                 + _suggest(inst, valid), False)]
    if v == "Minimum":
        return [(path, f"{at}: {inst!r} is below the minimum, {k.limit}", False)]
    if v == "Maximum":
        return [(path, f"{at}: {inst!r} is more than it can be; at most {k.limit}", False)]
    if v == "MinLength":
        return [(path, f"{at}: must not be empty", False)]
    if v in ("MinItems", "MaxItems"):
        lo, hi = sch.get("minItems", 0), sch.get("maxItems", "any number of")
        return [(path, f"{at}: has {len(inst)} entries; it takes {lo} to {hi}", False)]
    if v == "MinProperties":
        return [(path, f"{at}: an empty mapping; {sch.get('description', 'name a key')}",
                 False)]
    if v == "Pattern":
        return [(path, f"{at}: {inst!r} is not valid; it must be "
                 f"{sch.get('description', 'match ' + k.pattern)}", False)]
    if v in ("AnyOf", "OneOfNotValid"):
        return _any_of(e, path, at, sch)
    return [(path, f"{at}: {e.message}", False)]


def _any_of(e: ValidationError, path: tuple[str | int, ...], at: str,
            sch: dict[str, Any]) -> list[Found]:
    """Report the errors of the branch the value's type fits, or a generic description."""
    inst = e.instance
    if len(path) == 2 and path[0] == "script" and isinstance(inst, dict) and "expect" not in inst:
        key, val = next(iter(inst.items())) if inst else ("KEY", "VALUE")
        return [(path, f"{at}: expected an answer (a string) or a checkpoint {{expect: ...}}, "
                 "not a mapping; YAML read 'KEY: VALUE' as a mapping: write it quoted, "
                 f"\"{key}: {val}\"", False)]
    for errors in e.kind.context:
        wrong_type = any(type(s.kind).__name__ == "Type" and tuple(s.instance_path) == path
                         for s in errors)
        if not wrong_type:
            return [f for s in errors for f in _convert(s)]
    desc = sch.get("description") or "a valid value"
    shown = f" ({inst!r})" if not isinstance(inst, dict | list) else ""
    return [(path, f"{at}: {kind(inst)}{shown} is not valid here; expected {desc}", False)]


def schema_problems(data: Any) -> list[Found]:
    """Every schema violation in ``data``, one sentence each."""
    out: list[Found] = []
    for e in sorted(_validator().iter_errors(data),
                    key=lambda e: list(map(str, e.instance_path))):
        out += _convert(e)
    return list(dict.fromkeys(out))
