"""The scenario JSON Schema and its errors, rewritten as one plain sentence each.

Each problem is ``(path, message, at_key)``: the path into the data, the message, and whether
the place to point at is the key itself (an unknown key) rather than its value.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

SCHEMA_PATH = Path(__file__).with_name("scenario.schema.json")
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


def _convert(e: ValidationError) -> list[Found]:
    path = tuple(e.absolute_path)
    at, inst, sch = where(path), e.instance, _resolve(e.schema)
    v = e.validator
    if v == "additionalProperties":
        props = list(sch.get("properties", {}))
        return [((*path, k), f"unknown key {k!r} in {at}{_suggest(k, props)}; valid keys: "
                 + ", ".join(props), True) for k in inst if k not in props]
    if v == "propertyNames":
        valid = _resolve(sch["propertyNames"]).get("enum", [])
        return [((*path, k), f"{at}: unknown token {k!r}{_suggest(k, valid)}; tokens: "
                 + ", ".join(valid), True) for k in inst if k not in valid]
    if v == "required":
        missing = [k for k in sch["required"] if k not in inst]
        return [(path, f"{at}: the key {k!r} is missing (required: "
                 f"{', '.join(sch['required'])})", False) for k in missing]
    if v == "type":
        extra = ""
        if isinstance(inst, dict) and path and path[0] == "script" and len(inst) == 1:
            k, val = next(iter(inst.items()))
            extra = f"; YAML read 'KEY: VALUE' as a mapping: write it quoted, \"{k}: {val}\""
        return [(path, f"{at}: expected {_types(e.validator_value)}, not {kind(inst)}"
                 + (f" ({inst!r})" if not isinstance(inst, dict | list) else "") + extra,
                 False)]
    if v == "enum" and "propertyNames" in e.absolute_schema_path:
        parent = path[:-1] if path and path[-1] == inst else path
        return [((*parent, inst), f"{where(parent)}: unknown token {inst!r}"
                 f"{_suggest(inst, e.validator_value)}; tokens: "
                 + ", ".join(e.validator_value), True)]
    if v == "enum":
        valid = [json.dumps(x) if isinstance(x, bool) else str(x) for x in e.validator_value]
        return [(path, f"{at}: {inst!r} is not one of {', '.join(valid)}"
                 + _suggest(inst, valid), False)]
    if v == "minimum":
        return [(path, f"{at}: {inst!r} is below the minimum, {e.validator_value}", False)]
    if v == "minLength":
        return [(path, f"{at}: must not be empty", False)]
    if v in ("minItems", "maxItems"):
        lo, hi = sch.get("minItems", 0), sch.get("maxItems", "any number of")
        return [(path, f"{at}: has {len(inst)} entries; it takes {lo} to {hi}", False)]
    if v == "minProperties":
        return [(path, f"{at}: an empty mapping; {sch.get('description', 'name a key')}",
                 False)]
    if v == "pattern":
        return [(path, f"{at}: {inst!r} is not valid; it must be "
                 f"{sch.get('description', 'match ' + e.validator_value)}", False)]
    if v in ("anyOf", "oneOf"):
        return _any_of(e, path, at)
    return [(path, f"{at}: {e.message}", False)]


def _any_of(e: ValidationError, path: tuple[str | int, ...], at: str) -> list[Found]:
    """Report the errors of the branch the value's type fits, or a generic description."""
    inst = e.instance
    if len(path) == 2 and path[0] == "script" and isinstance(inst, dict) and "expect" not in inst:
        k, val = next(iter(inst.items())) if inst else ("KEY", "VALUE")
        return [(path, f"{at}: expected an answer (a string) or a checkpoint {{expect: ...}}, "
                 "not a mapping; YAML read 'KEY: VALUE' as a mapping: write it quoted, "
                 f"\"{k}: {val}\"", False)]
    by_branch: dict[int, list[ValidationError]] = {}
    for sub in e.context or []:
        by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    for errors in by_branch.values():
        wrong_type = any(s.validator == "type" and not s.relative_path for s in errors)
        if not wrong_type:
            return [f for s in errors for f in _convert(s)]
    desc = e.schema.get("description") or "a valid value"
    shown = f" ({inst!r})" if not isinstance(inst, dict | list) else ""
    return [(path, f"{at}: {kind(inst)}{shown} is not valid here; expected {desc}", False)]


def schema_problems(data: Any) -> list[Found]:
    """Every schema violation in ``data``, one sentence each."""
    out: list[Found] = []
    for e in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path))):
        out += _convert(e)
    return list(dict.fromkeys(out))
