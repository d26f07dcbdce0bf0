"""The scenario schema checked by the pure-Python ``jsonschema`` package, for where
``jsonschema_rs`` has no build (Pyodide, in the browser).

Its errors are handed on in ``jsonschema_rs``'s shape (a ``kind`` named like the Rust one, with
the same fields; ``schema_path`` through ``$defs``), so :mod:`checker.format.schema_errors`
words them the same way in both places. Like ``jsonschema_rs`` it lists every error, not the
first one. ``jsonschema`` is imported when the first file is checked, not with the kit (its
import takes a second in the browser, where the notebooks' first cell waits for the kit).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jsonschema

#: jsonschema's keyword -> jsonschema_rs's name for the kind of error, and the fields it has.
_KINDS = {"additionalProperties": "AdditionalProperties", "propertyNames": "PropertyNames",
          "required": "Required", "type": "Type", "enum": "Enum", "minimum": "Minimum",
          "minLength": "MinLength", "minItems": "MinItems", "maxItems": "MaxItems",
          "minProperties": "MinProperties", "pattern": "Pattern", "anyOf": "AnyOf",
          "oneOf": "OneOfNotValid"}
_REQUIRED = re.compile(r"^('.*'|\".*\") is a required property$")


class _Kind:
    """One error's kind: its class name is jsonschema_rs's, its attributes the fields."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


_KIND_CLASSES = {name: type(name, (_Kind,), {}) for name in {*_KINDS.values(), "Other"}}


class ValidationError:
    """A jsonschema error with jsonschema_rs's attributes."""

    def __init__(self, error: jsonschema.ValidationError, root: dict[str, Any],
                 document: Any = None) -> None:
        self.instance = error.instance
        self.instance_path = list(error.absolute_path)
        self.message = error.message
        parts = list(error.absolute_schema_path)
        self.schema_path = _rs_schema_path(parts, root)
        self.kind = _kind(error, root)
        if "propertyNames" in parts[:-1]:
            # jsonschema reports a bad key as its own error about the key (the mapping's path,
            # the key as the instance); jsonschema_rs as one error about the mapping
            self.kind = _KIND_CLASSES["PropertyNames"](error=_Kind(kind=self.kind))
            end = len(parts) - parts[::-1].index("propertyNames")
            self.schema_path = _rs_schema_path(parts[:end], root)
            self.instance = _at(document, self.instance_path)


def _rs_schema_path(parts: list[str | int], root: dict[str, Any]) -> list[str | int]:
    """The path to the failing keyword from the schema's top, a ``$ref`` followed into
    ``$defs`` (as jsonschema_rs reports it)."""
    path: list[str | int] = []
    node: Any = root
    for part in parts:
        # jsonschema names the $ref step in some versions (4.17) and not in others (4.18+)
        if isinstance(node, dict) and "$ref" in node and (part == "$ref" or part not in node):
            name = node["$ref"].rsplit("/", 1)[1]
            path, node = ["$defs", name], root["$defs"][name]
            if part == "$ref":
                continue
        path.append(part)
        node = node[part] if isinstance(node, dict | list) else None
    return path


def _kind(error: jsonschema.ValidationError, root: dict[str, Any]) -> _Kind:
    keyword, value, inst = error.validator, error.validator_value, error.instance
    name = _KINDS.get(keyword, "Other")
    fields: dict[str, Any] = {}
    if keyword == "additionalProperties":
        props, patterns = error.schema.get("properties", {}), error.schema.get(
            "patternProperties", {})
        fields["unexpected"] = [k for k in inst if k not in props
                                and not any(re.search(p, k) for p in patterns)]
    elif keyword == "required":
        found = _REQUIRED.match(error.message)
        fields["property"] = found[1][1:-1] if found else error.message
    elif keyword == "type":
        fields["types"] = value
    elif keyword == "enum":
        fields["options"] = value
    elif keyword == "minimum":
        fields["limit"] = value
    elif keyword == "pattern":
        fields["pattern"] = value
    elif keyword in ("anyOf", "oneOf"):
        fields["context"] = [[ValidationError(c, root) for c in error.context
                              if c.relative_schema_path[0] == i] for i in range(len(value))]
    return _KIND_CLASSES[name](**fields)


def _at(document: Any, path: list[str | int]) -> Any:
    for part in path:
        document = document[part]
    return document


class Draft202012Validator:
    """``jsonschema_rs.Draft202012Validator``'s ``iter_errors``, in pure Python."""

    def __init__(self, schema: dict[str, Any]) -> None:
        import jsonschema

        self._schema = schema
        self._validator = jsonschema.Draft202012Validator(schema)

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        for error in self._validator.iter_errors(instance):
            yield ValidationError(error, self._schema, instance)
